"""The ONNX read path: the exports (``mjtable export``) read as the torch models do, a stale or
broken export is never used, and a plain ``mjtable read`` imports neither torch nor ultralytics."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from vision.model_files import (EXPORT_FORMAT, NETWORK_EXPORT_KIND, current_export, info_path, int8_export, int8_onnx_path,
                                network_onnx_path, onnx_path)

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "vision"
DETECTOR = ROOT / "models" / "detector" / "detector.pt"
CLASSIFIER = ROOT / "models" / "classifier" / "classifier.pt"
EXPORTED = current_export(DETECTOR, "detector") is not None and current_export(CLASSIFIER, "classifier") is not None

needs_export = pytest.mark.skipif(not EXPORTED, reason="no current ONNX export of the shipped weights "
                                                      "(run `mjtable export`)")


# -- which export is current ---------------------------------------------------------------------
def _fake_export(tmp_path: Path, kind: str = "classifier") -> Path:
    weights = tmp_path / f"{kind}.pt"
    weights.write_bytes(b"weights")
    onnx_path(weights).write_bytes(b"onnx graph")
    from vision.model_files import ExportInfo, weights_id
    info = ExportInfo(format=EXPORT_FORMAT, kind=kind, source=weights.name, source_weights_id=weights_id(weights),
                      onnx_id=weights_id(onnx_path(weights)), names=["1m", "2m"], imgsz=64)
    info_path(onnx_path(weights)).write_text(json.dumps(info.to_dict()))
    return weights


def test_an_export_of_these_weights_is_current(tmp_path):
    weights = _fake_export(tmp_path)
    info = current_export(weights, "classifier")
    assert info is not None and info.path == onnx_path(weights) and info.names == ["1m", "2m"]
    assert current_export(weights, "detector") is None          # another kind of model


@pytest.mark.parametrize("spoil", ["weights changed", "onnx changed", "no json", "bad json", "other format",
                                   "no onnx"])
def test_a_stale_or_broken_export_is_not_used(tmp_path, spoil):
    weights = _fake_export(tmp_path)
    onnx, meta = onnx_path(weights), info_path(onnx_path(weights))
    if spoil == "weights changed":     # trained or copied in after the export
        weights.write_bytes(b"new weights")
    elif spoil == "onnx changed":      # half written, or replaced without its JSON
        onnx.write_bytes(b"another graph")
    elif spoil == "no json":
        meta.unlink()
    elif spoil == "bad json":
        meta.write_text("{not json")
    elif spoil == "other format":
        meta.write_text(json.dumps({**json.loads(meta.read_text()), "format": EXPORT_FORMAT + 1}))
    elif spoil == "no onnx":
        onnx.unlink()
    assert current_export(weights) is None


def test_a_stale_export_leaves_reading_to_torch(tmp_path):
    from vision.classifier import CropClassifier, OnnxClassifier, load_classifier
    from vision.errors import ModelMissingError
    weights = tmp_path / "classifier.pt"
    shutil.copy(CLASSIFIER, weights)
    with pytest.raises(ModelMissingError):
        load_classifier(weights, backend="onnx")               # no export beside these weights
    clf = load_classifier(weights)
    assert type(clf) is CropClassifier and not isinstance(clf, OnnxClassifier)
    with pytest.raises(ValueError):
        load_classifier(weights, backend="tensorflow")
    onnx_path(weights).write_bytes(b"the export of earlier weights")    # new weights, not exported
    with pytest.warns(RuntimeWarning, match="mjtable export"):
        assert type(load_classifier(weights)) is CropClassifier


# -- the companions' 8-bit exports --------------------------------------------------------------
def _fake_int8_export(tmp_path: Path) -> Path:
    weights = _fake_export(tmp_path)
    int8_onnx_path(weights).write_bytes(b"8-bit graph")
    from vision.model_files import ExportInfo, weights_id
    info = ExportInfo(format=EXPORT_FORMAT, kind="classifier-int8", source=weights.name,
                      source_weights_id=weights_id(weights), onnx_id=weights_id(int8_onnx_path(weights)),
                      names=["1m", "2m"], imgsz=64)
    info_path(int8_onnx_path(weights)).write_text(json.dumps(info.to_dict()))
    return weights


def test_an_8bit_export_runs_where_onnxruntime_runs_and_while_current(tmp_path, monkeypatch):
    weights = _fake_int8_export(tmp_path)
    assert int8_export(weights, "onnxruntime").path == int8_onnx_path(weights)
    assert int8_export(weights, "openvino") is None                 # OpenVINO runs the float32 export
    monkeypatch.setattr("vision.model_files.computes_bf16", lambda: True)
    assert int8_export(weights, "auto") is None                     # bfloat16 there instead
    monkeypatch.setattr("vision.model_files.computes_bf16", lambda: False)
    assert int8_export(weights, "auto") is not None
    assert current_export(weights, "classifier").path == onnx_path(weights)     # each export its own kind
    monkeypatch.setattr("vision.model_files.openvino_available", lambda: False)
    assert int8_export(weights, "openvino") is not None             # onnxruntime runs it there
    with pytest.raises(ValueError):
        int8_export(weights, "tensorrt")
    weights.write_bytes(b"new weights")                             # trained after the quantisation
    assert int8_export(weights, "onnxruntime") is None


COMPANIONS = [w for w in (ROOT / "models" / "classifier" / name for name in ("companion.pt", "companion2.pt"))
              if w.is_file()]
needs_companions = pytest.mark.skipif(not COMPANIONS, reason="no companion weights")


@needs_export
@needs_companions
@pytest.mark.parametrize("weights", COMPANIONS, ids=[w.stem for w in COMPANIONS])
def test_the_companions_8bit_exports_are_current_and_read_as_their_float32_exports(weights):
    import cv2

    from vision.classifier import load_classifier
    quantised = current_export(weights, "classifier-int8", int8_onnx_path(weights))
    assert quantised is not None, "run `python -m vision_lab.quantize_companions` after `mjtable export`"
    assert quantised.names == current_export(weights, "classifier").names
    int8, f32 = (load_classifier(weights, "onnx", companion=None, int8=flag) for flag in (True, False))
    assert (int8.export.kind, f32.export.kind) == ("classifier-int8", "classifier")
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))]
    assert len(crops) >= 10
    la, lb = int8.network_logits_and_features(crops)[0], f32.network_logits_and_features(crops)[0]
    pa, pb = (np.exp(x - x.max(1, keepdims=True)) for x in (la, lb))
    pa, pb = pa / pa.sum(1, keepdims=True), pb / pb.sum(1, keepdims=True)
    assert (la.argmax(1) == lb.argmax(1)).all() and np.abs(pa - pb).sum(1).max() < 0.05


def _companion_with_its_export(tmp_path: Path) -> Path:
    """A copy of the first companion's weights with its float32 export (no 8-bit one)."""
    weights = tmp_path / "companion.pt"
    shutil.copy(COMPANIONS[0], weights)
    for f in (onnx_path(COMPANIONS[0]), info_path(onnx_path(COMPANIONS[0]))):
        shutil.copy(f, tmp_path / f.name)
    return weights


