"""Close-ups made from a labelled photo folder (vision_lab.closeups): one to three neighbouring
tiles enlarged to fill the picture, labelled where they lie in it, and the squashed exports left out."""
from __future__ import annotations

import cv2
import numpy as np

from vision_lab.closeups import LONG_SIDE, closeup, main
from vision_lab.datasets import read_yolo_labels


def _row(n: int = 8, tile=(40, 56), gap: int = 2):
    """A picture of a row of ``n`` tiles (each a grey box) and their labels."""
    image = np.full((200, 30 + n * (tile[0] + gap), 3), 40, np.uint8)
    labels = []
    for i in range(n):
        x0, y0 = 15 + i * (tile[0] + gap), 70
        image[y0:y0 + tile[1], x0:x0 + tile[0]] = 200
        labels.append((f"{i + 1}m", (x0, y0, x0 + tile[0], y0 + tile[1])))
    return image, labels


def test_a_closeup_holds_its_neighbouring_tiles_large_and_labelled_where_they_lie():
    image, labels = _row()
    for seed in range(20):
        crop, kept = closeup(image, labels, np.random.default_rng(seed))
        assert LONG_SIDE[0] - 1 <= max(crop.shape[:2]) <= LONG_SIDE[1] + 1
        assert 1 <= len(kept) <= 5 and len({code for code, _ in kept}) == len(kept)
        numbers = sorted(int(code[0]) for code, _ in kept)
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))    # neighbours in the row
        for _, (x0, y0, x1, y1) in kept:       # each label on a tile's pixels, inside the picture
            assert 0 <= x0 < x1 <= crop.shape[1] and 0 <= y0 < y1 <= crop.shape[0]
            assert crop[int((y0 + y1) / 2), int((x0 + x1) / 2)].mean() > 150


def test_a_squashed_export_or_a_photo_without_faces_gives_no_closeup():
    image, labels = _row()
    squashed = [(code, (x0, y0, x0 + 4, y1)) for code, (x0, y0, x1, y1) in labels]
    assert closeup(image, squashed, np.random.default_rng(0)) is None
    assert closeup(image, [("back", labels[0][1])], np.random.default_rng(0)) is None


def test_the_command_writes_a_labelled_folder_by_code(tmp_path):
    src = tmp_path / "src"
    (src / "images").mkdir(parents=True)
    (src / "labels").mkdir()
    (src / "data.yaml").write_text("names: ['bs1', 'sc1']\n")
    image, labels = _row(2)
    cv2.imwrite(str(src / "images" / "a.jpg"), image)
    h, w = image.shape[:2]
    (src / "labels" / "a.txt").write_text("".join(
        f"{k} {(x0 + x1) / 2 / w} {(y0 + y1) / 2 / h} {(x1 - x0) / w} {(y1 - y0) / h}\n"
        for k, (_, (x0, y0, x1, y1)) in enumerate(labels)))
    out = tmp_path / "out"
    assert main([str(src), "--out", str(out), "--seed", "3"]) == 0
    written = cv2.imread(str(out / "images" / "closeup_a.jpg"))
    import yaml
    names = yaml.safe_load((out / "data.yaml").read_text())["names"]
    codes = sorted(c for c, _ in read_yolo_labels(out / "labels" / "closeup_a.txt", names, written.shape[1],
                                                  written.shape[0]))
    assert codes and set(codes) <= {"1s", "1m"}
