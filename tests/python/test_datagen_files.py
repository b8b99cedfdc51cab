"""Datagen folders that were damaged: a resumed run checks each shard the manifest lists
(size and checksum) and generates a cut one again, reading them back names a cut or
missing shard, and an output that cannot be a folder is one line (issue 37, items 13,
17, 20)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from meeple.commands import main
from meeple.net import datagen

SMALL = datagen.DatagenOptions(playouts=2, samples_per_game=1, siblings=2)


def _one_error_line(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert len([x for x in err.splitlines() if x]) == 1, err
    return err


def test_a_cut_shard_is_generated_again_when_the_run_resumes(tmp_path, monkeypatch):
    out = tmp_path / "d"
    datagen.generate("catan", out, games=2, seed=4, shard_games=1, options=SMALL)
    manifest = json.loads((out / "manifest.json").read_text())
    assert all(len(s["sha256"]) == 64 and s["bytes"] > 0 for s in manifest["shards"])
    whole = (out / "shard-00001.npz").read_bytes()
    (out / "shard-00001.npz").write_bytes(whole[: len(whole) // 2])
    calls = []
    real = datagen._run_shard
    monkeypatch.setattr(datagen, "_run_shard", lambda *a, **k: (calls.append(a[1]), real(*a, **k))[1])
    datagen.generate("catan", out, games=2, seed=4, shard_games=1, options=SMALL)
    assert calls == [1], "only the cut shard is generated again"
    assert (out / "shard-00001.npz").read_bytes() == whole


def test_a_flipped_byte_in_a_shard_is_caught(tmp_path):
    out = tmp_path / "d"
    datagen.generate("catan", out, games=1, seed=4, shard_games=1, options=SMALL)
    data = bytearray((out / "shard-00000.npz").read_bytes())
    data[len(data) // 2] ^= 1
    (out / "shard-00000.npz").write_bytes(bytes(data))
    with pytest.raises(ValueError, match="shard-00000.npz: damaged"):
        datagen.load(out)


def test_a_shard_given_more_arrays_on_purpose_is_kept(tmp_path, monkeypatch):
    """Policy targets are added to finished shards (docs/value-net.md): a resumed run
    keeps such a shard, since it reads whole with the manifest's rows."""
    out = tmp_path / "d"
    datagen.generate("catan", out, games=1, seed=4, shard_games=1, options=SMALL)
    with np.load(out / "shard-00000.npz") as z:
        arrays = {k: z[k] for k in z.files}
    np.savez(out / "shard-00000.npz", policy=np.zeros((len(arrays["labels"]), 3), np.float32), **arrays)
    monkeypatch.setattr(datagen, "_run_shard", lambda *a, **k: pytest.fail("the shard was generated again"))
    datagen.generate("catan", out, games=1, seed=4, shard_games=1, options=SMALL)
    assert len(datagen.load(out)[1]) == len(arrays["labels"])


@pytest.mark.parametrize("damage", ["cut", "missing"])
def test_train_names_a_cut_or_missing_shard(tmp_path, capsys, damage, require_peer):
    require_peer("torch", extra="net")
    out = tmp_path / "d"
    datagen.generate("catan", out, games=2, seed=4, shard_games=1, options=SMALL)
    shard = out / "shard-00001.npz"
    if damage == "cut":
        shard.write_bytes(shard.read_bytes()[:100])
    else:
        shard.unlink()
    assert main(["train", "catan", "--data", str(out), "--out", str(tmp_path / "m.onnx"), "--epochs", "1",
                 "--no-progress"]) == 2
    err = _one_error_line(capsys)
    assert "shard-00001.npz" in err and ("missing" in err if damage == "missing" else "damaged" in err)


def test_an_output_under_a_file_is_one_line(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["datagen", "catan", "--games", "1", "--out", str(f / "x"), "--no-progress"]) == 2
    assert "cannot make the directory" in _one_error_line(capsys)
    assert f.read_text() == "x"
