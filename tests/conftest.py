"""Property tests (hypothesis): `make test`, the command CI runs, draws the same examples on every
run (profile "repeatable", passed by the Makefile), so that whether a change lands depends on the
change, not on the draw. `make test-full` and a plain `pytest` draw anew each run and keep
exploring; what they find becomes a test of its own (tests/webui/test_images.py has one)."""
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True)