@needs_export
@needs_companions
def test_an_8bit_export_that_cannot_run_leaves_reading_to_the_float32_export(tmp_path):
    from vision.classifier import load_classifier
    from vision.model_files import ExportInfo, weights_id
    weights = _companion_with_its_export(tmp_path)
    int8_onnx_path(weights).write_bytes(b"not a graph onnxruntime can load")
    f32 = current_export(weights, "classifier")
    info = ExportInfo(format=EXPORT_FORMAT, kind="classifier-int8", source=weights.name,
                      source_weights_id=weights_id(weights), onnx_id=weights_id(int8_onnx_path(weights)),
                      names=f32.names, imgsz=f32.imgsz)
    info_path(int8_onnx_path(weights)).write_text(json.dumps(info.to_dict()))
    assert int8_export(weights, "onnxruntime") is not None          # current, but broken
    with pytest.warns(RuntimeWarning, match="float32 export"):
        clf = load_classifier(weights, "onnx", companion=None, int8=True)
    assert clf.export.kind == "classifier" and clf.export.path == onnx_path(weights)


@needs_export
@needs_companions
def test_quantising_a_companion_writes_a_current_8bit_export_that_reads_as_float32(tmp_path):
    pytest.importorskip("onnx", reason="the quantisation tool needs the export extra")
    import cv2

    from vision.classifier import load_classifier
    from vision_lab.quantize_companions import calibration_views, quantize
    weights = _companion_with_its_export(tmp_path)
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))]
    views = calibration_views(crops * 4, 64)
    assert len(views) == 60
    out = quantize(weights, views)
    assert out == int8_onnx_path(weights) and int8_export(weights, "onnxruntime").kind == "classifier-int8"
    int8, f32 = (load_classifier(weights, "onnx", companion=None, int8=flag) for flag in (True, False))
    assert int8.export.path == out
    la, lb = int8.network_logits_and_features(crops)[0], f32.network_logits_and_features(crops)[0]
    assert (la.argmax(1) == lb.argmax(1)).all()


