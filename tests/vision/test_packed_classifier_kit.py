"""The classifier's training kit (vision_lab.pack_classifier) and the renderer that reads it on a
training machine (vision_lab.train_packed_classifier), without training."""
import cv2
import numpy as np
import pytest

from vision_lab import pack_classifier, train_packed_classifier
from vision_lab.synth.procedural import FLOWERS, NUMERALS, SEASONS, WINDS, cjk_fonts

needs_fonts = pytest.mark.skipif(not cjk_fonts(), reason="no CJK font installed (vision_lab/synth/procedural.py)")


def test_the_kit_draws_every_glyph_of_the_procedural_faces():
    text = pack_classifier.glyphs_drawn()
    assert set(NUMERALS + WINDS + FLOWERS + SEASONS + "中發萬") <= set(text)


@needs_fonts
def test_cut_fonts_keep_the_glyphs_and_face_indices_of_the_full_ones(tmp_path):
    from fontTools.ttLib import TTCollection, TTFont
    from PIL import Image, ImageDraw, ImageFont
    text = "中發萬東"
    written = pack_classifier.subset_fonts(tmp_path, text)
    assert written
    for path, index, _ in cjk_fonts():
        cut = tmp_path / path.rsplit("/", 1)[-1]
        full = TTCollection(path).fonts[index] if path.endswith(".ttc") else TTFont(path)
        small = TTCollection(str(cut)).fonts[index] if path.endswith(".ttc") else TTFont(str(cut))
        assert {ord(c) for c in text} <= set(small.getBestCmap())
        assert len(small.getGlyphOrder()) < len(full.getGlyphOrder()) // 10
        # the same outline: the glyph's ink covers the same area, within hinting's pixels
        inks = []
        for font_path in (path, str(cut)):
            img = Image.new("L", (160, 160))
            ImageDraw.Draw(img).text((10, 10), "萬", font=ImageFont.truetype(font_path, 128, index=index), fill=255)
            inks.append(np.asarray(img, np.float64).sum())
        assert inks[1] == pytest.approx(inks[0], rel=0.05)
    assert sorted(written) == sorted({path.rsplit("/", 1)[-1] for path, _, _ in cjk_fonts()})


def _photo_set(root):
    """One photo per split with two labelled tiles (class 7 and 0 of the shared data.yaml)."""
    (root / "chinese-mahjong-detection").mkdir(parents=True)
    (root / "chinese-mahjong-detection" / "data.yaml").write_text(
        "names: ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m']\nnc: 8\n")
    for split in ("train", "valid"):
        for sub in ("images", "labels"):
            (root / "chinese-mahjong-detection" / split / sub).mkdir(parents=True)
        img = np.full((640, 640, 3), 90, np.uint8)
        cv2.rectangle(img, (300, 300), (340, 360), (240, 240, 240), -1)
        cv2.imwrite(str(root / "chinese-mahjong-detection" / split / "images" / f"{split}_a.jpg"), img)
        (root / "chinese-mahjong-detection" / split / "labels" / f"{split}_a.txt").write_text(
            "7 0.5 0.515 0.0625 0.094\n0 0.2 0.2 0.06 0.09\n")


def test_photo_crops_are_packed_by_split_and_code(tmp_path):
    _photo_set(tmp_path / "shared")
    counts = pack_classifier.pack_photo_crops(tmp_path / "photos", tmp_path / "shared", seed=0)
    assert counts == {"train": 2, "val": 2}
    assert sorted(p.relative_to(tmp_path / "photos").parent.as_posix()
                  for p in (tmp_path / "photos").rglob("*.jpg")) == ["train/1m", "train/8m", "val/1m", "val/8m"]
    crop = cv2.imread(str(next((tmp_path / "photos" / "val" / "8m").iterdir())))
    assert crop is not None and min(crop.shape[:2]) >= 32


@pytest.mark.parametrize("archived", [False, True])
def test_the_crop_folder_holds_the_photo_crops_copies_and_what_was_rendered(tmp_path, monkeypatch, archived):
    kit = tmp_path / "kit"
    for split, code in (("train", "1m"), ("val", "2p")):
        (kit / "photos" / split / code).mkdir(parents=True)
        cv2.imwrite(str(kit / "photos" / split / code / "a.jpg"), np.full((40, 30, 3), 200, np.uint8))
    if archived:        # as pack_classifier leaves it: one archive, no folder of small files
        assert pack_classifier.archive_photo_crops(kit).name == "photos.tar.gz"
        assert not (kit / "photos").exists()

    class NoPool:          # the rendering processes, run here one after the other
        def __init__(self, n):
            self.n = n

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def starmap(self, fn, args):
            return [3 for _ in args]

    monkeypatch.setattr(train_packed_classifier.mp, "get_context", lambda kind: type("C", (), {"Pool": NoPool}))
    tally = train_packed_classifier.render_crops(kit, tmp_path / "crops", seconds=0, processes=2, seed=1,
                                                 photo_copies=3)
    assert tally["rendered"] == 6
    assert sorted(p.name for p in (tmp_path / "crops" / "train" / "1m").iterdir()) == \
        ["photo0_a.jpg", "photo1_a.jpg", "photo2_a.jpg"]
    assert [p.name for p in (tmp_path / "crops" / "val" / "2p").iterdir()] == ["photo0_a.jpg"]
    assert tally["train"] == 3 and tally["val"] == 1


def test_crops_rendered_in_one_call_are_trained_on_in_the_next(tmp_path, monkeypatch):
    # a lent machine's call lasts 10 minutes: rendering and training had to share one
    crops, rendered = tmp_path / "build" / "cls_crops", []

    def render(kit, out, *args):
        (out / "train" / "1m").mkdir(parents=True)
        rendered.append(out)
        return {"rendered": 1}
    monkeypatch.setattr(train_packed_classifier, "render_crops", render)
    monkeypatch.setattr(train_packed_classifier, "install_fonts", lambda kit: None)
    with pytest.raises(SystemExit, match="no crops rendered"):
        train_packed_classifier.main(["--crops", str(crops), "--reuse-crops", "--out", str(tmp_path / "runs")])
    train_packed_classifier.main(["--crops", str(crops), "--render-only", "--out", str(tmp_path / "runs")])
    assert rendered == [crops] and (crops / "crops.json").is_file() and not (tmp_path / "runs").exists()
    train_packed_classifier.main(["--crops", str(crops), "--reuse-crops", "--out", str(tmp_path / "runs")])
    assert rendered == [crops] and (crops / "train" / "1m").is_dir()        # kept, not rendered again
    assert (tmp_path / "runs" / "crops.json").read_text() == '{"rendered": 1}\n'
