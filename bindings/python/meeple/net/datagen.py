"""Labelled data for value networks, generated in C++ and written as sharded ``.npz``.

States are sampled from games between a mix of agents (each seat of a game the
heuristic or random, the heuristic with some random moves), and each is labelled with
the win shares of K playouts by the same mix. A sampled decision gives a group of
sibling rows, the played move and other moves of the same seat, all labelled with the
same playout seeds (common random numbers). See docs/datagen.md.

``generate(game, out, games=..., playouts=..., seed=...)`` writes ``out/shard-NNNNN.npz``
(arrays ``features`` float32 [rows, feature_size], ``labels`` float32 [rows, players],
``meta`` int64 [rows, 8]) and ``out/manifest.json``. Game g's rows depend only on the
seed, g and the options, so a run cut into shards is resumable: running it again skips
the shards the manifest lists and regenerates only the rest, giving the same files.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import re
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Optional

import numpy as np

from .. import _long_call, _ray_stop
from .._ffi import check, ffi, lib
from ..game import Game

__all__ = ["FORMAT_VERSION", "META_COLUMNS", "DatagenOptions", "generate", "generate_rows", "load"]

# The version of the directory layout and manifest written here.
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
META_COLUMNS = ("game", "move", "group", "viewer", "actor", "action", "played", "playout_seed")
_VARIANTS = {"seat": lib.MEEPLE_FEATURES_SEAT, "omniscient": lib.MEEPLE_FEATURES_OMNISCIENT}
# A fixed zip timestamp, so that the same rows give the same file bytes.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class DatagenOptions:
    """What a row is made of (the manifest keeps these; a resumed run must match)."""

    playouts: int = 16
    samples_per_game: int = 4
    siblings: int = 4
    heuristic_share: float = 0.5
    random_move: float = 0.1
    variant: str = "seat"
    all_viewers: bool = False
    max_moves: int = 0


def _int(name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if not lo <= int(value) <= hi:
        raise ValueError(f"{name} is {value}; use {lo}..{hi}")
    return int(value)


def _config(g: Game, opts: DatagenOptions, seed: int, first_game: int, games: int, threads: int) -> Any:
    if opts.variant not in _VARIANTS:
        raise ValueError(f"variant is {opts.variant!r}; use 'seat' or 'omniscient'")
    c = ffi.new("meeple_datagen_config_t *")
    c.struct_size = ffi.sizeof("meeple_datagen_config_t")
    c.variant = _VARIANTS[opts.variant]
    c.seed = _int("seed", seed, 0, 2**64 - 1)
    c.first_game = _int("first_game", first_game, 0, 2**40)
    c.games = _int("games", games, 1, 2**40)
    c.max_moves = _int("max_moves", opts.max_moves, 0, 2**63 - 1)
    for name in ("heuristic_share", "random_move"):
        value = getattr(opts, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name} must be a number in [0, 1], got {type(value).__name__}")
    c.heuristic_share = float(opts.heuristic_share)
    c.random_move = float(opts.random_move)
    c.playouts = _int("playouts", opts.playouts, 1, 100000)
    c.samples_per_game = _int("samples_per_game", opts.samples_per_game, 1, 10000)
    c.siblings = _int("siblings", opts.siblings, 1, 1024)
    c.all_viewers = 1 if opts.all_viewers else 0
    c.threads = _int("threads", threads, 0, 256)
    return c


def _max_rows(g: Game, c: Any) -> int:
    """The library's bound on the rows of config c; raises for any bad option."""
    most = ffi.new("uint64_t *")
    check(lib.meeple_datagen_max_rows(g._ptr, c, most))
    return int(most[0])


def generate_rows(game: Game | str, *, games: int, first_game: int = 0, seed: int = 0, threads: int = 0,
                  options: DatagenOptions = DatagenOptions(), progress: bool = False,
                  bar: Any = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rows of games [first_game, first_game + games) under ``seed`` in one library
    call (memory: about max rows * (feature_size + players) * 4 bytes): ``features``,
    ``labels`` and ``meta`` (columns META_COLUMNS). The same at every thread count."""
    g = game if isinstance(game, Game) else Game(game)
    c = _config(g, options, seed, first_game, games, threads)
    cap = _max_rows(g, c)
    info = g.features_info()
    features = np.empty((cap, int(info["feature_size"])), dtype=np.float32)
    labels = np.empty((cap, g.num_players), dtype=np.float32)
    meta = np.empty((cap, len(META_COLUMNS)), dtype=np.int64)
    rows = ffi.new("size_t *")
    _long_call.run(
        lambda control: lib.meeple_run_datagen(
            g._ptr, c, ffi.from_buffer("float[]", features), ffi.from_buffer("float[]", labels),
            ffi.from_buffer("int64_t[]", meta), cap, rows, control),
        progress=progress, desc=f"datagen {g.name}", unit="groups", bar=bar)
    n = int(rows[0])
    return features[:n].copy(), labels[:n].copy(), meta[:n].copy()


def _write_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Writes an uncompressed .npz (np.load reads it) whose bytes depend only on the
    arrays, then renames it into place, so a shard file is either whole or absent."""
    tmp = path.with_name(path.name + ".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as z:
        for name, array in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(array), allow_pickle=False)
            z.writestr(zipfile.ZipInfo(name + ".npy", date_time=_ZIP_TIME), buf.getvalue())
    os.replace(tmp, path)


def _write_manifest(out: Path, manifest: dict[str, Any]) -> None:
    tmp = out / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, out / MANIFEST)