@needs_export
@needs_companions
@pytest.mark.parametrize("int8", [True, False])
def test_without_bfloat16_the_companions_run_in_8_bits_unless_asked_otherwise(monkeypatch, int8):
    from vision.classifier import DEFAULT_WEIGHTS, companion_for
    monkeypatch.setattr("vision.model_files.computes_bf16", lambda: False)
    monkeypatch.setattr("vision.classifier.COMPANION_INT8", int8)
    companion = companion_for(DEFAULT_WEIGHTS, "auto", "auto")
    kinds = {companion.export.kind, companion.companion.export.kind}
    assert kinds == ({"classifier-int8"} if int8 else {"classifier"})


# -- the detector's pre- and post-processing against ultralytics' own ------------------------------
@pytest.mark.parametrize("shape,side", [((640, 640), 320), ((480, 640), 320), ((3024, 4032), 320), ((97, 1003), 320),
                                        ((1000, 333), 416), ((50, 40), 320), ((701, 257), 640)])
def test_letterbox_and_its_inverse_match_ultralytics(shape, side):
    import torch
    from ultralytics.data.augment import LetterBox
    from ultralytics.utils.ops import scale_boxes

    from vision.detector import letterbox, unletterbox_boxes
    rng = np.random.default_rng(0)
    image = rng.integers(0, 255, (*shape, 3), dtype=np.uint8)
    ours = letterbox(image, side, 32)
    theirs = LetterBox(side, auto=True, stride=32)(image=image)
    assert ours.shape == theirs.shape and np.array_equal(ours, theirs)
    boxes = rng.uniform(0, min(ours.shape[:2]), (20, 4)).astype(np.float32)
    boxes[:, 2:] += boxes[:, :2]
    expected = scale_boxes(ours.shape[:2], torch.from_numpy(boxes.copy()), shape).numpy()
    np.testing.assert_allclose(unletterbox_boxes(boxes, ours.shape[:2], shape), expected, atol=1e-3)


def test_suppression_keeps_what_torchvision_keeps():
    import torch
    import torchvision
    from vision.detector import suppress_overlaps
    rng = np.random.default_rng(1)
    for _ in range(20):
        xy = rng.uniform(0, 100, (60, 2))
        boxes = np.concatenate([xy, xy + rng.uniform(5, 30, (60, 2))], 1).astype(np.float32)
        scores = rng.uniform(0.1, 1, 60).astype(np.float32)
        theirs = torchvision.ops.nms(torch.from_numpy(boxes), torch.from_numpy(scores), 0.5).numpy()
        assert suppress_overlaps(boxes, scores, 0.5).tolist() == theirs.tolist()


# -- the exports read as the torch models do ------------------------------------------------------
@pytest.fixture(scope="module")
def readers():
    from vision.reader import TileReader
    # in float32 throughout, so that the exports must give torch's very numbers (the companions'
    # bfloat16 or 8-bit exports, which the reader uses by the CPU: ``test_the_shipped_runtime_reads_as_torch``)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("vision.model_files.PRECISION", "f32")
        mp.setattr("vision.classifier.COMPANION_INT8", False)
        onnx_reader = TileReader(backend="onnx")
    return onnx_reader, TileReader(backend="torch")


def _scenes():
    photos = sorted(FIXTURES.glob("*.jpg")) + sorted((FIXTURES / "hands").glob("*.jpg"))
    return [(p.name, str(p)) for p in photos]


