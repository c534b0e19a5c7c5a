"""Session 10: how sure must the base model be for its reading to keep SURE_BASE_WEIGHT? (issue 7)

SURE_BASE = 0.9 was chosen (session 8) for classifier weights whose softmax temperature was 1.31-1.56;
the session-10 weights (cls10) are calibrated at 0.99, so more of their readings pass 0.9. Per
set, one profile is built, then its reading is re-mixed at each threshold (trusted codes as
shipped, vision.profile.trusted_base_codes). "off" = no sure reading kept (base_weight only).

    python tools/calibration_experiments/sure_threshold.py SEED SETS [--classifier W]
"""
import sys

sys.path.insert(0, "tools/calibration_experiments")
from common import experiment_args, set_profiles  # noqa: E402
from vision.calibration_eval import accuracy  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402

THRESHOLDS = (0.9, 0.95, 0.98, 0.99, 0.995, 0.999)


def main():
    seed, sets, clf, weights = experiment_args()
    print(f"seed {seed}, classifier {weights or 'shipped'}; thresholds {THRESHOLDS}")
    for name, _, tc, tk, profile, _ in set_profiles(clf, seed, sets):
        out = [f"{name}: {len(profile.trusted_codes)} codes trusted"]
        trusted = list(profile.trusted_codes)
        profile.trusted_codes = []
        out.append(f"off {accuracy([r.code for r in classify_with_profile(clf, tc, profile)], tk):.2%}")
        profile.trusted_codes = trusted
        for t in THRESHOLDS:
            profile.sure_base = t
            out.append(f"{t} {accuracy([r.code for r in classify_with_profile(clf, tc, profile)], tk):.2%}")
        print("  ".join(out), flush=True)


if __name__ == "__main__":
    main()