def _run_shard(g: Game, first: int, count: int, seed: int, threads: int, options: DatagenOptions,
               bar: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return generate_rows(g, games=count, first_game=first, seed=seed, threads=threads, options=options, bar=bar)


def _ray_shard(spec: str, first: int, count: int, seed: int, options: DatagenOptions,
               flag: Any) -> Optional[tuple[np.ndarray, ...]]:
    """One shard in a Ray task (one CPU); None if the run stopped first."""
    return _ray_stop.run_until_stopped(flag, lambda: generate_rows(
        Game(spec), games=count, first_game=first, seed=seed, threads=1, options=options))


def _shards(g: Game, todo: list[tuple[int, int, int]], seed: int, threads: int, options: DatagenOptions,
            overall: Any, done_games: int, games: int, ray: bool | str) -> Any:
    """Yields (index, first game, games, (features, labels, meta)) for each shard of
    ``todo``: here one after another, or as Ray tasks (one CPU each) in the order
    they finish. A shard's rows are the same either way."""
    if not ray:
        for i, first, count in todo:
            part = _long_call.Part(overall, done_games, count, games)
            yield i, first, count, _run_shard(g, first, count, seed, threads, options, part)
            done_games += count
        return
    import ray as ray_module

    if not ray_module.is_initialized():
        ray_module.init(address=ray if isinstance(ray, str) else None, include_dashboard=False, log_to_driver=False)
    task = ray_module.remote(num_cpus=1)(_ray_shard)
    flag = _ray_stop.new_flag(ray_module)
    pending = {task.remote(g.spec, first, count, seed, options, flag): (i, first, count)
               for i, first, count in todo}
    try:
        while pending:
            done, _ = ray_module.wait(list(pending), num_returns=1)
            i, first, count = pending.pop(done[0])
            rows = ray_module.get(done[0])
            if rows is _ray_stop.STOPPED:
                raise RuntimeError(f"the Ray task of shard {i} stopped before its games were played "
                                   "(its run's stop actor ended); run the same command to resume")
            yield i, first, count, rows
    finally:
        if pending:  # Ctrl-C or an error: the other shards are not needed now
            _ray_stop.stop(flag)


def _digest(path: Path) -> tuple[int, str]:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return path.stat().st_size, h.hexdigest()


def _shard_problem(root: Path, shard: Any) -> str | None:
    """Why a shard the manifest lists cannot be trusted, or None. Its size and SHA-256
    agreeing with the manifest's is the quick proof; a shard changed since (arrays such as
    ``policy`` added on purpose, or a manifest of before the checksums) is read whole
    instead (the archive's own CRCs catch a flipped byte) and trusted when it holds the
    manifest's rows."""
    name = shard.get("file") if isinstance(shard, dict) else None
    if not isinstance(name, str) or not re.fullmatch(r"shard-\d{5}\.npz", name):
        return f"the manifest lists {name!r}, not a shard name"
    path = root / name
    if not path.is_file():
        return "missing"
    if "bytes" in shard and path.stat().st_size == shard["bytes"] and \
            _digest(path)[1] == shard.get("sha256"):
        return None
    try:
        with np.load(path, allow_pickle=False) as z:
            rows = {k: len(z[k]) for k in ("features", "labels", "meta")}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        return f"damaged ({type(e).__name__}: {str(e)[:160]})"
    if set(rows.values()) != {shard.get("rows")}:
        return f"it holds {rows} rows where the manifest says {shard.get('rows')}"
    return None


def generate(game: Game | str, out: str | os.PathLike[str], *, games: int, seed: int = 0, shard_games: int = 64,
             threads: int = 0, options: DatagenOptions = DatagenOptions(), progress: bool = False,
             ray: bool | str = False) -> dict[str, Any]:
    """Generates ``games`` games of rows into the directory ``out`` in shards of
    ``shard_games`` games and returns the manifest. If ``out`` already holds a run, it
    must be the same run (game, seed, games, shard size, options): its finished shards
    are kept and only the missing ones generated, so an interrupted run (Ctrl-C, a
    crash) resumes where it stopped; anything else raises ValueError and changes
    nothing. The files do not depend on ``threads``. ``ray=True`` (or a cluster
    address) generates the missing shards as Ray tasks of one CPU each, on a local
    cluster or the one at the address; the files are the same as here."""
    g = game if isinstance(game, Game) else Game(game)
    games = _int("games", games, 1, 2**40)
    shard_games = _int("shard_games", shard_games, 1, 2**40)
    _max_rows(g, _config(g, options, seed, 0, games, threads))  # every option checked before anything is written
    if ray and importlib.util.find_spec("ray") is None:
        raise ValueError('ray=True (--ray) needs Ray: pip install "meeple[ray]"')
    info = g.features_info()
    root = Path(out)
    if root.exists() and not root.is_dir():
        raise ValueError(f"{root} is a file; give a directory for the shards")
    run = {"game": g.spec, "seed": int(seed), "games": games, "shard_games": shard_games, "options": asdict(options)}
    manifest_path = root / MANIFEST
    manifest: dict[str, Any]
    if manifest_path.exists():
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ValueError(f"{manifest_path} is not a readable manifest ({e}); remove it or use another directory")
        if manifest.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"{manifest_path} has format_version {manifest.get('format_version')!r}; this meeple "
                             f"writes {FORMAT_VERSION}: use another directory")
        if manifest.get("run") != run:
            raise ValueError(f"{root} holds another run ({json.dumps(manifest.get('run'), sort_keys=True)}); resume "
                             f"it with the same options or use another directory")
    else:
        if root.exists() and any(root.iterdir()):
            raise ValueError(f"{root} is not empty and holds no {MANIFEST}; use a new or empty directory")
        manifest = {"format": "meeple-datagen", "format_version": FORMAT_VERSION,
                    "datagen_version": int(lib.MEEPLE_DATAGEN_VERSION),
                    "features_version": int(info["features_version"]), "feature_size": int(info["feature_size"]),
                    "players": g.num_players, "meta_columns": list(META_COLUMNS), "run": run,
                    "shards": [], "rows": 0, "complete": False}
        try:
            root.mkdir(parents=True, exist_ok=True)
            _write_manifest(root, manifest)
        except OSError as e:  # a file on the path, no permission, a read-only disk
            raise ValueError(f"cannot make the directory {root}: {e.strerror or e}; give a directory that can "
                             "be written") from None
    # A shard the manifest lists is trusted only when its size and checksum agree: a cut or
    # damaged one is generated again (its games' rows depend only on the seed).
    done = {s["file"] for s in manifest["shards"] if _shard_problem(root, s) is None}
    manifest["shards"] = [s for s in manifest["shards"] if s["file"] in done]
    n_shards = (games + shard_games - 1) // shard_games
    todo = [(i, i * shard_games, min(shard_games, games - i * shard_games)) for i in range(n_shards)
            if f"shard-{i:05d}.npz" not in done]
    # One bar for the whole run, in games, with one estimate (a shard's progress moves it
    # within the shard's share); a resumed run starts at the games already done.
    done_games = games - sum(count for _, _, count in todo)
    overall = _long_call.make_bar(progress, f"datagen {g.name}", "games")
    try:
        _generate_shards(g, root, manifest, todo, seed, threads, options, overall, done_games, games, ray)
    finally:
        overall.close()
    manifest["complete"] = len(manifest["shards"]) == n_shards
    _write_manifest(root, manifest)
    return manifest


