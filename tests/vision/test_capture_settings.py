"""The capture settings the reader is measured under (vision_lab.capture_settings): each does what
its name says to a photo, reproducibly, and the command writes a labelled copy."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision_lab.capture_settings import BLUR_SIGMA, BRIGHT_GAIN, blur, bright, glare, line_kernel, main, shake



def _edges(image: np.ndarray) -> float:
    return float(np.abs(cv2.Laplacian(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.CV_32F)).mean())


def _checker(side: int = 240) -> np.ndarray:
    cells = (np.indices((side, side)) // 12).sum(axis=0) % 2
    return np.repeat((60 + 160 * cells).astype(np.uint8)[..., None], 3, axis=2)


def labelled_folder(tmp_path):
    """An empty labelled folder (images/, labels/, data.yaml) under ``tmp_path``."""
    src = tmp_path / "src"
    (src / "images").mkdir(parents=True)
    (src / "labels").mkdir()
    (src / "data.yaml").write_text("names: ['bs1']\n")
    return src


def test_blur_softens_the_edges_by_the_seeds_amount():
    sharp = _checker()
    soft = blur(sharp, np.random.default_rng(1))
    assert soft.shape == sharp.shape and _edges(soft) < 0.6 * _edges(sharp)
    assert np.array_equal(soft, blur(sharp, np.random.default_rng(1)))
    # the seed draws the amount within BLUR_SIGMA, a share of the longer side: a Gaussian of that sigma
    share = np.random.default_rng(1).uniform(*BLUR_SIGMA)
    assert BLUR_SIGMA[0] <= share <= BLUR_SIGMA[1]
    assert np.array_equal(soft, cv2.GaussianBlur(sharp, (0, 0), share * max(sharp.shape[:2])))
    assert not np.array_equal(soft, blur(sharp, np.random.default_rng(2)))
    assert _edges(blur(sharp, share=2 * share)) < _edges(soft)       # more blur, softer edges


def test_bright_burns_the_light_parts_white_and_lifts_the_rest():
    out = bright(_checker())
    assert int(out.max()) == 255 and int(out.min()) == round(60 * BRIGHT_GAIN)


def test_glare_adds_white_spots_and_takes_no_light_away():
    flat = np.full((200, 300, 3), 120, np.uint8)
    out = glare(flat, np.random.default_rng(2))
    assert out.min() >= 120 and out.max() > 200
    assert (out.mean(axis=2) > 180).mean() < 0.5           # spots, not a veil over the photo
    assert np.array_equal(out, glare(flat, np.random.default_rng(2)))


def test_the_command_writes_each_setting_as_a_labelled_copy(tmp_path):
    src = labelled_folder(tmp_path)
    cv2.imwrite(str(src / "images" / "a.jpg"), _checker(64))
    (src / "labels" / "a.txt").write_text("0 0.5 0.5 0.2 0.3\n")
    for setting in ("blur", "bright", "glare"):
        out = tmp_path / setting
        assert main([str(src), "--setting", setting, "--out", str(out)]) == 0
        assert (out / "labels" / "a.txt").read_text() == "0 0.5 0.5 0.2 0.3\n"
        assert cv2.imread(str(out / "images" / "a.jpg")).shape == (64, 64, 3)


def test_the_blur_can_be_given_as_a_share_of_the_longer_side(tmp_path):
    sharp = _checker()
    assert _edges(blur(sharp, share=0.02)) < _edges(blur(sharp, share=0.005)) < _edges(sharp)
    src = labelled_folder(tmp_path)
    cv2.imwrite(str(src / "images" / "a.png"), sharp)
    assert main([str(src), "--setting", "blur", "--blur-share", "0.02", "--out", str(tmp_path / "b")]) == 0
    written = cv2.imread(str(tmp_path / "b" / "images" / "a.png"))
    assert np.array_equal(written, blur(sharp, share=0.02))
    import pytest
    with pytest.raises(SystemExit):
        main([str(src), "--setting", "glare", "--blur-share", "0.02", "--out", str(tmp_path / "g")])


def test_shake_smears_a_dot_into_a_line_along_one_direction():
    dot = np.zeros((61, 61, 3), np.uint8)
    dot[30, 30] = 255
    out = shake(dot, share=12 / 61).max(axis=2)
    ys, xs = np.nonzero(out > 8)
    # a segment about 12 px long and about 1 px wide, through the dot
    assert 9 <= max(np.ptp(xs), np.ptp(ys)) <= 14 and abs(float(out[30, 30])) > 0
    spread = np.linalg.svd(np.stack([xs - xs.mean(), ys - ys.mean()]), compute_uv=False)
    assert spread[1] < 0.2 * spread[0]          # one direction: a line, not a disc
    horizontal = line_kernel(7, 0.0)
    assert horizontal.shape == (7, 7) and abs(horizontal.sum() - 1) < 1e-6 and horizontal[:, 3].sum() < 0.3
    sharp = _checker()
    assert np.array_equal(shake(sharp, np.random.default_rng(3)), shake(sharp, np.random.default_rng(3)))
    assert _edges(shake(sharp, np.random.default_rng(3))) < 0.8 * _edges(sharp)


def test_the_shake_length_is_given_like_the_blur(tmp_path):
    src = labelled_folder(tmp_path)
    cv2.imwrite(str(src / "images" / "a.png"), _checker(64))
    assert main([str(src), "--setting", "shake", "--blur-share", "0.05", "--out", str(tmp_path / "0.05")]) == 0
    short, long_ = (_edges(shake(_checker(64), share=s)) for s in (0.05, 0.2))
    assert long_ < short < _edges(_checker(64))
    assert _edges(cv2.imread(str(tmp_path / "0.05" / "images" / "a.png"))) < _edges(_checker(64))
    with pytest.raises(SystemExit):
        main([str(src), "--setting", "grey", "--blur-share", "0.05", "--out", str(tmp_path / "g")])
