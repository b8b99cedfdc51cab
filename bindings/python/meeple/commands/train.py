"""``meeple train``: a value network from ``meeple datagen`` data, saved as NAME.onnx,
NAME.npz and a learning-curve plot NAME.png (docs/value-net.md).

    meeple datagen catan --games 6000 --out data/ --seed 1
    meeple train catan --data data/ --out catan_value.onnx --seed 1

Needs the extra ``meeple[net]`` (PyTorch on the CPU, onnx, onnxruntime, matplotlib).
Ctrl-C stops the training and still writes the best epoch so far (status 130).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..game import Game
from .args import UsageError, float_range, game_spec, int_range, seed


def _hidden(text: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.split(",")]
    try:
        widths = tuple(int(p, 10) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a list of layer widths; give whole numbers separated by commas, e.g. 64 or 128,64") from None
    if not 1 <= len(widths) <= 8 or any(not 1 <= w <= 4096 for w in widths):
        raise argparse.ArgumentTypeError(f"'{text}': give 1 to 8 hidden layers of 1 to 4,096 units each")
    return widths


def _onnx_path(text: str) -> Path:
    path = Path(text)
    if path.suffix != ".onnx" or path.name == ".onnx":
        raise argparse.ArgumentTypeError(f"'{text}' does not end in .onnx; name the model file NAME.onnx "
                                         "(NAME.npz and NAME.png are written beside it)")
    return path


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = subparsers.add_parser("train", help="train a value network on datagen data (needs meeple[net])")
    p.add_argument("game", type=game_spec, help="the game of the data: catan")
    p.add_argument("--data", required=True, nargs="+", metavar="DIR",
                   help="finished 'meeple datagen' directories (several: runs of the same options, e.g. other seeds)")
    p.add_argument("--out", type=_onnx_path, required=True,
                   help="the model file NAME.onnx; NAME.npz and NAME.png go beside it")
    p.add_argument("--epochs", type=int_range(1, 100000), default=12, help="passes over the data (default: 12)")
    p.add_argument("--hidden", type=_hidden, default=(64, 64),
                   help="hidden layer widths, comma separated (default: 64,64)")
    p.add_argument("--batch-size", type=int_range(1, 1 << 20), default=256, help="rows a step (default: 256)")
    p.add_argument("--lr", type=float_range("learning rate", 0.0, 10.0, above_lo=True), default=2e-3,
                   help="peak learning rate of AdamW, cosine decay (default: 0.002)")
    p.add_argument("--weight-decay", type=float_range("weight decay", 0.0, 1.0), default=0.05,
                   help="AdamW weight decay (default: 0.05)")
    p.add_argument("--dropout", type=float_range("dropout rate", 0.0, 1.0, below_hi=True), default=0.3,
                   help="dropout after each hidden layer while training (default: 0.3)")
    p.add_argument("--seed", type=seed, default=0, help="seed of the split, order, symmetries and weights (default: 0)")
    p.add_argument("--policy", action="store_true",
                   help="also train the policy head (needs policy targets in the data; datagen rows have none)")
    p.add_argument("--val-fraction", type=float_range("share", 0.0, 1.0, below_hi=True), default=0.1,
                   help="share of the games held out for validation (default: 0.1)")
    p.add_argument("--symmetries", choices=("none", "harbor", "all"), default="all",
                   help="board symmetries shown in training: all 12 (default), the 6 that keep the harbors, none")
    p.add_argument("--threads", type=int_range(1, 256), default=1,
                   help="PyTorch threads (default: 1, bit-for-bit reproducible)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (or epoch lines when not on a terminal)")
    p.set_defaults(run=run, prog=p.prog)


def run(args: argparse.Namespace) -> int:
    from .. import net

    # The arguments first: a wrong --data is a usage error (status 2) with or without PyTorch.
    if args.game.name != "catan":
        raise UsageError(f"training knows catan's feature vectors only, not {args.game.name}'s")
    for d in args.data:
        if not (Path(d) / "manifest.json").is_file():
            raise UsageError(f"{d} holds no datagen run (no manifest.json); make one with "
                             f"'meeple datagen catan --games N --out {d}'")
    try:
        import torch  # noqa: F401

        from ..net import metrics
        from ..net import train as train_module
    except ImportError as e:
        print(f"{args.prog}: error: training needs PyTorch and the ONNX tools: pip install \"meeple[{net.EXTRA}]\" "
              f"(import said: {e})", file=sys.stderr)
        return 1
    options = train_module.TrainOptions(
        epochs=args.epochs, hidden=args.hidden, batch_size=args.batch_size, lr=args.lr,
        weight_decay=args.weight_decay, dropout=args.dropout, seed=args.seed, policy=args.policy, val_fraction=args.val_fraction,
        threads=args.threads, symmetries=args.symmetries)
    try:
        data = train_module.load_data(args.data if len(args.data) > 1 else args.data[0])
        data_game = Game(data.manifest.get("run", {}).get("game", "catan"))
        if data_game.spec != args.game.spec:
            raise UsageError(f"{' '.join(args.data)} holds data of {data_game.spec}, not of {args.game.spec}")
        result = train_module.train(data, args.out, options, progress=not args.no_progress,
                                    log=lambda s: print(s, file=sys.stderr))
    except ValueError as e:
        raise UsageError(str(e)) from None
    best = result.history[result.best_epoch - 1] if result.history and result.best_epoch else None
    if best is not None:
        print(f"kept epoch {result.best_epoch} of {len(result.history)}: validation KL {best['val_kl']:.4f}")
    if result.metrics is not None:
        print(metrics.report(result.metrics))
    print("wrote " + ", ".join(str(f) for f in result.files))
    return 130 if result.interrupted else 0

