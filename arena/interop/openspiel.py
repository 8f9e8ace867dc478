"""Our games inside OpenSpiel, and OpenSpiel's search as players of ours.

Needs the optional extra (``pip install 'arena[openspiel]'``); nothing else in
the package imports this module, so the rest works without OpenSpiel.

Importing this module registers every game of our registry as a Python game of
OpenSpiel (short name ``arena_<name>``), so ``pyspiel.load_game("arena_origin(players=3)")``,
``pickle`` and ``deserialize_game_and_state`` find them; ``load_game(name, players=...,
seed=..., **options)`` loads one with our own checks of its options.
The adapter is generic over the engine contract:

* actions (the game parameter ``actions``) are by default ``factored``: one of our actions
  is a few OpenSpiel moves in a row by the same player, its kind and then each of its fields
  (``engine/factored.py``), every id below ``Factored.width`` (73 to 701), so
  ``legal_actions_mask()`` is small in every game; ``actions=flat`` gives the game's exact
  ``action_codec(num_players)`` ids instead (``GameSpec.action_codec``: 10^3 to 10^8 of
  them, an action a move; what our OpenSpiel search players use).  ``legal_actions()`` are
  the allowed ids, sorted;
* chance stays inside our state: there are no chance nodes, ``apply`` rolls the dice
  itself from the generator our State carries, and the seed is the game parameter
  ``seed``, so ``(seed, actions)`` replays a game.  A state and an action therefore give
  one next state, and the game is declared *deterministic* (before issue 46, *sampled
  stochastic*: OpenSpiel then serializes a game with ``GetRNGState``, which it does not
  forward to a Python game, so ``pickle``, ``copy.deepcopy`` and ``serialize_game_and_state``
  of a game or state failed).  The deals differ by the game's ``seed``, as OpenSpiel's own
  games with a fixed deal do by their parameters;
* ``information_state_string(p)`` is a hash of every public field of
  ``observation(p)`` (a seat's observation holds the public history, so it is a
  perfect-recall information state); ``observation_string(p)`` the same without
  the history.  With the game parameter ``readable_keys=True`` both are the
  hashed text itself, one ``field=value`` line per field;
* ``observation_tensor(p)`` and ``information_state_tensor(p)`` are both
  ``engine.tensor.encode(observation(p))``: the game's fixed-length vector of that
  seat's observation (its fields documented in ``engine/<game>/tensor.py``; the
  observer's ``dict`` holds a view of the tensor per field), followed with factored
  actions by ``Factored.choice_features`` of the steps the acting seat has chosen so far
  of its action (zeros for the other seats, which do not see them; the information-state
  and observation strings of the acting seat end with those steps too).  The vector holds all
  that the observation does (the board, the seat's own cards, counts of the hidden
  ones, the pending decision) except the move history, and a seat's observation holds
  all it may know of the game now, so the vector is everything a policy needs to
  act; it is not a perfect-recall encoding, though: two histories that reach the same
  observation give the same information-state tensor (the information-state
  *string* still tells them apart).  A game without a tensor module provides
  strings only;
* ``resample_from_infostate(p, sampler)`` is ``observation(p).sample(rng)`` with an
  ``Rng`` seeded from the sampler; ``clone()`` (OpenSpiel's own, which deep-copies
  the Python attributes) copies our state with its ``clone()``;
* ``returns()`` come from the places (``ranking()``): each seat gets
  ``2 r - 1`` where ``r`` is its share of the other seats it beats (ties count
  half), so a win is 1, a loss -1, and the returns of every game sum to 0.

OpenSpiel's C++ bots cannot search these games (its C++ ``ISMCTSBot`` does not
call a Python game's ``resample_from_infostate``); OpenSpiel's Python algorithms
can.  ``serialize()`` (and ``pickle``, ``copy.deepcopy``, ``serialize_game_and_state``)
keep a state as how it was made, never our State's objects: the game's parameters and the
ids played (and, for a state resampled from an information state, the state it came from,
the seat and the generator's two ints), replayed on deserialization.

Players (the built-in specs ``openspiel-ismcts`` and ``openspiel-mcts``):
:class:`OpenSpielISMCTSPlayer` runs OpenSpiel's Python ``ISMCTSBot`` and
:class:`OpenSpielMCTSPlayer` its ``MCTSBot``, both on a state sampled from the
player's observation (never the true state), with every random choice seeded.
"""
from __future__ import annotations

