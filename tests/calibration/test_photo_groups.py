"""The real photo groups of the calibration evidence (vision_lab.calibration_eval): which photos each
keeps, and that the one-session group gives one example per code and says where its tuning part
ends. The last test reads ../shared (skipped without it)."""
import pytest

from vision_lab.calibration_eval import DATA, PHOTO_GROUPS, PHOTOS, PhotoGroup, photo_set, set_index


def test_a_group_keeps_its_prefix_and_numbers_per_split():
    group = PhotoGroup("hand_", calibration=((91, 101), (110, 117)), valid=((15, 20),))
    assert group.keeps("train", "hand_091_jpg.rf.x.jpg")
    assert group.keeps("train", "hand_101_jpg.rf.x.jpg") and group.keeps("train", "hand_110_jpg.rf.x.jpg")
    assert group.keeps("train", "hand_117_jpg.rf.x.jpg")
    assert not group.keeps("train", "hand_090_jpg.rf.x.jpg")
    assert not group.keeps("train", "hand_105_jpg.rf.x.jpg")      # between the ranges
    assert not group.keeps("train", "hand_118_jpg.rf.x.jpg")
    assert group.keeps("valid", "hand_015_jpg.rf.x.jpg")
    assert not group.keeps("valid", "hand_014_jpg.rf.x.jpg")
    assert group.keeps("test", "hand_001_jpg.rf.x.jpg")          # no ranges: every test photo
    assert not group.keeps("test", "IMG_2023_jpg.rf.x.jpg")       # another prefix
    assert not group.keeps("train", "hand_x91_jpg.rf.x.jpg")      # no number where one is needed


def test_the_whole_group_keeps_every_photo_of_its_prefix():
    group = PHOTO_GROUPS["hand_photos"]
    assert all(group.keeps(split, "hand_200_jpg.rf.x.jpg") for split in ("train", "valid", "test"))
    assert group.upright_aspect == (1.2, 1.6)


def test_sets_outside_the_default_list_draw_after_it():
    assert set_index("hand_photos") == 0
    # a photo group has no draw; the rendered sets outside the list keep theirs
    assert set_index("hand_session_photos") == set_index("riichi") == 4


@pytest.mark.skipif(not (DATA / PHOTOS / "train").exists(), reason="../shared photo set not present")
def test_the_one_session_group_has_an_example_per_code_and_a_tuning_part():
    calib, codes, test, truth = photo_set(PHOTO_GROUPS["hand_session_photos"])
    assert len(calib) == len(codes) == len(set(codes))
    # Its train photos show every suit and honour, and two of the flowers.
    assert set(codes) == {f"{n}{s}" for s in "mps" for n in range(1, 10)} | {f"{n}z" for n in range(1, 8)} | {"4f", "7f"}
    # valid photos hand_015-020 first (66 tiles), then the 20 test photos (277); 6 valid flower
    # tiles have no example and are left out
    assert (test.n_valid, len(test), len(truth), test.left_out) == (66, 343, 343, 6)
    assert set(truth) <= set(codes)
    whole = photo_set(PHOTO_GROUPS["hand_photos"])[2]
    assert (whole.n_valid, len(whole), whole.left_out) == (288, 565, 0)


@pytest.mark.skipif(not (DATA / PHOTOS / "train").exists(), reason="../shared photo set not present")
def test_the_tray_group_is_one_set_without_flowers():
    calib, codes, test, truth = photo_set(PHOTO_GROUPS["img_photos"])
    assert codes == [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    # every valid IMG_* tile first (the tuning part), then every test one; none left out
    assert (test.n_valid, len(test), len(truth), test.left_out) == (3293, 4937, 4937, 0)
    assert PHOTO_GROUPS["img_photos"].keeps("test", "IMG_20231217_174242_jpg.rf.x.jpg")
    assert not PHOTO_GROUPS["img_photos"].keeps("test", "hand_001_jpg.rf.x.jpg")


def test_examples_are_each_codes_largest_or_a_draw_among_its_crops():
    import numpy as np
    from vision_lab.calibration_eval import choose_examples
    # (crop, code, area): three crops of 2m (the second largest, the third as large), one of 1z
    crops = [np.full((4, 4, 3), v, np.uint8) for v in range(4)]
    candidates = [(crops[0], "2m", 10.0), (crops[1], "2m", 30.0), (crops[2], "1z", 5.0), (crops[3], "2m", 30.0)]
    largest = choose_examples(candidates)
    assert [code for _, code in largest] == ["2m", "1z"]                # ALL_CODES order
    assert largest[0][0] is crops[1] and largest[1][0] is crops[2]      # the first of the largest
    draws = [choose_examples(candidates, draw=d) for d in range(40)]
    assert all([c for _, c in x] == ["2m", "1z"] for x in draws)
    assert {id(x[0][0]) for x in draws} == {id(crops[0]), id(crops[1]), id(crops[3])}   # any 2m crop
    assert [x[0][0] is y[0][0] for x, y in zip(draws, [choose_examples(candidates, draw=d) for d in range(40)])] \
        == [True] * 40                                                  # a draw repeats
