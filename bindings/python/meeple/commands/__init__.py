"""The ``meeple`` command: ``main`` (the console script) and its parser in :mod:`.main`,
one module a subcommand beside it, each with ``register(subparsers)`` and ``run(args)``;
:mod:`.args` holds the argument types and ``UsageError``."""

from __future__ import annotations

from .main import build_parser, main

__all__ = ["build_parser", "main"]
