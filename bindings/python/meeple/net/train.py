"""Training a value network on ``meeple datagen`` data (docs/value-net.md).

``train(data_dir, out, TrainOptions(...))`` reads the run, splits it by game into
training and validation rows, trains a ``ValueNet`` on the KL divergence from the
playout labels to its softmax, showing each row under a random board symmetry, keeps
the weights of the epoch with the lowest validation KL, and writes them as NAME.onnx +
NAME.npz (``meeple.net.export``) with a learning-curve plot NAME.png beside them.
Ctrl-C ends the training after the current batch and still writes the best epoch.

Deterministic for a seed: the split, the batch order and the symmetries come from one
NumPy generator, the weights from ``torch.manual_seed``; with ``threads=1`` two runs
write the same weights bit for bit.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import signal
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from . import datagen
from ..game import Game

__all__ = ["SYMMETRIES", "TrainOptions", "TrainResult", "Data", "load_data", "split_by_game", "symmetry_tables",
           "augment", "train"]

# Which board symmetries augment the data: none; the 6 that keep the harbor places
# (every augmented row a board the rules can produce); all 12 (default: measured best,
# docs/value-net.md).
SYMMETRIES = ("none", "harbor", "all")


@dataclass(frozen=True)
class TrainOptions:
    """What ``train`` does; the CLI's options (``meeple train --help``) with these defaults."""

    epochs: int = 12
    hidden: tuple[int, ...] = (64, 64)
    batch_size: int = 256
    lr: float = 2e-3
    weight_decay: float = 0.05
    dropout: float = 0.3
    seed: int = 0
    policy: bool = False
    val_fraction: float = 0.1
    threads: int = 1
    symmetries: str = "all"
    max_steps: int = 0  # stop after this many batches in all (0: no limit); for quick checks


@dataclass
class Data:
    """A datagen run in memory: ``policy`` is None unless its shards carry policy targets."""

    features: np.ndarray
    labels: np.ndarray
    meta: np.ndarray
    policy: np.ndarray | None
    manifest: dict[str, Any]


@dataclass
class TrainResult:
    model: Any
    history: list[dict[str, float]] = field(default_factory=list)
    best_epoch: int = 0
    interrupted: bool = False
    train_games: int = 0
    val_games: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    metrics: dict[str, float] | None = None
    files: list[Path] = field(default_factory=list)


def load_data(data_dir: str | os.PathLike[str] | Sequence[str | os.PathLike[str]]) -> Data:
    """The finished datagen run in ``data_dir`` (or several runs of the same game, one
    after the other: their game and group numbers are shifted past the previous run's,
    so that games stay apart when split): the rows and, where every shard has an array
    ``policy`` (float32 [rows, num_actions]: a target distribution over the moves of the
    row's seat to act, all zero for none), those targets."""
    if isinstance(data_dir, (list, tuple)):
        if not data_dir:
            raise ValueError("no data directory given")
        runs = [_load_one(d) for d in data_dir]
        first = runs[0]
        for d, r in zip(data_dir[1:], runs[1:]):
            for key in ("features_version", "feature_size", "players"):
                if r.manifest.get(key) != first.manifest.get(key):
                    raise ValueError(f"{d} has {key} {r.manifest.get(key)}, {data_dir[0]} {first.manifest.get(key)}")
            if Game(r.manifest["run"]["game"]).spec != Game(first.manifest["run"]["game"]).spec:
                raise ValueError(f"{d} holds {r.manifest['run']['game']}, {data_dir[0]} {first.manifest['run']['game']}")
            if r.manifest["run"].get("options") != first.manifest["run"].get("options"):
                raise ValueError(f"{d} was made with other datagen options than {data_dir[0]}")
        metas, game_shift, group_shift = [], 0, 0
        for r in runs:
            m = r.meta.copy()
            m[:, 0] += game_shift
            m[:, 2] += group_shift
            game_shift = int(m[:, 0].max()) + 1 if len(m) else game_shift
            group_shift = int(m[:, 2].max()) + 1 if len(m) else group_shift
            metas.append(m)
        policies = [r.policy for r in runs if r.policy is not None]
        policy = np.concatenate(policies) if len(policies) == len(runs) else None
        manifest = dict(first.manifest, runs=[r.manifest["run"] for r in runs])
        return Data(np.concatenate([r.features for r in runs]), np.concatenate([r.labels for r in runs]),
                    np.concatenate(metas), policy, manifest)
    return _load_one(data_dir)  # type: ignore[arg-type]  # a str or a path, the sequences handled above


