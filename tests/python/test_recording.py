"""Recorded games: batch event rows against the steps that made them, event-log files
(cut at every byte, damaged, of another version), replay that finds a changed step,
game logs (cut at every byte) from a State loop and from a batch slot, conversion, and
the commands."""

from __future__ import annotations

import gzip
import json
import random
import struct

import numpy as np
import pytest

import meeple
from meeple.records import events
from meeple.commands import main
from meeple.records.events import EventLogError, EventLogWriter, ReplayError, read_event_log, replay
from meeple.records.gamelog import BatchSlotRecorder, GameLogError, GameLogWriter, convert_event_log, read_game_log

RESOURCES = ["brick", "lumber", "wool", "grain", "ore"]


def random_actions(batch: meeple.Batch, rng: random.Random) -> np.ndarray:
    actions = np.full(batch.n, meeple.NO_ACTION, dtype=np.int32)
    for i in range(batch.n):
        legal = batch.state(i).legal_actions() if not batch.state(i).is_terminal else []
        if legal:
            actions[i] = rng.choice(legal)
    return actions


def col(game: meeple.Game, name: str) -> int:
    return game.event_fields.index(name)


# ---- rows ----

def test_catan_rows_name_the_actor_action_offer_points_and_hands_of_each_step():
    game = meeple.Game("catan")
    batch = meeple.Batch(game, 3, seed=11, threads=1)
    batch.record_events("all")
    start = batch.drain_events()
    assert [int(r[0]) for r in start] == [events.GAME_START] * 3
    replicas = [batch.state(i) for i in range(3)]
    rng = random.Random(3)
    kinds = set()
    c = {name: col(game, name) for name in game.event_fields}
    for _ in range(700):
        actions = random_actions(batch, rng)
        befores = [s.clone() for s in replicas]
        batch.step_autoreset(actions)
        rows = batch.drain_events()
        action_rows = [r for r in rows if r[c["type"]] >= events.ACTION]
        assert [int(r[c["slot"]]) for r in action_rows] == [i for i in range(3) if actions[i] != meeple.NO_ACTION]
        for row in action_rows:
            i = int(row[c["slot"]])
            before, state = befores[i], replicas[i]
            name = game.action_name(int(row[c["action"]]))
            assert int(row[c["actor"]]) == before.current_player
            assert int(row[c["action"]]) == actions[i]
            assert int(row[c["step"]]) == before.move_number
            state.apply(int(actions[i]))
            after = state.view(meeple.ALL)
            assert int(row[c["turn"]]) == after["turn"]
            for p, player in enumerate(after["players"]):
                assert int(row[c[f"public_vp_{p}"]]) == player["public_vp"]
                assert int(row[c[f"vp_{p}"]]) == player["vp"]
                assert int(row[c[f"hand_{p}"]]) == player["hand_size"]
            # The offer on the table before the action, zeros when there is none.
            offer = before.view(meeple.ALL)["trade"]
            for k, r in enumerate(RESOURCES):
                assert int(row[c[f"give_{r}"]]) == (offer["give"][r] if offer else 0)
                assert int(row[c[f"want_{r}"]]) == (offer["want"][r] if offer else 0)
            kind = events.EVENT_TYPES[int(row[c["type"]])]
            expected = {"open_offer": "trade_open", "cancel_offer": "trade_cancel", "accept_offer": "trade_accept",
                        "decline_offer": "trade_decline"}.get(name, "trade_confirm" if name.startswith("confirm_offer")
                                                              else "action")
            assert kind == expected, name
            kinds.add(kind)
            if state.is_terminal:
                replicas[i] = batch.state(i)
    assert {"trade_open", "trade_accept", "trade_decline"} <= kinds


def test_only_trades_records_the_trade_steps_alone():
    game = meeple.Game("catan")
    batch = meeple.Batch(game, 4, seed=2, threads=2)
    batch.record_events("trades")
    rng = random.Random(1)
    seen = []
    for _ in range(600):
        actions = random_actions(batch, rng)
        batch.step(actions)
        seen.extend(game.action_name(int(r[7])) for r in batch.drain_events())
    assert seen, "random play opens offers"
    assert all(n.split("(")[0] in ("open_offer", "cancel_offer", "accept_offer", "decline_offer", "confirm_offer")
               for n in seen)


