"""Photo → review through the real reader (runs once mjtable.pipeline is installed)."""
from __future__ import annotations

import functools
import io
from pathlib import Path

import pytest

from .conftest import csrf_of

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "chinese-mahjong-detection"


def sample_photo(tmp_path) -> Path:
    """A real table photo from ../shared when present (read in place, never copied into the
    repository); else a synthetic frame with tile-like rectangles."""
    for sub in ("test", "valid"):
        imgs = sorted((SHARED / sub / "images").glob("*.jpg")) if (SHARED / sub / "images").is_dir() else []
        if imgs:
            return imgs[0]
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (1280, 720), (40, 110, 70))
    draw = ImageDraw.Draw(img)
    for i in range(14):
        draw.rectangle([100 + i * 75, 300, 165 + i * 75, 390], fill=(245, 240, 225), outline=(0, 0, 0))
    path = tmp_path / "synthetic.jpg"
    img.save(path, "JPEG")
    return path


@functools.lru_cache(maxsize=1)
def reader_ready() -> bool:
    """The real reader is installed and has its weights (reading a blank frame works)."""
    try:
        from mjtable.pipeline import read_photo
        import vision
        from vision.errors import ModelMissingError
    except ImportError:
        return False
    if not hasattr(vision, "read_tiles"):
        return False
    import numpy as np
    try:
        read_photo(np.zeros((64, 64, 3), np.uint8))
    except (ModelMissingError, FileNotFoundError, ImportError):
        return False
    except Exception:  # noqa: BLE001 - a blank frame may be refused; the reader itself is there
        return True
    return True


needs_reader = pytest.mark.skipif("not reader_ready()", reason="the photo reader or its weights are not installed")


