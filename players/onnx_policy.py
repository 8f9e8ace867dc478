"""A player that acts from a network in an ONNX file, run by ``onnxruntime`` (issue 46;
docs/rl.md, "A network as a player (ONNX)").  Needs the ``rl`` extra.

The file is any ONNX model with one float32 input of shape ``[batch, inputs]`` and one float32
output of shape ``[batch, indices]`` (the logits), and these metadata properties, which
``arena.rl.onnx_export`` writes:

========================  =================================================================
``arena.game``            the game's registry name
``arena.num_players``     the player count it was made for
``arena.actions``         ``flat`` or ``factored``
========================  =================================================================

* ``flat``: the input is the observation's vector (``engine.tensor.encode``), the output one
  logit per index of ``engine.tensor.action_space`` (as ``players/policy.py``'s ``.npz``);
* ``factored``: an action is chosen in steps (``engine/factored.py``): its kind, then each
  field; the input is the vector followed by ``Factored.choice_features`` of the steps chosen
  so far, the output one logit per index of a step (``Factored.width``), and the network is
  run once a step.

Only legal indices get probability.  ``mode="argmax"`` (the default) plays the most probable,
``mode="sample"`` draws with the player's seeded generator (at ``temperature``), so a game
replays the same either way.

``model`` is a path; a relative one is looked up in the working directory, then next to the
file of the player's class: a submitted player is jailed and reads only its own code folder,
so keep the ``.onnx`` file beside its ``.py`` file (``examples/onnx_policy/``).  onnxruntime
runs with one thread (intra- and inter-op), no spinning: a player gets one CPU.
"""
from __future__ import annotations

import numpy as np

from engine import factored, tensor
from players.base import SeededPlayer
from players.policy import MODES, PolicyFileError, PolicyPlayer, masked_softmax

ENCODINGS = ("flat", "factored")


class OnnxPolicyPlayer(SeededPlayer):
    """Plays from an ONNX network (see the module's docstring): ``model`` (a path), ``mode``
    (``argmax`` or ``sample``), ``temperature`` (for ``sample``), ``seed``."""

    name = "onnx-policy"
    find = PolicyPlayer.find  # the file as given, else beside the file of the player's class

    def __init__(self, model: str = "", mode: str = "argmax", temperature: float = 1.0, seed: int = 0):
        super().__init__(seed)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {list(MODES)}, not {mode!r}")
        if not float(temperature) > 0:
            raise ValueError(f"temperature must be positive, not {temperature!r}")
        if not model:
            raise ValueError("model: give the path of an ONNX file (.onnx)")
        self.mode = mode
        self.temperature = float(temperature)
        self.path = self.find(model)
        self.session = _session(self.path)
        meta = self.session.get_modelmeta().custom_metadata_map
        try:
            self.model_game = meta["arena.game"]  # (Player.start sets game and num_players: the table's)
            self.model_players = int(meta["arena.num_players"])
            self.actions = meta["arena.actions"]
        except (KeyError, ValueError) as exc:
            raise PolicyFileError(f"ONNX file {self.path}: its metadata must hold arena.game, arena.num_players and "
                                  f"arena.actions ({type(exc).__name__}: {exc}; it has {sorted(meta)})") from None
        if self.actions not in ENCODINGS:
            raise PolicyFileError(f"ONNX file {self.path}: arena.actions must be one of {list(ENCODINGS)}, "
                                  f"not {self.actions!r}")
        inputs, outputs = self.session.get_inputs(), self.session.get_outputs()
        if len(inputs) != 1 or len(outputs) < 1:
            raise PolicyFileError(f"ONNX file {self.path}: one input and one output expected, it has "
                                  f"{len(inputs)} and {len(outputs)}")
        self.input_name = inputs[0].name
        self.output_name = outputs[0].name
        self.input_size = inputs[0].shape[-1]
        self.output_size = outputs[0].shape[-1]
        self.space = self.factored = None

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        if (game, num_players) != (self.model_game, self.model_players):
            raise PolicyFileError(f"ONNX file {self.path} is for {self.model_game} with {self.model_players} players, "
                                  f"not {game} with {num_players}")
        size = tensor.layout(game, num_players).size
        if self.actions == "flat":
            self.space = tensor.action_space(game, num_players)
            indices = self.space.size
        else:
            self.factored = factored.for_game(game, num_players)
            size += self.factored.feature_size
            indices = self.factored.width
        if (self.input_size, self.output_size) != (size, indices):
            raise PolicyFileError(f"ONNX file {self.path}: made for inputs of {self.input_size} and outputs of "
                                  f"{self.output_size}; {game} with {num_players} players and {self.actions} "
                                  f"actions has {size} and {indices}")

    def logits(self, inputs: np.ndarray) -> np.ndarray:
        """The network's output for one input vector."""
        batch = np.asarray(inputs, dtype=np.float32)[None, :]
        return self.session.run([self.output_name], {self.input_name: batch})[0][0]

    def pick(self, logits: np.ndarray, mask: np.ndarray) -> int:
        p = masked_softmax(logits, mask, self.temperature)
        if self.mode == "argmax":
            return int(np.argmax(p))
        u = self.rng.next64() / 2.0 ** 64
        index = int(min(np.searchsorted(np.cumsum(p), u * p.sum(), side="right"), len(p) - 1))
        while p[index] == 0:  # rounding at the very end of the cumulative sum
            index -= 1
        return index

    def act(self, observation):
        if self.space is None and self.factored is None:  # act() without start()
            self.start(observation.game, observation.seat, observation.num_players, 0)
        legal = observation.legal_actions
        vector = tensor.encode(observation)
        if self.factored is None:
            mask, ids, _ = tensor.legal_mask(self.space, legal)
            if not mask.any():  # no legal action within the flat space's caps: a seeded random one
                return legal[self.rng.below(len(legal))]
            return legal[ids.index(self.pick(self.logits(vector), mask))]
        choices = self.factored.choices(legal)
        prefix = ()
        while not choices.complete(prefix):
            inputs = np.concatenate([vector, self.factored.choice_features(prefix)])
            prefix += (self.pick(self.logits(inputs), choices.mask(prefix)),)
        return choices.action(prefix)


def _session(path):
    try:
        import onnxruntime
    except ImportError as exc:  # pragma: no cover - the message is the point
        raise ImportError(f"onnxruntime is not installed ({exc}): pip install 'arena[rl]'") from exc
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.add_session_config_entry("session.inter_op.allow_spinning", "0")
    try:
        return onnxruntime.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime's own errors (bad file, unknown operator) have no common base
        raise PolicyFileError(f"ONNX file {path}: onnxruntime cannot load it ({type(exc).__name__}: {exc})") from None