def _rendered_scenes(n: int = 3):
    """A few scenes rendered here (artwork from ../shared), or none where it is missing."""
    try:
        from vision_lab.synth.random_layouts import hand_row
        from vision_lab.synth.render import random_style, render_scene
        out = []
        for seed in range(n):
            rng = np.random.default_rng(100 + seed)
            style = random_style(rng, ("riichi",))
            image, _ = render_scene(hand_row(rng, sorted(style.art.faces)), rng, size=(960, 720), style=style)
            out.append((f"rendered seed {100 + seed}", image))
        return out
    except Exception:                 # noqa: BLE001 (no artwork: the committed fixtures still run)
        return []


def _assert_same_reading(name, a, b):
    assert [t.code for t in a] == [t.code for t in b], name
    for ta, tb in zip(a, b):
        assert max(abs(u - v) for u, v in zip(ta.box, tb.box)) <= 1.0, name
        assert abs(ta.confidence - tb.confidence) <= 1e-3, name
        assert ta.face_down == tb.face_down and ta.sideways == tb.sideways, name


@needs_export
def test_onnx_reader_reads_as_the_torch_reader(readers):
    onnx_reader, torch_reader = readers
    from vision.classifier import OnnxClassifier
    from vision.detector import OnnxDetector
    assert isinstance(onnx_reader.detector, OnnxDetector) and isinstance(onnx_reader.classifier, OnnxClassifier)
    assert onnx_reader.tileness is not None and onnx_reader.tileness == torch_reader.tileness
    scenes = _scenes() + _rendered_scenes()
    assert len(scenes) >= 9
    for name, image in scenes:
        _assert_same_reading(name, onnx_reader.read(image), torch_reader.read(image))


@needs_export
def test_the_shipped_runtime_reads_as_torch(readers):
    """The reader as shipped (the companions in bfloat16 where the CPU computes in it, else from
    their 8-bit exports) reads the same tiles as torch, at confidences a few hundredths apart."""
    from vision.model_files import computes_bf16
    from vision.reader import TileReader
    shipped_reader, torch_reader = TileReader(backend="onnx"), readers[1]
    companion = shipped_reader.classifier.companion
    if computes_bf16():
        assert getattr(companion.session, "precision", None) == "bf16"
    else:       # onnxruntime runs the companions' 8-bit exports (``vision.classifier.COMPANION_INT8``)
        assert companion.export.kind == companion.companion.export.kind == "classifier-int8"
    for name, image in _scenes() + _rendered_scenes():
        a, b = shipped_reader.read(image), torch_reader.read(image)
        assert [t.code for t in a] == [t.code for t in b], name
        for ta, tb in zip(a, b):
            assert max(abs(u - v) for u, v in zip(ta.box, tb.box)) <= 1.0, name
            assert abs(ta.confidence - tb.confidence) <= 0.02, name
            assert ta.face_down == tb.face_down and ta.sideways == tb.sideways, name


@needs_export
def test_onnx_classifier_gives_the_torch_logits_and_features(readers):
    import cv2

    from vision.classifier import OnnxClassifier
    onnx_clf, torch_clf = readers[0].classifier, readers[1].classifier
    for attr in ("classes", "imgsz", "temperature", "sure_base", "weights_id", "weights_path", "zooms", "turn_average"):
        assert getattr(onnx_clf, attr) == getattr(torch_clf, attr), attr
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))]
    la, fa = onnx_clf.logits_and_features(crops)
    lb, fb = torch_clf.logits_and_features(crops)
    assert fa.shape == fb.shape and fa.shape[1] > len(onnx_clf.classes)
    np.testing.assert_allclose(la, lb, atol=1e-3)
    np.testing.assert_allclose(fa, fb, atol=1e-3)
    for ra, rb in zip(onnx_clf.classify(crops, embeddings=True), torch_clf.classify(crops, embeddings=True)):
        assert ra.code == rb.code and abs(ra.confidence - rb.confidence) < 1e-4
        np.testing.assert_allclose(ra.embedding, rb.embedding, atol=1e-3)
    # A fine-tuned network (a torch module) is run by the torch classifier of the same weights,
    # alone (no companion is mixed into a profile's network).
    lc, fc = onnx_clf.logits_and_features(crops, model=torch_clf.model)
    np.testing.assert_allclose(lc, torch_clf.network_logits_and_features(crops)[0], atol=1e-5)
    # The shipped companions run from their own exports beside the ONNX classifier.
    ours, theirs = onnx_clf.companion, torch_clf.companion
    while theirs is not None:
        assert isinstance(ours, OnnxClassifier) and ours.weights_id == theirs.weights_id
        ours, theirs = ours.companion, theirs.companion
    assert ours is None


