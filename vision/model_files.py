"""Identity of a weights file (tile-set profiles and the tile/not-tile probe are tied to the
weights they were made with) and of its ONNX export (used only while it is the export of those
weights)."""
from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from .errors import ModelMissingError


def weights_id(path) -> str:
    """Short content hash of a weights file ("" when it does not exist)."""
    import hashlib
    p = Path(path)
    if not p.exists():
        return ""
    return hashlib.sha256(p.read_bytes()).hexdigest()[:16]


# -- ONNX exports ---------------------------------------------------------------------------------
# The read path runs the models from their ONNX export (``vision_lab.onnx_export``, written by
# ``mjtable export``) through onnxruntime or OpenVINO, so that reading never imports torch. An export is used
# only while it is the export of the weights beside it: weights trained or copied in later are
# read by torch until the export is made again.

#: Which models a reader runs: "onnx" (the export, refused when not current), "torch", or "auto"
#: (the export when it is current, else torch).
BACKENDS = ("auto", "onnx", "torch")
#: Version of the export's JSON (``ExportInfo``); an export of another version is not used.
EXPORT_FORMAT = 1


def onnx_path(weights) -> Path:
    """Where the export of ``weights`` lies: beside it, ``.onnx`` for ``.pt``."""
    return Path(weights).with_suffix(".onnx")


#: Kind of a classifier's network export, read with a tile-set profile's own weights
#: (``vision.classifier.NetworkWeights``; ``vision_lab.onnx_export.export_profile_network``):
#: batch norm folded into the convolutions, the weights set when a session is made.
NETWORK_EXPORT_KIND = "classifier-network-folded"


def network_onnx_path(weights) -> Path:
    """Where the export of classifier ``weights``'s network that a tile-set profile's session
    writes its own weights in lies (``NETWORK_EXPORT_KIND``; the profile's network read without
    torch): ``<name>.network.onnx`` beside it."""
    return Path(weights).with_name(Path(weights).stem + ".network.onnx")


def int8_onnx_path(weights) -> Path:
    """Where the 8-bit export of classifier ``weights`` lies (``vision_lab.quantize_companions``):
    ``<name>.int8.onnx`` beside it."""
    return Path(weights).with_name(Path(weights).stem + ".int8.onnx")


def info_path(onnx) -> Path:
    """The export's JSON: ``<name>.onnx.json`` beside ``<name>.onnx``."""
    return Path(onnx).with_name(Path(onnx).name + ".json")


@dataclass(frozen=True)
class ExportInfo:
    """What an ONNX export was made from, and what its runtime adapter needs without torch."""
    format: int
    kind: str                   # "detector", "classifier", NETWORK_EXPORT_KIND, "classifier-int8"
    source: str                 # the weights' file name
    source_weights_id: str      # ``weights_id`` of the weights it was exported from
    onnx_id: str                # ``weights_id`` of the ONNX file itself (a half-written or replaced one is refused)
    names: list                 # class names, in output order
    imgsz: int                  # input size the model was trained at
    stride: int | None = None   # detector: largest stride (input sides are multiples of it)
    opset: int | None = None
    torch: str | None = None    # torch version that exported it
    # a classifier's network export (NETWORK_EXPORT_KIND): each weight's name: {"shape", "offset":
    # where its raw data lies in the file}, and each convolution key folded with the batch norm
    # after it: [that batch norm's key, its epsilon]
    initializers: dict | None = None
    folds: dict | None = None
    path: Path | None = field(default=None, compare=False)   # the ONNX file (not written to the JSON)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("path")
        return d

    @classmethod
    def from_dict(cls, d: dict, path: Path | None = None) -> "ExportInfo":
        known = {f for f in cls.__dataclass_fields__ if f != "path"}
        return cls(**{k: v for k, v in d.items() if k in known}, path=path)


def current_export(weights, kind: str | None = None, onnx=None) -> ExportInfo | None:
    """The ONNX export beside ``weights`` (or at ``onnx``) when it is the export of these very
    weights, whole (both hashes its JSON names match the files as they are now) and of this
    ``EXPORT_FORMAT`` (and ``kind``, when given); else None: no export, or a stale or broken one."""
    onnx = onnx_path(weights) if onnx is None else Path(onnx)
    meta = info_path(onnx)
    if not (Path(weights).is_file() and onnx.is_file() and meta.is_file()):
        return None
    try:
        info = ExportInfo.from_dict(json.loads(meta.read_text()), path=onnx)
    except (ValueError, TypeError, OSError):
        return None
    if info.format != EXPORT_FORMAT or (kind is not None and info.kind != kind):
        return None
    if info.source_weights_id != weights_id(weights) or info.onnx_id != weights_id(onnx):
        return None
    return info


