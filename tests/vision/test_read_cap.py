"""The reader reads at most ``MAX_FACE_UP_READ`` face-up detections of a look, the surest first: a
picture of random noise gave 290 detections, each read by every network, for 6-15 s."""
from pathlib import Path

import pytest

from vision.reader import MAX_FACE_UP_READ, ReaderConfig, TileReader

PHOTO = Path(__file__).resolve().parents[1] / "fixtures" / "vision" / "hands" / "hand_riichi_concealed_kong.jpg"


def test_a_look_reads_its_surest_face_up_detections_up_to_the_cap(monkeypatch):
    from vision.detector import DEFAULT_WEIGHTS
    from vision.model_files import current_export
    if current_export(DEFAULT_WEIGHTS, "detector") is None:
        pytest.skip("no current export of the shipped detector")
    assert MAX_FACE_UP_READ == 150        # above every shared photo's and tuning scene's (116 at most)
    seen = []
    real = TileReader.read_detections

    def recording(self, src, dets, *args, **kwargs):
        out = real(self, src, dets, *args, **kwargs)
        names = dets.names()
        seen.append(([float(c) for c, n in zip(dets.confidence, names) if n != "back"], out))
        return out
    monkeypatch.setattr(TileReader, "read_detections", recording)
    whole = [r for r in TileReader().read(PHOTO) if not r.face_down]
    seen.clear()
    capped = [r for r in TileReader(config=ReaderConfig(max_face_up_read=5)).read(PHOTO) if not r.face_down]
    assert len(whole) == 13 and 0 < len(capped) <= 5
    for confidences, out in seen:          # every look read: its five surest face-up detections at most
        assert len([r for r in out if not r.face_down]) <= 5
    # the reads kept are of the surest detections: as sure as the reader's whole reading's best
    assert sorted(r.confidence for r in capped)[-1] == pytest.approx(max(r.confidence for r in whole), abs=0.02)
