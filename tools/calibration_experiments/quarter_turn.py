"""Session 12: with a profile, when should a crop also be read turned a quarter? (issue 7)

On the tuning draw most tiles GL mono still misread after calibration were sideways tiles seen
by a tilted camera: the visible side makes their box near-square, so the crop keeps them lying,
and the reading turned a quarter, right, was not surer by the margin (vision.reader
QUARTER_TURN_MARGIN, 0.2, chosen in session 6 for the base model). Per set, one profile is built,
each crop is read as cut and turned a quarter once, then each rule picks between the two:
"open M": the crops whose length is left open (vision.crops.own_axes) take the turned reading
when it is surer by M (shipped since this experiment: "open 0.05" with a profile,
vision.reader.PROFILE_QUARTER_TURN_MARGIN; "open 0.2" before); "+unsure C": also any crop read as cut
with a confidence below C takes the turned reading when it is surer by the margin.

    python tools/calibration_experiments/quarter_turn.py SEED SETS [--classifier W] [--orientation W]

``--orientation W``: an upright/quarter crop classifier (classes "quarter", "upright"); adds the
rules "orient T" (an open crop takes the turned reading when the model gives its crop as cut
P(quarter) > T) and "any T" (any crop does).
"""
import sys

import numpy as np

sys.path.insert(0, "tools/calibration_experiments")
from common import experiment_args, set_profiles  # noqa: E402
from vision.calibration_eval import accuracy  # noqa: E402
from vision.reader import _classify_as_cut  # noqa: E402

RULES = [("open", m, None) for m in (0.2, 0.1, 0.05, 0.0)] + [("open+unsure", m, c) for m in (0.2, 0.1, 0.0)
                                                               for c in (0.3, 0.5)]


def main():
    orientation = None
    if "--orientation" in sys.argv:
        i = sys.argv.index("--orientation")
        from vision.classifier import CropClassifier
        orientation = CropClassifier(sys.argv[i + 1], zooms=(1.0,))
        del sys.argv[i:i + 2]
    seed, sets, clf, weights = experiment_args()
    print(f"seed {seed}, classifier {weights or 'shipped'}")
    for name, _, tc, tk, profile, _ in set_profiles(clf, seed, sets):
        cut, _ = _classify_as_cut(clf, list(tc), profile)
        turned, _ = _classify_as_cut(clf, [np.ascontiguousarray(np.rot90(c, -1)) for c in tc], profile)
        out = [f"{name} ({len(tk)} tiles, {sum(tc.length_open)} open):"]
        for kind, margin, unsure in RULES:
            codes = []
            for a, t, is_open in zip(cut, turned, tc.length_open):
                eligible = is_open or (unsure is not None and a.confidence < unsure)
                codes.append(t.code if eligible and t.confidence > a.confidence + margin else a.code)
            label = f"{kind} {margin}" + (f"/{unsure}" if unsure is not None else "")
            out.append(f"{label} {accuracy(codes, tk):.2%}")
        if orientation is not None:
            logits, _ = orientation.reading_logits(list(tc))
            p_quarter = orientation.probabilities(logits)[:, orientation.classes.index("quarter")]
            for kind in ("orient", "any"):
                for t in (0.5, 0.8, 0.95):
                    codes = [tt.code if (is_open or kind == "any") and pq > t else a.code
                             for a, tt, is_open, pq in zip(cut, turned, tc.length_open, p_quarter)]
                    out.append(f"{kind} {t} {accuracy(codes, tk):.2%}")
            out.append(f"(P(quarter) > 0.5: {int((p_quarter > 0.5).sum())} crops)")
        print("  ".join(out), flush=True)


if __name__ == "__main__":
    main()
