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
        scale = args[0] if args else kwargs.get("scale", 1.0)
        # each face-up detection's box as a read of it gives it, with the detection's confidence
        seen.append(([(float(c), tuple(round(float(v) * scale, 3) for v in box))
                      for c, box, n in zip(dets.confidence, dets.xyxy, names) if n != "back"], out))
        return out
    monkeypatch.setattr(TileReader, "read_detections", recording)
    whole = [r for r in TileReader().read(PHOTO) if not r.face_down]
    seen.clear()
    capped = [r for r in TileReader(config=ReaderConfig(max_face_up_read=5)).read(PHOTO) if not r.face_down]
    assert len(whole) == 13 and 0 < len(capped) <= 5
    assert seen
    for detections, out in seen:           # every look read: its five surest face-up detections at most
        read = [r for r in out if not r.face_down]
        assert len(read) <= 5
        surest = {box for _, box in sorted(detections, key=lambda d: -d[0])[:5]}
        assert all(tuple(round(v, 3) for v in r.box) in surest for r in read), (detections, read)
    # the reads kept are of the surest detections: as sure as the reader's whole reading's best
    assert sorted(r.confidence for r in capped)[-1] == pytest.approx(max(r.confidence for r in whole), abs=0.02)


def test_a_photo_of_unsure_reads_alone_is_read_as_no_tiles():
    # the noise picture's 36 reads, all 0.15-0.38, each a tile for the player to delete
    from vision.reader import UNSURE_PHOTO_BELOW, UNSURE_PHOTO_LEAST, without_unsure_photo
    from vision.types import TileRead
    assert (UNSURE_PHOTO_BELOW, UNSURE_PHOTO_LEAST) == (0.5, 5)

    def reads(*confidences, back=False):
        return [TileRead(code="1m", box=(10.0 * k, 0.0, 10.0 * k + 9, 12.0), confidence=c) for k, c in
                enumerate(confidences)] + ([TileRead(code=None, box=(0, 20, 9, 32), confidence=0.6, face_down=True)]
                                           if back else [])
    assert without_unsure_photo(reads(0.2, 0.3, 0.38, 0.25, 0.17, back=True), 0.5, 5) == []
    kept = reads(0.2, 0.3, 0.38, 0.25, 0.6)                  # one sure read: the photo is of tiles
    assert without_unsure_photo(kept, 0.5, 5) == kept
    few = reads(0.2, 0.3, 0.38, 0.25)                        # a close-up of a few unsure tiles stays
    assert without_unsure_photo(few, 0.5, 5) == few
    assert without_unsure_photo(reads(0.2, 0.3, 0.38, 0.25, 0.17), None, 5) != []


def test_the_unsure_photo_rule_judges_the_reading_as_finally_chosen(monkeypatch):
    # applied inside a reading, it emptied a photo before the photo was read turned upright
    from vision.types import TileRead, TileReads
    unsure = TileReads([TileRead(code="1m", box=(10.0 * k, 0.0, 10.0 * k + 9, 12.0), confidence=0.3) for k in range(6)],
                       damage="a line of grey", frame=(100.0, 50.0))
    reader = TileReader.__new__(TileReader)
    reader.config = ReaderConfig()
    monkeypatch.setattr(TileReader, "_read", lambda self, *args, **kwargs: unsure)
    got = reader.read(PHOTO)
    assert list(got) == [] and got.damage == "a line of grey" and got.frame == (100.0, 50.0)   # grouping's frame kept
    sure = TileReads(list(unsure) + [TileRead(code="2m", box=(70.0, 0.0, 79.0, 12.0), confidence=0.9)])
    monkeypatch.setattr(TileReader, "_read", lambda self, *args, **kwargs: sure)
    assert reader.read(PHOTO) is sure