def _load_one(data_dir: str | os.PathLike[str]) -> Data:
    root = Path(data_dir)
    manifest_file = root / datagen.MANIFEST
    if not manifest_file.is_file():
        raise ValueError(f"{root} holds no datagen run ({datagen.MANIFEST} is missing); "
                         f"make one with 'meeple datagen catan --games N --out {root}'")
    features, labels, meta = datagen.load(root)  # checks the manifest and every shard, naming the file
    manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
    policy = None
    parts: list[np.ndarray] = []
    for s in manifest["shards"]:
        with np.load(root / s["file"]) as z:
            if "policy" in z.files:
                parts.append(z["policy"])
    if parts and len(parts) == len(manifest["shards"]):
        policy = np.concatenate(parts).astype(np.float32)
    return Data(features, labels, meta, policy, manifest)


def split_by_game(meta: np.ndarray, val_fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Training rows, validation rows and the validation games: a ``val_fraction`` share
    of the games (at least one when there are two or more and the share is above 0),
    drawn with ``seed``; every row of a game falls on the same side."""
    games = np.unique(meta[:, 0])
    n_val = 0
    if val_fraction > 0 and len(games) >= 2:
        n_val = min(len(games) - 1, max(1, int(round(val_fraction * len(games)))))
    rng = np.random.default_rng([seed, 0x5EED])
    val_games = np.sort(rng.permutation(games)[:n_val])
    is_val = np.isin(meta[:, 0], val_games)
    return np.flatnonzero(~is_val), np.flatnonzero(is_val), val_games


def symmetry_tables(which: str, num_actions: int) -> tuple[np.ndarray, np.ndarray]:
    """Feature permutations int64 [K, F] and action gathers int64 [K, A] of the chosen
    symmetries (``SYMMETRIES``): ``x[:, feats[k]]`` is the board seen through symmetry
    k, ``policy[:, acts[k]]`` its policy targets."""
    from ..per_game import catan

    if which not in SYMMETRIES:
        raise ValueError(f"symmetries must be one of {', '.join(SYMMETRIES)}, got {which!r}")
    sym = catan.symmetries()
    ks = [0] if which == "none" else [k for k in range(12) if which == "all" or bool(sym["keeps_harbors"][k])]
    feats = np.stack([catan.feature_permutation(k) for k in ks]).astype(np.int64)
    acts = np.stack([np.argsort(sym["action"][k]) for k in ks]).astype(np.int64)
    if acts.shape[1] != num_actions:
        raise ValueError(f"the symmetries map {acts.shape[1]} actions, the game has {num_actions}")
    return feats, acts


def augment(features: Any, labels: Any, ks: Any, tables: tuple[Any, Any], policy: Any = None) -> tuple[Any, Any, Any]:
    """Rows (torch tensors [B, F], [B, P], optional [B, A]) shown under symmetries
    ``ks`` [B] (indices into ``tables``, as ``symmetry_tables`` gives them as tensors):
    each feature vector is that of the board turned or mirrored, each policy target
    moves with the actions, and the labels stay: a symmetry of the board changes no
    seat's chance of winning. (Seat rotation needs no augmentation here: the seat
    variant's rows are already relative to the viewer, and the labels rotated to match.)"""
    import torch

    feats, acts = tables
    x = torch.gather(features, 1, feats[ks])
    p = torch.gather(policy, 1, acts[ks]) if policy is not None else None
    return x, labels, p


class _Progress:
    """An epoch bar with tqdm when installed and stderr is a terminal, else a plain line
    an epoch on stderr (a log file gets lines, not bar redraws)."""

    def __init__(self, enabled: bool, epochs: int) -> None:
        self._bar: Any = None
        self._enabled = enabled
        if enabled and sys.stderr.isatty():
            try:
                from tqdm.auto import tqdm  # type: ignore[import-untyped]  # optional (meeple[progress])
                self._bar = tqdm(total=epochs, unit="epoch", desc="meeple train", leave=True, file=sys.stderr)
            except ImportError:
                self._bar = None

    def epoch(self, row: dict[str, float], epochs: int) -> None:
        if not self._enabled:
            return
        text = f"train KL {row['train_kl']:.4f}, validation KL {row['val_kl']:.4f}"
        if self._bar is not None:
            self._bar.set_postfix_str(text)
            self._bar.update(1)
        else:
            print(f"epoch {int(row['epoch'])}/{epochs}: {text} ({row['seconds']:.1f} s)", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def _plot(history: list[dict[str, float]], best_epoch: int, path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    epochs = [h["epoch"] for h in history]
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    ax.plot(epochs, [h["train_kl"] for h in history], label="training (augmented)")
    if any(math.isfinite(h["val_kl"]) for h in history):
        ax.plot(epochs, [h["val_kl"] for h in history], label="validation")
        ax.axvline(best_epoch, color="grey", linestyle=":", label=f"kept: epoch {best_epoch}")
    ax.set_xlabel("epoch")
    ax.set_ylabel("KL(labels || net), nats")
    ax.set_title("meeple value net: learning curve")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    tmp = path.with_name(path.stem + ".tmp.png")
    fig.savefig(tmp, metadata={"Software": None})
    plt.close(fig)
    os.replace(tmp, path)
    return True


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[Callable[[], bool]]:
    """While the files are written, Ctrl-C is noted instead of raised (in the main
    thread), so that a second press cannot leave half a model; yields a function that
    says whether it was pressed."""
    pressed: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield lambda: bool(pressed)
    finally:
        signal.signal(signal.SIGINT, previous)


def _kl_loss(torch: Any, logits: Any, target: Any) -> Any:
    """Mean over rows of KL(target || softmax(logits)); 0 log 0 = 0."""
    logq = torch.log_softmax(logits, dim=-1)
    logp = torch.log(torch.where(target > 0, target, torch.ones_like(target)))
    return (target * (logp - logq)).sum(dim=-1).mean()


def train(data: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | Data, out: str | os.PathLike[str], options: TrainOptions = TrainOptions(),
          *, progress: bool = False, log: Callable[[str], None] | None = None) -> TrainResult:
    """Trains on the datagen run ``data`` (a directory, a list of them, or a loaded
    ``Data``) and writes
    ``out`` (NAME.onnx), NAME.npz and NAME.png. Returns the model (the best epoch's
    weights), the per-epoch history, the validation figures (``meeple.net.metrics``)
    and whether Ctrl-C cut it short. Raises ValueError for bad options or data."""
    import torch

    from .model import ValueNet, standardisation

    o = options
    if o.symmetries not in SYMMETRIES:
        raise ValueError(f"symmetries must be one of {', '.join(SYMMETRIES)}, got {o.symmetries!r}")
    if o.epochs < 1 or o.batch_size < 1 or not o.lr > 0 or o.weight_decay < 0 or not 0 <= o.val_fraction < 1 \
            or o.threads < 1 or o.max_steps < 0 or not o.hidden or min(o.hidden) < 1 or not 0 <= o.dropout < 1:
        raise ValueError(f"bad training options: {o}")
    out = Path(out)
    if out.suffix != ".onnx":
        raise ValueError(f"the model file must end in .onnx, got {str(out)!r}")
    d = data if isinstance(data, Data) else load_data(data)
    run = d.manifest.get("run", {})
    game = Game(run.get("game", "catan"))
    if game.name != "catan":
        raise ValueError(f"training knows catan's feature vectors only; this run is of {game.spec}")
    if run.get("options", {}).get("variant", "seat") != "seat":
        raise ValueError("the run's features are omniscient; a model that plays must learn from the seat "
                         "variant (meeple datagen without --variant omniscient)")
    if o.policy and d.policy is None:
        raise ValueError("--policy needs policy targets (an array 'policy' in every shard); meeple datagen rows are "
                         "states after a move and carry none, so train the value head alone (see docs/value-net.md)")
    say = log or (lambda s: None)
    n, f = d.features.shape
    players = d.labels.shape[1]
    num_actions = game.num_actions if o.policy else 0
    if n == 0:
        raise ValueError("the run has no rows")

    previous_threads = torch.get_num_threads()
    torch.set_num_threads(o.threads)
    torch.manual_seed(o.seed)
    rng = np.random.default_rng([o.seed, 0x7A1])
    try:
        train_rows, val_rows, val_games = split_by_game(d.meta, o.val_fraction, o.seed)
        feat_perm, act_perm = symmetry_tables(o.symmetries, game.num_actions)
        mean, std = standardisation(d.features, train_rows, feat_perm)
        model = ValueNet(f, players, o.hidden, num_actions, mean, std, dropout=o.dropout)
        optimiser = torch.optim.AdamW(model.parameters(), lr=o.lr, weight_decay=o.weight_decay)
        steps_per_epoch = math.ceil(len(train_rows) / o.batch_size)
        total_steps = steps_per_epoch * o.epochs if not o.max_steps else min(o.max_steps, steps_per_epoch * o.epochs)
        schedule = torch.optim.lr_scheduler.LambdaLR(
            optimiser, lambda step: 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(step, total_steps) / total_steps)))
        tables = (torch.from_numpy(feat_perm), torch.from_numpy(act_perm))
        x_all = torch.from_numpy(d.features)
        y_all = torch.from_numpy(d.labels.astype(np.float32))
        pol_all = torch.from_numpy(d.policy) if o.policy and d.policy is not None else None
        say(f"{len(train_rows):,} training rows from {len(np.unique(d.meta[train_rows, 0])):,} games, "
            f"{len(val_rows):,} validation rows from {len(val_games):,}; {len(feat_perm)} symmetries; "
            f"model {f} -> {' -> '.join(map(str, o.hidden))} -> {players}" + (f" + policy {num_actions}" if o.policy else ""))

        def validation_kl() -> float:
            if not len(val_rows):
                return float("nan")
            model.eval()
            total = 0.0
            with torch.no_grad():
                for i in range(0, len(val_rows), 8192):
                    idx = torch.from_numpy(val_rows[i:i + 8192])
                    logits, _ = model.logits(x_all[idx])
                    total += float(_kl_loss(torch, logits, y_all[idx])) * len(idx)
            return total / len(val_rows)

        result = TrainResult(model=model, train_games=len(np.unique(d.meta[train_rows, 0])), val_games=val_games)
        best_state, best_kl = copy.deepcopy(model.state_dict()), math.inf
        bar = _Progress(progress, o.epochs)
        step = 0
        try:
            for epoch in range(1, o.epochs + 1):
                started = time.perf_counter()
                model.train()
                order = rng.permutation(train_rows)
                loss_sum, rows_seen = 0.0, 0
                for i in range(0, len(order), o.batch_size):
                    if o.max_steps and step >= o.max_steps:
                        break
                    idx = torch.from_numpy(order[i:i + o.batch_size])
                    ks = torch.from_numpy(rng.integers(len(feat_perm), size=len(idx)))
                    xb, yb, pb = augment(x_all[idx], y_all[idx], ks, tables,
                                         pol_all[idx] if pol_all is not None else None)
                    value_logits, policy_logits = model.logits(xb)
                    loss = _kl_loss(torch, value_logits, yb)
                    value_loss = float(loss.detach())
                    if pb is not None and policy_logits is not None:
                        has = pb.sum(dim=1) > 0
                        if bool(has.any()):
                            loss = loss - (pb[has] * torch.log_softmax(policy_logits[has], dim=-1)).sum(dim=1).mean()
                    optimiser.zero_grad(set_to_none=True)
                    loss.backward()
                    optimiser.step()
                    schedule.step()
                    step += 1
                    loss_sum += value_loss * len(idx)
                    rows_seen += len(idx)
                val_kl = validation_kl()
                row = {"epoch": float(epoch), "train_kl": loss_sum / max(rows_seen, 1), "val_kl": val_kl,
                       "seconds": time.perf_counter() - started}
                result.history.append(row)
                if not len(val_rows) or val_kl < best_kl:
                    state = copy.deepcopy(model.state_dict())
                    best_state, best_kl, result.best_epoch = state, val_kl, epoch
                bar.epoch(row, o.epochs)
                if o.max_steps and step >= o.max_steps:
                    break
        except KeyboardInterrupt:
            result.interrupted = True
        finally:
            bar.close()
        with _interrupts_deferred() as pressed:
            _finish(result, model, best_state, best_kl, d, o, out, val_rows, train_rows, n, run, game, say)
        result.interrupted = result.interrupted or pressed()
        return result
    finally:
        torch.set_num_threads(previous_threads)


def _finish(result: TrainResult, model: Any, best_state: Any, best_kl: float, d: Data, o: TrainOptions, out: Path,
            val_rows: np.ndarray, train_rows: np.ndarray, n: int, run: dict[str, Any], game: Game,
            say: Callable[[str], None]) -> None:
    """Takes the best epoch's weights, measures them and writes the files."""
    import torch

    from . import export as export_module
    from . import metrics as metrics_module

    model.load_state_dict(best_state)
    model.eval()
    if result.interrupted:
        say(f"interrupted after {len(result.history)} epochs; keeping epoch {result.best_epoch}")

    with torch.no_grad():
        if len(val_rows):
            pred = np.concatenate([model(torch.from_numpy(d.features[val_rows[i:i + 8192]]))[0].numpy()
                                   for i in range(0, len(val_rows), 8192)])
            result.metrics = metrics_module.compute(pred, d.labels[val_rows], d.meta[val_rows],
                                                    metrics_module._points_lead(d.features[val_rows]))
    record = {"options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(o).items()},
              "data": {"rows": int(n), "games": int(len(np.unique(d.meta[:, 0]))), "run": run},
              "train_rows": int(len(train_rows)), "val_rows": int(len(val_rows)),
              "best_epoch": result.best_epoch, "epochs_run": len(result.history),
              "interrupted": result.interrupted, "val_kl": best_kl if math.isfinite(best_kl) else None,
              "torch": torch.__version__}
    files = list(export_module.export(model, out, game=game.spec, features_version=int(d.manifest["features_version"]),
                                      training=record))
    check_rows = val_rows[:256] if len(val_rows) else train_rows[:256]
    export_module.check_export(model, out, d.features[check_rows], atol=2e-5)
    png = out.with_suffix(".png")
    if result.history and _plot(result.history, result.best_epoch, png):
        files.append(png)
    result.files = files