import hashlib
import pickle
import random
import time

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts as os_ismcts
    from open_spiel.python.algorithms import mcts as os_mcts
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"OpenSpiel is not installed ({exc}): pip install 'arena[openspiel]'") from exc

from engine import factored as engine_factored
from engine import tensor as engine_tensor
from engine.contract import TERMINAL, OptionError
from engine.registry import game_names, get_game
from engine.rng import Rng
from players.base import Player
from players.search_tree import EVALUATIONS, random_rollout, rewards_from_places

PREFIX = "arena_"
# An upper bound on the moves of a game that OpenSpiel asks for (GameInfo); our
# games run a few hundred to a few thousand decisions.
MAX_GAME_LENGTH = 100_000
_PARAMS = ("players", "seed", "readable_keys", "actions")
ACTION_ENCODINGS = ("factored", "flat")
_registered: dict = {}  # our game name -> its pyspiel.Game subclass


# --- keys from observations ---------------------------------------------------

def _canonical(value):
    if isinstance(value, dict):
        return sorted(((repr(k), _canonical(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return sorted(repr(_canonical(v)) for v in value)
    return value


def _public_fields(observation) -> list:
    """The names of an observation's fields, private ones (``_x``) left out."""
    cls = type(observation)
    names = getattr(cls, "_arena_fields", None)
    if names is None:
        names = []
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__slots__", ()):
                if not name.startswith("_") and name not in names:
                    names.append(name)
        if hasattr(observation, "__dict__"):
            names.extend(k for k in vars(observation) if not k.startswith("_") and k not in names)
        cls._arena_fields = names = tuple(names)
    return names


def observation_text(observation, perfect_recall: bool = True) -> str:
    """Every public field of ``observation`` as ``name=value`` lines (without
    ``history`` unless ``perfect_recall``): the readable information state."""
    lines = []
    for name in _public_fields(observation):
        if name == "history" and not perfect_recall:
            continue
        lines.append(f"{name}={_canonical(getattr(observation, name, None))!r}")
    return "\n".join(lines)


def observation_key(observation, perfect_recall: bool = True) -> str:
    """A short hash of :func:`observation_text`: equal exactly when the texts are."""
    text = observation_text(observation, perfect_recall)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


# --- the pyspiel game ---------------------------------------------------------

class _Engine:
    """The Python side of one pyspiel state: our State, the steps chosen so far of the acting
    seat's action (factored ids), how the state was made (``base`` and the ids played since,
    for ``serialize``), and caches of what OpenSpiel asks for repeatedly (legal ids, keys),
    dropped at every move.  OpenSpiel's ``clone()`` deep-copies the Python attributes: this
    copies our State with its ``clone()`` and shares the rest; ``pickle`` keeps the recipe
    only (``__reduce__``)."""

    __slots__ = ("state", "game", "prefix", "base", "moves", "legal", "ids", "choices", "keys", "vectors")

    def __init__(self, state, game: "_GameInfo", base: tuple, moves=(), prefix=()):
        self.state = state
        self.game = game
        self.base = base  # ("new",) or ("sample", parent base, parent moves, seat, rng seed, rng counter)
        self.moves = list(moves)  # the ids played since ``base``
        self.prefix = tuple(prefix)
        self._drop()

    def _drop(self):
        self.legal = None  # flat: {id: action} of the legal actions
        self.ids = None  # the legal ids, sorted
        self.choices = None  # factored: engine.factored.Choices of the legal actions
        self.keys = {}
        self.vectors = {}  # seat -> the tensor

    def __deepcopy__(self, memo):
        return _Engine(self.state.clone(), self.game, self.base, self.moves, self.prefix)

    def __reduce__(self):
        base = self.base
        while base[0] == "sample":
            base = base[1]
        if base[0] != "new":
            raise pickle.PicklingError(f"{self.game.spec.name}: a state made by ArenaGame.wrap() from one of our "
                                       f"States cannot be serialized (nothing says how that State was made): "
                                       f"serialize states of new_initial_state(), their clones and resamples")
        return _restore_engine, (self.game.params, self.base, tuple(self.moves))

    def legal_by_id(self) -> dict:
        legal = self.legal
        if legal is None:
            encode = self.game.codec.encode
            legal = self.legal = {encode(a): a for a in self.state.legal_actions()}
        return legal

    def legal_ids(self) -> list:
        if self.ids is None:
            if self.game.factored is None:
                self.ids = sorted(self.legal_by_id())
            else:
                self.ids = self.legal_choices().options(self.prefix)
        return self.ids

    def legal_choices(self):
        if self.choices is None:
            self.choices = self.game.factored.choices(self.state.legal_actions())
        return self.choices

    def apply_id(self, action_id: int) -> None:
        factored = self.game.factored
        if factored is None:
            move = self.legal_by_id().get(action_id)
            if move is None:
                move = self.game.codec.decode(action_id)  # not legal: our apply() raises IllegalActionError
        else:
            choices = self.legal_choices()
            if not choices.allows(self.prefix, action_id):
                raise ValueError(f"{self.game.spec.name}: step {action_id} ({factored.step_text(self.prefix, action_id)})"
                                 f" is not allowed after {list(self.prefix)}: not a legal action's")
            prefix = self.prefix + (action_id,)
            self.moves.append(action_id)
            if not choices.complete(prefix):
                self.prefix = prefix
                self.ids = None
                self.keys = {}
                self.vectors = {}
                return
            move = choices.action(prefix)
            self.prefix = ()
            self.state.apply(move)
            self._drop()
            return
        self.state.apply(move)
        self.moves.append(action_id)
        self._drop()

    def key(self, seat: int, perfect_recall: bool) -> str:
        k = (seat, perfect_recall)
        key = self.keys.get(k)
        if key is None:
            observation = self.state.observation(seat)
            key = (observation_text(observation, perfect_recall) if self.game.readable
                   else observation_key(observation, perfect_recall))
            if self.prefix and seat == self.state.current_player:
                key += "\nchosen=" + ",".join(map(str, self.prefix))  # the steps of its action so far
            self.keys[k] = key
        return key

    def vector(self, seat: int):
        v = self.vectors.get(seat)
        if v is None:
            v = engine_tensor.encode(self.state.observation(seat))
            factored = self.game.factored
            if factored is not None:
                if seat == self.state.current_player:
                    chosen = factored.choice_features(self.prefix)
                else:
                    chosen = np.zeros(factored.feature_size, np.float32)
                v = np.concatenate([v, chosen])
            self.vectors[seat] = v
        return v


class _GameInfo:
    """What every state of one loaded game shares: the spec, the codecs, the parameters."""

    __slots__ = ("spec", "num_players", "options", "readable", "codec", "factored", "params")

    def __init__(self, name: str, num_players: int, seed: int, options: dict, readable: bool, actions: str):
        self.spec = get_game(name)
        self.num_players = num_players
        self.options = options
        self.readable = readable
        self.codec = self.spec.action_codec(num_players)
        self.factored = engine_factored.for_game(name, num_players) if actions == "factored" else None
        self.params = (name, num_players, seed, tuple(sorted(options.items())), readable, actions)


_INFOS: dict = {}


def _game_info(params: tuple) -> _GameInfo:
    info = _INFOS.get(params)
    if info is None:
        name, n, seed, options, readable, actions = params
        info = _INFOS[params] = _GameInfo(name, n, seed, dict(options), readable, actions)
    return info


def _base_state(info: _GameInfo, base: tuple):
    if base[0] == "new":
        return info.spec.new_game(info.num_players, info.params[2], info.options)
    _, parent_base, parent_moves, seat, rng_seed, rng_counter = base
    parent = _restore_engine(info.params, parent_base, parent_moves)
    return parent.state.observation(seat).sample(Rng._raw(rng_seed, rng_counter))


def _restore_engine(params: tuple, base: tuple, moves: tuple) -> _Engine:
    """The ``_Engine`` that ``pickle`` kept as its recipe: the base state made again, the ids
    replayed."""
    info = _game_info(params)
    engine = _Engine(_base_state(info, base), info, base)
    for action_id in moves:
        engine.apply_id(action_id)
    return engine


class ArenaState(pyspiel.State):
    """A pyspiel state around one of our States (``engine_state()``)."""

    def __init__(self, game, engine=None):
        super().__init__(game)
        if engine is None:
            info = game.info
            engine = _Engine(info.spec.new_game(info.num_players, info.params[2], info.options), info, ("new",))
        self._engine = engine

    def engine_state(self):
        """Our State (live: do not change it behind OpenSpiel's back)."""
        return self._engine.state

    def current_player(self):
        seat = self._engine.state.current_player
        return pyspiel.PlayerId.TERMINAL if seat == TERMINAL else seat

    def is_terminal(self):
        return self._engine.state.current_player == TERMINAL

    def _legal_actions(self, player):
        engine = self._engine
        if player != engine.state.current_player:
            return []
        return list(engine.legal_ids())

    def _apply_action(self, action):
        self._engine.apply_id(int(action))

    def _action_to_string(self, player, action):
        engine = self._engine
        if engine.game.factored is not None:
            return engine.game.factored.step_text(engine.prefix, int(action))
        return engine.game.spec.action_to_text(engine.game.codec.decode(action))

    def chosen(self) -> tuple:
        """The steps the acting seat has chosen so far of its action (factored ids; ``()``
        between actions and with flat ids)."""
        return self._engine.prefix

    def returns(self):
        state = self._engine.state
        if state.current_player != TERMINAL:
            return [0.0] * state.num_players
        return [2.0 * r - 1.0 for r in rewards_from_places(state.ranking())]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state consistent with ``player_id``'s information: ``observation.sample``
        with an ``Rng`` seeded from ``probability_sampler`` (a callable giving
        floats in [0, 1); OpenSpiel's default one seeds itself from the clock)."""
        return self.resample(player_id, Rng(int(probability_sampler() * 2 ** 53)))

    def resample(self, player_id, rng: Rng) -> "ArenaState":
        """``resample_from_infostate`` with our own generator (the players' seeded resampler).
        The steps the acting seat has chosen so far of its action stay where it is the one
        resampling (it knows them) and are dropped otherwise."""
        engine = self._engine
        base = ("sample", engine.base, tuple(engine.moves), int(player_id), rng.seed, rng.counter)
        sample = engine.state.observation(player_id).sample(rng)
        kept = engine.prefix if player_id == engine.state.current_player else ()
        restored = _Engine(sample, engine.game, base)
        for step in kept:
            restored.apply_id(step)
        return ArenaState(self.get_game(), restored)

    def information_key(self, player: int, perfect_recall: bool = True) -> str:
        return self._engine.key(player, perfect_recall)

    def observation_vector(self, player: int):
        """``engine.tensor.encode(observation(player))``, with factored actions followed by the
        acting seat's steps so far (cached until the next move)."""
        return self._engine.vector(player)

    def __str__(self):
        return self._engine.state.render()


class _Observer:
    """OpenSpiel's observer interface: the key strings, and the observation vector of
    ``engine.tensor`` as the tensor (the same for the observation and the information
    state: see the module's docstring), with a view of it per field in ``dict``."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        layout = game.layout
        if layout is None:
            self.tensor = None
            self.dict = {}
        else:
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = {name: self.tensor[layout.slice(name)] for name, _, _ in layout.fields}

    def set_from(self, state, player):
        if self.tensor is not None:
            self.tensor[:] = state.observation_vector(player)

    def string_from(self, state, player):
        return state.information_key(player, self.perfect_recall)


class ArenaGame(pyspiel.Game):
    """Base of the registered game classes (one per game of ours: ``spec``)."""

    spec = None
    game_type = None

    def __init__(self, params=None):
        spec = self.spec
        params = dict(params or {})
        n = int(params.get("players", spec.default_players))
        if not spec.min_players <= n <= spec.max_players:
            raise OptionError(f"game {spec.name!r} is for {spec.min_players}-{spec.max_players} players, not {n}")
        self.options = spec.resolve_options({k: v for k, v in params.items() if k not in _PARAMS})
        self.readable = bool(params.get("readable_keys", False))
        actions = str(params.get("actions", "factored"))
        if actions not in ACTION_ENCODINGS:
            raise OptionError(f"actions must be one of {list(ACTION_ENCODINGS)}, not {actions!r}")
        self.info = _game_info((spec.name, n, int(params.get("seed", 0)), tuple(sorted(self.options.items())),
                                self.readable, actions))
        self.codec = self.info.codec  # the exact codec (flat ids), whichever the encoding
        self.factored = self.info.factored  # engine.factored.Factored, or None for flat ids
        self.layout = self._layout(spec.name, n) if has_tensor(spec.name) else None
        distinct = self.factored.width if self.factored is not None else self.codec.size
        info = pyspiel.GameInfo(num_distinct_actions=distinct, max_chance_outcomes=0, num_players=n,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(self.game_type, info, params)

    def _layout(self, name: str, n: int):
        layout = engine_tensor.layout(name, n)
        if self.factored is None:
            return layout
        return engine_tensor.Layout(name, n, layout.fields + tuple(self.factored.feature_fields))

    def new_initial_state(self):
        return ArenaState(self)

    def wrap(self, engine_state) -> ArenaState:
        """A pyspiel state around one of our States (e.g. a sample of an observation); it
        cannot be serialized (nothing says how it was made)."""
        return ArenaState(self, _Engine(engine_state, self.info, ("wrapped",)))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self, iig_obs_type, params)


def has_tensor(name: str) -> bool:
    """Whether our game ``name`` has a tensor module (``engine.tensor.for_game``)."""
    try:
        engine_tensor.for_game(name)
    except ValueError:
        return False
    return True


def register(name: str):
    """Register our game ``name`` with OpenSpiel (once); returns its game class."""
    if name in _registered:
        return _registered[name]
    spec = get_game(name)
    if spec.action_codec is None:
        raise OptionError(f"game {name!r} has no action_codec: OpenSpiel needs a fixed action encoding")
    tensors = has_tensor(name)
    parameters = {"players": spec.default_players, "seed": 0, "readable_keys": False, "actions": "factored"}
    for option in spec.options:
        parameters[option.name] = option.default
    game_type = pyspiel.GameType(
        short_name=PREFIX + name, long_name=f"{spec.title} (arena)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,  # the dice are in the state: see above
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=tensors,
        provides_observation_string=True, provides_observation_tensor=tensors,
        parameter_specification=parameters)
    cls = type(f"ArenaGame_{name}", (ArenaGame,), {"spec": spec, "game_type": game_type})
    globals()[cls.__name__] = cls  # pickle finds a class by its module and name
    pyspiel.register_game(game_type, cls)
    _registered[name] = cls
    return cls


def register_all() -> None:
    """Register every game of our registry that has an action codec (on import)."""
    for name in game_names():
        if get_game(name).action_codec is not None:
            register(name)


def load_game(name: str, players: int | None = None, seed: int = 0, readable_keys: bool = False,
              actions: str = "factored", **options):
    """The pyspiel game of our game ``name``, with ``players`` seats (default: the game's),
    the game ``seed``, ``actions`` (``factored`` or ``flat``, the module's docstring) and
    rule options."""
    spec = get_game(name)
    register(name)
    resolved = spec.resolve_options(options)  # an unknown option or bad value: our error, naming it
    if actions not in ACTION_ENCODINGS:
        raise OptionError(f"actions must be one of {list(ACTION_ENCODINGS)}, not {actions!r}")
    params = {"players": int(players or spec.default_players), "seed": int(seed),
              "readable_keys": bool(readable_keys), "actions": actions, **{k: resolved[k] for k in options}}
    return pyspiel.load_game(PREFIX + name, params)


register_all()


# --- evaluators and players -----------------------------------------------------

class EngineRolloutEvaluator(os_mcts.Evaluator):
    """OpenSpiel's evaluator interface over our engine's rollout: the same loop
    and the same cut-off evaluation as our ISMCTS (``random_moves`` for up to
    ``cutoff`` moves, then ``cutoff_eval``), as returns in [-1, 1]."""

    def __init__(self, cutoff: int | None = 20, cutoff_eval: str = "margin", n_rollouts: int = 1, seed: int = 0):
        if cutoff_eval not in EVALUATIONS:
            raise ValueError(f"cutoff_eval must be one of {sorted(EVALUATIONS)}, not {cutoff_eval!r}")
        self.cutoff = cutoff
        self.evaluate_cut = EVALUATIONS[cutoff_eval]
        self.n_rollouts = n_rollouts
        self.rand = random.Random(seed).random

    def evaluate(self, state):
        total = None
        for _ in range(self.n_rollouts):
            s = state.engine_state().clone()
            if s.current_player != TERMINAL:
                random_rollout(s, self.rand, self.cutoff)
            rewards = rewards_from_places(s.ranking()) if s.current_player == TERMINAL else self.evaluate_cut(s)
            values = np.array([2.0 * r - 1.0 for r in rewards])
            total = values if total is None else total + values
        return total / self.n_rollouts

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


_FINAL_POLICIES = {"max_visit_count": os_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                   "normalized_visit_count": os_ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
                   "max_value": os_ismcts.ISMCTSFinalPolicyType.MAX_VALUE}
_SELECTIONS = {"uct": os_ismcts.ChildSelectionPolicy.UCT, "puct": os_ismcts.ChildSelectionPolicy.PUCT}
EVALUATORS = ("random_rollout", "engine_rollout")


class _OpenSpielPlayer(Player):
    """What both OpenSpiel players share: the pyspiel game per (game, seats), the
    seeds, the evaluator, and turning a chosen id back into one of our actions."""

    def __init__(self, uct_c: float = 2.0, max_simulations: int = 1000, evaluator: str = "random_rollout",
                 n_rollouts: int = 1, rollout_cutoff: int | None = 20, cutoff_eval: str = "margin", seed: int = 0):
        if not isinstance(max_simulations, int) or max_simulations < 1:
            raise ValueError(f"max_simulations must be a positive integer, not {max_simulations!r}")
        if not isinstance(uct_c, (int, float)) or uct_c < 0:
            raise ValueError(f"uct_c must be a number >= 0, not {uct_c!r}")
        if evaluator not in EVALUATORS:
            raise ValueError(f"evaluator must be one of {list(EVALUATORS)}, not {evaluator!r}")
        if not isinstance(n_rollouts, int) or n_rollouts < 1:
            raise ValueError(f"n_rollouts must be a positive integer, not {n_rollouts!r}")
        if cutoff_eval not in EVALUATIONS:
            raise ValueError(f"cutoff_eval must be one of {sorted(EVALUATIONS)}, not {cutoff_eval!r}")
        self.uct_c = float(uct_c)
        self.max_simulations = max_simulations
        self.evaluator_name = evaluator
        self.n_rollouts = n_rollouts
        self.rollout_cutoff = rollout_cutoff
        self.cutoff_eval = cutoff_eval
        self.base_seed = seed
        self.last_iterations = 0

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        mixed = seed * 1_000_003 + self.base_seed
        self.rng = Rng(mixed)  # determinizations: the root sample and the resampler
        self.random_state = np.random.RandomState(self.rng.fork(1).next64() & 0xFFFFFFFF)
        # the rule options live in the sampled states; the game's parameters are not used by a search
        # flat ids: one of our actions is one move of the search tree, as before issue 46
        self.os_game = load_game(game, players=num_players, actions="flat")
        if self.evaluator_name == "random_rollout":
            self.evaluator = os_mcts.RandomRolloutEvaluator(self.n_rollouts, self.random_state)
        else:
            self.evaluator = EngineRolloutEvaluator(self.rollout_cutoff, self.cutoff_eval, self.n_rollouts,
                                                    self.rng.fork(2).next64())
        self.bot = self.make_bot()

    def make_bot(self):
        raise NotImplementedError

    def act(self, observation):
        if not hasattr(self, "bot"):
            self.start(observation.game, observation.seat, observation.num_players, 0)
        legal = observation.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        state = self.os_game.wrap(observation.sample(self.rng))
        chosen = int(self.bot.step(state))
        self.last_iterations = self.max_simulations
        encode = self.os_game.codec.encode
        for action in legal:
            if encode(action) == chosen:
                return action
        return self.os_game.codec.decode(chosen)  # not legal: the game loop records the fault


class OpenSpielISMCTSPlayer(_OpenSpielPlayer):
    """OpenSpiel's Python ``ISMCTSBot`` (Cowling et al.) with its parameters:
    ``uct_c`` 2.0, ``max_simulations`` 1000, ``max_world_samples`` -1 (a new
    determinization every simulation), ``final_policy_type`` (``max_visit_count``,
    ``normalized_visit_count``, ``max_value``), ``child_selection_policy``
    (``uct``, ``puct``), ``use_observation_string``, ``allow_inconsistent_action_sets``;
    the leaf evaluator ``evaluator``: ``random_rollout`` (OpenSpiel's own, random
    moves through pyspiel to the end, ``n_rollouts`` of them) or ``engine_rollout``
    (our engine's rollout loop cut after ``rollout_cutoff`` moves and scored by
    ``cutoff_eval``, as our ISMCTS does); ``seconds`` (None: none), wall-clock seconds a
    move: the search stops at ``max_simulations`` or when they are up, whichever comes
    first, as our ISMCTS's ``seconds`` does (for a match at equal time, give both
    ``seconds`` and a large ``max_simulations``); ``seed``.  Returns are in [-1, 1]
    (ours are in [0, 1]: its ``uct_c`` 2.0 matches our ``exploration`` 1.0).
    Determinizations come from a seeded resampler (OpenSpiel's default one seeds
    itself from the clock)."""

    name = "openspiel-ismcts"

    def __init__(self, uct_c: float = 2.0, max_simulations: int = 1000, max_world_samples: int = -1,
                 final_policy_type: str = "max_visit_count", child_selection_policy: str = "uct",
                 use_observation_string: bool = False, allow_inconsistent_action_sets: bool = False,
                 evaluator: str = "random_rollout", n_rollouts: int = 1, rollout_cutoff: int | None = 20,
                 cutoff_eval: str = "margin", seconds: float | None = None, seed: int = 0):
        super().__init__(uct_c, max_simulations, evaluator, n_rollouts, rollout_cutoff, cutoff_eval, seed)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or seconds <= 0):
            raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
        self.seconds = None if seconds is None else float(seconds)
        if final_policy_type not in _FINAL_POLICIES:
            raise ValueError(f"final_policy_type must be one of {list(_FINAL_POLICIES)}, not {final_policy_type!r}")
        if child_selection_policy not in _SELECTIONS:
            raise ValueError(f"child_selection_policy must be one of {list(_SELECTIONS)}, "
                             f"not {child_selection_policy!r}")
        if not isinstance(max_world_samples, int) or (max_world_samples < 1 and max_world_samples != -1):
            raise ValueError(f"max_world_samples must be -1 (unlimited) or a positive integer, "
                             f"not {max_world_samples!r}")
        self.max_world_samples = max_world_samples
        self.final_policy_type = final_policy_type
        self.child_selection_policy = child_selection_policy
        self.use_observation_string = bool(use_observation_string)
        self.allow_inconsistent_action_sets = bool(allow_inconsistent_action_sets)

    def make_bot(self):
        bot = _TimedISMCTSBot(
            self.os_game, self.evaluator, self.uct_c, self.max_simulations,
            max_world_samples=self.max_world_samples, random_state=self.random_state,
            final_policy_type=_FINAL_POLICIES[self.final_policy_type],
            use_observation_string=self.use_observation_string,
            allow_inconsistent_action_sets=self.allow_inconsistent_action_sets,
            child_selection_policy=_SELECTIONS[self.child_selection_policy])
        bot.seconds = self.seconds
        rng = self.rng
        bot.set_resampler(lambda state, player: state.resample(player, rng))
        return bot

    def act(self, observation):
        action = super().act(observation)
        if self.last_iterations:
            self.last_iterations = self.bot.simulations
        return action


class _TimedISMCTSBot(os_ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot`` with a time budget: where ``seconds`` is set, the search
    runs OpenSpiel's own steps (``sample_root_state``, then ``run_simulation``) until
    ``max_simulations`` or the deadline, at least one; without it, OpenSpiel's
    ``run_search`` unchanged.  ``simulations``: how many the last search ran."""

    seconds = None
    simulations = 0

    def run_search(self, state):
        if self.seconds is None:
            self.simulations = self._max_simulations
            return super().run_search(state)
        deadline = time.perf_counter() + self.seconds
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.simulations = 0
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        self.simulations = 0
        while self.simulations < self._max_simulations and (self.simulations == 0
                                                            or time.perf_counter() < deadline):
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        root = self._root_node
        if self._allow_inconsistent_action_sets:
            root = self.filter_illegals(root, state.legal_actions())
        return self.get_final_policy(state, root)


class OpenSpielMCTSPlayer(_OpenSpielPlayer):
    """OpenSpiel's Python ``MCTSBot`` (UCT for perfect information) on one
    determinization per move: the state sampled from the observation, future
    chance included (a one-world PIMC).  Parameters: ``uct_c`` 2.0,
    ``max_simulations`` 1000, ``solve`` true, and the evaluator as
    :class:`OpenSpielISMCTSPlayer`; ``seed``."""

    name = "openspiel-mcts"

    def __init__(self, uct_c: float = 2.0, max_simulations: int = 1000, solve: bool = True,
                 evaluator: str = "random_rollout", n_rollouts: int = 1, rollout_cutoff: int | None = 20,
                 cutoff_eval: str = "margin", seed: int = 0):
        super().__init__(uct_c, max_simulations, evaluator, n_rollouts, rollout_cutoff, cutoff_eval, seed)
        self.solve = bool(solve)

    def make_bot(self):
        return os_mcts.MCTSBot(self.os_game, self.uct_c, self.max_simulations, self.evaluator,
                               solve=self.solve, random_state=self.random_state)
