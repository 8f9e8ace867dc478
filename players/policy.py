"""A player that acts from a trained policy file (issue 33; docs/rl.md, "A trained policy
as a player").

The policy is a small softmax policy over a game's observation vector
(``engine.tensor.encode``) and its fixed action space (``engine.tensor.action_space``),
stored as numpy arrays in a ``.npz`` file:

=================  ===================  =====================================================
array              shape                meaning
=================  ===================  =====================================================
``game``           ()                   the game's registry name (a string)
``num_players``    ()                   the player count it was trained for
``mean``           (obs,)               subtracted from the vector (optional; zeros)
``scale``          (obs,)               then multiplied with it (optional; ones)
``W1``, ``b1``     (obs, H), (H,)       the hidden layer, ``tanh``; absent: a linear policy
``W2``, ``b2``     (H or obs, A), (A,)  the action logits
=================  ===================  =====================================================

``logits = tanh(((v - mean) * scale) @ W1 + b1) @ W2 + b2``; the actions outside the legal
mask get no probability.  ``mode="argmax"`` (the default) plays the most probable legal
action, ``mode="sample"`` draws one from the softmax (at ``temperature``) with the player's
seeded generator, so a game replays the same either way.  A legal action with no index in
the action space (beyond a cap of ``engine/<game>/tensor.py``: never met in the tests'
random games) is never chosen while another one has an index; where none has, the player
plays a seeded random legal action and counts it in ``self.fallbacks``.

Files are read with ``allow_pickle=False``: a policy file holds arrays, never code.

``weights`` is a path; a relative one is looked up in the working directory, then next to
the file of the player's class (a ``file.py:Class`` that subclasses this one, with its
weights beside it).  In a tournament a submitted player is jailed and reads only its own
code folder (``arena/jail/view.py``): keep the ``.npz`` in the folder of the submitted
``.py`` file (``examples/rl_policy/``: ``player.py`` and ``origin-2p.npz``).

``forward`` and ``save`` are shared with the trainer (``tools/train_policy.py``).
"""
from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np

from engine import tensor
from players.base import SeededPlayer

MODES = ("argmax", "sample")


class PolicyFileError(ValueError):
    """A policy file that is missing, unreadable or does not fit the game."""


def load_policy(path) -> dict:
    """The arrays of a policy file, checked: ``game`` (str), ``num_players`` (int) and
    float32 ``mean``, ``scale``, ``W1``/``b1`` (or None), ``W2``, ``b2``."""
    path = Path(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (OSError, ValueError) as exc:
        raise PolicyFileError(f"policy file {path}: cannot read it ({type(exc).__name__}: {exc})") from exc
    for key in ("game", "num_players", "W2", "b2"):
        if key not in arrays:
            raise PolicyFileError(f"policy file {path}: no array {key!r} (it has {sorted(arrays)})")
    policy = {"game": str(arrays["game"]), "num_players": int(arrays["num_players"])}
    w2 = arrays["W2"].astype(np.float32)
    hidden = "W1" in arrays
    w1 = arrays["W1"].astype(np.float32) if hidden else None
    b1 = arrays["b1"].astype(np.float32) if hidden else None
    obs = w1.shape[0] if hidden else w2.shape[0]
    if hidden and (w1.ndim != 2 or b1.shape != (w1.shape[1],) or w2.shape[0] != w1.shape[1]):
        raise PolicyFileError(f"policy file {path}: W1 {w1.shape}, b1 {b1.shape} and W2 {w2.shape} do not fit")
    if w2.ndim != 2 or arrays["b2"].shape != (w2.shape[1],):
        raise PolicyFileError(f"policy file {path}: W2 {w2.shape} and b2 {arrays['b2'].shape} do not fit")
    mean = arrays.get("mean", np.zeros(obs)).astype(np.float32)
    scale = arrays.get("scale", np.ones(obs)).astype(np.float32)
    if mean.shape != (obs,) or scale.shape != (obs,):
        raise PolicyFileError(f"policy file {path}: mean {mean.shape} and scale {scale.shape} must be ({obs},)")
    policy.update(mean=mean, scale=scale, W1=w1, b1=b1, W2=w2, b2=arrays["b2"].astype(np.float32))
    return policy


def save_policy(path, game: str, num_players: int, W2, b2, W1=None, b1=None, mean=None, scale=None) -> None:
    """Write a policy file (compressed ``.npz``) that :func:`load_policy` reads."""
    arrays = {"game": np.array(game), "num_players": np.array(int(num_players)),
              "W2": np.asarray(W2, np.float32), "b2": np.asarray(b2, np.float32)}
    if W1 is not None:
        arrays.update(W1=np.asarray(W1, np.float32), b1=np.asarray(b1, np.float32))
    if mean is not None:
        arrays["mean"] = np.asarray(mean, np.float32)
    if scale is not None:
        arrays["scale"] = np.asarray(scale, np.float32)
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)


