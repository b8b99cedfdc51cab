"""Event logs and game logs handed to meeple (issue 37): an output that is the input is
refused (11), a damaged chunk length is damage, not a cut (12), a header with a good
checksum and bad content is one EventLogError (15), output paths are checked before any
work (20), and game logs that inflate hugely or nest deeply are one GameLogError (10, 21)."""

from __future__ import annotations

import gzip
import json
import struct
import time
import zlib

import pytest

from meeple.commands import main
from meeple.records.events import EventLogError, read_event_log
from meeple.records.gamelog import GameLogError, read_game_log

from test_recording import record_run


def _one_error_line(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len([x for x in err.splitlines() if x]) == 1, err
    return err


def _with_header(path, header):
    """The event log at ``path`` with its header replaced (and a checksum that passes)."""
    data = path.read_bytes()
    (size,) = struct.unpack_from("<I", data, 12)
    text = header if isinstance(header, bytes) else json.dumps(header).encode()
    path.write_bytes(data[:8] + struct.pack("<II", 1, len(text)) + text + struct.pack("<I", zlib.crc32(text))
                     + data[16 + size + 4:])


# ---- 11: an output that is the input ----

def test_convert_and_view_refuse_to_write_over_their_input(tmp_path, capsys):
    evlog = tmp_path / "run.evlog"
    record_run(evlog)
    before = evlog.read_bytes()
    assert main(["convert", str(evlog), "-o", str(evlog)]) == 2
    assert "is the input" in _one_error_line(capsys)
    assert evlog.read_bytes() == before
    log = tmp_path / "g.jsonl.gz"
    assert main(["convert", str(evlog), "-o", str(log)]) == 0
    capsys.readouterr()
    kept = log.read_bytes()
    assert main(["view", str(log), "--no-browser", "-o", str(log)]) == 2
    assert "is the input" in capsys.readouterr().err
    assert log.read_bytes() == kept
    (tmp_path / "link.jsonl.gz").symlink_to(log)  # the same file by another name
    assert main(["view", str(tmp_path / "link.jsonl.gz"), "--no-browser", "-o", str(log)]) == 2
    assert log.read_bytes() == kept


# ---- 12: a damaged length ----

def test_a_chunk_length_past_the_end_with_chunks_after_it_is_damage(tmp_path):
    path = tmp_path / "run.evlog"
    record_run(path, n=2, steps=12, chunk_every=3)
    data = bytearray(path.read_bytes())
    (size,) = struct.unpack_from("<I", data, 12)
    first = 16 + size + 4
    assert data[first:first + 4] == b"ROWS"
    data[first + 4 + 3] ^= 0x40  # the first chunk's length, its top byte
    path.write_bytes(bytes(data))
    with pytest.raises(EventLogError, match=f"chunk at byte {first} says .* whole chunks follow"):
        read_event_log(path)
    # The same length at the very end of a file is a cut: a writer stopped there.
    path.write_bytes(bytes(data[:first + 40]))
    assert read_event_log(path).cut_at == first


# ---- 15: headers with a valid checksum and wrong content ----

@pytest.mark.parametrize("change, message", [
    ({"row_ints": 0}, "'row_ints' must be a whole number"),
    ({"row_ints": -3}, "'row_ints' must be a whole number"),
    ({"row_ints": "16"}, "'row_ints' must be a whole number"),
    ({"row_ints": 10**400}, "a huge number"),
    ({"row_ints": 13}, "rows of tictactoe.* have 12 ints"),
    ({"row_ints": None}, "'row_ints' must be a whole number"),
    ({"game": None}, "'game' must be a game spec"),
    ({"game": "chess"}, "not a game this library has"),
    ({"game": "catan(players=3)"}, "rows of catan"),
    ({"agents": 5}, "'agents' must be null or 2 spec strings"),
    ({"agents": ["random"]}, "'agents' must be null or 2"),
    ({"metadata": [1]}, "'metadata' must be an object"),
])
def test_a_header_with_a_good_checksum_and_bad_content_is_an_event_log_error(tmp_path, change, message):
    path = tmp_path / "run.evlog"
    record_run(path)
    header = read_event_log(path).header
    header.update(change)
    header = {k: v for k, v in header.items() if v is not None or k in ("agents", "metadata")}
    _with_header(path, header)
    with pytest.raises(EventLogError, match=message) as e:
        read_event_log(path)
    assert len(str(e.value)) < 400


@pytest.mark.parametrize("text", [b"[1, 2]", b'"a string"', b"null", b"[" * 100_000 + b"]" * 100_000])
def test_a_header_that_is_not_an_object_is_an_event_log_error(tmp_path, text):
    path = tmp_path / "run.evlog"
    record_run(path)
    _with_header(path, text)
    with pytest.raises(EventLogError, match="the header"):
        read_event_log(path)


def test_convert_says_one_line_for_a_header_with_bad_agents(tmp_path, capsys):
    path = tmp_path / "run.evlog"
    record_run(path)
    _with_header(path, {**read_event_log(path).header, "agents": 5})
    assert main(["convert", str(path), "-o", str(tmp_path / "g.jsonl.gz")]) == 2
    assert "'agents'" in _one_error_line(capsys)
    assert not (tmp_path / "g.jsonl.gz").exists()


# ---- 20: output paths checked first ----

def test_arena_checks_save_before_playing(tmp_path, capsys, monkeypatch):
    from meeple.agents import arena

    monkeypatch.setattr(arena, "tournament", lambda *a, **k: pytest.fail("the games were played"))
    assert main(["arena", "tictactoe", "random", "random", "--games", "2", "--save",
                 str(tmp_path / "nonexistent" / "x.json")]) == 2
    assert "does not exist" in _one_error_line(capsys)


def test_convert_checks_its_output_before_replaying(tmp_path, capsys):
    path = tmp_path / "run.evlog"
    record_run(path)
    assert main(["convert", str(path), "-o", str(tmp_path / "nonexistent" / "x.jsonl.gz")]) == 2
    assert "does not exist" in _one_error_line(capsys)
    assert main(["convert", str(path), "-o", str(tmp_path)]) == 2
    assert "is a folder" in _one_error_line(capsys)


# ---- 10 and 21: game logs ----

def test_a_gzip_that_inflates_past_the_limit_is_refused_quickly(tmp_path):
    path = tmp_path / "bomb.jsonl.gz"
    path.write_bytes(gzip.compress(b"\n" * (64 << 20), 9))
    started = time.perf_counter()
    with pytest.raises(GameLogError, match="over 1,048,576 bytes"):
        read_game_log(path, max_bytes=1 << 20)
    assert time.perf_counter() - started < 5
    started = time.perf_counter()
    assert read_game_log(path).games == []  # under the default limit: newlines are scanned, not split
    assert time.perf_counter() - started < 10


def test_a_deeply_nested_record_is_a_game_log_error(tmp_path):
    path = tmp_path / "deep.jsonl"
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000 + b"\n")
    with pytest.raises(GameLogError, match="nested too deeply"):
        read_game_log(path)
