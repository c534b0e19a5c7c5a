"""Face-down detections on real photo splits (which have no face-down tile labelled, so every one
is a false alarm that `mjtable eval` does not count).

    python tools/count_face_down.py DETECTOR_WEIGHTS SPLIT_FOLDER...
"""
import sys

sys.path.insert(0, ".")
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402

from vision.detector import TileDetector  # noqa: E402
from vision.reader import detect_in  # noqa: E402

det = TileDetector(sys.argv[1])
for folder in sys.argv[2:]:
    n_img = n_back = n_img_back = 0
    for p in sorted((Path(folder) / "images").glob("*.jpg")):
        img = cv2.imread(str(p))
        backs = sum(1 for n in detect_in(det, img).names() if n == "back")
        n_img += 1
        n_back += backs
        n_img_back += backs > 0
    print(f"{sys.argv[1]} {folder}: {n_back} face-down detections in {n_img_back} of {n_img} photos", flush=True)
