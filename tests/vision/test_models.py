"""The trained models on small committed fixtures (rendered scenes with exact labels, and crops).

Rendered from the artwork by ``python -m vision_lab.synth.fixtures``; no training here."""
import json
from pathlib import Path

import numpy as np
import pytest

import vision
from vision.detections import box_iou

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "vision"
MODELS = Path(__file__).resolve().parents[2] / "models"
pytestmark = pytest.mark.skipif(not (MODELS / "classifier" / "classifier.pt").exists()
                                or not (MODELS / "detector" / "detector.pt").exists(),
                                reason="trained weights not present")


def _crops():
    import cv2
    files = sorted((FIXTURES / "crops").glob("*.png"))
    return [f.name.split("_")[0] for f in files], [cv2.imread(str(f)) for f in files]


def test_classify_fixture_crops():
    codes, crops = _crops()
    reads = vision.classify_crops(crops)
    right = sum(r.code == c for r, c in zip(reads, codes))
    assert right >= len(codes) - MAX_CROP_ERRORS, [(c, r.code) for r, c in zip(reads, codes) if r.code != c]


def test_one_view_reads_the_fixture_crops():
    from vision.reader import default_classifier
    codes, crops = _crops()
    reads = default_classifier().classify(crops, turn_average=False)
    right = sum(r.code == c for r, c in zip(reads, codes))
    assert right >= len(codes) - MAX_CROP_ERRORS_ONE_VIEW


def test_turn_average_reads_a_crop_and_its_half_turn_alike():
    """Averaging the crop with its 180° turn makes the reading independent of which way up the
    tile was cut, and differs from the single view (both views really are used). Alike within
    2e-3, not exactly: a zoomed view of the turned crop differs from the turned zoomed view by
    rounding (one grey level on about 1 % of the pixels at zoom 1.2). The first network alone:
    with the companion the fixture tiles read so surely that one view already gives ~1."""
    from vision.classifier import load_classifier
    clf = load_classifier(companion=None)
    _, crops = _crops()
    turned = [np.ascontiguousarray(c[::-1, ::-1]) for c in crops]
    a, b = clf.classify(crops), clf.classify(turned)
    single = clf.classify(crops, turn_average=False)
    for ra, rb in zip(a, b):
        assert ra.code == rb.code and abs(ra.confidence - rb.confidence) < 2e-3
    assert any(abs(ra.confidence - rs.confidence) > 2e-2 for ra, rs in zip(a, single))


def test_unsure_crops_are_read_at_every_zoom_and_sure_ones_as_cut():
    import vision.classifier as classifier_module
    from vision.reader import default_classifier
    import cv2
    clf = default_classifier()
    _, crops = _crops()
    # Two different tiles blended half and half: no set draws such a face, so a sound classifier
    # is unsure of it (the fixture tiles themselves may all be read surely).
    crops += [cv2.addWeighted(crops[i], 0.5, crops[j], 0.5, 0) for i, j in ((0, 6), (3, 9), (4, 11))]
    as_cut = clf.reading_logits(crops, zooms=(1.0,))
    sure = clf.probabilities(as_cut[0]).max(1) >= classifier_module.ZOOM_BELOW_CONFIDENCE
    assert sure.any() and (~sure).any()        # the fixture crops (sure) and the blends (unsure)
    default = clf.reading_logits(crops, zooms=(0.8, 1.0, 1.2))
    np.testing.assert_allclose(default[0][sure], as_cut[0][sure], atol=1e-5)
    zoomed = clf.reading_logits(crops, zooms=(0.8, 1.0, 1.2), zoom_below_confidence=1.01)   # every crop unsure
    assert (np.abs(as_cut[0] - zoomed[0]).max(1) > 1e-2).all()           # the other zooms are read
    np.testing.assert_allclose(default[0][~sure], zoomed[0][~sure], atol=1e-4)   # unsure: zoomed
    assert (np.abs(default[0][~sure] - as_cut[0][~sure]).max(1) > 1e-2).all()
    np.testing.assert_allclose(as_cut[1], zoomed[1], atol=1e-5)           # features: the crop as cut
    with pytest.raises(ValueError):
        clf.reading_logits(crops[:1], zooms=(0.9, 1.1))


def test_classify_returns_top3_probabilities_and_embeddings():
    codes, crops = _crops()
    reads = vision.classify_crops(crops[:3], embeddings=True)
    assert len(reads) == 3
    for r in reads:
        ps = [p for _, p in r.top3]
        assert ps == sorted(ps, reverse=True) and 0 < sum(ps) <= 1.0 + 1e-6
        assert r.code == r.top3[0][0] and r.confidence == ps[0]
        assert r.embedding is not None and r.embedding.ndim == 1 and len(r.embedding) >= 64
    assert vision.classify_crops([]) == []


@pytest.mark.parametrize("name", ["rendered_hand_riichi", "rendered_scene_hongkong", "rendered_red_fives_riichi"])
def test_read_tiles_on_rendered_scenes(name):
    labels = json.loads((FIXTURES / f"{name}.json").read_text())
    timings = {}
    reads = vision.read_tiles(str(FIXTURES / f"{name}.jpg"), timings=timings)
    assert timings["total_ms"] > 0
    # the photo's frame in the reads' pixels, for grouping (a tile cut by its edge is no dora indicator)
    from PIL import Image
    assert reads.frame == pytest.approx(Image.open(FIXTURES / f"{name}.jpg").size, abs=4)
    iou = box_iou([t["box"] for t in labels], [r.box for r in reads])
    right = 0
    for i, t in enumerate(labels):
        j = int(np.argmax(iou[i])) if len(reads) else -1
        if j >= 0 and iou[i, j] >= 0.5 and reads[j].face_down == t["face_down"] and \
                (t["face_down"] or reads[j].code == t["code"]):
            right += 1
    assert right >= len(labels) - MAX_SCENE_ERRORS[name], [r.code for r in reads]


def test_read_tiles_rejects_a_text_file(tmp_path):
    p = tmp_path / "photo.jpg"
    p.write_text("not an image")
    with pytest.raises(vision.ImageError) as exc:
        vision.read_tiles(str(p))
    assert exc.value.code == "not_an_image"


# Tolerances measured with the committed models (see models/*/MODEL_CARD.md); a regression fails.
# With the `det2` detector (commit 5c74bd8) every tile of the three scenes is found and named
# right (the first detector left one box per scene loose and missed the face-down tile).
# Crops: with turn averaging (the default, vision.classifier) one of the 15 rendered crops is
# misread (a 9m as 5m); one view alone reads all 15. On the real test split turn averaging reads
# 98.4 % against 97.9 % (models/classifier/MODEL_CARD.md), so it stays the default.
MAX_CROP_ERRORS = 1
MAX_CROP_ERRORS_ONE_VIEW = 0
MAX_SCENE_ERRORS = {"rendered_hand_riichi": 0, "rendered_scene_hongkong": 0, "rendered_red_fives_riichi": 0}
