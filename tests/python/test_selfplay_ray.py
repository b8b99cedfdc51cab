"""meeple.selfplay on a local Ray cluster started here (ray.init with 2 CPUs, once for
the module): a few generations of tic-tac-toe end to end, self-play actors killed in
the middle of a generation and replaced, and the same first-generation data as the
single-machine run with the same seed. Skipped, with the reason, without Ray."""

from __future__ import annotations

import os

import numpy as np
import pytest

from meeple import selfplay
from meeple.selfplay.config import config_from_dict

TINY = {"seed": 5, "generations": 2,
        "net": {"hidden": 16, "layers": 1},
        "selfplay": {"actors": 2, "games_per_chunk": 8, "chunks_per_generation": 4, "iterations": 8},
        "train": {"steps": 20, "batch_size": 32},
        "gate": {"games": 4, "iterations": 8},
        "evaluate": {"games": 2, "reference": "mcts(iterations=20)"}}


@pytest.fixture
def ray(ray_cluster, require_peer):
    require_peer("torch", extra="selfplay")
    require_peer("ray", extra="ray")
    return ray_cluster


def _shards(root, generation):
    folder = os.path.join(root, "replay")
    out = {}
    for name in sorted(os.listdir(folder)):
        if name.startswith(f"gen-{generation:06d}-"):
            with np.load(os.path.join(folder, name)) as z:
                out[name] = {k: z[k] for k in z.files}
    return out


def test_ray_and_single_machine_runs_write_the_same_first_generation(ray, tmp_path):
    config = config_from_dict(TINY)
    on_ray, local = str(tmp_path / "ray"), str(tmp_path / "local")
    lines: list[str] = []
    state = selfplay.run("tictactoe", config, on_ray, ray=True, log=lines.append)
    assert state["generation"] == 2 and len(state["history"]) == 2
    assert "2 actor(s) (ray)" in lines[0]
    assert all(h["gate"]["games"] > 0 and h["games"] == 32 for h in state["history"])
    assert os.path.exists(os.path.join(on_ray, "checkpoints", "net-000002.pt"))
    assert os.path.exists(os.path.join(on_ray, "checkpoints", "progress.png"))
    one = config_from_dict({**TINY, "generations": 1, "selfplay": {**TINY["selfplay"], "actors": 1}})
    selfplay.run("tictactoe", one, local, log=lambda s: None, plots=False)
    a, b = _shards(on_ray, 0), _shards(local, 0)
    assert list(a) == list(b) and len(a) == 4
    for name in a:
        for k in a[name]:
            assert np.array_equal(a[name][k], b[name][k]), (name, k)


def test_killed_actors_and_a_killed_learner_are_replaced_and_the_work_redone(ray, tmp_path):
    from meeple.selfplay.actor import SelfPlayActor
    from meeple.selfplay.executor import RayExecutor
    from meeple.selfplay.net import weights_of
    from meeple.selfplay.replay import ReplayStore

    config = config_from_dict(TINY)
    lines: list[str] = []
    ex = RayExecutor("tictactoe", config, str(tmp_path), 2, lines.append)
    here = SelfPlayActor("tictactoe", config)
    weights = weights_of(here.net)
    got = {}
    try:
        for data in ex.play(weights, 0, 0, [0, 1, 2, 3]):
            if not got:  # the first chunk is back: kill both actors, one of them mid-chunk
                for h in list(ex.handles):
                    ray.kill(h)
            got[data["chunk"]] = data
        assert sorted(got) == [0, 1, 2, 3]
        assert any("died during chunk" in line and "replays the chunk" in line for line in lines), lines
        for c, data in got.items():  # whoever played it, a chunk is the same positions
            expected = here.play(weights, 0, 0, c)
            assert all(np.array_equal(data[k], expected[k]) for k in ("obs", "policy", "result", "root_value"))
            ReplayStore(str(tmp_path)).write(data)
        # a killed learner: a new one trains the generation again from its checkpoint, to the same weights
        first, _ = ex.learner.train(0)
        ray.kill(ex.learner.handle)
        again, _ = ex.learner.train(0)
        assert any("the learner died" in line for line in lines), lines
        assert all(np.array_equal(first[k], again[k]) for k in first)
    finally:
        ex.close()


def test_datagen_shards_as_ray_tasks_are_the_files_of_the_local_run(ray, tmp_path):
    from meeple.net import datagen

    options = datagen.DatagenOptions(playouts=2, samples_per_game=2, siblings=2)
    local, on_ray = tmp_path / "local", tmp_path / "ray"
    a = datagen.generate("catan", local, games=6, seed=9, shard_games=2, threads=1, options=options)
    b = datagen.generate("catan", on_ray, games=6, seed=9, shard_games=2, options=options, ray=True)
    assert a == b and len(a["shards"]) == 3 and a["complete"]
    for name in ["manifest.json"] + [s["file"] for s in a["shards"]]:
        assert (local / name).read_bytes() == (on_ray / name).read_bytes(), name
