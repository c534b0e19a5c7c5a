"""Session 13: cosine distance (base model's features) of each test crop to the nearest
calibration example, and to the example of the code read after calibration, for the tiles read
right before and after ("ok"), mended ("fixed") and harmed by calibration (10th, 50th and 90th
percentiles). Reads ``expert_dump.py`` files (CALIBRATION.md, session 13).

    python tools/calibration_experiments/distance_to_examples.py DUMP.npz [DUMP.npz ...]
"""
import json
import sys

import numpy as np


def unit_rows(x: np.ndarray) -> np.ndarray:
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def percentiles(values: np.ndarray, idx: list[int]):
    return np.round(np.percentile(values[idx], [10, 50, 90]), 3).tolist() if idx else "-"


def main(paths: list[str]) -> None:
    for path in paths:
        d = np.load(path)
        meta = json.loads(bytes(d["meta"]).decode())
        for name, m in meta.items():
            sim = unit_rows(d[f"{name}/cut_emb"]) @ unit_rows(d[f"{name}/calib_emb"]).T
            nearest = 1 - sim.max(1)
            calib_codes = m["calib_codes"]
            to_read = np.array([1 - sim[i, calib_codes.index(a)] if a in calib_codes else np.nan
                                for i, a in enumerate(m["after"])])
            truth, before, after = m["truth"], m["before"], m["after"]
            kinds = {"ok": [i for i, t in enumerate(truth) if before[i] == t and after[i] == t],
                     "fixed": [i for i, t in enumerate(truth) if before[i] != t and after[i] == t],
                     "harmed": [i for i, t in enumerate(truth) if before[i] == t and after[i] != t]}
            print(f"{path.split('/')[-1]} {name}: nearest-example distance "
                  + " ".join(f"{k} {percentiles(nearest, idx)}" for k, idx in kinds.items())
                  + " | distance to the read code's example "
                  + " ".join(f"{k} {percentiles(to_read, idx)}" for k, idx in kinds.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