def warn_stale_export(weights, onnx=None, what: str = "reading") -> None:
    """Say so when an export lies beside ``weights`` (or at ``onnx``) but is not current (the
    reader then runs torch, several times slower to start): new weights were installed, or the
    export's format changed, without `mjtable export`. ``what``: what torch then does."""
    onnx = onnx_path(weights) if onnx is None else Path(onnx)
    if onnx.is_file():
        import warnings
        warnings.warn(f"{onnx} is not the export of {weights} as it is now: {what} with torch "
                      "(run `mjtable export`)", RuntimeWarning, stacklevel=3)


#: What can run an export (``onnx_session``): "auto" is OpenVINO where the CPU computes bfloat16
#: natively (``computes_bf16``), onnxruntime elsewhere.
RUNTIMES = ("auto", "openvino", "onnxruntime")
#: The precision OpenVINO computes in on a CPU that computes bfloat16 natively (AMX or
#: AVX-512 BF16; elsewhere float32): "bf16" or "f32". bf16 keeps float32's range with a shorter
#: mantissa; the accuracy it costs and the time it saves are in docs/decisions.md.
PRECISION = "bf16"
#: A model whose batch alone varies (a classifier's) is compiled by OpenVINO for batches of
#: exactly this size: a batch runs in parts of it, the last padded. Left free, the batch size
#: costs a compilation (~40 ms a network) at each new size's first run.
STATIC_BATCH = 8
#: OpenVINO keeps what it compiles for the shipped exports here (``$XDG_CACHE_HOME/mjtable/openvino``,
#: ``~/.cache/mjtable/openvino``), so that a new process (a cold ``mjtable read``, the web app's
#: first photo) loads the compiled networks instead of compiling them again. It is keyed by the
#: model and its settings, so new weights compile afresh. A tile-set profile's network is compiled
#: each time (its weights change with every hand learnt). None: no cache.
OPENVINO_CACHE: str | None = "auto"


def onnx_session(path, threads: int | None = None, runtime: str = "onnxruntime", precision: str | None = None):
    """A CPU session for the ONNX model at ``path``: onnxruntime's ``InferenceSession``, or with
    ``runtime`` "openvino" an ``OpenVinoSession`` (same ``run`` and ``get_inputs``) computing in
    ``precision`` (default ``PRECISION``); onnxruntime's where OpenVINO cannot be imported.
    ``runtime`` "auto": OpenVINO where the CPU computes bfloat16 natively, else onnxruntime."""
    if runtime not in RUNTIMES:
        raise ValueError(f"runtime must be one of {RUNTIMES}, not {runtime!r}")
    if runtime == "auto":
        runtime = "openvino" if computes_bf16() else "onnxruntime"
    if runtime == "openvino" and openvino_available():
        try:
            return OpenVinoSession(path, threads, PRECISION if precision is None else precision)
        except ImportError:         # installed but unusable here: onnxruntime reads as well, slower
            pass
    return onnxruntime().InferenceSession(path if isinstance(path, bytes) else str(path),
                                          sess_options=_ort_options(threads), providers=["CPUExecutionProvider"])


def onnx_session_with(path, weights: dict[str, np.ndarray], places: dict[str, int], threads: int | None = None,
                      onnx_id: str | None = None, runtime: str = "onnxruntime"):
    """A session (``runtime``, as ``onnx_session``) of the ONNX model at ``path`` with ``weights``
    ({initializer name: float32 array}) in place of its own: each array's bytes written over that
    initializer's raw data, which lies at byte ``places[name]`` of the file
    (``ExportInfo.initializers``; the same length, so the file stays valid). A tile-set profile's
    network, whose weights are then the model's own: onnxruntime lays out a
    model's own weights for its convolutions once (its NCHWc transformer, which ignores weights
    given with ``SessionOptions.add_initializer``), and weights fed at each run not at all (3×
    slower). ``onnx_id``: the file's ``weights_id`` its JSON names; bytes read otherwise (the
    export replaced since it was checked) are refused with ``ValueError``."""
    import hashlib
    data = Path(path).read_bytes()
    if onnx_id is not None and hashlib.sha256(data).hexdigest()[:16] != onnx_id:
        raise ValueError(f"{path} has changed since it was checked: run `mjtable export` again")
    model = bytearray(data)
    for name, array in weights.items():
        raw = np.ascontiguousarray(array, "<f4").tobytes()
        start = int(places[name])
        if start < 0 or start + len(raw) > len(model):
            raise ValueError(f"{name} does not lie where the export says")
        model[start:start + len(raw)] = raw
    return onnx_session(bytes(model), threads, runtime)


