"""meeple.selfplay without Ray: configurations refused before anything starts, the
command's errors, what a chunk of self-play records (against the rules of
tic-tac-toe), whole-or-absent files, and a run killed with SIGKILL that resumes to the
very bytes of an uninterrupted run. The Ray roles are in test_selfplay_ray.py."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import meeple
from meeple import selfplay
from meeple.commands import main
from meeple.selfplay.config import ConfigError, config_from_dict, load_config

from conftest import REPO_ROOT

TINY = {"seed": 3, "generations": 2,
        "net": {"hidden": 16, "layers": 1},
        "selfplay": {"games_per_chunk": 8, "chunks_per_generation": 2, "iterations": 8, "temperature_moves": 2},
        "train": {"steps": 20, "batch_size": 32},
        "gate": {"games": 4, "iterations": 8},
        "evaluate": {"games": 2, "reference": "mcts(iterations=20)"}}


# ---- configuration: checked before anything starts ----

@pytest.mark.parametrize("data, key, allowed", [
    ({"selfplay": {"iteration": 8}}, "selfplay.iteration", "iterations"),
    ({"learner": {}}, "learner", "selfplay"),
    ({"selfplay": {"actors": -1}}, "selfplay.actors", "0 to 1,024"),
    ({"selfplay": {"algorithm": "alphabeta"}}, "selfplay.algorithm", "mcts, ismcts"),
    ({"train": {"value_target_mix": 1.5}}, "train.value_target_mix", "0 to 1"),
    ({"train": {"steps": 2.5}}, "train.steps", "whole number"),
    ({"gate": {"sprt": [50, 0, 0.05, 0.05]}}, "gate.sprt", "elo0 must be below elo1"),
    ({"gate": {"sprt": [0, 50]}}, "gate.sprt", "four numbers"),
    ({"seed": True}, "seed", "whole number"),
    ({"evaluate": {"reference": ""}}, "evaluate.reference", "agent spec"),
])
def test_a_bad_configuration_names_the_key_and_what_is_allowed(data, key, allowed):
    with pytest.raises(ConfigError) as info:
        config_from_dict(data)
    assert str(info.value).startswith(f"{key}:") and allowed in str(info.value)


def test_missing_keys_take_their_defaults_and_files_are_json_or_toml(tmp_path):
    (tmp_path / "a.toml").write_text('seed = 7\n[selfplay]\niterations = 12\n[gate]\nsprt = [0, 20, 0.05, 0.05]\n')
    (tmp_path / "a.json").write_text(json.dumps({"seed": 7, "selfplay": {"iterations": 12},
                                                 "gate": {"sprt": [0, 20, 0.05, 0.05]}}))
    a, b = load_config(str(tmp_path / "a.toml")), load_config(str(tmp_path / "a.json"))
    assert a == b and a.seed == 7 and a.selfplay.iterations == 12 and a.train.steps == selfplay.Config().train.steps
    (tmp_path / "bad.toml").write_text("seed = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(str(tmp_path / "bad.toml"))
    with pytest.raises(ConfigError, match=r"ends in \.json or \.toml"):
        load_config(str(tmp_path / "a.yaml"))


def test_every_packaged_configuration_is_accepted_for_its_game():
    folder = REPO_ROOT / "bindings" / "python" / "meeple" / "selfplay" / "configs"
    names = sorted(p.name for p in folder.glob("*.toml"))
    assert names == ["catan.toml", "tictactoe.toml", "triangle.toml"]
    for name in names:
        config = load_config(str(folder / name))
        selfplay.check(meeple.Game(name[:-5]), config)


def test_a_reference_agent_the_game_lacks_is_refused_before_the_run_folder_exists(tmp_path):
    config = config_from_dict({"evaluate": {"reference": "minimax"}})
    with pytest.raises(ConfigError, match="evaluate.reference: unknown agent 'minimax'"):
        selfplay.run("tictactoe", config, str(tmp_path / "run"))
    assert not (tmp_path / "run").exists()


# ---- the command ----

def test_the_command_refuses_a_bad_configuration_with_one_line_and_creates_nothing(tmp_path, capsys):
    cfg = tmp_path / "c.json"
    cfg.write_text(json.dumps({"selfplay": {"iterations": 0}}))
    out = tmp_path / "run"
    assert main(["selfplay", "tictactoe", "--config", str(cfg), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "selfplay.iterations: 0 is out of range; allowed: 1 to" in err and "Traceback" not in err
    assert not out.exists()
    assert main(["selfplay", "tictactoe", "--config", str(tmp_path / "none.toml"), "--out", str(out)]) == 2
    assert "no such configuration file" in capsys.readouterr().err
    assert main(["selfplay", "tictcatoe", "--config", str(cfg), "--out", str(out)]) == 2
    assert "unknown game 'tictcatoe'" in capsys.readouterr().err
    assert main(["selfplay", "tictactoe", "--config", str(cfg)]) == 2  # --config is optional, --out is not
    assert "give --out DIR" in capsys.readouterr().err


# ---- a chunk of self-play, against the rules ----

def test_a_chunk_records_each_move_with_its_policy_and_the_games_result(require_peer):
    require_peer("torch", extra="selfplay")
    from meeple.selfplay.actor import SelfPlayActor
    from meeple.selfplay.net import weights_of

    actor = SelfPlayActor("tictactoe", config_from_dict(TINY))
    data = actor.play(weights_of(actor.net), 0, 0, 1)
    again = actor.play(weights_of(actor.net), 0, 0, 1)
    for k in ("obs", "masks", "policy", "root_value", "result", "player", "game"):
        assert np.array_equal(data[k], again[k]), k  # a chunk is a function of its seed
    assert sorted(set(data["game"].tolist())) == list(range(8))
    policy, masks = data["policy"], data["masks"]
    assert np.allclose(policy.sum(1), 1, atol=1e-5) and not (policy[~masks] > 0).any()
    for g in range(8):
        rows = np.flatnonzero(data["game"] == g)
        players = data["player"][rows]
        assert players.tolist() == [i % 2 for i in range(len(rows))]  # X, O, X, ... from an empty board
        result = data["result"][rows]
        assert (result == result[0]).all() and result[0].sum() == 0 and set(result[0].tolist()) <= {-1, 0, 1}
        # the legal moves shrink by one a move: each position follows the one before
        assert data["masks"][rows].sum(1).tolist() == [9 - i for i in range(len(rows))]
        assert 5 <= len(rows) <= 9
        if len(rows) < 9 or result[0, 0] != 0:  # not a full-board draw: the last mover won
            assert result[0, players[-1]] == 1
        else:
            assert (result[0] == 0).all()


def test_a_game_cut_by_max_moves_takes_its_last_root_value_as_result(require_peer):
    require_peer("torch", extra="selfplay")
    from meeple.selfplay.actor import SelfPlayActor
    from meeple.selfplay.net import weights_of

    config = config_from_dict({**TINY, "selfplay": {**TINY["selfplay"], "max_moves": 3}})
    actor = SelfPlayActor("tictactoe", config)
    data = actor.play(weights_of(actor.net), 0, 0, 0)
    for g in range(8):
        rows = np.flatnonzero(data["game"] == g)
        assert len(rows) == 3  # no tic-tac-toe game ends within 3 moves
        assert np.array_equal(data["result"][rows[-1]], data["root_value"][rows[-1]])


# ---- files: whole or absent ----

def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    from meeple.selfplay.replay import write_atomically

    path = str(tmp_path / "shard.npz")
    write_atomically(path, lambda f: f.write(b"old"))

    def full(f):
        f.write(b"half")
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError):
        write_atomically(path, full)
    assert open(path, "rb").read() == b"old" and os.listdir(tmp_path) == ["shard.npz"]


# ---- a run killed with SIGKILL resumes to the bytes of an uninterrupted one ----

def _checkpoint_weights(root, generation):
    import torch
    data = torch.load(os.path.join(root, "checkpoints", f"net-{generation:06d}.pt"), weights_only=False)
    return {k: v.numpy() for k, v in data["weights"].items()}


def test_a_killed_run_resumes_where_it_was_and_writes_what_an_uninterrupted_run_writes(tmp_path, require_peer):
    """SIGKILL in the middle of generation 1; the same command resumes there. Resuming
    with another configuration, or another game, is refused naming what differs."""
    require_peer("torch", extra="selfplay")
    config = {**TINY, "generations": 2, "selfplay": {**TINY["selfplay"], "chunks_per_generation": 6}}
    whole = str(tmp_path / "whole")
    selfplay.run("tictactoe", config_from_dict(config), whole, log=lambda s: None, plots=False)
    changed = {**config, "selfplay": {**config["selfplay"], "iterations": 9}}
    with pytest.raises(ConfigError, match=r"selfplay.iterations: .* made with 8, this configuration says 9"):
        selfplay.run("tictactoe", config_from_dict(changed), whole, log=lambda s: None, plots=False)
    with pytest.raises(ConfigError, match="holds a run of tictactoe"):
        selfplay.run("triangle", config_from_dict(config), whole, log=lambda s: None, plots=False)

    cfg = tmp_path / "c.json"
    cfg.write_text(json.dumps(config))
    killed = str(tmp_path / "killed")
    cmd = [sys.executable, "-m", "meeple", "selfplay", "tictactoe", "--config", str(cfg), "--out", killed,
           "--no-plots"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    target = os.path.join(killed, "replay", "gen-000001-chunk-000002.npz")
    deadline = time.monotonic() + 120
    while not os.path.exists(target) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    state = json.load(open(os.path.join(killed, "run.json")))
    assert state["generation"] == 1, "killed in generation 1, after its first shards"
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "generation 1 of 2" in done.stdout  # resumed, not restarted
    assert not [k for k in os.listdir(os.path.join(killed, "replay")) if k.endswith(".tmp")]
    for g in (1, 2):
        a, b = _checkpoint_weights(whole, g), _checkpoint_weights(killed, g)
        assert all(np.array_equal(a[k], b[k]) for k in a), f"net {g} differs after the resume"
    for name in sorted(os.listdir(os.path.join(whole, "replay"))):
        with np.load(os.path.join(whole, "replay", name)) as x, np.load(os.path.join(killed, "replay", name)) as y:
            assert all(np.array_equal(x[k], y[k]) for k in x.files), name
    a, b = json.load(open(os.path.join(whole, "run.json"))), json.load(open(os.path.join(killed, "run.json")))
    assert a["best"] == b["best"] and [h["gate"] for h in a["history"]] == [h["gate"] for h in b["history"]]
    counts = [[(h["games"], h["positions"], h["leaves"]) for h in run["history"]] for run in (a, b)]
    assert counts[0] == counts[1], "the resumed generation counts the shards it kept (issue 37, item 3)"


def test_ctrl_c_stops_the_command_cleanly_and_the_same_command_resumes(tmp_path, require_peer):
    require_peer("torch", extra="selfplay")
    config = {**TINY, "generations": 1, "selfplay": {**TINY["selfplay"], "chunks_per_generation": 12}}
    cfg = tmp_path / "c.json"
    cfg.write_text(json.dumps(config))
    out = str(tmp_path / "run")
    cmd = [sys.executable, "-m", "meeple", "selfplay", "tictactoe", "--config", str(cfg), "--out", out, "--no-plots"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    first = os.path.join(out, "replay", "gen-000000-chunk-000000.npz")
    deadline = time.monotonic() + 120
    while not os.path.exists(first) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "stopped" in err and "run the same command to resume" in err, err
    assert "Traceback" not in err
    kept = len(os.listdir(os.path.join(out, "replay")))
    assert 1 <= kept < 12
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and len(os.listdir(os.path.join(out, "replay"))) == 12, done.stderr
