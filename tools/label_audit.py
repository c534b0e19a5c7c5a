"""Find label errors in a YOLO-format photo folder: tiles the shipped classifier reads, from
their labelled boxes, as another code with high confidence. Prints each candidate (photo, label
line, labelled code, read code, probability) and writes contact sheets (the crop enlarged, its
line and both codes) to look at. Candidates are candidates: a person checks each by eye, and
those confirmed go into datasets/label_errata.csv (see vision.errata), never the model's word
alone.

    python tools/label_audit.py FOLDER [--min-prob 0.8] [--out build/label_audit]

Labels are read as published (``vision.errata.APPLY`` off); a candidate already in the errata
file is marked "listed".
"""
import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import vision.errata as errata  # noqa: E402
from vision.crops import cut_tiles  # noqa: E402
from vision.evaluate import labelled_images  # noqa: E402
from vision.reader import default_classifier  # noqa: E402

CELL = 128


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("--min-prob", type=float, default=0.8)
    p.add_argument("--out", type=Path, default=Path("build/label_audit"))
    a = p.parse_args()
    clf = default_classifier()
    errata.APPLY = False              # audit the labels as published
    listed = errata.load_errata(errata.ERRATA_FILE)
    cells, n = [], 0
    for path, img, gt in labelled_images(a.folder):
        if not gt:
            continue
        crops = cut_tiles(img, [b for _, b in gt])
        for line, ((code, _), crop, reading) in enumerate(zip(gt, crops, clf.classify(list(crops)))):
            n += 1
            if reading.code != code and reading.confidence >= a.min_prob:
                known = "listed" if line in listed.get(path.stem, {}) else ""
                print(f"{path.name}\t{line}\t{code}\t{reading.code}\t{reading.confidence:.4f}\t{known}")
                cell = cv2.resize(np.asarray(crop), (CELL, CELL))
                cv2.rectangle(cell, (0, 0), (CELL, 14), (255, 255, 255), -1)
                cv2.putText(cell, f"{len(cells)}: {code}>{reading.code}", (2, 11), cv2.FONT_HERSHEY_SIMPLEX, 0.4,
                            (0, 0, 200), 1)
                cells.append(cell)
    a.out.mkdir(parents=True, exist_ok=True)
    per_sheet = 40
    for s in range(0, len(cells), per_sheet):
        part = cells[s:s + per_sheet]
        part += [np.zeros_like(cells[0])] * (-len(part) % 8)
        sheet = np.vstack([np.hstack(part[r:r + 8]) for r in range(0, len(part), 8)])
        cv2.imwrite(str(a.out / f"{a.folder.name}_{s // per_sheet}.png"), sheet)
    print(f"{len(cells)} candidates of {n} labelled tiles (probability >= {a.min_prob}); sheets in {a.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
