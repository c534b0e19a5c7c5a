"""Session 10: which codes may the base model's sure readings keep? (issue 7)

The shipped rule (vision.profile.trusted_base_codes, session 9) trusts a code when the base model
read that code's calibration tile right and read no other calibration tile as it. The first half
is about the base model's *recall* of the code; what a sure reading needs is its *precision*:
when it says "3m", is it a 3m? A code no other calibration tile was read as has shown no false
positive, whether or not its own tile was read right. Variants printed per set:

- shipped: what vision.profile.trusted_base_codes gives now;
- session 9: right and not confused into (every code when all are right);
- precision: every code not confused into;
- familiar F: precision when at least F of the calibration tiles are read right, else session 9
  (a set the base model reads poorly gives little evidence about the codes it never said).
  F = 0.8 was shipped (vision.profile.FAMILIAR_SET).

    python tools/calibration_experiments/precision_gate.py SEED SETS [--classifier W]
"""
import sys

sys.path.insert(0, "tools/calibration_experiments")
from common import experiment_args, read_with, set_profiles  # noqa: E402
from scorer.tiles import ALL_CODES  # noqa: E402
from vision.calibration_eval import accuracy  # noqa: E402
from vision.profile import trusted_base_codes  # noqa: E402


def main():
    seed, sets, clf, weights = experiment_args()
    print(f"seed {seed}, classifier {weights or 'shipped'}")
    for name, ck, tc, tk, profile, _ in set_profiles(clf, seed, sets, trusted_codes=[]):
        examples = list(profile.examples[:len(ck)])
        reads = [r.code for r in clf.classify(examples)]
        right = sum(r == c for r, c in zip(reads, ck)) / len(ck)
        confused_into = {r for r, c in zip(reads, ck) if r != c}
        shipped = set(trusted_base_codes(clf, examples, ck))
        precision = set(ALL_CODES) - confused_into
        session9 = {c for r, c in zip(reads, ck) if r == c} - confused_into if confused_into else precision
        out = [f"{name}: calibration read right {right:.1%}",
               f"shipped ({len(shipped)}) {accuracy(read_with(clf, profile, tc, shipped), tk):.2%}",
               f"session 9 ({len(session9)}) {accuracy(read_with(clf, profile, tc, session9), tk):.2%}",
               f"precision ({len(precision)}) {accuracy(read_with(clf, profile, tc, precision), tk):.2%}"]
        for f in (0.8, 0.9):
            chosen = precision if right >= f else session9
            out.append(f"familiar {f} {accuracy(read_with(clf, profile, tc, chosen), tk):.2%}")
        print("  ".join(out), flush=True)


if __name__ == "__main__":
    main()
