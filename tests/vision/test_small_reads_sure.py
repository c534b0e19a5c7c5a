"""Small reads are judged by the photo's sure tiles (vision.reader.SMALL_READ_SURE): unsure reads
in number, a score sheet's letters beside the hand, do not shrink the size they are judged by."""
from vision.reader import SMALL_READ_SURE, without_small_reads
from vision.types import TileRead


def _read(x, side, conf):
    return TileRead(code="5p", box=(x, 0.0, x + side * 0.75, float(side)), confidence=conf)


def test_letters_read_unsure_beside_sure_tiles_are_left_out():
    tiles = [_read(100 * k, 80, 0.9) for k in range(5)]
    letters = [_read(600 + 30 * k, 40, 0.4) for k in range(8)]     # half a tile: more of them than tiles
    kept = without_small_reads(tiles + letters, 0.6, sure=SMALL_READ_SURE)
    assert kept == tiles
    # judged by every read, the letters set the median and stay
    assert without_small_reads(tiles + letters, 0.6) == tiles + letters


def test_a_photo_without_enough_sure_reads_is_judged_by_all_of_them():
    unsure = [_read(100 * k, 80, 0.5) for k in range(5)] + [_read(600, 30, 0.5)]
    kept = without_small_reads(unsure, 0.6, sure=SMALL_READ_SURE)
    assert kept == unsure[:5]                                       # the median of all: the sliver goes
    few_sure = [_read(100 * k, 80, 0.9) for k in range(3)] + [_read(400 + 30 * k, 40, 0.4) for k in range(6)]
    assert without_small_reads(few_sure, 0.6, sure=SMALL_READ_SURE) == few_sure      # 3 sure: too few
