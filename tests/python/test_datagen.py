"""meeple.net.datagen and `meeple datagen`: rows are the same for a seed at every thread
count, labels are distributions over seats, siblings share their playout seeds, a run
interrupted between shards resumes to the same files, and bad arguments are refused
with a clear message before anything is written."""

from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

import meeple
from meeple.net import datagen
from meeple.commands import main

SMALL = datagen.DatagenOptions(playouts=2, samples_per_game=2, siblings=3, random_move=0.2)


def test_rows_are_the_same_for_a_seed_at_one_and_two_threads():
    one = datagen.generate_rows("catan", games=2, seed=5, threads=1, options=SMALL)
    two = datagen.generate_rows("catan", games=2, seed=5, threads=2, options=SMALL)
    for a, b in zip(one, two):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    other = datagen.generate_rows("catan", games=2, seed=6, threads=1, options=SMALL)
    assert not np.array_equal(one[1], other[1]) or not np.array_equal(one[0], other[0])


def test_labels_are_distributions_and_siblings_share_playout_seeds():
    game = meeple.Game("catan")
    features, labels, meta = datagen.generate_rows(game, games=2, seed=1, options=SMALL)
    n = len(labels)
    assert features.shape == (n, game.features_info()["feature_size"]) and labels.shape == (n, 4)
    assert meta.shape == (n, len(datagen.META_COLUMNS))
    assert np.all(labels >= 0) and np.allclose(labels.sum(axis=1), 1.0, atol=1e-6)
    col = {name: i for i, name in enumerate(datagen.META_COLUMNS)}
    groups = np.unique(meta[:, col["group"]])
    assert 2 <= len(groups) <= 4
    for gid in groups:
        rows = meta[meta[:, col["group"]] == gid]
        assert len(set(rows[:, col["playout_seed"]])) == 1
        assert len(set(rows[:, col["action"]])) == len(rows)  # distinct moves
        assert rows[0, col["played"]] == 1 and not rows[1:, col["played"]].any()
        # Each sibling's move is legal for the actor at the sampled position: replay the
        # game is beyond this test; the actor is a seat and the move an action id.
        assert 0 <= rows[0, col["actor"]] < 4 and np.all(rows[:, col["action"]] < game.num_actions)
    # The seat variant is the mover's view: the features equal the state's features for
    # the viewer in the documented layout, so its size and dtype match.
    assert features.dtype == np.float32 and labels.dtype == np.float32


def _files(d: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


def test_an_interrupted_run_resumes_to_the_same_files(tmp_path, monkeypatch):
    full, cut = tmp_path / "full", tmp_path / "cut"
    manifest = datagen.generate("catan", full, games=3, seed=2, shard_games=1, options=SMALL)
    assert manifest["complete"] and len(manifest["shards"]) == 3
    assert manifest["format_version"] == datagen.FORMAT_VERSION
    real = datagen._run_shard
    calls = []

    def stop_at_second(*args, **kwargs):
        calls.append(args[1])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(datagen, "_run_shard", stop_at_second)
    with pytest.raises(KeyboardInterrupt):
        datagen.generate("catan", cut, games=3, seed=2, shard_games=1, options=SMALL)
    partial = json.loads((cut / "manifest.json").read_text())
    assert not partial["complete"] and [s["file"] for s in partial["shards"]] == ["shard-00000.npz"]
    with pytest.raises(ValueError, match="not finished"):
        datagen.load(cut)
    calls.clear()
    monkeypatch.setattr(datagen, "_run_shard", lambda *a, **k: (calls.append(a[1]), real(*a, **k))[1])
    datagen.generate("catan", cut, games=3, seed=2, shard_games=1, options=SMALL)
    assert calls == [1, 2]  # only the missing shards
    assert _files(cut) == _files(full)
    calls.clear()
    datagen.generate("catan", cut, games=3, seed=2, shard_games=1, options=SMALL)
    assert calls == []  # a finished run is left as it is
    # The shards hold the rows of one call over all the games.
    whole = datagen.generate_rows("catan", games=3, seed=2, options=SMALL)
    for a, b in zip(datagen.load(full), whole):
        assert np.array_equal(a, b)


def test_another_run_in_the_same_directory_is_refused_and_changes_nothing(tmp_path):
    datagen.generate("catan", tmp_path, games=1, seed=2, options=SMALL)
    before = _files(tmp_path)
    with pytest.raises(ValueError, match="another run"):
        datagen.generate("catan", tmp_path, games=1, seed=3, options=SMALL)
    assert _files(tmp_path) == before
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty"):
        datagen.generate("catan", tmp_path / "other", games=1, options=SMALL)


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 0}, "games is 0"),
    ({"games": 1, "options": datagen.DatagenOptions(playouts=0)}, "playouts is 0"),
    ({"games": 1, "options": datagen.DatagenOptions(variant="all")}, "variant"),
    ({"games": 1, "options": datagen.DatagenOptions(random_move=1.5)}, "random_move"),
    ({"games": 1, "threads": -1}, "threads"),
])
def test_bad_arguments_give_clear_errors(tmp_path, kwargs, message):
    with pytest.raises(ValueError, match=message):
        datagen.generate("catan", tmp_path / "d", **kwargs)
    assert not (tmp_path / "d").exists()


def test_a_game_without_features_is_refused():
    with pytest.raises(ValueError, match="no feature vectors"):
        datagen.generate_rows("tictactoe", games=1)


def test_the_cli_writes_and_resumes_a_run(tmp_path, capsys):
    argv = ["datagen", "catan", "--games", "2", "--playouts", "2", "--samples", "1", "--siblings", "2",
            "--out", str(tmp_path / "d"), "--seed", "7", "--shard-games", "1", "--no-progress"]
    assert main(argv) == 0
    assert "rows from 2 games in 2 shards" in capsys.readouterr().out
    first = _files(tmp_path / "d")
    assert main(argv) == 0
    assert _files(tmp_path / "d") == first
    assert main(argv[:-1] + ["--seed", "8", "--no-progress"]) == 2
    assert "another run" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["datagen", "catan", "--games", "0", "--out", "x"], "out of range"),
    (["datagen", "tictactoe", "--games", "1", "--out", "x"], "no feature vectors"),
    (["datagen", "catan", "--games", "1", "--out", "x", "--random-move", "2"], "probability"),
    (["datagen", "catan", "--games", "1"], "--out"),
])
def test_the_cli_refuses_bad_arguments(tmp_path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()


def test_ctrl_c_stops_a_run_at_once_and_leaves_no_partial_shard(tmp_path):
    # A real Ctrl-C (SIGINT) to a separate process: the run stops at once, raises
    # KeyboardInterrupt, and leaves the manifest and no partial shard.
    import os
    import signal
    import subprocess
    import sys
    import time

    script = ("import meeple.net.datagen as d, sys\n"
              "d.generate('catan', sys.argv[1], games=10**6, seed=1, shard_games=2000)\n")  # hours of work
    proc = subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], env=dict(os.environ),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # SIGINT as a terminal gives it, even when this run ignores it (a
                            # background job of a shell), which the child would inherit.
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "manifest.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)  # into the library call
        assert proc.poll() is None, proc.communicate()
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert time.monotonic() - start < 5.0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode != 0 and "KeyboardInterrupt" in err
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["shards"] == [] and not manifest["complete"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json"]
