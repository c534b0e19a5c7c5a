"""A picture with no tile in it (grain, gravel, printed cloth) is read as no tiles at once
(``vision.reader.TILE_FREE_SHARE``): its boxes looked like tiles to no probe, yet each was read by
every network, the picture turned both ways, for up to 48 s, and its guesses had to be deleted."""
import numpy as np
import pytest

from vision.face_up import Sight
from vision.reader import TILE_FREE_SHARE, ReaderConfig, TileReader
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
