"""The scene renderer's labels match what it draws (boxes enclose exactly the drawn tiles)."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.types import PlacedTile

ART = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "artwork"
pytestmark = pytest.mark.skipif(not ART.exists(), reason="artwork not available (../shared/data/artwork)")


def _magenta_style(rng):
    from vision_lab.synth.render import random_style
    style = random_style(rng, ("riichi",))
    style.body = (255, 0, 255)
    style.back = (255, 0, 255)
    return style


def test_label_boxes_enclose_exactly_the_drawn_tiles():
    from vision_lab.synth.render import render_scene
    rng = np.random.default_rng(3)
    tiles = [PlacedTile(None, 0.5, 0, face_down=True), PlacedTile(None, 3.0, 0.2, angle=90, face_down=True,
                                                                    sideways=True)]
    img, labels = render_scene(tiles, rng, size=(320, 240), style=_magenta_style(rng), clutter=0, effects=False)
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    mask = (np.abs(hsv[..., 0].astype(int) - 150) < 6) & (hsv[..., 1] > 200) & (hsv[..., 2] > 120)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    drawn = sorted([tuple(stats[i, :4]) for i in range(1, n) if stats[i, 4] > 30])
    assert len(drawn) == 2
    for (x, y, w, h), label in zip(drawn, sorted(labels, key=lambda t: t.box[0])):
        x0, y0, x1, y1 = label.box
        assert abs(x - x0) <= 2 and abs(y - y0) <= 2 and abs(x + w - x1) <= 2 and abs(y + h - y1) <= 2
    assert labels[1].sideways and labels[1].face_down


@pytest.mark.slow  # loads the large Hong Kong artwork
def test_labels_carry_codes_and_corners_inside_boxes():
    from vision_lab.synth.render import random_style, render_scene
    rng = np.random.default_rng(5)
    style = random_style(rng, ("hongkong",))
    tiles = [PlacedTile(c, i * 1.03, 0) for i, c in enumerate(["1m", "9p", "5s", "7z", "1f"])]
    img, labels = render_scene(tiles, rng, size=(400, 300), style=style)
    assert img.shape == (300, 400, 3)
    assert [t.code for t in labels] == ["1m", "9p", "5s", "7z", "1f"]
    for t in labels:
        x0, y0, x1, y1 = t.box
        for cx, cy in t.corners:
            assert x0 - 0.5 <= cx <= x1 + 0.5 and y0 - 0.5 <= cy <= y1 + 0.5


@pytest.mark.slow
def test_artwork_codes_are_canonical():
    from scorer.tiles import ALL_CODES
    from vision_lab.synth.artwork import load_style
    hk = load_style("hongkong")
    riichi = load_style("riichi")
    assert set(hk.faces) == set(ALL_CODES) - {"0m", "0p", "0s"}
    assert set(riichi.faces) == set(ALL_CODES)


def test_fixtures_command_help_writes_nothing(tmp_path, monkeypatch, capsys):
    """``python -m vision_lab.synth.fixtures --help`` prints its usage; it once took "--help" for the
    folder to write and rendered the fixtures into ./--help/."""
    from vision_lab.synth import fixtures
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        fixtures.main(["--help"])
    assert e.value.code == 0 and "usage:" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
