"""Every game of ours as a PettingZoo AEC environment (``arena.rl``; docs/rl.md).

>>> from arena.rl.pettingzoo_env import env
>>> e = env("origin", num_players=3)            # any game, any player count, rule options
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)                                 # the vector and the legal-action mask
['action_mask', 'observation']

* agents ``player_0 .. player_{n-1}`` are the seats; ``agent_selection`` is the seat to act
  (a seat may act several times in a row, as the rules say);
* ``observe(agent)`` is ``{"observation": engine.tensor.encode(observation(seat)),
  "action_mask": int8 mask}`` (the mask is all 0 for a seat that is not to act);
* actions are indices of ``engine.tensor.action_space`` (``Discrete``; ``actions="flat"``,
  the default), or of one step of an action (``actions="factored"``, ``engine/factored.py``:
  the acting agent steps several times per action, its kind and then each field, every step
  with its own mask; its observation ends with the steps chosen so far);
* ``env()`` is wrapped as PettingZoo's classic games are (``TerminateIllegalWrapper``: an
  index outside the mask ends the game, -1 to the seat that played it and 0 to the others;
  ``AssertOutOfBoundsWrapper``; ``OrderEnforcingWrapper``); ``raw_env()`` is the bare
  environment, where an index that is not legal raises ``ValueError``;
* rewards come only at the end, from the final places: ``2 r - 1`` where ``r`` is the share
  of the other seats beaten, ties half (``common.returns``: win 1, loss -1, sum 0);
* ``reset(seed=s)`` plays game seed ``s``: the same seed and actions replay the same game;
  ``reset()`` without a seed takes the next seed of a generator seeded by the last seed given;
* ``render()`` is the text of the acting seat's observation (``render_mode="ansi"`` returns
  it, ``"human"`` prints it);
* ``options`` are the game's rule options (``arena games`` lists them);
* ``max_moves`` (optional) truncates a game after that many moves.

``parallel_env()`` is the same game through PettingZoo's parallel API
(``turn_based_aec_to_parallel`` of ``env()``): every step takes an action from every live
agent and plays only the acting seat's (the others' masks are all 0 and their actions are
ignored), as PettingZoo does for its turn-based games.
"""
from __future__ import annotations

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"PettingZoo is not installed ({exc}): pip install 'arena[rl]'") from exc

from arena.rl.common import Position, action_count, check_actions, observation_space, returns
from engine.registry import get_game


class ArenaAECEnv(AECEnv):
    """One of our games, every seat an agent."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str, num_players: int | None = None, options: dict | None = None,
                 render_mode: str | None = None, max_moves: int | None = None, actions: str = "flat"):
        super().__init__()
        spec = get_game(game)
        self.actions = check_actions(actions)
        n = int(num_players or spec.default_players)
        if not spec.min_players <= n <= spec.max_players:
            raise ValueError(f"game {game!r} is for {spec.min_players}-{spec.max_players} players, not {n}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = game
        self.num_players = n
        self.options = spec.resolve_options(options)  # an unknown option fails here, naming it
        self.render_mode = render_mode
        self.max_moves = max_moves
        self.metadata = dict(self.metadata, name=f"arena_{game}_v0")
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        obs_space = observation_space(game, n, actions)
        act_space = spaces.Discrete(action_count(game, n, actions))
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: act_space for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.position = None
        self.game_seed = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new game; ``seed`` is the game seed.  ``options`` (PettingZoo's reset argument)
        is not used: rule options are the constructor's."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            self.game_seed = int(seed)
        else:
            self.game_seed = int(self._seeds.integers(2 ** 31))
        self.position = Position(self.game, self.num_players, self.game_seed, self.options, self.actions)
        self.moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def _select(self):
        state = self.position.state
        self.agent_selection = self.possible_agents[state.current_player]
        missing = self.position.unencodable() if self.actions == "factored" else self.position.legal()[2]
        if missing:
            self.infos[self.agent_selection] = {"unencodable": missing}

    def observe(self, agent):
        return self.position.observe(self._seat[agent])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.position.apply_index(action)
        if not self.position.prefix:  # an action played (factored: its last step)
            self.moves += 1
        self._cumulative_rewards[agent] = 0.0
        self.infos = {a: {} for a in self.agents}
        if self.position.over:
            final = returns(self.position.state)
            state = self.position.state
            for a in self.agents:
                self.rewards[a] = final[self._seat[a]]
                self.terminations[a] = True
                self.infos[a] = {"scores": list(state.scores()), "ranking": list(state.ranking())}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            if self.max_moves is not None and self.moves >= self.max_moves:
                self.truncations = {a: True for a in self.agents}
            else:
                self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.position is None:
            return None
        state = self.position.state
        seat = state.current_player if not self.position.over else 0
        text = state.observation(seat).render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.position = None


def raw_env(game: str, **kwargs) -> ArenaAECEnv:
    """The bare AEC environment of ``game`` (``num_players``, ``options``, ``render_mode``,
    ``max_moves``): an index that is not legal raises ``ValueError``."""
    return ArenaAECEnv(game, **kwargs)


def env(game: str, **kwargs):
    """The AEC environment of ``game``, wrapped as PettingZoo's classic games are: an index
    outside the mask ends the game with -1 for the seat that played it; an index outside the
    action space fails an assertion; ``step`` before ``reset`` is refused."""
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(game, **kwargs), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(game: str, **kwargs):
    """``env(game, ...)`` through PettingZoo's parallel API (``turn_based_aec_to_parallel``)."""
    return turn_based_aec_to_parallel(env(game, **kwargs))