def _generate_shards(g: Game, root: Path, manifest: dict[str, Any], todo: list[tuple[int, int, int]], seed: int,
                     threads: int, options: DatagenOptions, overall: Any, done_games: int, games: int,
                     ray: bool | str) -> None:
    overall.show(done_games, games)
    shards = _shards(g, todo, seed, threads, options, overall, done_games, games, ray)
    for i, first, count, (features, labels, meta) in shards:
        name = f"shard-{i:05d}.npz"
        _write_npz(root / name, {"features": features, "labels": labels, "meta": meta})
        size, digest = _digest(root / name)
        manifest["shards"].append({"file": name, "first_game": first, "games": count, "rows": int(len(labels)),
                                   "bytes": size, "sha256": digest})
        manifest["shards"].sort(key=lambda s: s["first_game"])
        manifest["rows"] = sum(s["rows"] for s in manifest["shards"])
        _write_manifest(root, manifest)
        done_games += count
        overall.show(done_games, games)


def load(out: str | os.PathLike[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every shard of a finished run in ``out``, concatenated in game order:
    ``features``, ``labels``, ``meta``."""
    root = Path(out)
    try:
        manifest: dict[str, Any] = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as e:
        raise ValueError(f"{root / MANIFEST}: not a readable manifest ({getattr(e, 'strerror', None) or str(e)[:200]}); "
                         "give the directory a datagen run wrote") from None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("shards"), list):
        raise ValueError(f"{root / MANIFEST}: not a datagen manifest (no list of shards)")
    if manifest.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"{root / MANIFEST} has format_version {manifest.get('format_version')!r}; "
                         f"this meeple reads {FORMAT_VERSION}")
    if not manifest.get("complete"):
        raise ValueError(f"the run in {root} is not finished; run the same command again to resume it")
    parts = []
    for s in manifest["shards"]:
        problem = _shard_problem(root, s)
        if problem:
            raise ValueError(f"{root / str(s.get('file'))}: {problem}; run the datagen command again to "
                             "generate it anew")
        try:
            with np.load(root / s["file"]) as z:
                parts.append((z["features"], z["labels"], z["meta"]))
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
            raise ValueError(f"{root / s['file']}: a damaged shard ({str(e)[:200]}); run the datagen command "
                             "again to generate it anew") from None
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
            np.concatenate([p[2] for p in parts]))
