"""OpenVINO as the runtime of the companions' exports (``vision.model_files.OpenVinoSession``):
it gives what onnxruntime gives (exactly in float32, the same readings in bfloat16), for any
batch size and from several threads, and reading falls back to onnxruntime without it."""
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from vision.model_files import current_export, onnx_session, openvino_available

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "vision"
COMPANION = ROOT / "models" / "classifier" / "companion.pt"

pytestmark = [
    pytest.mark.skipif(not openvino_available(), reason="OpenVINO is not installed"),
    pytest.mark.skipif(current_export(COMPANION, "classifier") is None, reason="no current export of the companion"),
]


def _crops():
    import cv2
    return [cv2.imread(str(f)) for f in sorted((FIXTURES / "crops").glob("*.png"))]


def _input(n: int) -> np.ndarray:
    """``n`` real crops (repeated, each turned a different way) as the companion's input."""
    from vision.classifier import input_pixels
    if n == 0:
        return np.zeros((0, 3, 96, 96), np.float32)
    crops = _crops()
    views = [np.rot90(crops[i % len(crops)], (i // len(crops)) % 4) for i in range(n)]
    return input_pixels([np.ascontiguousarray(v) for v in views], 96).astype(np.float32) / np.float32(255)


def _run(session, x):
    return session.run(["logits", "features"], {session.get_inputs()[0].name: x})


def test_float32_gives_onnxruntimes_outputs_for_any_batch():
    path = COMPANION.with_suffix(".onnx")
    ort = onnx_session(path, 2, "onnxruntime")
    ov = onnx_session(path, 2, "openvino", precision="f32")
    assert type(ov).__name__ == "OpenVinoSession" and ov.precision == "f32"
    assert ov.get_inputs()[0].name == ort.get_inputs()[0].name and ov.get_inputs()[0].shape[1:] == [3, 96, 96]
    # sizes under, at and over the compiled batch (a run is cut into parts of it, the last padded)
    for n in (0, 1, 7, 8, 9, 64, 65, 150):
        x = _input(n)
        (la, fa), (lb, fb) = _run(ort, x), _run(ov, x)
        assert la.shape == lb.shape == (n, 45) and fa.shape == fb.shape
        np.testing.assert_allclose(lb, la, atol=2e-3)
        np.testing.assert_allclose(fb, fa, atol=2e-3)


def test_bfloat16_reads_the_crops_as_onnxruntime_does():
    path = COMPANION.with_suffix(".onnx")
    x = _input(64)
    la = _run(onnx_session(path, 2, "onnxruntime"), x)[0]
    session = onnx_session(path, 2, "openvino")
    lb = _run(session, x)[0]
    assert session.precision in ("bf16", "f32")        # f32 where the CPU has no bfloat16
    assert (la.argmax(1) == lb.argmax(1)).all()
    # bfloat16 keeps 8 bits of mantissa: the logits move by a few hundredths, not more
    assert np.abs(la - lb).max() < 0.5


def test_a_batch_is_read_the_same_whatever_else_shares_its_run():
    """Padding a batch with blank views and cutting it into parts changes no crop's outputs."""
    session = onnx_session(COMPANION.with_suffix(".onnx"), 2, "openvino", precision="f32")
    x = _input(70)
    whole = _run(session, x)[0]
    alone = np.concatenate([_run(session, x[i:i + 1])[0] for i in range(0, 70, 10)])
    np.testing.assert_allclose(alone, whole[::10], atol=1e-4)


def test_threads_reading_at_once_each_get_their_own_outputs():
    session = onnx_session(COMPANION.with_suffix(".onnx"), 1, "openvino", precision="f32")
    inputs = [_input(n) for n in (5, 17, 33, 40)]
    expected = [_run(session, x)[0] for x in inputs]
    got, errors = [None] * len(inputs), []

    def read(i):
        try:
            for _ in range(5):
                got[i] = _run(session, inputs[i])[0]
                np.testing.assert_allclose(got[i], expected[i], atol=1e-4)
        except Exception as e:          # noqa: BLE001 (reported below, in the test's thread)
            errors.append(e)
    threads = [threading.Thread(target=read, args=(i,)) for i in range(len(inputs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_without_openvino_onnxruntime_runs_the_export(monkeypatch):
    import onnxruntime

    import vision.model_files as model_files
    monkeypatch.setattr(model_files, "openvino_available", lambda: False)
    assert isinstance(onnx_session(COMPANION.with_suffix(".onnx"), 1, "openvino"), onnxruntime.InferenceSession)
    with pytest.raises(ValueError, match="runtime"):
        onnx_session(COMPANION.with_suffix(".onnx"), 1, "tensorrt")
    with pytest.raises(ValueError, match="precision"):
        model_files.OpenVinoSession(COMPANION.with_suffix(".onnx"), 1, "int4")


def test_the_shipped_companions_run_on_openvino_where_the_cpu_computes_bf16_and_the_first_network_on_onnxruntime():
    import onnxruntime

    from vision.classifier import COMPANION_RUNTIME, load_classifier
    from vision.model_files import OpenVinoSession, computes_bf16
    assert COMPANION_RUNTIME == "auto"
    clf = load_classifier(backend="onnx")
    assert isinstance(clf.session, onnxruntime.InferenceSession)
    companion = clf.companion
    assert companion is not None
    while companion is not None:
        assert isinstance(companion.session, OpenVinoSession if computes_bf16() else onnxruntime.InferenceSession)
        companion = companion.companion


@pytest.mark.parametrize("bf16", [True, False])
def test_auto_runs_openvino_only_where_the_cpu_computes_bf16(monkeypatch, bf16):
    """OpenVINO's float32 is slower than onnxruntime on the second companion (docs/decisions.md,
    ``RUNTIMES``): "auto" takes OpenVINO only where the CPU computes bfloat16 natively."""
    import onnxruntime

    import vision.model_files as model_files
    monkeypatch.setattr(model_files, "computes_bf16", lambda: bf16)
    session = onnx_session(COMPANION.with_suffix(".onnx"), 1, "auto", precision="f32")
    assert isinstance(session, model_files.OpenVinoSession if bf16 else onnxruntime.InferenceSession)


def test_a_classifier_is_compiled_for_one_batch_size_and_warmed_at_it(monkeypatch):
    """OpenVINO compiles a new batch size at its first run: the companions are compiled for
    ``STATIC_BATCH`` alone, every run is cut into parts of it, and the warm-up runs it once."""
    from vision.model_files import STATIC_BATCH
    session = onnx_session(COMPANION.with_suffix(".onnx"), 1, "openvino")
    assert list(session.compiled.inputs[0].get_shape()) == [STATIC_BATCH, 3, 96, 96]
    sizes = []
    real = session.run
    monkeypatch.setattr(session, "run", lambda names, feed: sizes.append(len(next(iter(feed.values()))))
                        or real(names, feed))
    session.warm()
    assert sizes == [STATIC_BATCH]


def test_the_preload_warms_each_network_of_the_chain(monkeypatch):
    import vision.classifier
    from vision.classifier import load_classifier
    from vision.model_files import OpenVinoSession
    monkeypatch.setattr(vision.classifier, "COMPANION_RUNTIME", "openvino")   # as on a CPU computing bf16
    warmed = []
    monkeypatch.setattr(OpenVinoSession, "warm", lambda self: warmed.append(self))
    clf = load_classifier(backend="onnx")
    clf.warm()
    assert warmed == [clf.companion.session, clf.companion.companion.session]


def test_the_runtime_loads_without_openvinos_converter_and_its_telemetry(tmp_path):
    """``import_openvino``: a companion's session imports OpenVINO's runtime alone; the model
    converter it leaves out would start OpenVINO's usage telemetry (and write under ~/intel)."""
    code = ("import sys; from vision.model_files import onnx_session; "
            f"onnx_session({str(COMPANION.with_suffix('.onnx'))!r}, 1, 'openvino'); "
            "print(sorted(m for m in sys.modules if m.startswith(('openvino_telemetry', 'openvino.tools'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "HOME": str(tmp_path)},
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    assert not (tmp_path / "intel").exists()


def test_threads_importing_openvino_at_once_each_get_the_whole_module():
    """The web app's preload and a photo's reading may load companions at the same moment: no
    thread may be handed OpenVINO half imported."""
    code = ("import sys, threading; from vision.model_files import import_openvino; got = []; "
            "threads = [threading.Thread(target=lambda: got.append(hasattr(import_openvino(), 'Core'))) for _ in range(4)]; "
            "[t.start() for t in threads]; [t.join() for t in threads]; "
            "print(got, 'openvino.tools.ovc' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[True, True, True, True] False"


def test_compiled_exports_are_kept_for_the_next_process_and_a_profiles_network_is_not(monkeypatch, tmp_path):
    from vision import model_files
    from vision.model_files import OpenVinoSession
    monkeypatch.setattr(model_files, "OPENVINO_CACHE", str(tmp_path / "compiled"))
    onnx = COMPANION.with_suffix(".onnx")
    OpenVinoSession(onnx, precision="f32")
    kept = sorted((tmp_path / "compiled").iterdir())
    assert kept
    # the same model's bytes (as a profile's network comes, its weights written in) add nothing
    session = OpenVinoSession(onnx.read_bytes(), precision="f32")
    assert sorted((tmp_path / "compiled").iterdir()) == kept
    x = _input(3)
    assert np.allclose(_run(session, x)[0], _run(OpenVinoSession(onnx, precision="f32"), x)[0], atol=1e-5)
    # a kept model left corrupt (a disk that filled up as it was written) is compiled afresh
    for f in kept:
        f.write_bytes(b"not a compiled model")
    assert np.allclose(_run(OpenVinoSession(onnx, precision="f32"), x)[0], _run(session, x)[0], atol=1e-5)


def test_the_compiled_models_cache_is_the_users_and_can_be_off(monkeypatch, tmp_path):
    from vision import model_files
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert model_files.openvino_cache_dir() == tmp_path / "mjtable" / "openvino"
    assert (tmp_path / "mjtable" / "openvino").is_dir()
    monkeypatch.setattr(model_files, "OPENVINO_CACHE", None)
    assert model_files.openvino_cache_dir() is None
    # a cache that cannot be made: compiling each time reads the same
    (tmp_path / "file").write_text("")
    monkeypatch.setattr(model_files, "OPENVINO_CACHE", str(tmp_path / "file" / "under"))
    assert model_files.openvino_cache_dir() is None
