"""Session 14: how many tiles the review marks as read otherwise by the profile than by the base
model (``base_code``), and how many of the profile's errors those marks cover, from the dumps of
``expert_dump.py`` (issue 7).

    python tools/calibration_experiments/changed_readings.py DUMP.npz [DUMP.npz ...]
"""
import sys

sys.path.insert(0, "tools/calibration_experiments")
from mixture_rules import dumped_sets  # noqa: E402


def main(paths):
    print("set: tiles, marked (profile's code differs from the base model's), profile errors, "
          "of them marked, harms (base model right, profile wrong)")
    for tag, _, name, m in dumped_sets(paths):
        truth, before, after = m["truth"], m["before"], m["after"]
        marked = {i for i in range(len(truth)) if after[i] != before[i]}
        errors = [i for i in range(len(truth)) if after[i] != truth[i]]
        harms = [i for i in errors if before[i] == truth[i]]
        print(f"{tag:16s} {name:20s} {len(truth):5d} marked {len(marked):4d} ({len(marked) / len(truth):.1%})  "
              f"errors {len(errors):3d}, marked {sum(i in marked for i in errors):3d}  harms {len(harms)}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1:])
