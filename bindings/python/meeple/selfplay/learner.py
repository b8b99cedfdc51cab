"""The learner: trains the candidate net on the replay store and publishes its weights
as checkpoints.

``DIR/checkpoints/net-GGGGGG.pt`` is the net of generation G (``net-000000.pt`` the
initial one): its weights, the optimiser's state and :data:`CHECKPOINT_FORMAT_VERSION`,
written whole or not at all (temporary file and rename). Training generation G reads
the positions of generations ``G - replay_generations + 1 .. G`` and writes
``net-(G+1)``; its batches come from a generator seeded by the run's seed and G, so a
generation trained again after a restart gives the same weights.

Loss: cross-entropy of the masked policy against the visit policy, plus the squared
error of the values (relative seats, divided by ``value_scale``) against
``(1 - value_target_mix) * result + value_target_mix * root_value``.
"""

from __future__ import annotations

import io
import os
import pickle
from typing import Any

import numpy as np
import torch

from ..agents import derive_seed
from ..game import Game
from .actor import make_net
from .config import Config, data_fingerprint
from .net import load_weights, to_relative, weights_of
from .replay import ReplayStore, write_atomically

__all__ = ["Learner", "training_device", "checkpoint_path", "read_checkpoint", "CheckpointError", "CHECKPOINT_FORMAT_VERSION"]

CHECKPOINT_FORMAT_VERSION = 1
_TRAIN_KEY = 0x747261696E


class CheckpointError(ValueError):
    """A checkpoint that is damaged, of another format, or holds more than weights."""


def checkpoint_path(root: str, generation: int) -> str:
    return os.path.join(root, "checkpoints", f"net-{generation:06d}.pt")


def read_checkpoint(root: str, generation: int) -> dict[str, Any]:
    path = checkpoint_path(root, generation)
    # weights_only: a checkpoint is tensors, numbers and strings; the full unpickler would run
    # any code a .pt file in a shared or downloaded run folder carries.
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except pickle.UnpicklingError:
        raise CheckpointError(f"{path}: refused: it holds more than weights (objects torch loads only by "
                              "running code); a self-play "
                              "checkpoint holds only tensors, numbers and strings") from None
    except (EOFError, RuntimeError, OSError, ValueError) as e:
        raise CheckpointError(f"{path}: not a readable checkpoint (cut short or damaged: {str(e)[:200]}); "
                              "delete it and run the same command to train that generation again") from None
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT_VERSION:
        raise CheckpointError(f"{path}: not a meeple self-play checkpoint of format {CHECKPOINT_FORMAT_VERSION}")
    return data


def training_device(name: str) -> "torch.device":
    """``cpu``, ``cuda`` (refused when torch sees no GPU) or ``auto`` (cuda when it sees
    one). Batches are drawn on the CPU by the run's generator either way, so a GPU run
    trains on the same positions; its weights differ from a CPU run's in the last bits."""
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("train.device = cuda, but torch sees no GPU (torch.cuda.is_available() is False): "
                           "use cpu or auto")
    return torch.device(name)


class Learner:
    """Holds the candidate net and its optimiser; one per run."""

    def __init__(self, game_spec: str, config: Config, root: str) -> None:
        self.game = Game(game_spec)
        self.config = config
        self.root = root
        self.store = ReplayStore(root, data_fingerprint(self.game.spec, config))
        self.device = training_device(config.train.device)
        self.net = make_net(self.game, config).to(self.device)
        self.opt = torch.optim.AdamW(self.net.parameters(), lr=config.train.learning_rate,
                                     weight_decay=config.train.weight_decay)
        os.makedirs(os.path.join(root, "checkpoints"), exist_ok=True)
        self.generation = -1  # the generation whose net is loaded (-1: none yet)

    def ping(self) -> bool:
        return True

    def start(self, generation: int) -> dict[str, np.ndarray]:
        """Loads the net of ``generation`` (writing the initial one at 0 when absent)
        and returns its weights."""
        if generation == 0 and not os.path.exists(checkpoint_path(self.root, 0)):
            self._save(0)
        data = read_checkpoint(self.root, generation)
        load_weights(self.net, data["weights"])
        self.opt.load_state_dict(data["optimizer"])
        self.generation = generation
        return weights_of(self.net)

    def weights(self, generation: int) -> dict[str, np.ndarray]:
        """The weights of a generation's checkpoint."""
        return {k: np.asarray(v) for k, v in read_checkpoint(self.root, generation)["weights"].items()}

    def _save(self, generation: int) -> None:
        data = {"format": CHECKPOINT_FORMAT_VERSION, "generation": generation, "game": self.game.spec,
                "weights": {k: torch.from_numpy(v) for k, v in weights_of(self.net).items()},
                "optimizer": self.opt.state_dict()}
        buf = io.BytesIO()
        torch.save(data, buf)
        write_atomically(checkpoint_path(self.root, generation), lambda f: f.write(buf.getvalue()))

    def train(self, generation: int) -> tuple[dict[str, np.ndarray], dict[str, float]]:
        """Trains on the replay window ending at ``generation``, checkpoints the result
        as generation + 1 and returns its weights and mean losses."""
        t = self.config.train
        if self.generation != generation:  # a learner started again: from the last checkpoint
            self.start(generation)
        torch.set_num_threads(t.threads)
        first = max(0, generation - t.replay_generations + 1)
        data = self.store.load(range(first, generation + 1))
        mix = t.value_target_mix
        target = (1 - mix) * data["result"] + mix * data["root_value"]
        target = to_relative(target, data["player"]) / t.value_scale
        d = self.device
        obs = torch.from_numpy(data["obs"]).to(d)
        masks = torch.from_numpy(data["masks"]).to(d)
        policy = torch.from_numpy(data["policy"]).to(d)
        values = torch.from_numpy(target.astype(np.float32)).to(d)
        rng = np.random.default_rng(derive_seed(derive_seed(self.config.seed, _TRAIN_KEY), generation))
        self.net.train()
        sums = np.zeros(2)
        for _ in range(t.steps):
            idx = torch.from_numpy(rng.integers(0, len(obs), size=min(t.batch_size, len(obs)))).to(d)
            logp, v = self.net(obs[idx], masks[idx])
            policy_loss = -(policy[idx] * logp.masked_fill(~masks[idx], 0.0)).sum(1).mean()
            value_loss = ((v - values[idx]) ** 2).mean()
            self.opt.zero_grad()
            (policy_loss + value_loss).backward()
            self.opt.step()
            sums += (policy_loss.item(), value_loss.item())
        self.net.eval()
        self.generation = generation + 1
        self._save(self.generation)
        mean = sums / max(1, t.steps)
        return weights_of(self.net), {"policy_loss": float(mean[0]), "value_loss": float(mean[1]),
                                      "positions": int(len(obs))}
