"""The project speaks of the product: features, files and commits by name.

Fails when a git-tracked file in the product's folders (or README.md) names a work period
(the word "session" followed by a number) or a ticket number ("issue" and a number). History belongs in git and the model cards'
changelogs; docs/experiments.md indexes finished experiments by commit.
"""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("scorer", "webui", "mjtable", "tests", "docs", "models", "vision", "vision_lab",
           "pyproject.toml", "README.md")
# Built from pieces so that this file does not match itself.
FORBIDDEN = re.compile(r"(?:" + "ses" + r"sions?|" + "iss" + r"ues?) [0-9]", re.IGNORECASE)


def tracked_files():
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", *CHECKED], cwd=ROOT,
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    paths = [ROOT / p for p in out.decode().split("\0") if p]
    return [p for p in paths if p.is_file() and ".git" not in p.relative_to(ROOT).parts]


def test_no_work_period_or_ticket_numbers():
    found = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files (weights, images)
        for number, line in enumerate(text.splitlines(), 1):
            if FORBIDDEN.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:120]}")
    assert not found, ("name the feature, file or commit instead of a work period or ticket:\n"
                       + "\n".join(found[:50]) + (f"\n... {len(found)} in all" if len(found) > 50 else ""))