def _ort_options(threads: int | None = None):
    options = onnxruntime().SessionOptions()
    options.log_severity_level = 3          # warnings about unused initialisers are not the user's business
    # No busy-waiting between operators: spinning worker threads took the CPU from decoding and
    # cropping between the model runs (`mjtable bench read`'s median on the 2-core machine under
    # load: 227-338 ms spinning, 108-177 ms not).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    if threads:
        options.intra_op_num_threads = int(threads)
    return options


def onnxruntime():
    """The ``onnxruntime`` module with its usage telemetry off. Since 1.2x its Linux wheels log
    each session (OS, CPU, Python path, a device id) to ~/.cache/Microsoft/DeveloperTools for
    upload; ``ORT_DISABLE_TELEMETRY``, read when the module loads, turns that off. A table's camera
    assistant sends nothing anywhere (as ``import_openvino`` below)."""
    import os
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    import onnxruntime as ort
    return ort


def export_for(weights, backend: str, kind: str) -> tuple[bool, ExportInfo | None]:
    """(run from the ONNX export?, its info when current) for ``weights`` read with ``backend``
    ("auto": the export when it is current, warning when it is stale; "onnx"; "torch")."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {BACKENDS}, not {backend!r}")
    if backend == "torch":
        return False, None
    info = current_export(weights, kind=kind)
    if info is None and backend == "auto":
        warn_stale_export(weights)
    return info is not None or backend == "onnx", info


def int8_export(weights, runtime: str = "auto") -> ExportInfo | None:
    """The current 8-bit export of classifier ``weights`` (``int8_onnx_path``) where ``runtime``
    runs onnxruntime ("onnxruntime", or "auto" on a CPU without bfloat16); None elsewhere, or when
    there is no current one (the float32 export is read then)."""
    if runtime not in RUNTIMES:
        raise ValueError(f"runtime must be one of {RUNTIMES}, not {runtime!r}")
    if (runtime == "openvino" and openvino_available()) or (runtime == "auto" and computes_bf16()):
        return None
    return current_export(weights, kind="classifier-int8", onnx=int8_onnx_path(weights))


def open_export(weights, kind: str, export: ExportInfo | None = None, threads: int | None = None,
                runtime: str = "onnxruntime"):
    """(export info, session (``onnx_session``'s, of ``runtime``), its input's name) of the current
    ONNX export of ``weights``; ``ModelMissingError`` when there is none."""
    info = export or current_export(weights, kind=kind)
    if info is None:
        raise ModelMissingError(f"no current ONNX export of the {kind} weights {weights} (run `mjtable export`)")
    session = onnx_session(info.path, threads, runtime)
    return info, session, session.get_inputs()[0].name


_OPENVINO_IMPORT_LOCK = threading.Lock()


def import_openvino():
    """The ``openvino`` package without its model converter. ``import openvino`` also imports
    ``openvino.tools.ovc``, which reading never uses: it costs ~0.15 s and starts OpenVINO's usage
    telemetry, which is sent to Google Analytics unless the user has opted out and is counted in
    ~/intel. A table's camera assistant sends nothing anywhere. openvino's ``__init__`` skips the
    converter when importing it fails, which a ``None`` entry in ``sys.modules`` makes it do; the
    entry is removed afterwards, so a later ``import openvino.tools.ovc`` works as usual (but
    ``openvino.convert_model`` stays missing: nothing here converts models)."""
    import sys
    with _OPENVINO_IMPORT_LOCK:     # threads that load companions at once import it once
        blocked = "openvino" not in sys.modules and "openvino.tools.ovc" not in sys.modules
        if blocked:
            sys.modules["openvino.tools.ovc"] = None
        try:
            import openvino         # an import already made elsewhere is simply returned
        finally:
            if blocked and sys.modules.get("openvino.tools.ovc", False) is None:
                del sys.modules["openvino.tools.ovc"]
    return openvino


_BF16: bool | None = None


def computes_bf16() -> bool:
    """Whether OpenVINO is installed and computes bfloat16 natively on this CPU (AMX or AVX-512
    BF16). Only there is it faster than onnxruntime on the companions; on a CPU without it
    OpenVINO computes in float32, slower than onnxruntime (docs/decisions.md, ``RUNTIMES``)."""
    global _BF16
    if _BF16 is None:
        _BF16 = openvino_available() and "BF16" in import_openvino().Core().get_property(
            "CPU", "OPTIMIZATION_CAPABILITIES")
    return _BF16


def openvino_available() -> bool:
    """Whether OpenVINO is installed (a dependency; where it cannot be installed or imported,
    onnxruntime runs every export, giving the same readings more slowly)."""
    import importlib.util
    return importlib.util.find_spec("openvino") is not None


def openvino_cache_dir() -> Path | None:
    """Where OpenVINO keeps compiled models (``OPENVINO_CACHE``), made if need be; None when off
    or when it cannot be made (a read-only home: compiling each time reads the same)."""
    if OPENVINO_CACHE is None:
        return None
    import os
    if OPENVINO_CACHE == "auto":
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        path = Path(base) / "mjtable" / "openvino"
    else:
        path = Path(OPENVINO_CACHE)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None


@dataclass(frozen=True)
class SessionInput:
    """What the adapters ask of an input: its name and shape (onnxruntime's ``NodeArg`` has both)."""
    name: str
    shape: list


class OpenVinoSession:
    """An ONNX model compiled by OpenVINO for the CPU, with the part of onnxruntime's
    ``InferenceSession`` the adapters use: ``get_inputs()`` and ``run(output_names, feed)``.
    ``run`` may be called from several threads at once (each thread has its own request)."""

    def __init__(self, path, threads: int | None = None, precision: str = "bf16"):
        ov = import_openvino()
        if precision not in ("bf16", "f32"):
            raise ValueError(f"precision must be 'bf16' or 'f32', not {precision!r}")
        core = ov.Core()
        if precision == "bf16" and not computes_bf16():
            precision = "f32"
        config = {"INFERENCE_PRECISION_HINT": precision, "PERFORMANCE_HINT": "LATENCY"}
        if threads:
            config["INFERENCE_NUM_THREADS"] = int(threads)
        self.precision = precision
        # a model's bytes too (a tile-set profile's network, its weights written in: onnx_session_with),
        # compiled each time: its weights change with every hand learnt
        from_bytes = isinstance(path, bytes)
        cache = None if from_bytes else openvino_cache_dir()
        if cache is not None:
            config["CACHE_DIR"] = str(cache)
        model = core.read_model(path if from_bytes else str(path))
        self._inputs = [SessionInput(p.get_any_name(), [d.get_length() if d.is_static else None
                                                        for d in p.get_partial_shape()])
                        for p in model.inputs]
        # one input, whose batch alone varies (a classifier's): compiled for STATIC_BATCH
        shape = self._inputs[0].shape if len(self._inputs) == 1 else []
        self._static_batch = (len(shape) > 1 and shape[0] is None and None not in shape[1:]
                              and all(o.get_partial_shape()[0].is_dynamic for o in model.outputs))
        if self._static_batch:
            model.reshape({self._inputs[0].name: [STATIC_BATCH, *shape[1:]]})
        self.compiled = core.compile_model(model, "CPU", config)
        self._outputs = [p.get_any_name() for p in self.compiled.outputs]
        self._local = threading.local()

    def get_inputs(self) -> list[SessionInput]:
        return list(self._inputs)

    def warm(self) -> None:
        """Run a model compiled for ``STATIC_BATCH`` once (a blank batch), so that a reading never
        waits for OpenVINO's first run (``vision.reader.preload``); other models are left alone."""
        if not self._static_batch:
            return
        shape = self._inputs[0].shape[1:]
        self.run(None, {self._inputs[0].name: np.zeros([STATIC_BATCH, *shape], np.float32)})

    def run(self, output_names, feed: dict) -> list:
        request = getattr(self._local, "request", None)
        if request is None:
            request = self._local.request = self.compiled.create_infer_request()
        names = self._outputs if output_names is None else list(output_names)
        if not self._static_batch:
            return self._outputs_of(request.infer(feed), names)
        (name, x), = feed.items()
        n = len(x)
        # padded with blank crops to whole parts (one for an empty batch: onnxruntime gives outputs of no rows)
        padded = max(1, -(-n // STATIC_BATCH)) * STATIC_BATCH
        if padded != n:
            x = np.concatenate([x, np.zeros((padded - n,) + x.shape[1:], x.dtype)])
        parts = [self._outputs_of(request.infer({name: x[start:start + STATIC_BATCH]}), names)
                 for start in range(0, padded, STATIC_BATCH)]
        return [np.concatenate([p[i] for p in parts])[:n] for i in range(len(names))]

    @staticmethod
    def _outputs_of(result, names) -> list:
        # the request's output buffers are reused by its next run: hand out copies
        by_name = {k.get_any_name(): v for k, v in result.items()}
        return [np.array(by_name[n], dtype=np.float32, copy=True) for n in names]
