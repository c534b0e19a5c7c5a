"""Session 13: for each tile read wrong before or after calibration in an expert_dump file: the base model's
probability of the right code, and the fine-tuned network's share of the right code and of the code read.

    python tools/calibration_experiments/misread_shares.py DUMP.npz    # from expert_dump.py
"""
import json, sys
import numpy as np
d = np.load(sys.argv[1]); meta = json.loads(bytes(d["meta"]).decode())
for name, m in meta.items():
    cl, kn = m["classes"], m["known"]; B = d[f"{name}/cut_base"]; S = d[f"{name}/cut_score"]
    for i, (t, b, a) in enumerate(zip(m["truth"], m["before"], m["after"])):
        if t != a or t != b:
            q = np.exp(S[i] - S[i].max()); q /= q.sum()
            print(f"{name} {i}: {t} before {b} after {a}; base p({t}) {B[i][cl.index(t)]:.2f}; network q({t}) {q[kn.index(t)]:.3f}, q({a}) {q[kn.index(a)]:.3f}")