NETWORK_EXPORTED = current_export(CLASSIFIER, NETWORK_EXPORT_KIND, network_onnx_path(CLASSIFIER)) is not None


@pytest.mark.skipif(not NETWORK_EXPORTED, reason="no current export of the classifier's network (mjtable export)")
def test_a_profile_network_is_read_from_its_export_as_torch_reads_it(readers):
    """A tile-set profile's fine-tuned network, read by the ONNX classifier through the network's
    export with its weights written in, batch norm folded: the torch module's logits (every kind
    of weight changed, the batch norms' statistics too), and no torch classifier loaded."""
    import cv2

    from vision import finetune
    from vision.classifier import CropClassifier, NetworkWeights, OnnxClassifier
    from vision.profile import ProfileError
    onnx_clf = OnnxClassifier(CLASSIFIER, companion=None)
    torch_clf = readers[1].classifier
    rng = np.random.default_rng(0)

    def changed(key, v):
        if v.dtype.kind != "f":
            return v
        if key.endswith("running_var"):
            return v * rng.uniform(0.7, 1.3, v.shape).astype(v.dtype)
        return v + 0.02 * rng.standard_normal(v.shape).astype(v.dtype)
    state = {k: changed(k, v) for k, v in finetune.network_state(torch_clf.model).items()}
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))]
    weights = finetune.reading_network(onnx_clf, state)
    assert isinstance(weights, NetworkWeights)
    la, fa = onnx_clf.network_logits_and_features(crops, weights)
    lb, fb = CropClassifier.network_logits_and_features(torch_clf, crops, finetune.load_network(torch_clf, state))
    np.testing.assert_allclose(la, lb, atol=1e-3)
    np.testing.assert_allclose(fa, fb, atol=1e-3)
    assert np.abs(la - onnx_clf.network_logits_and_features(crops)[0]).max() > 0.1     # its own weights, not the base's
    assert onnx_clf._torch_classifier is None
    bad = dict(state)
    bad[next(k for k in bad if k.endswith("linear.weight"))] = np.zeros((3, 3), np.float32)
    with pytest.raises(ProfileError, match="made for other classifier weights"):
        finetune.reading_network(onnx_clf, bad)


# -- what a plain reading imports -----------------------------------------------------------------
def _read_in_a_fresh_process(data_dir: Path, *args: str) -> tuple[str, str]:
    """(what `mjtable read` of the rendered riichi hand printed, its last line "HEAVY ..." naming
    the heavy modules it imported), in a process of its own."""
    photo = FIXTURES / "rendered_hand_riichi.jpg"
    code = ("import sys\nfrom mjtable.cli import main\n"
            f"rc = main(['read', {str(photo)!r}, '--data-dir', {str(data_dir)!r}, *{list(args)!r}])\n"
            "heavy = sorted(m for m in ('torch', 'ultralytics', 'torchvision') if m in sys.modules)\n"
            "print('HEAVY', ','.join(heavy))\nsys.exit(rc)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode in (0, 1), out.stderr     # 1: a hand that does not score is still a reading
    printed, _, last = out.stdout.strip().rpartition("\n")
    return printed, last


@needs_export
def test_mjtable_read_imports_neither_torch_nor_ultralytics(tmp_path):
    printed, heavy = _read_in_a_fresh_process(tmp_path)
    assert "tiles:" in printed
    assert heavy == "HEAVY", heavy


@pytest.mark.skipif(not (EXPORTED and NETWORK_EXPORTED), reason="no current ONNX exports of the shipped weights")
def test_mjtable_read_with_a_profile_imports_neither_torch_nor_ultralytics(tmp_path):
    """The active tile-set profile's network is read from the classifier's network export: a cold
    `mjtable read` with a profile took 7.1-7.3 s when that loaded torch and ultralytics, 1.8-2.0 s without."""
    import cv2

    from vision.profile import ProfileStore, TileSetProfile
    from vision.reader import default_classifier
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))[:4]]
    profile = TileSetProfile.from_examples([(c, code) for c, code in zip(crops, ["1m", "5p", "9s", "1z"])],
                                           name="club set", classifier=default_classifier(), steps=3, batch=8)
    store = ProfileStore(tmp_path)
    store.save(profile)
    store.activate("club set")
    printed, heavy = _read_in_a_fresh_process(tmp_path, "--json")
    assert json.loads(printed)["profile"] == "club set"     # read with the profile
    assert heavy == "HEAVY", heavy


