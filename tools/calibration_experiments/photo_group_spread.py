"""Session 14: how much a photo group's calibrated reading owes to chance: the fine-tuning's
random seed (the views drawn, their order) and which train crop is each code's example
(issue 7).

    python tools/calibration_experiments/photo_group_spread.py GROUP [--seeds 0,1] [--examples largest,0,1]
        [--classifier W]
    e.g. python tools/calibration_experiments/photo_group_spread.py img_photos --seeds 0,1,2,3 --classifier build/runs/heldout_img14/weights/best.pt

``--examples``: ``largest`` (each code's largest upright-shaped train crop, as
``vision.calibration_eval`` takes it) or a number (one such crop per code drawn at random with that
seed, ``photo_set(example_draw=...)``). Prints, per choice, the accuracy before and after
calibration, on the tuning (valid) and reported (test) parts."""
import sys

sys.path.insert(0, "tools/calibration_experiments")
from common import experiment_args  # noqa: E402
from vision.calibration_eval import PHOTO_GROUPS, accuracy, evaluate_set, photo_set  # noqa: E402


def option(args, name, default):
    if name in args:
        i = args.index(name)
        return args[i + 1].split(","), args[:i] + args[i + 2:]
    return default, args


def main():
    seeds, args = option(sys.argv[1:], "--seeds", ["0"])
    examples, args = option(args, "--examples", ["largest"])
    _, (group,), clf, weights = experiment_args(["7"] + args)
    if group not in PHOTO_GROUPS:
        raise SystemExit(f"not a photo group: {group} (one of {', '.join(PHOTO_GROUPS)})")
    print(f"{group}, classifier {weights or 'shipped'}")
    for pick in examples:
        cc, ck, tc, tk = photo_set(PHOTO_GROUPS[group], example_draw=None if pick == "largest" else int(pick))
        nv = tc.n_valid
        for s in seeds:
            before, after, _, _ = evaluate_set(clf, cc, ck, tc, params={"seed": int(s)})
            print(f"examples {pick}, fine-tuning seed {s}: before {accuracy(before, tk):.2%}  after "
                  f"{accuracy(after, tk):.2%}  (valid {accuracy(after[:nv], tk[:nv]):.2%}, "
                  f"test {accuracy(after[nv:], tk[nv:]):.2%})", flush=True)


if __name__ == "__main__":
    main()
