"""Session 13: for each tile read wrong before or after calibration in an expert_dump file: the base model's
probability of the right code, and the fine-tuned network's share of the right code and of the code read.

    python tools/calibration_experiments/misread_shares.py DUMP.npz    # from expert_dump.py
"""
import sys

import numpy as np

sys.path.insert(0, "tools/calibration_experiments")
from mixture_rules import dumped_sets  # noqa: E402


def main(path: str) -> None:
    for _, d, name, m in dumped_sets([path]):
        classes, known = m["classes"], m["known"]
        base, score = d[f"{name}/cut_base"], d[f"{name}/cut_score"]
        for i, (t, b, a) in enumerate(zip(m["truth"], m["before"], m["after"])):
            if t != a or t != b:
                q = np.exp(score[i] - score[i].max())
                q /= q.sum()
                print(f"{name} {i}: {t} before {b} after {a}; base p({t}) {base[i][classes.index(t)]:.2f}; "
                      f"network q({t}) {q[known.index(t)]:.3f}, q({a}) {q[known.index(a)]:.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
