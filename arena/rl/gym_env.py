"""One seat of one of our games as a Gymnasium environment, the other seats arena players
(``arena.rl``; docs/rl.md).

>>> import gymnasium, arena.rl.gym_env              # registers arena/<game> for every game
>>> e = gymnasium.make("arena/origin", opponents=["rules", "random"], seat=0)
>>> obs, info = e.reset(seed=3)
>>> sorted(obs)
['action_mask', 'observation']

* ``opponents``: one per other seat, each a player spec as in a config (``"random"``,
  ``"rules"``, ``"ismcts"``, ``"package.module:Class"``, ``"path/file.py:Class"``), a
  ``(spec, params)`` pair, or a ready Player object; the player count is
  ``1 + len(opponents)``.  They run in this process (not jailed: for our own players
  and code you trust) and each gets the seed a tournament would give it
  (``arena.game.match.player_seed``), so a seed replays the same game;
* ``seat``: the learner's seat, or ``"random"`` (drawn at every reset from the env's seed);
* observations and actions as in the PettingZoo environment: ``{"observation": vector,
  "action_mask": int8 mask}`` and ``Discrete`` indices of ``engine.tensor.action_space``
  (``actions="flat"``, the default) or of one step of an action (``actions="factored"``,
  ``engine/factored.py``: the learner steps several times per action, the opponents play
  when its action is whole); ``action_masks()`` gives the mask too (sb3-contrib's
  MaskablePPO asks for it);
* the reward is 0 until the game ends, then the learner's ``2 r - 1`` from the places;
  ``terminated`` when the game is over; ``max_moves`` (optional) truncates;
* an index that is not legal now (outside the mask) ends the episode as a loss (reward -1,
  ``info["illegal"]``) with ``illegal="lose"`` (the default, as PettingZoo's classic games
  do), or raises ``ValueError`` with ``illegal="raise"``;
* ``options`` are the game's rule options; ``render()`` is the learner's observation text.
"""
from __future__ import annotations

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"Gymnasium is not installed ({exc}): pip install 'arena[rl]'") from exc

from arena.game.match import player_seed
from arena.rl.common import Position, action_count, check_actions, observation_space, returns
from engine.registry import game_names, get_game
from players.loading import make_player


def _player(opponent, game: str):
    if isinstance(opponent, str):
        return make_player(opponent, None, game)
    if isinstance(opponent, (tuple, list)) and len(opponent) == 2 and isinstance(opponent[0], str):
        return make_player(opponent[0], dict(opponent[1] or {}), game)
    if callable(getattr(opponent, "act", None)) and callable(getattr(opponent, "start", None)):
        return opponent
    raise ValueError(f"opponent {opponent!r}: expected a player spec, a (spec, params) pair or a Player")


class ArenaSeatEnv(gymnasium.Env):
    """One seat of ``game`` against arena players."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: str, opponents=("random",), seat=0, options: dict | None = None,
                 render_mode: str | None = None, max_moves: int | None = None, illegal: str = "lose",
                 actions: str = "flat"):
        spec = get_game(game)
        self.actions = check_actions(actions)
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        opponents = list(opponents)
        n = 1 + len(opponents)
        if not spec.min_players <= n <= spec.max_players:
            raise ValueError(f"game {game!r} is for {spec.min_players}-{spec.max_players} players: "
                             f"give {spec.min_players - 1}-{spec.max_players - 1} opponents, not {len(opponents)}")
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.num_players = n
        self.options = spec.resolve_options(options)
        self.opponents = [_player(o, game) for o in opponents]
        self.seat_choice = seat
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.observation_space = observation_space(game, n, actions)
        self.action_space = spaces.Discrete(action_count(game, n, actions))
        self.position = None
        self.forfeit = False
        self.seat = seat if seat != "random" else 0

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2 ** 31))
        self.seat = int(self.np_random.integers(self.num_players)) if self.seat_choice == "random" else self.seat_choice
        self.game_seed = game_seed
        self.position = Position(self.game, self.num_players, game_seed, self.options, self.actions)
        self.moves = 0
        self.forfeit = False
        self.players = {}
        others = iter(self.opponents)
        for s in range(self.num_players):
            if s != self.seat:
                player = next(others)
                player.start(self.game, s, self.num_players, player_seed(game_seed, s))
                self.players[s] = player
        self._play_others()
        return self.position.observe(self.seat), self._info()

    def _play_others(self):
        position = self.position
        while not position.over and position.state.current_player != self.seat:
            seat = position.state.current_player
            observation = position.state.observation(seat)
            action = self.players[seat].act(observation)
            if action not in observation.legal_actions:
                raise RuntimeError(f"opponent at seat {seat} returned {action!r}, not a legal action")
            position.apply(action)
            self.moves += 1

    def _info(self) -> dict:
        info = {"seat": self.seat, "game_seed": self.game_seed}
        if self.position.over:
            info.update(scores=list(self.position.state.scores()), ranking=list(self.position.state.ranking()))
        else:
            missing = self.position.unencodable() if self.actions == "factored" else self.position.legal()[2]
            if missing:
                info["unencodable"] = missing
        return info

    def action_masks(self) -> np.ndarray:
        if self.position.over:
            return np.zeros(self.action_space.n, dtype=bool)
        return self.position.mask().astype(bool)

    def step(self, action):
        if self.position is None or self.position.over or self.forfeit:
            raise RuntimeError("step() after the episode is over: call reset()")
        try:
            self.position.apply_index(action)
        except ValueError as exc:
            if self.illegal == "raise":
                raise
            self.forfeit = True
            info = dict(self._info(), illegal=str(exc))
            return self.position.observe(self.seat), -1.0, True, False, info
        if not self.position.prefix:  # an action played (factored: its last step)
            self.moves += 1
        self._play_others()
        terminated = self.position.over
        if terminated:
            result = self.position.state
            for s, player in self.players.items():
                end = getattr(player, "end", None)
                if callable(end):
                    end({"scores": list(result.scores()), "ranks": list(result.ranking()), "faults": [], "seat": s})
        reward = returns(self.position.state)[self.seat] if terminated else 0.0
        truncated = not terminated and self.max_moves is not None and self.moves >= self.max_moves
        if self.render_mode == "human":
            self.render()
        return self.position.observe(self.seat), float(reward), terminated, truncated, self._info()

    def render(self):
        if self.position is None:
            return None
        text = self.position.state.observation(self.seat).render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_all() -> None:
    """Register ``arena/<game>`` with Gymnasium for every game of the registry (once)."""
    for name in game_names():
        env_id = f"arena/{name}"
        if env_id not in gymnasium.registry:
            # Gymnasium's passive checker stays on (its default): make() wraps every env in it
            gymnasium.register(env_id, entry_point="arena.rl.gym_env:ArenaSeatEnv", kwargs={"game": name})


register_all()
