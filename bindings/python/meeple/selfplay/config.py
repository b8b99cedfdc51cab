"""The configuration of a self-play run: sections of keys, each checked before anything
starts. A bad key or value raises :class:`ConfigError` naming the key (``train.steps``)
and what is allowed. Files are JSON (``.json``) or TOML (``.toml``: ``tomllib`` on
Python 3.11+, the ``tomli`` package on 3.10, which ``meeple[selfplay]`` brings)."""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Mapping, Optional

__all__ = ["Config", "ConfigError", "load_config", "config_from_dict", "SECTIONS", "CONFIGS", "packaged_configs",
           "default_config_path"]

# The configurations that ship in the package, one a game (NAME.toml for game NAME): the
# defaults of `meeple selfplay GAME` when no --config is given.
CONFIGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "configs")


def packaged_configs() -> dict[str, str]:
    """Game name -> path of its packaged configuration."""
    if not os.path.isdir(CONFIGS):
        return {}
    return {name[:-5]: os.path.join(CONFIGS, name) for name in sorted(os.listdir(CONFIGS)) if name.endswith(".toml")}


def default_config_path(game_name: str) -> Optional[str]:
    """The packaged configuration for a game's base name ("catan" for "catan(players=2)"),
    or None when none ships for it (the built-in defaults of Config() then apply)."""
    return packaged_configs().get(game_name)


class ConfigError(ValueError):
    """A configuration that cannot run: the message names the key and what is allowed."""


@dataclass(frozen=True)
class NetConfig:
    hidden: int = 64          # units of each hidden layer
    layers: int = 2           # hidden layers of the shared trunk
    value_skip: str = "none"  # "score": the value adds the observation's score (one-seat score games)


@dataclass(frozen=True)
class SelfPlayConfig:
    actors: int = 1                   # self-play actors (0: one per core)
    games_per_chunk: int = 32         # games one actor plays at once (one Batch, one Search)
    chunks_per_generation: int = 4    # chunks of self-play a generation
    algorithm: str = "mcts"           # mcts or ismcts
    iterations: int = 32              # search iterations a move
    search_batch: int = 8             # leaves a tree collects before asking the net
    c_puct: float = 1.5
    dirichlet_alpha: float = 0.3      # root noise (0: none)
    dirichlet_fraction: float = 0.25
    temperature_moves: int = 4        # moves a game sampled by visit counts; greedy after
    max_moves: int = 0                # a game longer than this ends, scored by its root value (0: no cap)
    rollout_generations: int = 0      # the first this many generations: played by MCTS with random rollouts
    rollout_iterations: int = 2000    # that search's iterations a move (the expert the net starts from)
    rollout_options: str = ""         # more options of that search: "rollout=heuristic,rollout_depth=60"


@dataclass(frozen=True)
class TrainConfig:
    steps: int = 200                  # optimiser steps a generation
    batch_size: int = 128
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    value_target_mix: float = 0.0     # value target = (1 - mix) * final result + mix * root value
    value_scale: float = 1.0          # returns are divided by this for the value head
    replay_generations: int = 4       # generations of self-play data the learner samples from
    threads: int = 1                  # torch threads of the learner
    device: str = "cpu"               # where the learner trains: cpu, cuda, or auto (cuda when there is one)


@dataclass(frozen=True)
class GateConfig:
    games: int = 40                   # most games a gate plays (the SPRT may stop it sooner)
    sprt: tuple[float, float, float, float] = (0.0, 50.0, 0.1, 0.1)   # elo0, elo1, alpha, beta
    iterations: int = 32              # search iterations a move of the net agents
    opening_moves: int = 2            # own moves each net agent samples by visits (variety)
    alpha: float = 0.1                # one-seat games: significance of the paired test


@dataclass(frozen=True)
class EvaluateConfig:
    reference: str = "mcts(iterations=200)"  # agent spec the best net is measured against
    games: int = 20                   # games of that measurement (0: none)
    every: int = 1                    # measure every this many generations


@dataclass(frozen=True)
class Config:
    seed: int = 0
    generations: int = 10
    net: NetConfig = field(default_factory=NetConfig)
    selfplay: SelfPlayConfig = field(default_factory=SelfPlayConfig)
    train: TrainConfig = field(default_factory=TrainConfig)
    gate: GateConfig = field(default_factory=GateConfig)
    evaluate: EvaluateConfig = field(default_factory=EvaluateConfig)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["gate"]["sprt"] = list(d["gate"]["sprt"])
        return d

    def rollout_spec(self, seed: int) -> str:
        """The search of the rollout generations: UCT with random rollouts, no net."""
        s = self.selfplay
        extra = f"{s.rollout_options.strip().rstrip(',')}," if s.rollout_options.strip() else ""
        return f"{s.algorithm}(iterations={s.rollout_iterations},{extra}reuse=false,seed={seed % 2**53})"

    def search_spec(self, iterations: int, seed: int, noise: bool) -> str:
        s = self.selfplay
        alpha = s.dirichlet_alpha if noise else 0.0
        return (f"{s.algorithm}(evaluator=external,iterations={iterations},batch={s.search_batch},"
                f"c_puct={s.c_puct!r},dirichlet_alpha={alpha!r},dirichlet_fraction={s.dirichlet_fraction!r},"
                f"reuse=false,seed={seed % 2**53})")


