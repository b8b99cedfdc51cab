"""Plots of a run, saved beside its checkpoints (``DIR/checkpoints/progress.png``):
losses, the best net against the reference (Elo, or mean scores for one-seat games)
and self-play speed, over generations. Needs matplotlib (``meeple[selfplay]``);
without it the run goes on and says once that it draws no plots."""

from __future__ import annotations

import io
import math
import os
from typing import Any, Callable

from .replay import write_atomically

__all__ = ["save_plots"]

_warned = False


def save_plots(root: str, state: dict[str, Any], log: Callable[[str], None]) -> None:
    global _warned
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        if not _warned:
            log("no plots: matplotlib is not installed (pip install \"meeple[selfplay]\")")
            _warned = True
        return
    hist, evals = state["history"], state["evaluations"]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.6))
    gens = [h["generation"] for h in hist]
    axes[0].plot(gens, [h["policy_loss"] for h in hist], label="policy")
    axes[0].plot(gens, [h["value_loss"] for h in hist], label="value")
    axes[0].set_title("training loss")
    axes[0].set_xlabel("generation")
    axes[0].legend()
    x = [e.get("after_generation", -1) + 1 for e in evals]
    if evals and "elo" in evals[0]:
        elo = [max(-1000.0, min(1000.0, e["elo"])) if not math.isnan(e["elo"]) else math.nan for e in evals]
        axes[1].plot(x, elo, marker="o")
        axes[1].axhline(0, color="grey", lw=0.8)
        axes[1].set_title(f"best net vs {state['config']['evaluate']['reference']}: Elo")
    elif evals:
        axes[1].plot(x, [e["net_score"] for e in evals], marker="o", label="best net")
        axes[1].plot(x, [e["reference_score"] for e in evals], ls="--", label=state["config"]["evaluate"]["reference"])
        axes[1].set_title("mean score")
        axes[1].legend()
    axes[1].set_xlabel("generation")
    speed = [(h["generation"], h["positions_per_second"]) for h in hist if h.get("positions_per_second")]
    axes[2].plot([s[0] for s in speed], [s[1] for s in speed], marker=".")
    axes[2].set_title("self-play positions/s")
    axes[2].set_xlabel("generation")
    fig.suptitle(f"{state['game']}: self-play")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    plt.close(fig)
    path = os.path.join(root, "checkpoints", "progress.png")
    try:
        write_atomically(path, lambda f: f.write(buf.getvalue()))
    except OSError as e:
        log(f"could not write {path}: {e}")
