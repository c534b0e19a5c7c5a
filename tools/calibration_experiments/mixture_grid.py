"""Experiment behind profile format 3's mixture weight and temperature (CALIBRATION.md).

    python tools/calibration_experiments/mixture_grid.py WEIGHTS SEED SETS

Builds one fine-tuned profile per set (vision.profile, default settings) with the classifier
WEIGHTS and prints the accuracy for a grid of base weights and temperatures."""
import sys, time
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))
import torch
from vision.calibration_eval import load_set, CachedClassifier, accuracy, DATA, set_index
from vision.classifier import CropClassifier
from vision.profile import TileSetProfile
from vision.reader import classify_with_profile
torch.set_num_threads(2)
w, seed = sys.argv[1], int(sys.argv[2])
sets = sys.argv[3].split(",")
clf = CachedClassifier(CropClassifier(w))
for name in sets:
    k = set_index(name)
    cc, ck, tc, tk, absent = load_set(name, k, seed, 8, clf, DATA)
    before = accuracy([r.code for r in clf.classify(list(tc))], tk)
    t0 = time.time()
    prof = TileSetProfile.from_examples(list(zip(cc, ck)), name="e", classifier=clf.classifier, absent_codes=absent, model_id=clf.weights_id)
    dt = time.time() - t0
    res = []
    for a in (0.0, 0.1, 0.2, 0.35, 0.5):
        for T in (1.0, 2.0):
            prof.base_weight, prof.temperature = a, T
            res.append(f"a{a}/T{T}:{accuracy([r.code for r in classify_with_profile(clf, list(tc), prof)], tk):.1%}")
    print(name, f"before {before:.1%}", " ".join(res), f"({dt:.0f}s)", flush=True)
