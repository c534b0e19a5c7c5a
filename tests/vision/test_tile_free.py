"""A picture with no tile in it (grain, gravel, printed cloth) is read as no tiles at once
(``vision.reader.TILE_FREE_SHARE``): its boxes looked like tiles to no probe, yet each was read by
every network, the picture turned both ways, for up to 48 s, and its guesses had to be deleted."""
import numpy as np
import pytest

from vision.face_up import Sight
from vision.reader import (REPEATED_FACE_MOST, TILE_FREE_SHARE, ReaderConfig, TileReader, repeated_faces,
                          without_repeated_faces)
from vision.types import TileRead
from vision_lab.synth.tile_free import KINDS, TILE_FREE_PART, tile_free_picture, write_tile_free


class _ShareProbe:
    """A tileness probe that calls a feature row a tile when its first value is positive."""
    def is_tile(self, features):
        return np.asarray(features)[:, 0] > 0


def _reader(**config) -> TileReader:
    reader = TileReader.__new__(TileReader)
    reader.config = ReaderConfig(**config)
    reader.tileness = reader.photo_tileness = _ShareProbe()
    return reader


def _sight(tile_like: int, other: int) -> Sight:
    n = tile_like + other
    return Sight([TileRead(code="", box=(10.0 * k, 0.0, 10.0 * k + 9, 12.0), confidence=0.0) for k in range(n)],
                 np.array([[1.0]] * tile_like + [[-1.0]] * other, np.float32))


def test_a_photo_whose_boxes_mostly_look_like_no_tile_is_tile_free():
    assert TILE_FREE_SHARE == 0.25
    reader = _reader()
    assert reader.looks_tile_free(_sight(1, 9))          # 10 % tile-like
    assert reader.looks_tile_free(_sight(2, 7))          # 22 %
    assert not reader.looks_tile_free(_sight(3, 9))      # 25 %: as many as the share asks
    assert not reader.looks_tile_free(_sight(5, 5))
    assert not reader.looks_tile_free(_sight(0, 4))      # a close-up of a few odd boxes is read
    assert not _reader(tile_free_share=None).looks_tile_free(_sight(0, 10))
    no_probe = _reader()
    no_probe.photo_tileness = None
    assert not no_probe.looks_tile_free(_sight(0, 10))


def test_a_face_named_on_more_boxes_than_three_sets_hold_is_not_tile_like():
    assert REPEATED_FACE_MOST == 12
    codes = ["1p"] * 13 + ["2p", "3z"]
    assert repeated_faces(codes, 12, 15).tolist() == [True] * 13 + [False, False]
    assert not repeated_faces(["1p"] * 12 + ["2p"], 12, 13).any()          # three sets' worth is not
    assert not repeated_faces(codes, None, 15).any()
    assert not repeated_faces([], 12, 15).any()                             # no codes at sight
    reader = _reader()
    printed = _sight(15, 0)
    printed.codes = tuple(codes)
    assert reader.looks_tile_free(printed)                                  # 2 of 15 tile-like
    printed.codes = tuple(["1p"] * 12 + ["2p", "3z", "4z"])
    assert not reader.looks_tile_free(printed)
    printed.codes = tuple(codes)
    assert not _reader(repeated_face_most=None).looks_tile_free(printed)


def test_reads_of_a_face_read_more_often_than_three_sets_hold_are_left_out():
    def read(code, k, face_down=False):
        return TileRead(code=code, box=(10.0 * k, 0.0, 10.0 * k + 9, 12.0), confidence=0.9, face_down=face_down)
    hand = [read(c, k) for k, c in enumerate(["1m", "2m", "3m", "5z"])]
    printed = [read("5z", 10 + k) for k in range(13)]
    backs = [read(None, 30 + k, face_down=True) for k in range(14)]
    assert without_repeated_faces(hand + printed + backs, 12) == hand[:3] + backs   # backs are no face
    assert without_repeated_faces(hand + printed[:11], 12) == hand + printed[:11]    # 12 5z: kept
    assert without_repeated_faces(hand + printed, None) == hand + printed


def _shipped_reader_or_skip(**config) -> TileReader:
    from vision.detector import DEFAULT_WEIGHTS
    from vision.model_files import current_export
    if current_export(DEFAULT_WEIGHTS, "detector") is None:
        pytest.skip("no current export of the shipped detector")
    return TileReader(config=ReaderConfig(**config))


def test_a_printed_cloth_is_read_as_no_tiles_without_classifying_its_boxes(monkeypatch):
    # a cloth printed with rings and petals: 35 boxes at sight, none tile-like
    picture = tile_free_picture(np.random.default_rng([2, TILE_FREE_PART, 2]), kind="print")
    before = _shipped_reader_or_skip(tile_free_share=None).read(picture)
    assert len([r for r in before if not r.face_down]) >= 5      # what the player had to delete
    reader = _shipped_reader_or_skip()
    classified = []
    real = TileReader.read_detections
    monkeypatch.setattr(TileReader, "read_detections",
                        lambda self, *a, **k: classified.append(1) or real(self, *a, **k))
    assert list(reader.read(picture)) == [] and classified == []


def test_tile_free_pictures_are_written_with_empty_labels(tmp_path):
    out = write_tile_free(tmp_path / "d", len(KINDS), seed=3, size=(96, 64))
    images = sorted((out / "images").glob("*.jpg"))
    assert [p.stem.rsplit("_", 1)[1] for p in images] == list(KINDS)
    assert all((out / "labels" / f"{p.stem}.txt").read_text() == "" for p in images)
    import cv2
    assert cv2.imread(str(images[0])).shape == (64, 96, 3)
    again = tile_free_picture(np.random.default_rng([3, TILE_FREE_PART, 0]), (96, 64), KINDS[0])
    assert again.shape == (64, 96, 3)
    with pytest.raises(ValueError, match="unknown kind"):
        tile_free_picture(np.random.default_rng(0), kind="carpet")


def test_tile_free_negatives_go_with_the_probe_fitted_on_scenes(capsys):
    from vision_lab.tileness_fit import main
    with pytest.raises(SystemExit):
        main(["--tile-free", "10"])
    assert "--tile-free goes with the probe fitted on rendered scenes" in capsys.readouterr().err


def test_rings_printed_on_a_cloth_are_no_tiles_though_tile_like(monkeypatch):
    # one ring named 1p on dozens of boxes, tile-like to the probes: read as 68 1p in 23 s
    from collections import Counter
    picture = tile_free_picture(np.random.default_rng([5, TILE_FREE_PART, 16]), kind="print")
    reader = _shipped_reader_or_skip()
    sight = reader.faces_at_sight(reader._detect(reader.detector, picture, {"detect_ms": 0.0}), picture)
    assert Counter(sight.codes).most_common(1)[0][1] > REPEATED_FACE_MOST
    assert not _shipped_reader_or_skip(repeated_face_most=None).looks_tile_free(sight)
    assert reader.looks_tile_free(sight)
    classified = []
    real = TileReader.read_detections
    monkeypatch.setattr(TileReader, "read_detections",
                        lambda self, *a, **k: classified.append(1) or real(self, *a, **k))
    assert list(reader.read(picture)) == [] and classified == []