_MAX_BYTES = 1 << 20  # a configuration is a few lines; a bigger file is not one
SECTIONS = {"net": NetConfig, "selfplay": SelfPlayConfig, "train": TrainConfig, "gate": GateConfig,
            "evaluate": EvaluateConfig}
_TOP = ("seed", "generations")

# Allowed values: (kind, low, high) for numbers, a tuple of choices for strings.
_RANGES: dict[str, Any] = {
    "seed": ("int", 0, 2**64 - 1), "generations": ("int", 1, 100_000),
    "net.hidden": ("int", 1, 4096), "net.layers": ("int", 1, 16),
    "net.value_skip": ("none", "score"),
    "selfplay.actors": ("int", 0, 1024), "selfplay.games_per_chunk": ("int", 1, 100_000),
    "selfplay.chunks_per_generation": ("int", 1, 1_000_000), "selfplay.algorithm": ("mcts", "ismcts"),
    "selfplay.iterations": ("int", 1, 1_000_000), "selfplay.search_batch": ("int", 1, 4096),
    "selfplay.c_puct": ("float", 0.0, 100.0), "selfplay.dirichlet_alpha": ("float", 0.0, 100.0),
    "selfplay.dirichlet_fraction": ("float", 0.0, 1.0), "selfplay.temperature_moves": ("int", 0, 1_000_000),
    "selfplay.max_moves": ("int", 0, 10_000_000), "selfplay.rollout_generations": ("int", 0, 100_000),
    "selfplay.rollout_iterations": ("int", 1, 10_000_000), "selfplay.rollout_options": ("str",),
    "train.steps": ("int", 0, 10_000_000), "train.batch_size": ("int", 1, 1_000_000),
    "train.learning_rate": ("float", 1e-9, 10.0), "train.weight_decay": ("float", 0.0, 1.0),
    "train.value_target_mix": ("float", 0.0, 1.0), "train.value_scale": ("float", 1e-9, 1e9),
    "train.replay_generations": ("int", 1, 100_000), "train.threads": ("int", 1, 256),
    "train.device": ("cpu", "auto", "cuda"),
    "gate.games": ("int", 0, 1_000_000), "gate.iterations": ("int", 1, 1_000_000),
    "gate.opening_moves": ("int", 0, 1_000), "gate.alpha": ("float", 1e-6, 0.5),
    "evaluate.reference": ("str",), "evaluate.games": ("int", 0, 1_000_000),
    "evaluate.every": ("int", 1, 100_000),
}


def _short(value: Any) -> str:
    """A value for a message, cut to 80 characters (a 5,000-digit number stays one line)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 256:
        return f"a number of {len(str(abs(value))) if abs(value).bit_length() < 13_000 else 'over 4,000'} digits"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _number(key: str, value: Any) -> Any:
    rule = _RANGES[key]
    if isinstance(rule[0], str) and rule[0] in ("int", "float"):
        kind, lo, hi = rule
        ok = isinstance(value, int) and not isinstance(value, bool)
        if kind == "float":
            ok = ok or (isinstance(value, float) and math.isfinite(value))
        span = f"{lo:,} to {hi:,}" if kind == "int" else f"{lo:g} to {hi:g}"
        if not ok:
            what = "a whole number" if kind == "int" else "a number"
            raise ConfigError(f"{key}: {what} from {span} is allowed, got {_short(value)}")
        if not lo <= value <= hi:
            raise ConfigError(f"{key}: {_short(value)} is out of range; allowed: {span}")
        return float(value) if kind == "float" else int(value)
    if rule == ("str",):
        if not isinstance(value, str) or not value or "\0" in value or len(value) > 4096:
            raise ConfigError(f"{key}: an agent spec string (no NUL, at most 4,096 characters) is allowed, such as "
                              f"'mcts(iterations=200)'; got {_short(value)}")
        return value
    if value not in rule:
        raise ConfigError(f"{key}: {value!r} is not allowed; allowed: {', '.join(rule)}")
    return value


def _sprt(value: Any) -> tuple[float, float, float, float]:
    key = "gate.sprt"
    if not isinstance(value, (list, tuple)) or len(value) != 4 or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in value):
        raise ConfigError(f"{key}: four numbers [elo0, elo1, alpha, beta] are allowed, got {value!r}")
    elo0, elo1, alpha, beta = (float(x) for x in value)
    if not elo0 < elo1:
        raise ConfigError(f"{key}: elo0 must be below elo1, got {elo0:g} and {elo1:g}")
    if not (0 < alpha < 0.5 and 0 < beta < 0.5):
        raise ConfigError(f"{key}: alpha and beta must be in (0, 0.5), got {alpha:g} and {beta:g}")
    return elo0, elo1, alpha, beta


def config_from_dict(data: Mapping[str, Any]) -> Config:
    """A checked :class:`Config` from nested dicts (missing keys take their defaults)."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"a configuration is a table of sections; got {type(data).__name__}")
    allowed = list(_TOP) + list(SECTIONS)
    top: dict[str, Any] = {}
    for key, value in data.items():
        if key in _TOP:
            top[key] = _number(key, value)
        elif key in SECTIONS:
            if not isinstance(value, Mapping):
                raise ConfigError(f"{key}: a section (table) of keys is allowed, got {value!r}")
            cls = SECTIONS[key]
            names = [f.name for f in fields(cls)]
            values = {}
            for k, v in value.items():
                if k not in names:
                    raise ConfigError(f"{key}.{k}: unknown key; allowed in [{key}]: {', '.join(names)}")
                values[k] = _sprt(v) if f"{key}.{k}" == "gate.sprt" else _number(f"{key}.{k}", v)
            top[key] = cls(**values)
        else:
            raise ConfigError(f"{key}: unknown key; allowed at the top: {', '.join(allowed)}")
    return Config(**top)