def test_drain_into_a_short_array_keeps_the_rest_queued_and_overflow_is_counted():
    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 4, seed=0, threads=1)
    batch.record_events("all", capacity=6)
    assert batch.event_info()["queued"] == 4  # one start row a slot
    batch.step(np.zeros(4, dtype=np.int32))  # four action rows: two fit
    info = batch.event_info()
    assert (info["queued"], info["overflow"], info["recorded"]) == (6, 2, 8)
    out = np.zeros((4, game.event_row_ints), dtype=np.int32)
    first = batch.drain_events(out)
    assert len(first) == 4 and [int(r[1]) for r in first] == [0, 1, 2, 3]
    rest = batch.drain_events()
    assert [(int(r[0]), int(r[1])) for r in rest] == [(events.ACTION, 0), (events.ACTION, 1)]
    with pytest.raises(TypeError, match="int32"):
        batch.drain_events(np.zeros((2, game.event_row_ints), dtype=np.int64))
    with pytest.raises(ValueError, match="unknown event kind"):
        batch.record_events("moves")


# ---- files ----

def record_run(path, spec="tictactoe", n=3, steps=25, seed=5, chunk_every=4, mask="all", **writer_args):
    game = meeple.Game(spec)
    batch = meeple.Batch(game, n, seed=seed, threads=1)
    batch.record_events(mask)
    rng = random.Random(seed)
    rows = []
    with EventLogWriter(path, game, **writer_args) as writer:
        for t in range(steps):
            batch.step_autoreset(random_actions(batch, rng))
            if t % chunk_every == chunk_every - 1 or t == steps - 1:
                drained = batch.drain_events()
                rows.append(drained)
                writer.write(drained)
    return np.concatenate(rows) if rows else None


