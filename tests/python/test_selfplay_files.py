"""Self-play run folders handed to meeple: a checkpoint that would run code is refused
(torch loads weights only), damaged files and bad configurations stop the command with
one line naming the file, and --out must be a folder (issue 37, items 6, 17, 19, 20)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from meeple.commands import main
from meeple.selfplay.config import ConfigError, load_config
from meeple.selfplay.replay import ReplayStore, ShardError


def _one_error_line(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [x for x in err.splitlines() if x]
    assert len(lines) == 1, err
    return lines[0]


def test_a_checkpoint_that_would_run_code_is_refused_and_runs_nothing(tmp_path, require_peer):
    torch = require_peer("torch", extra="selfplay")
    from meeple.selfplay.learner import CheckpointError, read_checkpoint

    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    os.makedirs(tmp_path / "checkpoints")
    torch.save({"format": 1, "weights": {}, "payload": Payload()}, tmp_path / "checkpoints" / "net-000000.pt")
    with pytest.raises(CheckpointError, match="holds more than weights"):
        read_checkpoint(str(tmp_path), 0)
    assert not marker.exists(), "the pickle's code ran"


def test_a_cut_checkpoint_is_named_not_a_traceback(tmp_path, require_peer):
    torch = require_peer("torch", extra="selfplay")
    from meeple.selfplay.learner import CheckpointError, read_checkpoint

    os.makedirs(tmp_path / "checkpoints")
    path = tmp_path / "checkpoints" / "net-000000.pt"
    torch.save({"format": 1, "weights": {"w": torch.zeros(64)}}, path)
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(CheckpointError, match="net-000000.pt: not a readable checkpoint"):
        read_checkpoint(str(tmp_path), 0)


def test_a_cut_replay_shard_is_named(tmp_path):
    store = ReplayStore(str(tmp_path))
    k = 3
    data = {"generation": 0, "chunk": 0, "obs": np.zeros((k, 4), np.float32), "masks": np.ones((k, 2), bool),
            "policy": np.zeros((k, 2), np.float32), "root_value": np.zeros((k, 2), np.float32),
            "result": np.zeros((k, 2), np.float32), "player": np.zeros(k, np.int32), "game": np.zeros(k, np.int32),
            "games": 1, "leaves": 24}
    path = store.write(data)
    assert {k: int(v) for k, v in store.read(0, 0, counts=True).items()} == {"positions": 3, "games": 1, "leaves": 24}
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) // 2)
    with pytest.raises(ShardError, match="gen-000000-chunk-000000.npz: a damaged replay shard"):
        store.read(0, 0)


def test_a_cut_run_json_stops_the_command_with_one_line(tmp_path, capsys, require_peer):
    require_peer("torch", extra="selfplay")
    out = tmp_path / "run"
    out.mkdir()
    (out / "run.json").write_text('{"format": 1, "game": "tictac')
    cfg = tmp_path / "c.json"
    cfg.write_text("{}")
    assert main(["selfplay", "tictactoe", "--config", str(cfg), "--out", str(out), "--no-plots"]) == 1
    line = _one_error_line(capsys)
    assert "run.json: damaged" in line


def test_out_must_be_a_folder(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    cfg = tmp_path / "c.json"
    cfg.write_text("{}")
    assert main(["selfplay", "tictactoe", "--config", str(cfg), "--out", str(f)]) == 2
    assert "not a folder" in _one_error_line(capsys)
    assert f.read_text() == "x"


@pytest.mark.parametrize("name, body, message", [
    ("bad.json", b'{"seed": "\\xff"}'.replace(b"\\xff", b"\xff"), "not UTF-8"),
    ("deep.json", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("digits.json", b'{"seed": ' + b"9" * 5000 + b"}", "over 4,300 digits"),
    ("nul.json", b'{"evaluate": {"reference": "mcts\\u0000"}}', "no NUL"),
    ("bad.toml", b'seed = "\xff"', "not UTF-8"),
    ("deep.toml", b"a = " + b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ("digits.toml", b"seed = " + b"9" * 5000, "over 4,300 digits"),
])
def test_a_bad_configuration_file_is_one_config_error(tmp_path, name, body, message):
    path = tmp_path / name
    path.write_bytes(body)
    with pytest.raises(ConfigError, match=message) as e:
        load_config(str(path))
    assert len(str(e.value)) < 400 and "\n" not in str(e.value)


def test_a_python_agent_is_a_valid_reference(tmp_path, require_peer):
    """evaluate.reference may name greedy-net (a Python agent the arena plays): it was
    refused as a malformed game spec."""
    require_peer("torch", extra="selfplay")
    from meeple import Game
    from meeple.selfplay.config import config_from_dict
    from meeple.selfplay.loop import check

    model = os.path.join(os.path.dirname(__import__("meeple").__file__), "models", "catan_value.npz")
    check(Game("catan"), config_from_dict({"evaluate": {"reference": f"greedy-net(model={model})"}}))
    with pytest.raises(ConfigError, match="evaluate.reference"):
        check(Game("catan"), config_from_dict({"evaluate": {"reference": "greedy-net(nope=1)"}}))
