"""`meeple selfplay GAME --out DIR` needs no --config: the package ships one
configuration a game, and those are the defaults (--config overrides them)."""

from __future__ import annotations

import importlib.util

from meeple.commands import main
from meeple.selfplay import load_config
from meeple.selfplay.config import default_config_path, packaged_configs


def test_every_packaged_configuration_loads_and_names_a_game():
    configs = packaged_configs()
    assert set(configs) >= {"tictactoe", "triangle", "catan"}
    for name, path in configs.items():
        load_config(path)  # checked: raises on a bad one
        assert f"meeple selfplay {name} --out" in open(path, encoding="utf-8").read()


def test_the_default_is_the_packaged_one_for_the_base_name():
    assert default_config_path("catan") == packaged_configs()["catan"]
    assert default_config_path("holdem") is None


def test_list_configs_prints_each_with_its_path(capsys):
    assert main(["selfplay", "--list-configs"]) == 0
    out = capsys.readouterr().out
    for name, path in packaged_configs().items():
        assert f"{name}: {path}" in out


def test_game_and_out_are_needed_without_list_configs(capsys):
    assert main(["selfplay", "tictactoe"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "give --out DIR" in err


def test_without_config_it_picks_the_packaged_one_then_asks_for_torch(tmp_path, capsys, monkeypatch):
    # As without the extra, installed or not: the run stops at the check, before any work.
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "torch" else real(name, *a))
    assert main(["selfplay", "tictactoe", "--out", str(tmp_path / "run")]) == 2
    captured = capsys.readouterr()
    assert f"configuration: {packaged_configs()['tictactoe']}" in captured.out
    assert 'pip install "meeple[selfplay]"' in captured.err
