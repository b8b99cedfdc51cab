"""`meeple datagen` draws one progress bar for the whole run, in games, with one
estimate: each shard moves it within the shard's share (not one bar a shard)."""

from __future__ import annotations

import meeple._long_call as long_call
from meeple.net import datagen


class Recorder:
    made: list["Recorder"] = []

    def __init__(self, progress: bool, desc: str, unit: str) -> None:
        self.unit, self.shown, self.closed = unit, [], False
        Recorder.made.append(self)

    def show(self, done: int, total: int) -> None:
        self.shown.append((done, total))

    def close(self) -> None:
        self.closed = True


def test_a_run_of_several_shards_draws_one_bar_in_games(tmp_path, monkeypatch):
    Recorder.made = []
    monkeypatch.setattr(long_call, "_make_bar", Recorder)
    options = datagen.DatagenOptions(playouts=1, samples_per_game=1, siblings=1)
    datagen.generate("catan", tmp_path / "run", games=6, shard_games=2, seed=3, threads=1, options=options,
                     progress=True)
    assert len(Recorder.made) == 1
    bar = Recorder.made[0]
    assert bar.unit == "games" and bar.closed
    assert all(total == 6 for _, total in bar.shown)
    done = [d for d, _ in bar.shown]
    assert done == sorted(done) and done[0] == 0 and done[-1] == 6


def test_a_resumed_run_starts_its_bar_at_the_games_already_done(tmp_path, monkeypatch):
    options = datagen.DatagenOptions(playouts=1, samples_per_game=1, siblings=1)
    out = tmp_path / "run"
    datagen.generate("catan", out, games=6, shard_games=2, seed=3, threads=1, options=options)
    (out / "shard-00002.npz").unlink()
    Recorder.made = []
    monkeypatch.setattr(long_call, "_make_bar", Recorder)
    datagen.generate("catan", out, games=6, shard_games=2, seed=3, threads=1, options=options, progress=True)
    assert Recorder.made[0].shown[0] == (4, 6) and Recorder.made[0].shown[-1] == (6, 6)


def test_the_plain_bar_gives_the_time_left(capsys, monkeypatch):
    now = [100.0]
    monkeypatch.setattr(long_call.time, "monotonic", lambda: now[0])
    bar = long_call._PlainBar("datagen catan", "games")  # starts at 100 s
    now[0] = 101.0
    bar.show(0, 10)    # nothing done yet: no estimate
    now[0] = 102.0
    bar.show(5, 10)    # 5 games in 2 s, 5 to go
    bar.close()
    err = capsys.readouterr().err
    assert "5/10 games ( 50.0%), about 0m02s left" in err and err.endswith("\n")
