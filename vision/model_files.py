"""Identity of a weights file (tile-set profiles and the tile/not-tile probe are tied to the
weights they were made with) and of its ONNX export (used only while it is the export of those
weights)."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

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
# ``mjtable export``) through onnxruntime, so that reading never imports torch. An export is used
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


def info_path(onnx) -> Path:
    """The export's JSON: ``<name>.onnx.json`` beside ``<name>.onnx``."""
    return Path(onnx).with_name(Path(onnx).name + ".json")


@dataclass(frozen=True)
class ExportInfo:
    """What an ONNX export was made from, and what its runtime adapter needs without torch."""
    format: int
    kind: str                   # "detector" or "classifier"
    source: str                 # the weights' file name
    source_weights_id: str      # ``weights_id`` of the weights it was exported from
    onnx_id: str                # ``weights_id`` of the ONNX file itself (a half-written or replaced one is refused)
    names: list                 # class names, in output order
    imgsz: int                  # input size the model was trained at
    stride: int | None = None   # detector: largest stride (input sides are multiples of it)
    opset: int | None = None
    torch: str | None = None    # torch version that exported it
    path: Path | None = field(default=None, compare=False)   # the ONNX file (not written to the JSON)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("path")
        return d

    @classmethod
    def from_dict(cls, d: dict, path: Path | None = None) -> "ExportInfo":
        known = {f for f in cls.__dataclass_fields__ if f != "path"}
        return cls(**{k: v for k, v in d.items() if k in known}, path=path)


def current_export(weights, kind: str | None = None) -> ExportInfo | None:
    """The ONNX export beside ``weights`` when it is the export of these very weights, whole
    (both hashes its JSON names match the files as they are now) and of this ``EXPORT_FORMAT``
    (and ``kind``, when given); else None: no export, or a stale or broken one."""
    onnx = onnx_path(weights)
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


def warn_stale_export(weights) -> None:
    """Say so when an export lies beside ``weights`` but is not current (the reader then runs
    torch, several times slower to start): new weights were installed without `mjtable export`."""
    onnx = onnx_path(weights)
    if onnx.is_file():
        import warnings
        warnings.warn(f"{onnx} is not the export of {weights} as it is now: reading with torch "
                      "(run `mjtable export`)", RuntimeWarning, stacklevel=3)


def onnx_session(path, threads: int | None = None):
    """An onnxruntime CPU session for the model at ``path``."""
    import onnxruntime as ort
    options = ort.SessionOptions()
    options.log_severity_level = 3          # warnings about unused initialisers are not the user's business
    # No busy-waiting between operators: spinning worker threads took the CPU from decoding and
    # cropping between the model runs (`mjtable bench read`'s median on the 2-core machine under
    # load: 227-338 ms spinning, 108-177 ms not).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    if threads:
        options.intra_op_num_threads = int(threads)
    return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])


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


def open_export(weights, kind: str, export: ExportInfo | None = None, threads: int | None = None):
    """(export info, onnxruntime session, its input's name) of the current ONNX export of
    ``weights``; ``ModelMissingError`` when there is none."""
    info = export or current_export(weights, kind=kind)
    if info is None:
        raise ModelMissingError(f"no current ONNX export of the {kind} weights {weights} (run `mjtable export`)")
    session = onnx_session(info.path, threads)
    return info, session, session.get_inputs()[0].name