def test_an_event_log_file_cut_at_every_byte_reads_up_to_the_cut(tmp_path):
    path = tmp_path / "run.evlog"
    record_run(path, n=2, steps=12, chunk_every=3, agents=["random", "random"], metadata={"run": "cut test"})
    data = path.read_bytes()
    whole = read_event_log(path)
    assert whole.complete and whole.cut_at is None
    assert whole.header["agents"] == ["random", "random"] and whole.header["metadata"] == {"run": "cut test"}
    # Chunk boundaries, from the layout: header, then chunks of 12 bytes plus payload.
    (size,) = struct.unpack_from("<I", data, 12)
    header_end = 16 + size + 4
    ends, at, row_counts = [header_end], header_end, [0]
    while at < len(data):
        tag, length, _ = struct.unpack_from("<4sII", data, at)
        at += 12 + length
        ends.append(at)
        row_counts.append(row_counts[-1] + (length // (4 * whole.rows.shape[1]) if tag == b"ROWS" else 0))
    cut = tmp_path / "cut.evlog"
    for k in range(len(data)):
        cut.write_bytes(data[:k])
        if k < header_end:
            with pytest.raises(EventLogError, match="cut inside its header|not a meeple event log") as info:
                read_event_log(cut)
            assert str(cut) in str(info.value)
            continue
        log = read_event_log(cut)
        whole_chunks = max(j for j, e in enumerate(ends) if e <= k)
        assert len(log.rows) == row_counts[whole_chunks]
        assert np.array_equal(log.rows, whole.rows[: len(log.rows)])
        assert log.cut_at == (None if k == ends[whole_chunks] else ends[whole_chunks])
        assert not log.complete


def test_a_damaged_event_log_names_the_byte_and_keeps_the_rows_before(tmp_path):
    path = tmp_path / "run.evlog"
    record_run(path)
    data = bytearray(path.read_bytes())
    whole = read_event_log(path)
    (size,) = struct.unpack_from("<I", data, 12)
    first = 16 + size + 4
    _, length, _ = struct.unpack_from("<4sII", data, first)
    second = first + 12 + length
    data[second + 20] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(EventLogError, match=f"chunk at byte {second} fails its checksum") as info:
        read_event_log(path)
    assert str(path) in str(info.value)
    partial = info.value.partial
    assert np.array_equal(partial.rows, whole.rows[: len(partial.rows)]) and len(partial.rows) > 0
    path.write_bytes(b"PK\x03\x04 a zip file, not an event log")
    with pytest.raises(EventLogError, match="not a meeple event log"):
        read_event_log(path)


def test_an_event_log_of_another_library_version_is_refused_unless_forced(tmp_path):
    path = tmp_path / "run.evlog"
    record_run(path)
    data = path.read_bytes()
    (size,) = struct.unpack_from("<I", data, 12)
    header = json.loads(data[16: 16 + size])
    header["library"] = "0.0.1"
    text = json.dumps(header, sort_keys=True).encode()
    import zlib
    other = data[:12] + struct.pack("<I", len(text)) + text + struct.pack("<I", zlib.crc32(text)) + data[16 + size + 4:]
    path.write_bytes(other)
    with pytest.raises(meeple.VersionMismatchError, match="0.0.1"):
        read_event_log(path)
    assert len(read_event_log(path, force=True).rows) > 0


# ---- replay ----

def test_every_recorded_game_replays_and_a_changed_action_is_found(tmp_path):
    path = tmp_path / "catan.evlog"
    record_run(path, spec="catan(players=3)", n=2, steps=120, chunk_every=50)
    log = read_event_log(path)
    games = log.games()
    assert games and all(g.replayable_reason() is None for g in games)
    for g in games:
        final = replay(g)
        assert final.move_number == len(g.actions)
    # Change the action of the 40th move of slot 0's game to another legal one.
    g = games[0]
    state = meeple.Game(log.spec).new_state(g.seed)
    for row in g.actions[:40]:
        state.apply(int(row[7]))
    other = next(a for a in state.legal_actions() if a != int(g.actions[40][7]))
    changed = g.rows.copy()
    where = int(np.flatnonzero((changed[:, 0] >= events.ACTION) & (changed[:, 4] == 40))[0])
    changed[where, 7] = other
    g.rows = changed
    with pytest.raises(ReplayError, match="move 40"):
        replay(g)


def test_replay_finds_a_changed_column_and_refuses_a_game_without_its_start(tmp_path):
    path = tmp_path / "catan.evlog"
    record_run(path, spec="catan", n=1, steps=60, chunk_every=60)
    g = read_event_log(path).games()[0]
    hand = meeple.Game("catan").event_fields.index("hand_2")
    rows = g.rows.copy()
    rows[30, hand] += 1
    g.rows = rows
    with pytest.raises(ReplayError, match="column hand_2"):
        replay(g)
    record_run(path, spec="tictactoe", n=1, steps=5, mask="actions|ends")
    g = read_event_log(path).games()[0]
    assert "no start row" in g.replayable_reason()
    with pytest.raises(ValueError, match="cannot be replayed"):
        replay(g)


# ---- game logs ----

def play_logged(path, spec="tictactoe", games=3, seed=0):
    game = meeple.Game(spec)
    rng = random.Random(seed)
    played = []
    with GameLogWriter(path) as log:
        for i in range(games):
            state = game.new_state(seed + i)
            rec = log.game(state, seed=seed + i, agents=["random"] * game.num_players)
            actions = []
            while not state.is_terminal:
                a = rng.choice(state.legal_actions())
                actions.append(a)
                rec.apply(a, agent={"value": 0.5} if len(actions) == 1 else None)
            played.append(actions)
    return played


def test_a_game_log_holds_each_step_and_reads_back(tmp_path):
    path = tmp_path / "games.jsonl.gz"
    played = play_logged(path, "tictactoe", games=3)
    log = read_game_log(path)
    assert log.cut_at is None and len(log.games) == 3
    game = meeple.Game("tictactoe")
    for actions, g in zip(played, log.games):
        assert g.start["version"] == 1 and g.start["game"] == game.spec
        assert [s["action"] for s in g.steps] == actions
        state = game.new_state(g.start["seed"])
        for s in g.steps:
            assert s["actor"] == state.current_player
            assert s["legal"] == len(state.legal_actions()) and s["legal_actions"] == state.legal_actions()
            assert s["name"] == game.action_name(s["action"])
            state.apply(s["action"])
            assert s["view"] == state.view(meeple.ALL)
        assert g.end["returns"] == list(state.returns) and g.end["steps"] == len(actions)
        assert g.steps[0]["agent"] == {"value": 0.5} and "agent" not in g.steps[1]
    # Plain gzip readers read it too (each game is one gzip member).
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    assert len(lines) == sum(len(a) + 2 for a in played)


def test_a_game_log_cut_at_every_byte_reads_the_games_before_the_cut(tmp_path):
    path = tmp_path / "games.jsonl.gz"
    play_logged(path, "tictactoe", games=3)
    data = path.read_bytes()
    whole = read_game_log(path)
    cut = tmp_path / "cut.jsonl.gz"
    finished_before = []
    for k in range(len(data) + 1):
        cut.write_bytes(data[:k])
        log = read_game_log(cut)
        done = [g for g in log.games if g.end is not None]
        for g, w in zip(done, whole.games):
            assert g.steps == w.steps and g.end == w.end
        if log.cut_at is not None:
            assert f"cut at byte {k}" in log.message
        finished_before.append(len(done))
    assert finished_before == sorted(finished_before) and finished_before[-1] == 3
    assert read_game_log(cut).cut_at is None


def test_a_damaged_game_log_names_the_byte_and_keeps_the_games_before(tmp_path):
    path = tmp_path / "games.jsonl.gz"
    play_logged(path, "tictactoe", games=3)
    data = bytearray(path.read_bytes())
    first_len = struct.unpack_from("<Q", data, 16)[0]
    data[first_len + 40] ^= 0x55
    path.write_bytes(bytes(data))
    with pytest.raises(GameLogError, match=f"byte {first_len}") as info:
        read_game_log(path)
    assert len(info.value.partial.games) == 1
    path.write_text('{"type": "start", "format": "something else"}\n')
    with pytest.raises(GameLogError, match="not a meeple-game-log"):
        read_game_log(path)


def test_a_batch_slot_recorder_writes_each_game_of_its_slot(tmp_path):
    game = meeple.Game("tictactoe")
    batch = meeple.Batch(game, 3, seed=4, threads=1)
    path = tmp_path / "slot.jsonl.gz"
    rng = random.Random(2)
    given = []
    with GameLogWriter(path) as log:
        recorder = BatchSlotRecorder(log, batch, 1)
        for _ in range(30):
            actions = random_actions(batch, rng)
            given.append(int(actions[1]))
            batch.step_autoreset(actions)
            recorder.after_step(int(actions[1]))
    games = read_game_log(path).games
    assert len(games) >= 3
    flat = [s["action"] for g in games for s in g.steps]
    assert flat == given[: len(flat)]
    for g in games:
        assert g.end is not None and g.steps[-1]["view"]["terminal"]


def test_converting_an_event_log_replays_its_finished_games(tmp_path):
    path = tmp_path / "run.evlog"
    record_run(path, spec="tictactoe", n=3, steps=25)
    log = read_event_log(path)
    out = tmp_path / "out.jsonl.gz"
    written = convert_event_log(log, out)
    finished = [g for g in log.games() if g.finished]
    assert written == len(finished) > 0
    games = read_game_log(out).games
    for recorded, logged in zip(finished, games):
        assert [s["action"] for s in logged.steps] == [int(r[7]) for r in recorded.actions]
        assert logged.start["seed"] == recorded.seed and logged.end is not None


# ---- commands ----

def test_meeple_convert_lists_converts_and_explains_bad_input(tmp_path, capsys):
    path = tmp_path / "run.evlog"
    record_run(path, spec="tictactoe", n=2, steps=20)
    assert main(["convert", str(path), "--list"]) == 0
    listed = capsys.readouterr().out
    assert "slot 0 game 0" in listed and "finished" in listed
    out = tmp_path / "out.jsonl.gz"
    assert main(["convert", str(path), "--finished", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "meeple view" in said and len(read_game_log(out).games) > 0
    assert main(["convert", str(path), "--slot", "1", "--game", "1", "-o", str(out)]) == 0
    games = read_game_log(out).games
    assert len(games) == 1 and games[0].start["meta"]["slot"] == 1 and games[0].start["meta"]["game"] == 1
    assert main(["convert", str(tmp_path / "missing.evlog", ), "--list"]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["convert", str(path), "--slot", "7", "-o", str(out)]) == 2
    assert "no game matching" in capsys.readouterr().err
    bad = tmp_path / "bad.evlog"
    bad.write_bytes(b"hello")
    assert main(["convert", str(bad), "--list"]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err
    cut = tmp_path / "cut.evlog"
    cut.write_bytes(path.read_bytes()[:-30])
    assert main(["convert", str(cut), "--list"]) == 0
    assert "is cut at byte" in capsys.readouterr().out


def test_meeple_demo_records_a_log_and_meeple_view_points_at_the_viewer(tmp_path, capsys):
    log = tmp_path / "demo.jsonl.gz"
    assert main(["demo", "--games", "2", "--log", str(log)]) == 0
    said = capsys.readouterr().out
    assert f"meeple view {log}" in said
    assert len(read_game_log(log).games) == 2
    assert main(["view", "--no-browser"]) == 0
    viewer = capsys.readouterr().out.split("viewer: ")[1].split("\n")[0]
    assert viewer.endswith("viewer.html") and open(viewer).read().startswith("<!DOCTYPE html>")
    page = tmp_path / "page.html"
    assert main(["view", str(log), "--no-browser", "-o", str(page)]) == 0
    text = page.read_text()
    assert 'id="meeple-embedded-log"' in text and "MeepleDraw" in text and 'src="draw.js"' not in text
    assert main(["view", str(tmp_path / "nothing.jsonl.gz"), "--no-browser"]) == 2
