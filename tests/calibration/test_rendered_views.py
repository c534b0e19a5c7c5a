"""Views of a tile set rendered from its calibration crops (vision_lab.synth.views): each calibration
crop becomes the face of rendered tiles, cut again as the reader cuts them."""
import cv2
import numpy as np
import pytest

from vision.crops import CROP_SIZE
from vision_lab.synth.views import face_from_crop, rendered_views


def drawn_crop(colour, body=(200, 225, 235)):
    """A 64-pixel crop of an ivory tile on dark cloth with one coloured disc drawn on its face."""
    crop = np.full((CROP_SIZE, CROP_SIZE, 3), 30, np.uint8)
    crop[4:60, 4:60] = body
    cv2.circle(crop, (32, 32), 12, colour, -1)
    return crop


def test_face_from_crop_trims_the_margin_and_finds_the_body_colour():
    face, body = face_from_crop(drawn_crop((0, 0, 200)))
    assert face.shape[2] == 4 and (face[..., 3] == 255).all()
    assert face.shape[0] > face.shape[1]                      # a tile's upright 3:4 shape again
    assert np.abs(np.array(body) - (200, 225, 235)).max() <= 3
    centre = face[face.shape[0] // 2, face.shape[1] // 2, :3]
    assert tuple(centre) == (0, 0, 200)


def test_rendered_views_show_each_example_with_its_code():
    crops = [drawn_crop((0, 0, 200)), drawn_crop((200, 0, 0))]
    views, codes = rendered_views(crops, ["1p", "2p"], per_code=3, seed=2)
    assert len(views) == len(codes) and {"1p", "2p"} == set(codes)
    assert min(codes.count("1p"), codes.count("2p")) >= 3
    assert all(v.shape == (CROP_SIZE, CROP_SIZE, 3) for v in views)
    # Each view still shows its own tile's disc: red for 1p, blue for 2p, whatever the pose.
    for view, code in zip(views, codes):
        centre = view[20:44, 20:44].reshape(-1, 3).astype(int)
        red, blue = (centre[:, 2] - centre[:, 0]).max(), (centre[:, 0] - centre[:, 2]).max()
        assert (red > blue) == (code == "1p"), code
    again, _ = rendered_views(crops, ["1p", "2p"], per_code=3, seed=2)
    assert all(np.array_equal(a, b) for a, b in zip(views, again))
    with pytest.raises(ValueError):
        rendered_views(crops, ["1p"], per_code=1)
