"""How well does the base classifier read each set's calibration photo? (issue 7, session 4)

    python tools/calibration_experiments/calibration_photo_base.py SEED [SETS]

Prints, per set, the base model's accuracy on the calibration tiles (turn-averaged, as the
reader reads) and on the test tiles: the calibration photo is the only data a profile has to
judge whether the base model already knows the set."""
import sys

sys.path.insert(0, ".")
from vision.calibration_eval import DEFAULT_SETS, CachedClassifier, accuracy, load_set, set_index  # noqa: E402
from vision.classifier import CropClassifier  # noqa: E402


def main():
    seed = int(sys.argv[1])
    sets = sys.argv[2].split(",") if len(sys.argv) > 2 else DEFAULT_SETS
    clf = CachedClassifier(CropClassifier())
    for name in sets:
        cc, ck, tc, tk, _ = load_set(name, set_index(name), seed, 8, clf)
        calib = [r.code for r in clf.classify(list(cc))]
        test = [r.code for r in clf.classify(list(tc))]
        wrong = [f"{t}→{p}" for t, p in zip(ck, calib) if t != p]
        print(f"seed {seed} {name:<12} calibration photo {accuracy(calib, ck):.2%} ({len(ck)} tiles; wrong: "
              f"{', '.join(wrong) or '-'})  test tiles {accuracy(test, tk):.2%}", flush=True)


if __name__ == "__main__":
    main()
