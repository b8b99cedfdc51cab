"""AlphaZero-style self-play for any registered game (docs/selfplay.md).

::

    from meeple import selfplay
    config = selfplay.load_config(selfplay.config.default_config_path("tictactoe"))
    state = selfplay.run("tictactoe", config, "runs/ttt")          # or ray=True

Roles: self-play actors (:mod:`.actor`: one ``meeple.Batch`` and one batched
``meeple.Search`` each, a small PyTorch net (:mod:`.net`) evaluating every leaf of a
call at once), the replay store on disk (:mod:`.replay`), the learner and its
checkpoints (:mod:`.learner`), the gate and the measurement against a reference agent
(:mod:`.gate`), on one machine or as Ray actors (:mod:`.executor`), driven by the loop
(:mod:`.loop`). Only :mod:`.config` is imported here, so that a configuration can be
checked without PyTorch; the rest loads when a run starts.
"""

from __future__ import annotations

from typing import Any

from .config import Config, ConfigError, config_from_dict, load_config

__all__ = ["Config", "ConfigError", "config_from_dict", "load_config", "run", "check", "RunError"]


def __getattr__(name: str) -> Any:
    if name in ("run", "check", "RunError", "read_run"):
        from . import loop

        return getattr(loop, name)
    raise AttributeError(f"module 'meeple.selfplay' has no attribute {name!r}")
