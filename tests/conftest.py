"""Property tests (hypothesis): `make test`, the command CI runs, draws the same examples on every
run (profile "repeatable", passed by the Makefile), so that whether a change lands depends on the
change, not on the draw. `make test-full` and a plain `pytest` draw anew each run and keep
exploring; what they find becomes a test of its own (tests/webui/test_images.py has one)."""
import os
import sys

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)

# Under pytest-xdist (`make test`: -n 2 on a 2-core machine) each worker keeps to one core's worth
# of torch threads: a worker fine-tuning a profile on both cores starved the other worker's browser
# tests, whose Record sent nothing for 45-60 s in clean-clone runs.
if os.environ.get("PYTEST_XDIST_WORKER"):
    try:
        import torch
        torch.set_num_threads(1)
    except ImportError:         # the scorer's tests need no torch
        pass



@pytest.fixture(autouse=True)
def _end_profile_builds(monkeypatch):
    """Profile builds and learning a test started end before its patches are undone (this
    fixture takes ``monkeypatch`` so that it is torn down first): a build left running would
    fine-tune in full once the test's short step counts are restored, holding the one-at-a-time
    build lock against the next test's builds."""
    yield
    calibrate = sys.modules.get("webui.calibrate")
    if calibrate is not None:
        for job in list(calibrate._JOBS.values()):
            job.cancel()
            job.wait(60)
        calibrate.wait_for_learning(60)
