"""Subcommands of ``mjtable``; each module exposes ``register(subparsers)``."""
