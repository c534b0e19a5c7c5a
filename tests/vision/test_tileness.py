"""The tile/not-tile probe (vision.tileness) and the reader dropping what it rejects, with
made-up features and mock detections (no model)."""
import numpy as np

from vision.classifier import CropReading
from vision.detections import Detections
from vision.reader import TileReader
from vision.tileness import TilenessProbe, probe_for
from vision_lab.tileness_fit import choose_threshold, fit_probe, training_labels

from .test_detections import FakeDetector


def test_fit_probe_separates_tiles_from_cloth():
    rng = np.random.default_rng(0)
    tiles = rng.normal(1.0, 0.5, (200, 8))
    cloth = rng.normal(-1.0, 0.5, (60, 8))
    probe = fit_probe(np.vstack([tiles, cloth]), np.r_[np.ones(200, bool), np.zeros(60, bool)])
    assert probe.p_tile(rng.normal(1.0, 0.5, (50, 8))).min() > 0.8
    assert probe.p_tile(rng.normal(-1.0, 0.5, (50, 8))).max() < 0.2


def test_choose_threshold_drops_at_most_the_allowed_share():
    p = np.linspace(0.001, 1.0, 4000)
    t = choose_threshold(p, max_dropped=1 / 2000)
    assert (p < t).sum() == 2
    assert choose_threshold(p, max_dropped=0) == p.min()


def test_training_labels_leave_out_confident_unlabelled_boxes():
    used, tile = training_labels(np.array([0.8, 0.05, 0.05, 0.3]), np.array([0.9, 0.4, 0.7, 0.4]))
    assert tile.tolist() == [True, False, False, False]
    assert used.tolist() == [True, True, False, False]   # sure but unlabelled; half overlapping


class _Weights:
    def __init__(self, path, weights_id):
        self.weights_path, self.weights_id = path, weights_id


def test_probe_is_used_only_with_the_weights_it_was_fitted_for(tmp_path):
    probe = TilenessProbe(mean=[0.0], scale=[1.0], weight=[2.0], bias=0.0, threshold=0.3, model_id="abc")
    probe.save(tmp_path / "tileness.json")
    assert TilenessProbe.load(tmp_path / "tileness.json") == probe
    assert probe_for(_Weights(tmp_path / "classifier.pt", "abc")) == probe
    assert probe_for(_Weights(tmp_path / "classifier.pt", "other")) is None
    assert probe_for(_Weights(tmp_path / "none" / "classifier.pt", "abc")) is None
    assert probe_for(object()) is None


class BrightnessClassifier:
    """Reads every crop as 5p; its 'features' are the crop's mean brightness, centred."""
    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("5p", 0.9, [("5p", 0.9)], np.array([c.mean() / 255 - 0.5]) if embeddings else None)
                for c in crops]


def test_reader_drops_face_up_detections_the_probe_rejects():
    img = np.full((200, 300, 3), 30, np.uint8)     # dark cloth
    img[20:70, 20:60] = 240                        # one light tile
    dets = Detections([[20, 20, 60, 70], [100, 20, 140, 70], [200, 20, 240, 70]], [0.9, 0.6, 0.8], [0, 0, 1])
    probe = TilenessProbe(mean=[0.0], scale=[1.0], weight=[20.0], bias=0.0, threshold=0.5)
    reads = TileReader(detector=FakeDetector(dets), classifier=BrightnessClassifier(), tileness=probe).read(img)
    assert [(r.code, r.box[0]) for r in reads] == [("5p", 20.0), (None, 200.0)]   # the cloth box is gone
    assert reads[0].embedding is None                                           # not asked for
    kept = TileReader(detector=FakeDetector(dets), classifier=BrightnessClassifier(), tileness=None).read(img)
    assert len(kept) == 3


def test_a_read_the_detector_and_the_classifier_are_both_sure_of_is_kept_whatever_the_probe_says():
    """The probes took a clearly seen 8p, 0.88 sure, for no tile in rendered hands; what they are
    for (cloth, a die) is read with middling confidence (vision.reader.TILENESS_SURE)."""
    from dataclasses import replace
    from vision.reader import ReaderConfig, TILENESS_SURE
    img = np.full((200, 300, 3), 30, np.uint8)     # dark: the probe rejects every box
    dets = Detections([[20, 20, 60, 70], [100, 20, 140, 70]], [0.95, 0.6], [0, 0])
    probe = TilenessProbe(mean=[0.0], scale=[1.0], weight=[20.0], bias=0.0, threshold=0.5)
    assert 0.6 * 0.9 < TILENESS_SURE <= 0.95 * 0.9
    reads = TileReader(detector=FakeDetector(dets), classifier=BrightnessClassifier(), tileness=probe).read(img)
    assert [(r.code, r.box[0]) for r in reads] == [("5p", 20.0)]
    off = replace(ReaderConfig(), tileness_sure=None)
    reads = TileReader(detector=FakeDetector(dets), classifier=BrightnessClassifier(), tileness=probe,
                       config=off).read(img)
    assert reads == []