@needs_reader
def test_photo_read_and_reviewed(client, tmp_path):
    path = sample_photo(tmp_path)
    r = client.post("/capture/read", data={"csrf_token": csrf_of(client), "rules": "toy",
                                           "image": (io.BytesIO(path.read_bytes()), path.name)},
                    content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    assert r.status_code == 200, r.get_data(as_text=True)
    page = client.get(r.json["review_url"])
    assert page.status_code == 200 and b'id="photo"' in page.data
    api = client.post("/api/read", data={"rules": "toy", "image": (io.BytesIO(path.read_bytes()), path.name)},
                      content_type="multipart/form-data")
    assert api.status_code == 200 and isinstance(api.json["tiles"], list)


@needs_reader
def test_api_read_answers_like_the_cli(client, tmp_path):
    import contextlib
    import json

    from mjtable import cli
    path = sample_photo(tmp_path)
    for rules in ("hk", None):
        out = io.StringIO()
        argv = ["read", str(path), "--json", "--self-drawn"] + (["--rules", rules] if rules else [])
        with contextlib.redirect_stdout(out):
            cli.main(argv)
        expected = json.loads(out.getvalue())
        fields = {"self_drawn": "true", **({"rules": rules} if rules else {})}
        r = client.post("/api/read", data={**fields, "image": (io.BytesIO(path.read_bytes()), path.name)},
                        content_type="multipart/form-data")
        assert r.status_code == 200, r.json
        got = r.json
        for d in (expected, got):
            d.pop("timings_ms", None)
        assert got == expected


def test_the_photo_form_sent_with_no_file_chosen_asks_for_one(client):
    # a plain form sends an unnamed empty part: "the file is empty" told the player nothing useful
    r = client.post("/capture/read", data={"csrf_token": csrf_of(client), "rules": "mcr",
                                           "image": (io.BytesIO(b""), "")},
                    content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    assert r.status_code == 400 and r.json["error"]["message"] == "choose or take a photo first"


def _review_url_of_tiles(client, monkeypatch, tiles, rules: str) -> str:
    """The review page's address (ready for more parameters) of a photo read as ``tiles``."""
    import sys
    import types

    from mjtable import pipeline

    from .helpers import jpeg_bytes

    def read_photo(image, *, rules=None, context=None, options=None, profile=None):
        return pipeline.score_tiles(tiles, rules=rules, context=context, options=options)
    module = types.ModuleType("mjtable.pipeline")
    module.read_photo = read_photo
    monkeypatch.setitem(sys.modules, "mjtable.pipeline", module)
    r = client.post("/capture/read", data={"csrf_token": csrf_of(client), "rules": rules,
                                           "image": (io.BytesIO(jpeg_bytes()), "p.jpg")},
                    content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.json["review_url"] + ("&" if "?" in r.json["review_url"] else "?")


def test_tiles_the_decoding_changed_are_named_where_the_hand_is(client, monkeypatch):
    # a photo of a hand that is not a winning one was shown as a winning hand, the tile changed to
    # make it one named only inside the photo dialog
    from tests.grouping.test_pipeline import mock_tiles
    _, placed, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    i = next(k for k, p in enumerate(placed) if p.group == "winning")
    tiles[i].code, tiles[i].confidence, tiles[i].top3 = "3z", 0.9, [("3z", 0.9), ("2z", 0.08)]
    url = _review_url_of_tiles(client, monkeypatch, tiles, "mcr")
    page = client.get(url + "lang=en").get_data(as_text=True)
    notice = page[page.index('id="changed-tiles"'):]
    notice = notice[:notice.index("</p>")]
    # the tiles by name, not by code (a beginner read "2m → 6m" as a code to learn)
    assert "<strong>the winning tile</strong> West wind → South wind" in notice and "if the reader was right" in notice
    french = client.get(url + "lang=fr").get_data(as_text=True)
    assert "<strong>la tuile gagnante</strong> vent d&#39;Ouest → vent du Sud" in french and "winning: " not in french


def test_the_review_page_says_why_no_hand_came_of_the_photo(client, monkeypatch):
    # a chart's white cells read as 25 white dragons: the page said only that no hand could be
    # built, where the command line said "more than four tiles of 5z"
    from tests.grouping.test_pipeline import mock_tiles
    _, _, tiles = mock_tiles("123m456p789s11z22z 2z", style="chinese")
    for t in tiles[:6]:
        t.code, t.top3 = "5z", [("5z", 0.96), ("7p", 0.01)]
    url = _review_url_of_tiles(client, monkeypatch, tiles, "riichi")
    for lang, says in (("en", "more than four tiles of 5z"), ("fr", "plus de quatre tuiles de 5z")):
        page = client.get(url + "lang=" + lang).get_data(as_text=True)
        why = page[page.index('id="no-hand-why"'):]
        assert says in why[:why.index("</span>")], lang


@needs_reader
def test_live_mode_says_whether_the_hand_in_view_wins_and_what_the_reader_warns_of(client, monkeypatch):
    # live mode showed an MCR hand under its minimum as "1 points" with a Review link, in English
    # on a French page, and never the reader's warnings (a dark view said nothing)
    import sys
    import types

    from mjtable import pipeline
    from tests.grouping.test_pipeline import mock_tiles
    from .helpers import jpeg_bytes
    state = {}

    def read_photo(image, *, rules=None, context=None, options=None, profile=None):
        out = pipeline.score_tiles(state["tiles"], rules=rules, context=context, options=options)
        out["reading"]["warnings"].insert(0, pipeline.DARK_PHOTO)
        return out
    module = types.ModuleType("mjtable.pipeline")
    module.read_photo = read_photo
    monkeypatch.setitem(sys.modules, "mjtable.pipeline", module)

    def live(hand, lang):
        state["tiles"] = mock_tiles(hand, style="chinese")[2]
        r = client.post(f"/capture/live?lang={lang}", data={"csrf_token": csrf_of(client), "rules": "mcr",
                                                            "image": (io.BytesIO(jpeg_bytes()), "p.jpg")},
                        content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.json
    under = live("123m456p789p123s1z 1z", "fr")
    assert under["declare"]["ok"] is False and "total_text" not in under
    assert under["declare"]["reason"].startswith("5 points, sous le minimum de 8 points")
    assert under["warnings"][0].startswith("la photo est très sombre")
    win = live("123m456p789s123s5z 5z", "en")
    assert win["declare"]["ok"] is True and win["total_text"].endswith(" points"), win


def test_a_live_frame_waits_a_few_seconds_for_a_reading_slot_not_a_minute(client, monkeypatch):
    # a live frame waited up to a minute: its page had given up after 15 s and sent the next, and
    # every waiting frame was read for nobody
    import time

    from webui import reading

    from .helpers import jpeg_bytes
    monkeypatch.setattr(reading, "READ_WAIT_S", 30.0)
    monkeypatch.setattr(reading, "LIVE_READ_WAIT_S", 0.1)
    taken = [reading._READ_SLOTS.acquire(timeout=1) for _ in range(reading.READS_AT_ONCE)]
    try:
        assert all(taken)
        started = time.monotonic()
        r = client.post("/capture/live", data={"csrf_token": csrf_of(client), "rules": "mcr",
                                               "image": (io.BytesIO(jpeg_bytes()), "frame.jpg")},
                        content_type="multipart/form-data", headers={"X-Requested-With": "fetch"})
        assert r.status_code == 503 and r.json["error"]["code"] == "reader_busy", r.json
        assert time.monotonic() - started < 5
    finally:
        for _ in taken:
            reading._READ_SLOTS.release()
