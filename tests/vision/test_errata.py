"""Label errata (vision_lab/errata.py, datasets/label_errata.csv): applied where the label still says
what was recorded, nowhere else, and switchable off."""
from pathlib import Path

import pytest

import vision_lab.errata as errata
from vision_lab.datasets import read_yolo_labels

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = ROOT / ".." / "shared" / "data" / "chinese-mahjong-detection"
NAMES = ["sc1", "sc9", "sd3", "sb3"]          # photo label names: 1m 9m 3p 3s


@pytest.fixture
def errata_file(tmp_path, monkeypatch):
    path = tmp_path / "errata.csv"
    path.write_text("# a comment\nsplit,image,line,labelled,actual,seen\n"
                    "test,photo_a,0,5p,5m,a stale one: row 0 is labelled 1m\n"
                    "test,photo_a,1,1m,9m,九 over 萬\n"
                    "test,photo_a,2,3s,3p,three dots\n")
    monkeypatch.setattr(errata, "ERRATA_FILE", path)
    errata.load_errata.cache_clear()
    yield path
    errata.load_errata.cache_clear()


def write_labels(folder: Path, stem: str, classes) -> Path:
    path = folder / f"{stem}.txt"
    path.write_text("".join(f"{c} 0.{k + 1}0 0.5 0.05 0.08\n" for k, c in enumerate(classes)))
    return path


def test_errata_correct_the_rows_they_name(errata_file, tmp_path):
    labels = write_labels(tmp_path, "photo_a", [0, 0, 3, 2])       # 1m 1m 3s 3p
    assert [c for c, _ in read_yolo_labels(labels, NAMES, 640, 640)] == ["1m", "9m", "3p", "3p"]
    other = write_labels(tmp_path, "photo_b", [0, 0, 3])           # another photo: untouched
    assert [c for c, _ in read_yolo_labels(other, NAMES, 640, 640)] == ["1m", "1m", "3s"]


def test_an_erratum_whose_label_changed_is_not_applied(errata_file, tmp_path):
    labels = write_labels(tmp_path, "photo_a", [0, 2, 3])          # row 1 now says 3p, not 1m
    assert [c for c, _ in read_yolo_labels(labels, NAMES, 640, 640)] == ["1m", "3p", "3p"]


def test_raw_labels_when_errata_are_off(errata_file, tmp_path):
    labels = write_labels(tmp_path, "photo_a", [0, 0, 3])
    assert [c for c, _ in read_yolo_labels(labels, NAMES, 640, 640, errata=False)] == ["1m", "1m", "3s"]


def test_a_bad_erratum_is_refused(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("split,image,line,labelled,actual,seen\ntest,x,0,1m,1m,same code\n")
    with pytest.raises(ValueError, match="bad erratum"):
        errata.load_errata(path)


def test_the_committed_errata_match_the_published_labels():
    """Every committed erratum names a box row that the published label file has, with the code
    it recorded (so none is silently skipped)."""
    if not PHOTOS.is_dir():
        pytest.skip("the shared photos are not beside the repository")
    import yaml
    names = yaml.safe_load((PHOTOS / "data.yaml").read_text())["names"]
    found = errata.load_errata(errata.ERRATA_FILE)
    assert sum(len(v) for v in found.values()) >= 31
    for stem, rows in found.items():
        for e in rows.values():
            labels = read_yolo_labels(PHOTOS / e.split / "labels" / f"{stem}.txt", names, 640, 640, errata=False)
            assert labels[e.line][0] == e.labelled, (stem, e.line)


def test_the_reader_evaluation_scores_against_the_corrected_labels(errata_file, tmp_path):
    """A reader that reads photo_a's row 1 as 9m (what it shows) is right with the errata and
    wrong without them; the report says how many errata it applied."""
    import cv2
    import numpy as np
    from vision_lab.evaluate import evaluate
    from vision.types import TileRead
    folder = tmp_path / "split"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    (folder / "data.yaml").write_text("names: [sc1, sc9, sd3, sb3]\n")
    cv2.imwrite(str(folder / "images" / "photo_a.jpg"), np.full((64, 64, 3), 200, np.uint8))
    write_labels(folder / "labels", "photo_a", [0, 0, 3])          # 1m 1m 3s; errata: 9m, 3p
    boxes = [box for _, box in read_yolo_labels(folder / "labels" / "photo_a.txt", NAMES, 64, 64)]

    shown = ["1m", "9m", "3p"]

    class Classifier:                                               # names the crops in row order
        def classify(self, crops, embeddings=False):
            return [TileRead(code=c, box=(0, 0, 1, 1), confidence=0.9) for c in shown[:len(crops)]]

    class Reader:                                                   # reads what the photo shows
        classifier = Classifier()

        def read(self, path, timings=None, profile=None):
            return [TileRead(code=c, box=b, confidence=0.9) for c, b in zip(shown, boxes)]

    fixed = evaluate(folder, Reader(), log=lambda *a: None)
    # two errata applied; the stale one (its row no longer says 5p) is neither applied nor counted
    assert fixed["right_reads"] == 3 and fixed["label_errata_applied"] == 2
    assert fixed["classifier_on_labelled_boxes"] == 1.0
    raw = evaluate(folder, Reader(), log=lambda *a: None, errata_on=False)
    assert raw["right_reads"] == 1 and raw["label_errata_applied"] == 0