def test_body_scenes_teach_what_is_a_tile_and_what_is_not(monkeypatch):
    """mine_body_scenes: a detection on a labelled face is a tile, one on nothing labelled (a die,
    a face-down tile) is not, one half on a face is left out; both detectors are asked."""
    import types

    from vision_lab import tileness_fit
    from vision_lab.synth import capture_modes

    face = types.SimpleNamespace(box=(10, 10, 40, 50), face_down=False, code="3p")
    back = types.SimpleNamespace(box=(100, 10, 130, 50), face_down=True, code=None)
    monkeypatch.setattr(capture_modes, "mode_scene",
                        lambda mode, rng, styles, data_root=None: (np.zeros((80, 200, 3), np.uint8), [face, back]))
    dets = Detections([[10, 10, 40, 50], [100, 10, 130, 50], [25, 10, 55, 50], [160, 20, 180, 40]],
                      [0.9, 0.8, 0.5, 0.6], [0, 0, 0, 1])       # a face, a back read face up, half a face, a back

    class Features:
        def logits_and_features(self, crops):
            return None, np.ones((len(crops), 3), np.float32)

    reader = types.SimpleNamespace(detector=FakeDetector(dets), second_detector=FakeDetector(dets), classifier=Features())
    mined = tileness_fit.mine_body_scenes(2, reader, data_root=None, log=lambda *a: None)
    assert mined["is_tile"].tolist() == [True, False] * 4        # 2 scenes x 2 detectors
    assert mined["features"].shape == (8, 3)


def test_the_scenes_probe_is_read_beside_the_first_for_the_same_weights(tmp_path):
    from vision.tileness import SCENES_PROBE_FILE, ProbeUnion
    first = TilenessProbe(mean=[0.0], scale=[1.0], weight=[2.0], bias=0.0, threshold=0.5, model_id="abc")
    scenes = TilenessProbe(mean=[0.0], scale=[1.0], weight=[-2.0], bias=0.0, threshold=0.5, model_id="abc")
    first.save(tmp_path / "tileness.json")
    scenes.save(tmp_path / SCENES_PROBE_FILE)
    both = probe_for(_Weights(tmp_path / "classifier.pt", "abc"))
    assert isinstance(both, ProbeUnion) and both.probes == [first, scenes]
    # a tile only when both say so: positive features pass the first, negative the second
    assert both.is_tile(np.array([[1.0], [-1.0], [0.0]])).tolist() == [False, False, True]
    scenes.model_id = "other"
    scenes.save(tmp_path / SCENES_PROBE_FILE)
    assert probe_for(_Weights(tmp_path / "classifier.pt", "abc")) == first


def test_threshold_on_top_drops_no_tile_the_first_probe_keeps():
    from vision_lab.tileness_fit import threshold_on_top
    p = np.array([0.9, 0.2, 0.6, 0.1], np.float32)     # probabilities as the probe gives them
    kept = np.array([True, False, True, False])      # the first probe drops the 2nd and 4th
    t = threshold_on_top(p, kept)
    assert t == np.float32(0.6) and not (p[kept] < t).any() and (p[~kept] < t).all()


def test_whole_photos_are_judged_by_the_first_probe_beside_the_tile_free_one(tmp_path):
    from vision.tileness import SCENES_PROBE_FILE, TILE_FREE_PROBE_FILE, ProbeUnion, photo_probe_for
    first = TilenessProbe(mean=[0.0], scale=[1.0], weight=[2.0], bias=0.0, threshold=0.5, model_id="abc")
    scenes = TilenessProbe(mean=[0.0], scale=[1.0], weight=[-2.0], bias=0.0, threshold=0.5, model_id="abc")
    free = TilenessProbe(mean=[0.0], scale=[1.0], weight=[1.0], bias=-3.0, threshold=0.5, model_id="abc")
    first.save(tmp_path / "tileness.json")
    scenes.save(tmp_path / SCENES_PROBE_FILE)
    weights = _Weights(tmp_path / "classifier.pt", "abc")
    assert photo_probe_for(weights) == probe_for(weights)          # no tile-free probe: the detections' own
    free.save(tmp_path / TILE_FREE_PROBE_FILE)
    photo = photo_probe_for(weights)
    assert isinstance(photo, ProbeUnion) and photo.probes == [first, free]
    assert probe_for(weights).probes == [first, scenes]            # each detection is judged as before
    free.model_id = "other"                                        # fitted for other weights: not read
    free.save(tmp_path / TILE_FREE_PROBE_FILE)
    assert photo_probe_for(weights) == probe_for(weights)


def test_tile_free_pictures_give_non_tiles_only():
    import types

    from vision_lab import tileness_fit
    dets = Detections(np.array([[10, 10, 40, 50], [60, 10, 90, 50], [100, 10, 130, 50]], np.float64),
                      np.array([0.9, 0.4, 0.8]), np.array([0, 0, 1]))

    class Features:
        def logits_and_features(self, crops):
            return None, np.ones((len(crops), 3), np.float32)

    class Look:
        def box_in_source(self, box):
            return tuple(float(v) for v in box)

    reader = types.SimpleNamespace(detector=FakeDetector(dets), second_detector=None, classifier=Features(),
                                   _detect=lambda detector, img, spent: (Look(), dets))
    mined = tileness_fit.mine_tile_free(2, reader, log=lambda *a: None)
    # two pictures: the two face-up boxes as the detector finds them, and again at the reader's look
    assert mined["is_tile"].tolist() == [False] * 8 and mined["features"].shape == (8, 3)
