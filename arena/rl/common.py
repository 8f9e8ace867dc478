"""What both environments share: the spaces, one game's position as vector and mask,
and the rewards (``arena.rl``)."""
from __future__ import annotations

import numpy as np

try:
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"Gymnasium is not installed ({exc}): pip install 'arena[rl]'") from exc

from engine import tensor
from engine.contract import TERMINAL
from engine.registry import get_game
from players.search_tree import rewards_from_places


BOUND = 1e6


def returns(state) -> list:
    """Per seat, from the final places (``ranking()``): ``2 r - 1`` where ``r`` is the share of
    the other seats it beats, ties half (the reward our ISMCTS maximises, ``rewards_from_places``,
    moved to [-1, 1]; the OpenSpiel adapter's returns): a win 1, a loss -1, summing to 0."""
    return [2.0 * r - 1.0 for r in rewards_from_places(state.ranking())]


def observation_space(game: str, num_players: int) -> spaces.Dict:
    size = tensor.layout(game, num_players).size
    actions = tensor.action_space(game, num_players).size
    return spaces.Dict({
        # every value is a count, a flag, a coordinate or an id of the game: far inside these
        "observation": spaces.Box(low=-BOUND, high=BOUND, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    })


class Position:
    """The live State of one game with its legal actions by index, computed once per move."""

    def __init__(self, game: str, num_players: int, seed: int, options: dict | None):
        self.spec = get_game(game)
        self.state = self.spec.new_game(num_players, seed, options)
        self.space = tensor.action_space(game, num_players)
        self.num_players = num_players
        self._legal = None

    def legal(self) -> tuple:
        """``(mask, {index: action}, unencodable)`` for the seat to act."""
        if self._legal is None:
            actions = self.state.legal_actions()
            mask, ids, missing = tensor.legal_mask(self.space, actions)
            by_id = {i: a for i, a in zip(ids, actions) if i is not None}
            if not by_id:
                raise RuntimeError(f"{self.spec.name}: no legal action of seat {self.state.current_player} has an "
                                   f"index in the action space ({actions[:3]!r}...): a bound of "
                                   f"engine/{self.spec.name}/tensor.py is too small")
            self._legal = (mask, by_id, missing)
        return self._legal

    def observe(self, seat: int) -> dict:
        vector = tensor.encode(self.state.observation(seat))
        if seat == self.state.current_player:
            mask = self.legal()[0].copy()  # a fresh array per call: callers keep them
        else:
            mask = np.zeros(self.space.size, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def apply_index(self, index) -> None:
        """Play the legal action numbered ``index``; an index that is not legal now is an error."""
        try:
            key = int(index)
        except (TypeError, ValueError):
            raise ValueError(f"action {index!r} is not an index of the action space") from None
        action = self.legal()[1].get(key)
        if action is None:
            raise ValueError(f"action {key} is not legal for seat {self.state.current_player} now "
                             f"(the action mask has the legal ones)")
        self.apply(action)

    def apply(self, action) -> None:
        self.state.apply(action)
        self._legal = None

    @property
    def over(self) -> bool:
        return self.state.current_player == TERMINAL
