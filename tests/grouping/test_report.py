"""``mjtable report grouping`` on a handful of generated scenes: figures are computed, written
and sane (the full report is a measurement, run by hand with --scenes 300 or more)."""
import json

from mjtable.cli import main
from mjtable.reports import grouping_report as R


def test_report_writes_its_figures(tmp_path, capsys):
    assert main(["report", "grouping", "--scenes", "12", "--seed", "3", "--out", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "grouping exact" in text
    data = json.loads((tmp_path / "grouping_report.json").read_text())
    assert data["scenes"] == 12
    for key in ("grouping_exact", "hand_exact_plain", "hand_exact_decoded"):
        assert 0.0 <= data[key] <= 1.0
    assert data["grouping_exact"] >= 0.9
    assert data["hand_exact_decoded"] >= data["hand_exact_plain"]
    assert (tmp_path / "grouping_report.md").read_text().startswith("# Grouping report")


def test_scenes_without_read_noise_are_exact():
    summary = R.run_scenes(8, seed=5, error_rate=0.0)
    assert summary["hand_exact_plain"] == summary["grouping_exact"] == 1.0
    assert summary["decoding"]["fixed"] == 0 and summary["decoding"]["broken"] == 0


# -- scenes read by the real models (--read rendered | real-faces) --------------------------------

from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / ".." / "shared" / "data"
needs_models = pytest.mark.skipif(not (ROOT / "models" / "detector" / "detector.pt").exists()
                                  or not (ROOT / "models" / "classifier" / "classifier.pt").exists(),
                                  reason="trained weights not present")
needs_shared = pytest.mark.skipif(not (SHARED / "artwork").is_dir()
                                  or not (SHARED / "chinese-mahjong-detection").is_dir(),
                                  reason="the tile artwork and photos of ../shared are not here")


def test_match_reads_pairs_best_overlaps_one_to_one():
    box = SimpleNamespace
    labels = [box(box=(0, 0, 10, 10)), box(box=(10, 0, 20, 10)), box(box=(40, 0, 50, 10))]
    reads = [box(box=(11, 0, 21, 10)), box(box=(1, 0, 11, 10)), box(box=(2, 0, 12, 10)), box(box=(100, 0, 110, 10))]
    assert R.match_reads(labels, reads) == [1, 0, None]
    assert R.match_reads(labels, []) == [None, None, None]


@pytest.mark.slow   # loads both models and the artwork, renders and reads: ~10-25 s on the shared CPU
@needs_models
@needs_shared
def test_read_report_on_rendered_scenes(tmp_path, capsys):
    from mjtable.cli import main
    assert main(["report", "grouping", "--scenes", "1", "--seed", "4", "--read", "rendered", "--out", str(tmp_path)]) == 0
    md = (tmp_path / "grouping_report_rendered.md").read_text()
    assert md.startswith("# Reading report: 1 scene rendered")
    assert "Command: `mjtable eval grouping --scenes 1 --seed 4 --read rendered --out " in md
    data = json.loads((tmp_path / "grouping_report_rendered.json").read_text())
    t = data["tiles"]
    assert data["scenes"] == 1 and t["face_up"] >= 14
    assert t["code_right"] <= t["detected"] <= t["face_up"]
    assert t["classifier_on_true_boxes"] >= 0.8      # the exact boxes of clean artwork
    for sub in data["by_subset"].values():
        for key in ("all_read_right", "hand_exact_plain", "hand_exact_decoded"):
            assert 0.0 <= sub[key] <= 1.0


@needs_shared
def test_scenes_from_real_tile_photos_use_real_faces():
    import numpy as np
    from scorer import tiles as T
    from vision_lab.synth.real_faces import load_real_faces, real_face_style
    pool = load_real_faces("test")
    assert set(pool) <= set(T.ALL_CODES) and not any(c.startswith("0") for c in pool)
    assert len(pool) >= 34 and all(f.shape[2] == 4 for cuts in pool.values() for f in cuts)
    style = real_face_style(pool, np.random.default_rng(0))
    assert style.face_scale == 1.0 and set(style.art.faces) == set(pool)
    scene_style, hand, image, labels = R.draw_scene(7, pool=pool)
    assert not any(c.startswith("0") for c in hand.concealed)      # no red fives in the photos
    assert image.shape == (960, 1280, 3) and len(labels) >= 14


def test_loose_discards_lie_beyond_the_hand_in_clumps():
    # the rendered table in play of `mjtable eval grouping --read rendered --discards N`
    import random as rnd
    from scorer import parse
    from scorer.tiles import TILE_CODES
    from vision_lab import hand_layouts as L
    for seed in range(5):
        rng = rnd.Random(seed)
        placed = L.layout_hand(parse("[555p][789s]123m456p1z 1z"), rng, style="chinese", melds_at="front")
        discards = L.loose_discards(rng, placed, 10)
        assert len(discards) == 10 and all(d.group == "discards" and not d.face_down for d in discards)
        far = min(p.y for p in placed) - L.TILE_H / 2
        assert all(d.y < far - 2.0 for d in discards)            # two tile widths beyond the layout at least
        assert all(d.code in TILE_CODES for d in discards)                # playing tiles, no flowers
    with pytest.raises(SystemExit, match="--discards: only with --read"):
        main(["report", "grouping", "--scenes", "1", "--discards", "4"])
