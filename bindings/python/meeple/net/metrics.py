"""How well a value network predicts labelled data (docs/value-net.md, "Figures").
NumPy only.

- ``kl``: mean over rows of KL(labels || prediction), in nats, against the playout labels.
- ``baseline_kl``: the same for the best constant guess (the mean label of the rows),
  for scale.
- Sibling ranking, over the rows whose viewer is the acting seat (column 0 is then the
  actor's share): within each datagen group (states after different moves of the same
  decision), ``pair_agreement`` is the share of sibling pairs with different actor
  labels that the net orders as the labels do (a tie of the net counts a half);
  ``best_sibling`` the share of groups (labels not all equal) where the net's best
  sibling is one of the labels' best; ``best_sibling_chance`` what a uniformly random
  pick scores, and ``best_sibling_played`` how often the game's own agent played one.
- Calibration for seats far behind: rows where the viewer's ``points_lead`` feature
  (its points as it knows them less the best other seat's) is -5 or less; the mean
  predicted share of the viewer against its mean label (``behind_predicted``,
  ``behind_actual``, ``behind_rows``), and the same over every seat of every row
  (``behind_all_*``: another seat's points are its public ones).
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Mapping

import numpy as np

__all__ = ["kl_divergence", "sibling_ranking", "calibration_behind", "compute", "evaluate", "predict", "report"]

# meta columns of meeple.datagen (META_COLUMNS).
_GROUP, _VIEWER, _ACTOR, _PLAYED, _GAME = 2, 3, 4, 6, 0
_TIE = 1e-6


def kl_divergence(labels: np.ndarray, pred: np.ndarray) -> np.ndarray:
    """KL(labels || pred) per row, in nats (0 * log 0 = 0; pred floored at 1e-12)."""
    p = np.asarray(labels, np.float64)
    q = np.maximum(np.asarray(pred, np.float64), 1e-12)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, p * (np.log(np.where(p > 0, p, 1.0)) - np.log(q)), 0.0)
    out: np.ndarray = terms.sum(axis=1)
    return out


def sibling_ranking(pred: np.ndarray, labels: np.ndarray, meta: np.ndarray) -> dict[str, float]:
    """Pair agreement and best-sibling rates for the actor (see the module docstring)."""
    mover = meta[:, _VIEWER] == meta[:, _ACTOR]
    groups = meta[mover, _GROUP]
    p, y, played = pred[mover, 0], labels[mover, 0], meta[mover, _PLAYED]
    order = np.argsort(groups, kind="stable")
    groups, p, y, played = groups[order], p[order], y[order], played[order]
    starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    ends = np.r_[starts[1:], len(groups)]
    pairs = agree = 0.0
    n_groups = best = chance = by_agent = 0.0
    tied_pairs = 0
    for s, e in zip(starts, ends):
        if e - s < 2:
            continue
        gp, gy = p[s:e], y[s:e]
        dy = gy[:, None] - gy[None, :]
        dp = gp[:, None] - gp[None, :]
        upper = np.triu(np.ones_like(dy, dtype=bool), 1)
        differ = upper & (np.abs(dy) > _TIE)
        tied_pairs += int((upper & ~differ).sum())
        pairs += float(differ.sum())
        agree += float((np.sign(dy[differ]) == np.sign(dp[differ])).sum() + 0.5 * (dp[differ] == 0).sum())
        top = gy >= gy.max() - _TIE
        if top.all():
            continue
        n_groups += 1
        best += float(top[int(np.argmax(gp))])
        chance += top.mean()
        by_agent += float(top[played[s:e] == 1].any())
    return {"pairs": pairs, "tied_pairs": float(tied_pairs), "pair_agreement": agree / pairs if pairs else float("nan"),
            "groups": n_groups, "best_sibling": best / n_groups if n_groups else float("nan"),
            "best_sibling_chance": chance / n_groups if n_groups else float("nan"),
            "best_sibling_played": by_agent / n_groups if n_groups else float("nan")}


def _points_lead(features: np.ndarray) -> np.ndarray:
    from ..per_game.catan import feature_fields

    offset, size, _ = feature_fields()["points_lead"]
    return features[:, offset:offset + size]


def calibration_behind(pred: np.ndarray, labels: np.ndarray, points_lead: np.ndarray,
                       behind: float = 5.0) -> dict[str, float]:
    """Mean predicted against mean labelled share of seats ``behind`` or more points
    behind the best other seat (``points_lead`` [N, >= P], relative seats as the
    features' rows), for the viewer and for every seat."""
    players = labels.shape[1]
    lead = np.asarray(points_lead)[:, :players]
    viewer = lead[:, 0] <= -behind
    every = lead <= -behind
    out = {"behind_rows": float(viewer.sum()),
           "behind_predicted": float(pred[viewer, 0].mean()) if viewer.any() else float("nan"),
           "behind_actual": float(labels[viewer, 0].mean()) if viewer.any() else float("nan"),
           "behind_all_seats": float(every.sum()),
           "behind_all_predicted": float(pred[every].mean()) if every.any() else float("nan"),
           "behind_all_actual": float(labels[every].mean()) if every.any() else float("nan")}
    return out


def compute(pred: np.ndarray, labels: np.ndarray, meta: np.ndarray, points_lead: np.ndarray) -> dict[str, float]:
    """Every figure of the module docstring for predictions ``pred`` [N, P] of rows with
    ``labels`` [N, P], datagen ``meta`` [N, 8] and the ``points_lead`` feature [N, 4]."""
    pred, labels = np.asarray(pred, np.float64), np.asarray(labels, np.float64)
    if pred.shape != labels.shape or len(meta) != len(pred) or len(points_lead) != len(pred):
        raise ValueError(f"shapes differ: pred {pred.shape}, labels {labels.shape}, meta {np.shape(meta)}, "
                         f"points_lead {np.shape(points_lead)}")
    out = {"rows": float(len(pred)), "kl": float(kl_divergence(labels, pred).mean()) if len(pred) else float("nan")}
    mean_label = labels.mean(axis=0, keepdims=True) if len(labels) else labels
    out["baseline_kl"] = float(kl_divergence(labels, np.broadcast_to(mean_label, labels.shape)).mean()) \
        if len(labels) else float("nan")
    out.update(sibling_ranking(pred, labels, np.asarray(meta)))
    out.update(calibration_behind(pred, labels, points_lead))
    return out


def predict(model: str | os.PathLike[str] | Mapping[str, np.ndarray], features: np.ndarray,
            chunk: int = 8192) -> np.ndarray:
    """Win shares [N, P] of ``features`` from a model's .npz (a path to NAME.onnx or
    NAME.npz, or its arrays), by the NumPy forward pass."""
    from .export import load_npz, npz_path, numpy_forward

    arrays = load_npz(npz_path(model)) if isinstance(model, (str, os.PathLike)) else model
    parts = [numpy_forward(arrays, features[i:i + chunk])[0] for i in range(0, len(features), chunk)]
    return np.concatenate(parts) if parts else np.zeros((0, len(arrays["value_b"])), np.float32)


def evaluate(data: str | os.PathLike[str], model: str | os.PathLike[str],
             games: Iterable[int] | None = None) -> dict[str, float]:
    """The figures of model ``model`` (NAME.onnx or NAME.npz; the .npz is read) on the
    datagen run in directory ``data``, over its rows of ``games`` (default: all)."""
    from .datagen import load

    features, labels, meta = load(data)
    if games is not None:
        keep = np.isin(meta[:, _GAME], np.fromiter(games, np.int64))
        features, labels, meta = features[keep], labels[keep], meta[keep]
    return compute(predict(model, features), labels, meta, _points_lead(features))


def report(m: Mapping[str, Any]) -> str:
    """The figures as a few lines of text."""
    return "\n".join([
        f"KL(labels || net): {m['kl']:.4f} nats over {int(m['rows']):,} rows "
        f"(best constant guess: {m['baseline_kl']:.4f})",
        f"sibling pairs ordered as the labels: {100 * m['pair_agreement']:.1f}% of {int(m['pairs']):,} "
        f"({int(m['tied_pairs']):,} tied pairs left out)",
        f"best sibling chosen: {100 * m['best_sibling']:.1f}% of {int(m['groups']):,} groups "
        f"(random pick {100 * m['best_sibling_chance']:.1f}%, the game's agent {100 * m['best_sibling_played']:.1f}%)",
        f"viewers 5+ points behind: predicted {100 * m['behind_predicted']:.2f}%, "
        f"actual {100 * m['behind_actual']:.2f}% ({int(m['behind_rows']):,} rows); every seat: predicted "
        f"{100 * m['behind_all_predicted']:.2f}%, actual {100 * m['behind_all_actual']:.2f}% "
        f"({int(m['behind_all_seats']):,})"])