def forward(policy: dict, vector: np.ndarray) -> np.ndarray:
    """The logits of ``vector`` (one observation, or a batch of rows)."""
    x = (vector - policy["mean"]) * policy["scale"]
    if policy["W1"] is not None:
        x = np.tanh(x @ policy["W1"] + policy["b1"])
    return x @ policy["W2"] + policy["b2"]


def masked_softmax(logits: np.ndarray, mask: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Probabilities over the indices where ``mask`` is set (0 elsewhere)."""
    z = np.where(mask.astype(bool), logits / temperature, -np.inf)
    z = z - z.max()
    p = np.exp(z)
    return p / p.sum()


class PolicyPlayer(SeededPlayer):
    """Plays from a policy file (see the module's docstring): ``weights`` (a path),
    ``mode`` (``argmax`` or ``sample``), ``temperature`` (for ``sample``), ``seed``."""

    name = "policy"

    def __init__(self, weights: str = "", mode: str = "argmax", temperature: float = 1.0, seed: int = 0):
        super().__init__(seed)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {list(MODES)}, not {mode!r}")
        if not float(temperature) > 0:
            raise ValueError(f"temperature must be positive, not {temperature!r}")
        if not weights:
            raise ValueError("weights: give the path of a policy file (.npz)")
        self.mode = mode
        self.temperature = float(temperature)
        self.path = self.find(weights)
        self.policy = load_policy(self.path)
        self.space = None
        self.fallbacks = 0

    def find(self, weights) -> Path:
        """The policy file: ``weights`` as given, else next to the file of this class."""
        path = Path(weights)
        if path.is_file():
            return path
        hint = ("; a submitted player is jailed and reads only its own code folder: keep the file "
                "beside the player's .py file and give its name")
        if path.is_absolute():
            raise PolicyFileError(f"policy file {weights!r}: not found{hint}")
        try:
            beside = Path(inspect.getfile(type(self))).resolve().parent / path
        except (TypeError, OSError):
            beside = None
        if beside is not None and beside.is_file():
            return beside
        raise PolicyFileError(f"policy file {weights!r}: not found (looked in {Path.cwd()}"
                              + (f" and {beside.parent}" if beside is not None else "") + f"){hint}")

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        policy = self.policy
        if (game, num_players) != (policy["game"], policy["num_players"]):
            raise PolicyFileError(f"policy file {self.path} is for {policy['game']} with {policy['num_players']} "
                                  f"players, not {game} with {num_players}")
        self.space = tensor.action_space(game, num_players)
        size = tensor.layout(game, num_players).size
        obs = policy["mean"].shape[0]
        if obs != size or policy["W2"].shape[1] != self.space.size:
            raise PolicyFileError(f"policy file {self.path}: made for vectors of {obs} and {policy['W2'].shape[1]} "
                                  f"actions; {game} with {num_players} players has {size} and {self.space.size}")

    def probabilities(self, observation) -> tuple:
        """``(probabilities over the action space, ids of the legal actions)``, or
        ``(None, ids)`` when no legal action has an index."""
        legal = observation.legal_actions
        mask, ids, _ = tensor.legal_mask(self.space, legal)
        if not mask.any():
            return None, ids
        logits = forward(self.policy, tensor.encode(observation))
        return masked_softmax(logits, mask, self.temperature), ids

    def act(self, observation):
        legal = observation.legal_actions
        if self.space is None:  # act() without start(): the observation says which game
            self.start(observation.game, observation.seat, observation.num_players, 0)
        p, ids = self.probabilities(observation)
        if p is None:
            self.fallbacks += 1
            return legal[self.rng.below(len(legal))]
        if self.mode == "argmax":
            index = int(np.argmax(p))
        else:
            u = self.rng.next64() / 2.0 ** 64
            index = int(min(np.searchsorted(np.cumsum(p), u * p.sum(), side="right"), len(p) - 1))
            while p[index] == 0:  # rounding at the very end of the cumulative sum
                index -= 1
        return legal[ids.index(index)]
