"""Session 8: the gradient anisotropy (vision.looks.gradient_anisotropy) of every shared photo,
for the stretched exports (listed below, found on the valid split) and for all the others.

    python tools/stretch_anisotropy.py
"""
import sys
import glob

import numpy as np

sys.path.insert(0, ".")
from vision.decode import decode_image  # noqa: E402
from vision.looks import gradient_anisotropy  # noqa: E402

STRETCHED = ("368055741 368097815 393854945 394280586 394631671 394822153 395389114 395417244 395465306 "
             "395484592 395530362 395590655 410154101 387346484 387495486 393251963 393533204 hand_011").split()
values = []
for p in sorted(glob.glob("../shared/data/chinese-mahjong-detection/*/images/*.jpg")):
    name, split = p.split("/")[-1], p.split("/")[-3]
    values.append((gradient_anisotropy(decode_image(p, min_long_side=1000).image), split, name[:24],
                   split == "valid" and any(name.startswith(k) for k in STRETCHED)))
print("valid stretched:", sorted(round(v[0], 2) for v in values if v[3]))
others = np.array([v[0] for v in values if not v[3]])
print(f"others: {len(others)} photos; min, 1 %, 5 %, median, 95 %, 99 %, max:",
      np.round(np.percentile(others, [0, 1, 5, 50, 95, 99, 100]), 2))
print("others beyond 1.0:", [(round(v[0], 2), v[1], v[2]) for v in values if not v[3] and abs(v[0]) > 1.0])
