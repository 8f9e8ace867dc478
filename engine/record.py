"""Game records: (game, players, options, seed, actions) replay exactly."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from engine.contract import IllegalActionError
from engine.registry import get_game


class RecordError(ValueError):
    pass


@dataclass
class GameRecord:
    game: str
    num_players: int
    seed: int
    options: dict = field(default_factory=dict)
    actions: list = field(default_factory=list)  # text form of each action
    players: list = field(default_factory=list)  # display names by seat (informational)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str, where: str = "record") -> "GameRecord":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{where}: not valid JSON ({exc})") from None
        missing = {"game", "num_players", "seed", "actions"} - set(data)
        if missing:
            raise RecordError(f"{where}: missing keys {sorted(missing)}")
        known = {k: data[k] for k in ("game", "num_players", "seed", "options", "actions", "players") if k in data}
        return cls(**known)

    def replay(self):
        """Yield ``(state, action)`` before each action, then ``(final_state, None)``.
        Every action is checked against ``legal_actions()``."""
        spec = get_game(self.game)
        state = spec.new_game(self.num_players, self.seed, self.options)
        for i, text in enumerate(self.actions):
            action = spec.action_from_text(text)
            if action not in state.legal_actions():
                raise IllegalActionError(f"record action #{i} {text!r} is not legal here")
            yield state, action
            state.apply(action)
        yield state, None

    def final_state(self):
        for state, action in self.replay():
            if action is None:
                return state