# -- making an export -----------------------------------------------------------------------------
def test_export_makes_a_current_export_that_reads_as_torch(tmp_path):
    """What `mjtable export` (and `mjtable train` after installing weights) does, on a copy."""
    pytest.importorskip("onnx")
    import cv2
    from vision.classifier import CropClassifier, OnnxClassifier
    from vision_lab.onnx_export import export_classifier
    weights = tmp_path / "classifier.pt"
    shutil.copy(CLASSIFIER, weights)
    assert export_classifier(weights) == onnx_path(weights)
    info = current_export(weights, "classifier")
    assert info is not None and info.source == "classifier.pt" and info.imgsz == 64
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))[:6]]
    la, fa = OnnxClassifier(weights).logits_and_features(crops)
    lb, fb = CropClassifier(weights).logits_and_features(crops)
    np.testing.assert_allclose(la, lb, atol=1e-3)
    np.testing.assert_allclose(fa, fb, atol=1e-3)


def test_export_of_the_network_a_profile_writes_its_weights_in_is_current_and_used(tmp_path):
    """`mjtable export`'s third classifier file: until it is made, a profile's network is read by
    torch (``network_weights`` says None); once made, through it."""
    pytest.importorskip("onnx")
    from vision.classifier import CropClassifier, OnnxClassifier
    from vision.finetune import network_state
    from vision_lab.onnx_export import export_classifier, export_profile_network
    weights = tmp_path / "classifier.pt"
    shutil.copy(CLASSIFIER, weights)
    export_classifier(weights)
    state = network_state(CropClassifier(weights, companion=None).model)
    assert OnnxClassifier(weights, companion=None).network_weights(state) is None
    # an export of the format before (its weights as inputs, no list of them) is said to be stale
    network_onnx_path(weights).write_bytes(b"an older export")
    info_path(network_onnx_path(weights)).write_text(json.dumps({**current_export(weights).to_dict(),
                                                                 "kind": "classifier-network"}))
    with pytest.warns(RuntimeWarning, match="profile's network is read with torch"):
        assert OnnxClassifier(weights, companion=None).network_weights(state) is None
    assert export_profile_network(weights) == network_onnx_path(weights) == tmp_path / "classifier.network.onnx"
    info = current_export(weights, NETWORK_EXPORT_KIND, network_onnx_path(weights))
    assert info is not None and info.source == "classifier.pt"
    assert current_export(weights, NETWORK_EXPORT_KIND) is None      # classifier.onnx is not that export
    assert OnnxClassifier(weights, companion=None).network_weights(state) is not None


