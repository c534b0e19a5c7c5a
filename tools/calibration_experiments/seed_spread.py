"""How much does a profile's accuracy move with the fine-tuning seed, and does averaging several
fine-tuned networks (an ensemble) help? (issue 7; session 4)

    python tools/calibration_experiments/seed_spread.py SEED SETS NSEEDS [STEPS]

Prints, per set, the accuracy of the mixture (profile default base weight and temperature) for
each fine-tuning seed, and of the mixture whose network part averages the seeds' logits."""
import sys
import time

sys.path.insert(0, ".")
import numpy as np  # noqa: E402

from vision import finetune  # noqa: E402
from vision.calibration_eval import DEFAULT_SETS, CachedClassifier, load_set  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402
from vision.profile import NETWORK_BASE_WEIGHT, _example_crop  # noqa: E402


def softmax(z):
    z = z - z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def main():
    seed, sets, nseeds = int(sys.argv[1]), sys.argv[2].split(","), int(sys.argv[3])
    steps = int(sys.argv[4]) if len(sys.argv) > 4 else finetune.STEPS
    base_clf = CropClassifier()
    clf = CachedClassifier(base_clf)
    classes = list(base_clf.classes)
    for name in sets:
        k = DEFAULT_SETS.index(name)
        cc, ck, tc, tk, absent = load_set(name, k, seed, 8, clf)
        crops = [_example_crop(c, base_clf.imgsz) for c in cc]
        logits_b, _ = base_clf.logits_and_features(list(tc) + [np.ascontiguousarray(c[::-1, ::-1]) for c in tc])
        n = len(tc)
        base = base_clf.probabilities((logits_b[:n] + logits_b[n:]) / 2)
        known = sorted(set(ck), key=classes.index)
        cols = [classes.index(c) for c in known]
        for c in absent:
            if c in classes:
                base[:, classes.index(c)] = 0
        base /= base.sum(1, keepdims=True)
        truth = np.array([classes.index(c) for c in tk])

        def mixed(net_logits):
            out = NETWORK_BASE_WEIGHT * base.copy()
            out[:, cols] += (1 - NETWORK_BASE_WEIGHT) * softmax(net_logits[:, cols])
            return out
        all_logits = []
        for s in range(nseeds):
            t0 = time.time()
            net = finetune.finetune(base_clf, crops, ck, steps=steps, seed=s)
            model = finetune.load_network(base_clf, net)
            lg = finetune.turned_logits(base_clf, model, list(tc))
            all_logits.append(lg)
            acc = (mixed(lg).argmax(1) == truth).mean()
            ens = (mixed(np.mean(all_logits, 0)).argmax(1) == truth).mean()
            print(f"{name} seed {s}: {acc:.2%}  ensemble of {s + 1}: {ens:.2%}  ({time.time() - t0:.0f} s)", flush=True)
        print(f"{name} base alone: {(base.argmax(1) == truth).mean():.2%}", flush=True)


if __name__ == "__main__":
    main()