def _parse_error(e: ValueError) -> str:
    if "integer string conversion" in str(e):
        return "a number of over 4,300 digits (no setting takes one)"
    return str(e)[:200]


def _read_toml(path: str) -> Any:
    try:
        import tomllib  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib  # type: ignore[import-not-found,no-redef,unused-ignore]
        except ImportError:
            raise ConfigError(f"{path}: reading TOML on Python 3.10 needs tomli (pip install \"meeple[selfplay]\"); "
                              "or write the configuration as JSON") from None
    with open(path, "rb") as f:
        raw = f.read(_MAX_BYTES + 1)
    if len(raw) > _MAX_BYTES:
        raise ConfigError(f"{path}: over {_MAX_BYTES:,} bytes; a configuration is a few lines")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path}: not UTF-8 text (byte {e.start}); write the configuration as UTF-8") from None
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply; a configuration is sections of keys") from None
    except ValueError as e:  # TOMLDecodeError, and integers past Python's digit limit
        raise ConfigError(f"{path}: not valid TOML: {_parse_error(e)}") from None


def load_config(path: Optional[str]) -> Config:
    """Reads and checks a configuration file (``.json`` or ``.toml``); None: defaults."""
    if path is None:
        return Config()
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".json", ".toml"):
        raise ConfigError(f"{path}: a configuration file ends in .json or .toml")
    if not os.path.isfile(path):
        raise ConfigError(f"{path}: no such configuration file")
    if ext == ".toml":
        data = _read_toml(path)
    else:
        with open(path, "rb") as f:
            raw = f.read(_MAX_BYTES + 1)
        if len(raw) > _MAX_BYTES:
            raise ConfigError(f"{path}: over {_MAX_BYTES:,} bytes; a configuration is a few lines")
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise ConfigError(f"{path}: not UTF-8 text (byte {e.start}); write the configuration as UTF-8") from None
        except RecursionError:
            raise ConfigError(f"{path}: nested too deeply; a configuration is sections of keys") from None
        except ValueError as e:  # JSONDecodeError, and integers past Python's digit limit
            raise ConfigError(f"{path}: not valid JSON: {_parse_error(e)}") from None
    try:
        return config_from_dict(data)
    except ConfigError as e:
        raise ConfigError(f"{path}: {e}") from None


# Keys that may change between a run and its resumption: they do not change the data.
MAY_CHANGE = frozenset({"generations", "selfplay.actors"})
# Keys added after runs were made, left out of the fingerprint at their default, so a
# run made before them resumes with its own shards.
_LATER_DEFAULTS = {"net.value_skip": "none"}


def flatten(d: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"a": {"b": 1}}`` -> ``{"a.b": 1}``."""
    out: dict[str, Any] = {}
    for k, v in d.items():
        if isinstance(v, Mapping):
            out.update(flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def data_fingerprint(game_spec: str, config: "Config") -> str:
    """What the positions of a run depend on (the game and every key but
    :data:`MAY_CHANGE`), hashed: a replay shard carries it, so that shards of another
    configuration are never trained on together with a run's own."""
    keys = {k: v for k, v in flatten(config.to_dict()).items()
            if k not in MAY_CHANGE and not (k in _LATER_DEFAULTS and v == _LATER_DEFAULTS[k])}
    text = json.dumps({"game": game_spec, "config": keys}, sort_keys=True, allow_nan=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def value_skip_index(game: Any, config: "Config") -> int:
    """The observation index ``net.value_skip`` names (-1 for ``none``); refused for a
    game with more than one seat or without that observation field."""
    name = config.net.value_skip
    if name == "none":
        return -1
    if game.num_players != 1:
        raise ConfigError(f"net.value_skip = {name!r} is for one-seat score games; {game.spec} has "
                          f"{game.num_players} seats: use 'none'")
    for f in game.obs_fields:
        if f.name == name and f.size == 1:
            return int(f.offset)
    raise ConfigError(f"net.value_skip = {name!r}, but {game.spec}'s observation has no one-number field {name!r}: "
                      "use 'none'")
