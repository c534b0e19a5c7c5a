"""Session 9: trust the base model code by code rather than all or nothing (issue 7).

The shipped gate (vision.profile, session 8) keeps the base model's sure readings (top
probability >= SURE_BASE, mixed at SURE_BASE_WEIGHT) only when the base model read every tile of
the calibration photo right. Here the same weight is given per code: a sure base reading of code
c is kept when the base model read c's calibration example as c, and read no other example as c
(a code the base model confuses another set's tile with is not trusted). When every example is
read right this is the session-8 gate. Shipped in session 9 (vision.profile.trusted_base_codes).

    python tools/calibration_experiments/per_code_gate.py SEED SETS [--classifier W]

Prints, per set: base accuracy, then after calibration with no gate, the shipped gate, and the
per-code gate; and how many codes the per-code gate trusts."""
import sys

sys.path.insert(0, "tools/calibration_experiments")
from common import experiment_args, read_with, set_profiles  # noqa: E402
from vision.calibration_eval import accuracy  # noqa: E402
from vision.profile import trusted_base_codes  # noqa: E402
from vision.reader import classify_with_profile  # noqa: E402


def main():
    seed, sets, clf, weights = experiment_args()
    print(f"seed {seed}, classifier {weights or 'shipped'}")
    for name, ck, tc, tk, profile, before in set_profiles(clf, seed, sets, trusted_codes=[]):
        none = [r.code for r in classify_with_profile(clf, tc, profile)]
        examples = list(profile.examples[:len(ck)])      # the calibration crops as the profile keeps them
        per_code = trusted_base_codes(clf, examples, ck)
        all_right = all(r.code == c for r, c in zip(clf.classify(examples), ck))
        session8 = read_with(clf, profile, tc, per_code if all_right else set())
        shipped = read_with(clf, profile, tc, per_code)
        print(f"{name}: base {accuracy(before, tk):.2%}  no gate {accuracy(none, tk):.2%}  "
              f"all or none (session 8, {'on' if all_right else 'off'}) {accuracy(session8, tk):.2%}  "
              f"per code ({len(per_code)} of {len(set(ck))} trusted) {accuracy(shipped, tk):.2%}",
              flush=True)


if __name__ == "__main__":
    main()
