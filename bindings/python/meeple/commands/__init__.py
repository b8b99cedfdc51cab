"""Subcommands of the ``meeple`` command: one module each, with ``register(subparsers)``."""
