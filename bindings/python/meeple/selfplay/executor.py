"""Where the roles run: the same classes (:class:`SelfPlayActor`, :class:`Learner`,
:class:`Gate`) on one machine or as Ray actors. Only this module knows the difference.

- :class:`LocalExecutor` (the default): the learner and the gate in this process; one
  actor plays in this process, several play in worker processes (one core each).
- :class:`RayExecutor` (``--ray``, ``--ray-address``): every self-play actor is a Ray
  actor of one CPU, the learner and the gate are Ray actors (no CPU reserved: they run
  while the actors wait) pinned to the driver's node, which holds the run's folder.

Either way a chunk's positions come back to the driver, which writes the shard; a chunk
whose actor died is played again, from its seed, by a fresh actor, so nothing half
played is ever written and the data do not depend on who played it.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
from typing import Any, Callable, Iterator, Optional

from .actor import SelfPlayActor
from .config import Config
from .gate import Gate
from .learner import Learner

__all__ = ["LocalExecutor", "RayExecutor", "Log"]

Log = Callable[[str], None]

_worker: Optional[SelfPlayActor] = None


def _worker_init(game_spec: str, config: Config) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's to handle: it ends the workers
    _worker = SelfPlayActor(game_spec, config)


def _worker_play(weights: Any, key: Any, generation: int, chunk: int) -> dict[str, Any]:
    assert _worker is not None
    return _worker.play(weights, key, generation, chunk)


class LocalExecutor:
    """Roles on this machine: ``actors`` self-play actors (1: in this process)."""

    kind = "local"

    def __init__(self, game_spec: str, config: Config, root: str, actors: int, log: Log) -> None:
        self.game_spec, self.config, self.log = game_spec, config, log
        self.actors = actors or os.cpu_count() or 1
        self.learner = Learner(game_spec, config, root)
        self.gate = Gate(game_spec, config)
        self._actor = SelfPlayActor(game_spec, config) if self.actors == 1 else None
        self._pool: Optional[cf.ProcessPoolExecutor] = None

    def _new_pool(self) -> cf.ProcessPoolExecutor:
        return cf.ProcessPoolExecutor(self.actors, mp_context=multiprocessing.get_context("spawn"),
                                      initializer=_worker_init, initargs=(self.game_spec, self.config))

    def play(self, weights: Any, key: Any, generation: int, chunks: list[int]) -> Iterator[dict[str, Any]]:
        """Plays the chunks; yields each chunk's positions as it finishes."""
        if self._actor is not None:
            for c in chunks:
                yield self._actor.play(weights, key, generation, c)
            return
        todo = list(chunks)
        while todo:
            if self._pool is None:
                self._pool = self._new_pool()
            futures = {self._pool.submit(_worker_play, weights, key, generation, c): c for c in todo}
            try:
                for f in cf.as_completed(futures):
                    data = f.result()
                    todo.remove(futures[f])
                    yield data
            except cf.process.BrokenProcessPool:
                self.log(f"a self-play worker died; restarting the workers and replaying chunks {todo} "
                         "(their partial games are dropped)")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None

    def close(self) -> None:
        """Ends the workers; a chunk they were playing is dropped (never written)."""
        if self._pool is not None:
            workers = list(getattr(self._pool, "_processes", {}).values())  # started by this pool
            self._pool.shutdown(wait=False, cancel_futures=True)
            for w in workers:
                if w.is_alive():
                    w.terminate()
                    w.join(5)
            self._pool = None


class _Proxy:
    """Calls a Ray actor's methods as if it were here (``proxy.train(g)``)."""

    def __init__(self, make: Callable[[], Any], ray: Any, log: Log, name: str) -> None:
        self._make, self._ray, self._log, self._name = make, ray, log, name
        self.handle: Any = None  # started at the first call

    def __getattr__(self, method: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            if self.handle is None:
                self.handle = self._make()
            try:
                return self._ray.get(getattr(self.handle, method).remote(*args))
            except self._ray.exceptions.RayActorError:
                self._log(f"the {self._name} died; starting a new one and calling {method} again")
                self.handle = self._make()
                return self._ray.get(getattr(self.handle, method).remote(*args))
        return call


class RayExecutor:
    """Roles as Ray actors on the cluster at ``address`` (None: start a local one, or
    join the one this process already started with ``ray.init``)."""

    kind = "ray"

    def __init__(self, game_spec: str, config: Config, root: str, actors: int, log: Log,
                 address: Optional[str] = None) -> None:
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        self.ray, self.log = ray, log
        self.game_spec, self.config = game_spec, config
        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        self.actors = actors or max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        here = NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False)
        root = os.path.abspath(root)
        learner_cls = ray.remote(num_cpus=0, max_restarts=0)(Learner).options(scheduling_strategy=here)
        gate_cls = ray.remote(num_cpus=0, max_restarts=0)(Gate).options(scheduling_strategy=here)
        self.learner = _Proxy(lambda: learner_cls.remote(game_spec, config, root), ray, log, "learner")
        self.gate = _Proxy(lambda: gate_cls.remote(game_spec, config), ray, log, "gate")
        self._actor_cls = ray.remote(num_cpus=1, max_restarts=0)(SelfPlayActor)
        self.handles = [self._new_actor() for _ in range(self.actors)]

    def _new_actor(self) -> Any:
        return self._actor_cls.remote(self.game_spec, self.config)

    def play(self, weights: Any, key: Any, generation: int, chunks: list[int]) -> Iterator[dict[str, Any]]:
        ray = self.ray
        ref = ray.put(weights)
        todo = list(reversed(chunks))
        running: dict[Any, tuple[int, int]] = {}  # task -> (actor index, chunk)
        idle = list(range(len(self.handles)))
        while todo or running:
            while todo and idle:
                a, c = idle.pop(0), todo.pop()
                running[self.handles[a].play.remote(ref, key, generation, c)] = (a, c)
            done, _ = ray.wait(list(running), num_returns=1)
            a, c = running.pop(done[0])
            try:
                data = ray.get(done[0])
            except ray.exceptions.RayActorError:
                self.log(f"self-play actor {a} died during chunk {c}; a new actor replays the chunk "
                         "(its partial games are dropped)")
                self.handles[a] = self._new_actor()
                todo.append(c)
                idle.append(a)
                continue
            idle.append(a)
            yield data

    def close(self) -> None:
        for h in [*self.handles, self.learner.handle, self.gate.handle]:
            if h is not None:
                self.ray.kill(h)
