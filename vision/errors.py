"""Errors of the vision stages, with stable codes for the CLI and the web API."""
from __future__ import annotations


class ImageError(ValueError):
    """An input image that cannot be used: not an image, truncated, too large, empty."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class ModelMissingError(RuntimeError):
    """Trained weights are not where they should be (models/...)."""


class ProfileError(ValueError):
    """A profile that cannot be built, read or applied (bad file, wrong embedding size...)."""


class ProfileUnreadable(ProfileError):
    """A profile file that could not be read this time for a reason of the machine's (memory short,
    too many files open, an input/output error), not of its contents: not damage, so it is not set
    aside (a healthy active profile was renamed damaged and deactivated when memory ran short)."""


class NoSuchProfile(ProfileError):
    """No saved profile has the name asked for. The message names no command: the web page
    lists the saved profiles beside it, and the command line adds ``COMMAND_HINT``."""

    COMMAND_HINT = "see mjtable calibrate --list"
