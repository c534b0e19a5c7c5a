"""The real photo groups of the calibration evidence (vision.calibration_eval): which photos each
keeps, and that the one-session group gives one example per code and says where its tuning part
ends. The last test reads ../shared (skipped without it)."""
import pytest

from vision.calibration_eval import DATA, PHOTO_GROUPS, PHOTOS, PhotoGroup, photo_set, set_index


def test_a_group_keeps_its_prefix_and_numbers_per_split():
    group = PhotoGroup("hand_", calibration=(91, 144), valid=(15, 20))
    assert group.keeps("train", "hand_091_jpg.rf.x.jpg")
    assert group.keeps("train", "hand_144_jpg.rf.x.jpg")
    assert not group.keeps("train", "hand_090_jpg.rf.x.jpg")
    assert not group.keeps("train", "hand_145_jpg.rf.x.jpg")
    assert group.keeps("valid", "hand_015_jpg.rf.x.jpg")
    assert not group.keeps("valid", "hand_014_jpg.rf.x.jpg")
    assert group.keeps("test", "hand_001_jpg.rf.x.jpg")          # no numbers: every test photo
    assert not group.keeps("test", "IMG_2023_jpg.rf.x.jpg")       # another prefix
    assert not group.keeps("train", "hand_x91_jpg.rf.x.jpg")      # no number where one is needed


def test_the_whole_group_keeps_every_photo_of_its_prefix():
    group = PHOTO_GROUPS["hand_photos"]
    assert all(group.keeps(split, "hand_200_jpg.rf.x.jpg") for split in ("train", "valid", "test"))
    assert group.upright_aspect == (1.2, 1.6)


def test_sets_outside_the_default_list_draw_after_it():
    assert set_index("hand_photos") == 0
    assert set_index("hand_session_photos") == 4 and set_index("riichi") == 5


@pytest.mark.skipif(not (DATA / PHOTOS / "train").exists(), reason="../shared photo set not present")
def test_the_one_session_group_has_an_example_per_code_and_a_tuning_part():
    calib, codes, test, truth = photo_set(PHOTO_GROUPS["hand_session_photos"])
    assert len(calib) == len(codes) == len(set(codes))
    # Its train photos show every suit and honour (flowers: only those the session's photos hold).
    assert {f"{n}{s}" for s in "mps" for n in range(1, 10)} | {f"{n}z" for n in range(1, 8)} <= set(codes)
    assert 0 < test.n_valid < len(test) == len(truth)
    whole = photo_set(PHOTO_GROUPS["hand_photos"])[2]
    assert len(test) < len(whole)                 # the session is a part of the group's photos
