"""A trained value network, loaded for play: ``ValueNet``.

A model is saved as ``NAME.onnx`` and, beside it, ``NAME.npz`` (the same weights for a
NumPy forward pass). ``ValueNet(path)`` runs ``NAME.onnx`` with onnxruntime when
onnxruntime is installed and the file is there, else ``NAME.npz`` with NumPy; the
default path is the model shipped in the package, ``meeple/models/catan_value``::

    import meeple
    from meeple.net import ValueNet

    game = meeple.Game("catan")
    net = ValueNet(game=game)                 # the shipped model, checked against the game
    state = game.new_state(seed=1)
    x = meeple.catan.features(state, seat=0)[None]
    net.values(x, viewers=[0])                # [1, 4]: each seat's expected return, by seat

What a model holds (both files): the game spec it was trained on, the number of seats,
the inputs (``features-seat``: the feature vector of the seat to act, seat variant), the
feature version and size, a value head (win probabilities over seats, the viewer's
first: column i is seat ``(viewer + i) % players``) and optionally a policy head
(logits over the game's actions). Loading checks all of it against the game and says
what does not match: the game's name and seats, the inputs, the feature version and
size must be the game's; other options of the game (points to win, trade budget) may
differ. ``values`` rotates the columns to absolute seats and maps win
probabilities to the scale of the game's returns (catan: +1 win, -1 loss, so ``2p - 1``).

docs/net-agents.md describes the format, the agents that use it and their strength.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import threading
from typing import Any, Optional, Union

import numpy as np

from ..errors import InvalidArgumentError, MeepleError
from ..game import Game, State

__all__ = ["DEFAULT_MODEL", "ModelError", "ValueNet", "load_value_net", "FORMAT", "FORMAT_VERSION", "INPUTS",
           "OBSERVATION_INPUTS", "WIN_PROBABILITY", "RETURNS", "READ_VERSIONS"]

FORMAT = "meeple-value-net"
FORMAT_VERSION = 1
INPUTS = "features-seat"
# Format version 2 adds two kinds a self-play net needs (docs/net-agents.md): rows that
# are the game's observation from the seat to act (games without feature vectors), and a
# value head that gives each seat's expected return directly (one-seat score games, where
# a softmax over seats says nothing). Version 1 files are version 2 files with the
# default kinds, so both are read.
OBSERVATION_INPUTS = "observation"
WIN_PROBABILITY, RETURNS = "win-probability", "returns"
READ_VERSIONS = ("1", "2")
DEFAULT_MODEL = pathlib.Path(__file__).resolve().parent.parent / "models" / "catan_value"
_BACKENDS = ("auto", "onnx", "numpy")


class ModelError(InvalidArgumentError):
    """A model file that is missing, unreadable, or made for another game or layout."""


def _model_base(path: Union[str, os.PathLike[str], None]) -> pathlib.Path:
    """NAME from NAME, NAME.onnx or NAME.npz (the two files sit side by side)."""
    if path is None:
        return DEFAULT_MODEL
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"model must be a path (NAME, NAME.onnx or NAME.npz), not {type(path).__name__}")
    p = pathlib.Path(path).expanduser()
    return p.with_suffix("") if p.suffix in (".onnx", ".npz") else p


def _have_onnxruntime() -> bool:
    try:
        importlib.import_module("onnxruntime")
    except ImportError:
        return False
    return True


class _NumpyForward:
    """The MLP of NAME.npz: standardise, ReLU layers, value logits (softmax), policy logits."""

    def __init__(self, arrays: dict[str, np.ndarray], where: str, value_kind: str = WIN_PROBABILITY) -> None:
        self.value_kind = value_kind
        try:
            self.mean = np.asarray(arrays["mean"], np.float32)
            self.inv_std = (1.0 / np.asarray(arrays["std"], np.float64)).astype(np.float32)
            self.layers = []
            i = 0
            while f"w{i}" in arrays:
                self.layers.append((np.asarray(arrays[f"w{i}"], np.float32), np.asarray(arrays[f"b{i}"], np.float32)))
                i += 1
            self.value = (np.asarray(arrays["value_w"], np.float32), np.asarray(arrays["value_b"], np.float32))
            self.policy = None
            if "policy_w" in arrays:
                self.policy = (np.asarray(arrays["policy_w"], np.float32), np.asarray(arrays["policy_b"], np.float32))
        except KeyError as e:
            raise ModelError(f"{where} has no array {e.args[0]!r}; a meeple value net (format {FORMAT_VERSION}) has "
                             "mean, std, w0, b0, ..., value_w, value_b (docs/net-agents.md)") from None
        if self.mean.ndim != 1 or np.asarray(arrays["std"]).shape != self.mean.shape:
            raise ModelError(f"{where}: mean {self.mean.shape} and std {np.asarray(arrays['std']).shape} must both "
                             "be [feature_size]")
        width = self.mean.shape[0]
        for key, a in arrays.items():
            if a.dtype.kind in "fc" and not np.all(np.isfinite(a)):
                raise ModelError(f"{where}: {key} has NaN or infinite entries; a trained net's weights are finite")
        heads = [("value", self.value)] + ([("policy", self.policy)] if self.policy else [])
        for name, (w, b) in [(f"layer {k}", layer) for k, layer in enumerate(self.layers)] + heads:
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ModelError(f"{where}: {name} has weights {w.shape} and bias {b.shape}, which do not follow "
                                 f"a layer {width} wide: weights must be [in, out] and the bias [out]")
            if name.startswith("layer"):
                width = w.shape[1]
        if not np.all(np.isfinite(self.inv_std)):
            raise ModelError(f"{where}: std has zeros or non-finite entries; the exporter floors it above 0")

    def __call__(self, x: np.ndarray) -> tuple[np.ndarray, Optional[np.ndarray]]:
        h = (x - self.mean) * self.inv_std
        for w, b in self.layers:
            h = h @ w
            h += b
            np.maximum(h, 0, out=h)
        logits = h @ self.value[0] + self.value[1]
        policy = h @ self.policy[0] + self.policy[1] if self.policy else None
        if self.value_kind == RETURNS:
            return logits, policy
        logits -= logits.max(axis=1, keepdims=True)
        np.exp(logits, out=logits)
        logits /= logits.sum(axis=1, keepdims=True)
        return logits, policy


class _OnnxForward:
    """NAME.onnx in an onnxruntime session on one thread (the machine's cores go to games)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        outputs = [o.name for o in session.get_outputs()]
        self.outputs = ["value"] + (["policy"] if "policy" in outputs else [])

    def __call__(self, x: np.ndarray) -> tuple[np.ndarray, Optional[np.ndarray]]:
        got = self.session.run(self.outputs, {"features": x})
        return np.asarray(got[0], np.float32), (np.asarray(got[1], np.float32) if len(got) > 1 else None)


class ValueNet:
    """A value network for one game, ready to evaluate feature vectors in batches.

    ``ValueNet(path=None, game="catan", backend="auto")``: ``path`` is ``NAME``,
    ``NAME.onnx`` or ``NAME.npz`` (default: the shipped ``meeple/models/catan_value``);
    ``backend`` is ``"auto"`` (onnxruntime when installed and ``NAME.onnx`` exists, else
    NumPy), ``"onnx"`` or ``"numpy"``. Raises ``ModelError`` (a ``ValueError``) for a
    missing file or one whose metadata does not fit ``game``, saying what does.
    """

    def __init__(self, path: Union[str, os.PathLike[str], None] = None, game: Union[Game, str] = "catan",
                 backend: str = "auto") -> None:
        if backend not in _BACKENDS:
            raise ValueError(f"backend must be one of {', '.join(_BACKENDS)}; got {backend!r}")
        self.game = game if isinstance(game, Game) else Game(game)
        base = _model_base(path)
        onnx_path, npz_path = base.with_suffix(".onnx"), base.with_suffix(".npz")
        if backend == "auto":
            if not onnx_path.is_file() and not npz_path.is_file():
                raise self._missing(f"{onnx_path} or {npz_path}", path is None)
            backend = "onnx" if onnx_path.is_file() and _have_onnxruntime() else "numpy"
        self.backend = backend
        if backend == "onnx":
            if not _have_onnxruntime():
                raise ModelError("backend 'onnx' needs onnxruntime: pip install onnxruntime (or use backend='numpy' "
                                 "with NAME.npz)")
            self.path = onnx_path
            meta = self._load_onnx(onnx_path, path is None)
        else:
            self.path = npz_path
            meta = self._load_npz(npz_path, path is None)
        self._check(meta)
        self._lock = threading.Lock()

    # ---- loading ----

    @staticmethod
    def _missing(p: Union[pathlib.Path, str], default: bool) -> ModelError:
        if default:
            return ModelError(f"the shipped model {p} is not in this installation; give a model path "
                              "(model=NAME, NAME.onnx or NAME.npz as `meeple train` writes them)")
        return ModelError(f"no model file {p}: give NAME, NAME.onnx or NAME.npz of a model `meeple train` wrote "
                          "(both files sit side by side; .npz runs with NumPy alone)")

    def _load_onnx(self, p: pathlib.Path, default: bool) -> dict[str, str]:
        if not p.is_file():
            raise self._missing(p, default)
        ort = importlib.import_module("onnxruntime")
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        try:
            session = ort.InferenceSession(str(p), sess_options=opts, providers=["CPUExecutionProvider"])
        except Exception as e:  # onnxruntime raises its own exception types
            raise ModelError(f"{p} is not a model onnxruntime can load: {e}") from None
        names = [i.name for i in session.get_inputs()]
        if names != ["features"]:
            raise ModelError(f"{p} takes inputs {names}; a meeple value net takes one input named 'features'")
        if "value" not in [o.name for o in session.get_outputs()]:
            raise ModelError(f"{p} has no output named 'value'; a meeple value net has 'value' (and maybe 'policy')")
        self._forward: Union[_OnnxForward, _NumpyForward] = _OnnxForward(session)
        meta = dict(session.get_modelmeta().custom_metadata_map)
        self.has_policy = "policy" in self._forward.outputs
        return {
            "format": meta.get("meeple.format", ""), "format_version": meta.get("meeple.format_version", ""),
            "game": meta.get("meeple.game", ""), "players": meta.get("meeple.players", ""),
            "inputs": meta.get("meeple.inputs", ""), "features_version": meta.get("meeple.features_version", ""),
            "feature_size": meta.get("meeple.feature_size", ""), "value": meta.get("meeple.value", WIN_PROBABILITY),
            "value_width": str(session.get_outputs()[[o.name for o in session.get_outputs()].index("value")].shape[1]),
        }

    def _load_npz(self, p: pathlib.Path, default: bool) -> dict[str, str]:
        if not p.is_file():
            raise self._missing(p, default)
        try:
            with np.load(p, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
        except Exception as e:  # a truncated or foreign file: zipfile, OSError, ValueError
            raise ModelError(f"{p} is not a NumPy .npz archive of a meeple value net: {e}") from None

        def scalar(key: str) -> str:
            return str(arrays[key].item()) if key in arrays and arrays[key].ndim == 0 else ""

        value_kind = scalar("value") or WIN_PROBABILITY
        self._forward = _NumpyForward(arrays, str(p), value_kind if value_kind == RETURNS else WIN_PROBABILITY)
        self.has_policy = self._forward.policy is not None
        return {"value": value_kind,
            "format": FORMAT, "format_version": scalar("format_version"), "game": scalar("game"),
            "players": str(self._forward.value[0].shape[1]), "inputs": scalar("inputs"),
            "features_version": scalar("features_version"), "feature_size": str(self._forward.mean.shape[0]),
            "value_width": str(self._forward.value[0].shape[1]),
        }

    def _check(self, meta: dict[str, str]) -> None:
        g, where = self.game, str(self.path)
        if meta["format"] != FORMAT:
            raise ModelError(f"{where} is not a meeple value net: its meeple.format is {meta['format']!r}, "
                             f"expected {FORMAT!r}")
        if meta["format_version"] not in READ_VERSIONS:
            raise ModelError(f"{where} has format version {meta['format_version'] or 'none'}; this package reads "
                             f"versions {', '.join(READ_VERSIONS)}: export the model again with a matching meeple")
        if meta["format_version"] == "1" and (meta["value"] != WIN_PROBABILITY or meta["inputs"] != INPUTS):
            raise ModelError(f"{where}: format version 1 has only inputs {INPUTS} and value {WIN_PROBABILITY}; "
                             f"this file says inputs {meta['inputs']!r}, value {meta['value']!r}")
        if meta["value"] not in (WIN_PROBABILITY, RETURNS):
            raise ModelError(f"{where}: value is {meta['value']!r}; a meeple value net's value is {WIN_PROBABILITY} "
                             f"or {RETURNS}")
        try:
            trained = Game(meta["game"])
        except MeepleError as e:
            raise ModelError(f"{where} names its game {meta['game']!r}, which is no game spec here: {e}") from None
        if trained.name != g.name or trained.num_players != g.num_players:
            raise ModelError(f"{where} was trained for {trained.spec}, not {g.spec}: use a model of {g.name} with "
                             f"{g.num_players} seats")
        # Other options (points to win, trade budget, board, turn cap) change how games go
        # but not the inputs or the outputs: such a model plays, as well as it transfers.
        self.trained_game = trained.spec
        if meta["inputs"] not in (INPUTS, OBSERVATION_INPUTS):
            raise ModelError(f"{where}: inputs is {meta['inputs'] or 'missing'}; a meeple value net reads {INPUTS} "
                             f"or {OBSERVATION_INPUTS}")
        if meta["inputs"] == OBSERVATION_INPUTS:
            # An observation has no version of its own: its size is what can be checked.
            want_version, want_size, what = "0", str(g.obs_size), "observation"
        else:
            try:
                info = g.features_info()
            except InvalidArgumentError:
                raise ModelError(f"{where} reads feature vectors, and {g.spec} has none: use a model whose inputs "
                                 f"are {OBSERVATION_INPUTS}") from None
            want_version, want_size, what = str(info["features_version"]), str(info["feature_size"]), "features"
        expected = {"players": str(g.num_players), "features_version": want_version,
                    "feature_size": want_size, "value_width": str(g.num_players)}
        for key, want in expected.items():
            if meta[key] != want:
                fix = (f"train the model again on this version of the {what}" if "feature" in key
                       else "use a model made for this game")
                raise ModelError(f"{where}: {key} is {meta[key] or 'missing'}, but {g.spec} needs {want} ({fix})")
        self.players = g.num_players
        self.inputs = meta["inputs"]
        self.value_kind = meta["value"]
        self.feature_size = int(want_size)
        self.features_version = int(want_version)
        self._probe(where, g)

    def _probe(self, where: str, g: Game) -> None:
        """One forward pass on zeros: a net whose real shapes differ from what its
        metadata says (an input width, a policy head of another width) or whose weights
        give NaN fails here, at load, naming the file, not later inside a game."""
        try:
            value, policy = self._forward(np.zeros((1, self.feature_size), np.float32))
        except Exception as e:  # onnxruntime and NumPy raise their own types
            first = (str(e).strip().splitlines() or [type(e).__name__])[0]
            raise ModelError(f"{where}: a forward pass on {self.feature_size} features fails ({first[:200]}): the "
                             "net does not take the inputs its metadata says") from None
        if value.shape != (1, g.num_players) or not np.all(np.isfinite(value)):
            raise ModelError(f"{where}: its value output is {value.shape} {'' if np.all(np.isfinite(value)) else 'with NaN '}"
                             f"where {g.spec} needs (1, {g.num_players}) finite values")
        if policy is not None and (policy.shape != (1, g.num_actions) or not np.all(np.isfinite(policy))):
            raise ModelError(f"{where}: its policy head gives {policy.shape[-1] if policy.ndim else 0} logits "
                             f"{'' if np.all(np.isfinite(policy)) else 'with NaN '}where {g.spec} has "
                             f"{g.num_actions} actions: train the model again for this game")

    # ---- evaluating ----

    def forward(self, features: np.ndarray) -> tuple[np.ndarray, Optional[np.ndarray]]:
        """The raw outputs for float32 ``features[n, feature_size]``: win probabilities
        ``[n, players]`` in the viewer's order (column i: seat ``(viewer + i) % players``)
        and the policy logits ``[n, num_actions]`` (None without a policy head)."""
        x = np.ascontiguousarray(features, dtype=np.float32)
        if x.ndim != 2 or x.shape[1] != self.feature_size:
            raise ValueError(f"features must have shape [n, {self.feature_size}]; got {x.shape}")
        if x.shape[0] == 0:
            return np.zeros((0, self.players), np.float32), None
        with self._lock:  # an onnxruntime session and the NumPy weights are shared by agents
            value, policy = self._forward(x)
        return value, policy

    def values(self, features: np.ndarray, viewers: Any) -> np.ndarray:
        """Each seat's value, by absolute seat, in the scale of the game's returns
        (``2 p - 1`` for win probability p; the output itself for a ``returns`` model):
        float32 ``[n, players]``. ``viewers[i]`` is the seat whose row i is."""
        p, _ = self.forward(features)
        return self.as_values(p, viewers)

    def as_values(self, raw: np.ndarray, viewers: Any) -> np.ndarray:
        """The value output of :meth:`forward` by absolute seat, in the returns' scale."""
        rotated = self.rotate(raw, viewers)
        return rotated if self.value_kind == RETURNS else rotated * 2.0 - 1.0

    def viewer_value(self, raw: np.ndarray) -> np.ndarray:
        """Column 0 of the value output (the viewer's) in the returns' scale: ``[n]``."""
        return raw[:, 0] if self.value_kind == RETURNS else 2.0 * raw[:, 0] - 1.0

    def rows(self, state: State, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The row this net reads for ``state`` seen by ``seat``: its feature vector or
        its observation, as the model's inputs say."""
        if self.inputs == OBSERVATION_INPUTS:
            return state.observation(seat, out=out)
        return state.features(seat, out=out)

    def rotate(self, by_viewer: np.ndarray, viewers: Any) -> np.ndarray:
        """Columns in the viewer's order (i: seat ``(viewer + i) % players``) to absolute
        seats (column s: seat s)."""
        v = np.asarray(viewers, dtype=np.int64).reshape(-1)
        n = self.players
        if v.shape[0] != by_viewer.shape[0]:
            raise ValueError(f"viewers has {v.shape[0]} entries for {by_viewer.shape[0]} rows")
        if v.size and (v.min() < 0 or v.max() >= n):
            raise ValueError(f"viewers must be seats 0..{n - 1}")
        index = (np.arange(n)[None, :] - v[:, None]) % n
        return np.take_along_axis(by_viewer, index, axis=1)

    def __repr__(self) -> str:
        return (f"ValueNet({str(self.path)!r}, game={self.game.spec!r}, backend={self.backend!r}, "
                f"policy={self.has_policy})")


_cache: dict[tuple[str, str, str, float], ValueNet] = {}
_cache_lock = threading.Lock()


def load_value_net(path: Union[str, os.PathLike[str], None] = None, game: Union[Game, str] = "catan",
                   backend: str = "auto") -> ValueNet:
    """``ValueNet(path, game, backend)``, loaded once per file (and its modification
    time) and game: agents made again for every game share one session."""
    g = game if isinstance(game, Game) else Game(game)
    base = _model_base(path)
    stamp = 0.0
    for suffix in (".onnx", ".npz"):
        try:
            stamp += base.with_suffix(suffix).stat().st_mtime
        except OSError:
            pass
    key = (str(base.resolve()), g.spec, backend, stamp)
    with _cache_lock:
        net = _cache.get(key)
    if net is None:
        net = ValueNet(path, g, backend)
        with _cache_lock:
            if len(_cache) > 16:
                _cache.clear()
            _cache[key] = net
    return net