def test_the_network_export_folds_batch_norm_and_holds_its_weights(tmp_path):
    """The network's export has no batch norm left and holds its weights as its own initializers,
    not inputs: onnxruntime lays those out for its convolutions once, and weights fed at each run
    read 3× slower. Its JSON says where each weight's raw data lies and which convolutions were
    folded with which batch norm; a profile's weights written there read as torch reads them."""
    onnx = pytest.importorskip("onnx")
    import cv2

    from vision import finetune
    from vision.classifier import CropClassifier, OnnxClassifier
    from vision_lab.onnx_export import export_classifier, export_profile_network
    weights = tmp_path / "classifier.pt"
    shutil.copy(CLASSIFIER, weights)
    export_classifier(weights)
    path = export_profile_network(weights)
    graph = onnx.load(str(path)).graph
    assert not [n for n in graph.node if n.op_type == "BatchNormalization"]
    assert not {i.name for i in graph.input} & {w.name for w in graph.initializer}
    info = current_export(weights, NETWORK_EXPORT_KIND, path)
    data = path.read_bytes()
    for w in graph.initializer:
        at = info.initializers[w.name]["offset"]
        assert data[at:at + len(w.raw_data)] == w.raw_data
    state = finetune.network_state(CropClassifier(weights, companion=None).model)
    assert set(info.folds) == {k[:-len(".weight")] for k in state
                               if k.endswith(".conv.weight") and k[:-len(".conv.weight")] + ".bn.weight" in state}
    # the first convolution's weights zeroed: the profile's reading changes as torch's does
    state["model.0.conv.weight"] = np.zeros_like(state["model.0.conv.weight"])
    onnx_clf = OnnxClassifier(weights, companion=None)
    crops = [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))[:4]]
    ours, _ = onnx_clf.network_logits_and_features(crops, finetune.reading_network(onnx_clf, state))
    torch_clf = CropClassifier(weights, companion=None)
    theirs, _ = CropClassifier.network_logits_and_features(torch_clf, crops, finetune.load_network(torch_clf, state))
    np.testing.assert_allclose(ours, theirs, atol=1e-3)
    assert np.abs(ours - onnx_clf.network_logits_and_features(crops)[0]).max() > 0.1


def test_a_network_export_that_would_leave_a_weight_unread_is_refused(tmp_path, monkeypatch):
    """torch merges equal initializers: a network with two equal layers exported as one would read
    a profile's own weights of the other as the first's. The export is refused (no file), and a
    state with a weight the export lacks, or an export changed since it was checked, is refused
    when read."""
    pytest.importorskip("onnx")
    import dataclasses

    import torch

    import vision.classifier as classifier_module
    from vision import finetune
    from vision.model_files import onnx_session_with
    from vision_lab.onnx_export import export_profile_network
    weights = tmp_path / "classifier.pt"
    shutil.copy(CLASSIFIER, weights)
    plain = classifier_module.CropClassifier

    class TwoEqualLayers(plain):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            state = self.model.state_dict()
            with torch.no_grad():
                for key in state:
                    if key.startswith("model.6.m.1.cv1."):
                        state[key].copy_(state["model.6.m.0.cv1." + key[len("model.6.m.1.cv1."):]])
    monkeypatch.setattr(classifier_module, "CropClassifier", TwoEqualLayers)
    with pytest.raises(RuntimeError, match="model.6.m.1.cv1"):
        export_profile_network(weights)
    assert not network_onnx_path(weights).exists()
    monkeypatch.setattr(classifier_module, "CropClassifier", plain)
    path = export_profile_network(weights)
    info = current_export(weights, NETWORK_EXPORT_KIND, path)
    state = finetune.network_state(plain(weights, companion=None).model)
    fewer = dataclasses.replace(info, initializers={k: v for k, v in info.initializers.items()
                                                    if not k.startswith("model.model.6.m.1.cv1.")})
    with pytest.raises(ValueError, match="model.6.m.1.cv1"):
        classifier_module.folded_network_weights(state, fewer)
    values = classifier_module.folded_network_weights(state, info)
    places = {n: p["offset"] for n, p in info.initializers.items()}
    onnx_session_with(path, values, places, onnx_id=info.onnx_id)        # as checked: made
    path.write_bytes(path.read_bytes() + b"\0")
    with pytest.raises(ValueError, match="changed since"):
        onnx_session_with(path, values, places, onnx_id=info.onnx_id)


def test_reading_writes_no_usage_telemetry(tmp_path):
    """onnxruntime's Linux wheels log every session (OS, CPU, Python path, a device id) under
    ~/.cache/Microsoft for upload; the reader turns that off before loading it."""
    onnx = ROOT / "models" / "classifier" / "classifier.network.onnx"
    if not onnx.exists():
        pytest.skip("no ONNX classifier network in this checkout")
    code = ("from vision.model_files import onnx_session; "
            f"onnx_session({str(onnx)!r}, runtime='onnxruntime')")
    env = {k: v for k, v in __import__("os").environ.items() if k != "ORT_DISABLE_TELEMETRY"}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**env, "HOME": str(tmp_path)}, check=True,
                   capture_output=True)
    assert not (tmp_path / ".cache" / "Microsoft").exists()
