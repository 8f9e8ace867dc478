"""What both environments share: the spaces, one game's position as vector and mask,
and the rewards (``arena.rl``)."""
from __future__ import annotations

import numpy as np

try:
    from gymnasium import spaces
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"Gymnasium is not installed ({exc}): pip install 'arena[rl]'") from exc

from engine import factored, tensor
from engine.contract import TERMINAL
from engine.registry import get_game
from players.search_tree import rewards_from_places


BOUND = 1e6


def returns(state) -> list:
    """Per seat, from the final places (``ranking()``): ``2 r - 1`` where ``r`` is the share of
    the other seats it beats, ties half (the reward our ISMCTS maximises, ``rewards_from_places``,
    moved to [-1, 1]; the OpenSpiel adapter's returns): a win 1, a loss -1, summing to 0."""
    return [2.0 * r - 1.0 for r in rewards_from_places(state.ranking())]


ACTIONS = ("flat", "factored")


def check_actions(actions: str) -> str:
    if actions not in ACTIONS:
        raise ValueError(f"actions must be one of {list(ACTIONS)}, not {actions!r}")
    return actions


def action_count(game: str, num_players: int, actions: str = "flat") -> int:
    """How many indices an action (``flat``) or one step of it (``factored``) has."""
    if actions == "factored":
        return factored.for_game(game, num_players).width
    return tensor.action_space(game, num_players).size


def observation_space(game: str, num_players: int, actions: str = "flat") -> spaces.Dict:
    size = tensor.layout(game, num_players).size
    if actions == "factored":
        size += factored.for_game(game, num_players).feature_size
    actions = action_count(game, num_players, actions)
    return spaces.Dict({
        # every value is a count, a flag, a coordinate or an id of the game: far inside these
        "observation": spaces.Box(low=-BOUND, high=BOUND, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    })


class Position:
    """The live State of one game with its legal actions by index, computed once per move.
    With ``actions="factored"`` an index is one step of an action (``engine/factored.py``):
    ``prefix`` holds the steps the seat to act has chosen so far, and the action is played at
    its last step."""

    def __init__(self, game: str, num_players: int, seed: int, options: dict | None, actions: str = "flat"):
        self.spec = get_game(game)
        self.state = self.spec.new_game(num_players, seed, options)
        self.num_players = num_players
        self.factored = factored.for_game(game, num_players) if check_actions(actions) == "factored" else None
        self.space = tensor.action_space(game, num_players) if self.factored is None else None
        self.size = action_count(game, num_players, actions)
        self.prefix = ()
        self._legal = None
        self._choices = None

    def legal(self) -> tuple:
        """``(mask, {index: action}, unencodable)`` for the seat to act (flat indices)."""
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

    def choices(self):
        """``engine.factored.Choices`` of the legal actions (factored indices)."""
        if self._choices is None:
            self._choices = self.factored.choices(self.state.legal_actions())
        return self._choices

    def mask(self) -> np.ndarray:
        """The int8 mask of the indices the seat to act may give now (a fresh array)."""
        if self.factored is None:
            return self.legal()[0].copy()
        return self.choices().mask(self.prefix)

    def unencodable(self) -> int:
        """How many legal actions have no index (flat indices beyond a cap; never factored)."""
        return 0 if self.factored is None else self.choices().unfactorable

    def observe(self, seat: int) -> dict:
        vector = tensor.encode(self.state.observation(seat))
        acting = seat == self.state.current_player
        if self.factored is not None:
            chosen = (self.factored.choice_features(self.prefix) if acting
                      else np.zeros(self.factored.feature_size, dtype=np.float32))
            vector = np.concatenate([vector, chosen])
        mask = self.mask() if acting else np.zeros(self.size, dtype=np.int8)
        return {"observation": vector, "action_mask": mask}

    def apply_index(self, index) -> None:
        """Play the legal action numbered ``index`` (or, factored, its next step); an index that
        is not legal now is an error."""
        try:
            key = int(index)
        except (TypeError, ValueError):
            raise ValueError(f"action {index!r} is not an index of the action space") from None
        if self.factored is not None:
            choices = self.choices()
            if not choices.allows(self.prefix, key):
                raise ValueError(f"action {key} is not legal for seat {self.state.current_player} now after the "
                                 f"steps {list(self.prefix)} (the action mask has the legal ones)")
            prefix = self.prefix + (key,)
            if choices.complete(prefix):
                self.apply(choices.action(prefix))
            else:
                self.prefix = prefix
            return
        action = self.legal()[1].get(key)
        if action is None:
            raise ValueError(f"action {key} is not legal for seat {self.state.current_player} now "
                             f"(the action mask has the legal ones)")
        self.apply(action)

    def apply(self, action) -> None:
        self.state.apply(action)
        self.prefix = ()
        self._legal = None
        self._choices = None

    @property
    def over(self) -> bool:
        return self.state.current_player == TERMINAL
