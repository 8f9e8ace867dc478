"""``arena play`` / ``arena replay``: one game, printed as a readable log."""
from __future__ import annotations

from arena.game.player_text import for_terminal
from engine.record import GameRecord
from engine.registry import get_game


def phase_label(state):
    """The state's phase name if the game exposes one (``phase_name()``), else None."""
    fn = getattr(state, "phase_name", None)
    return fn() if callable(fn) else None


class GameLog:
    """Collects the lines of a game log: phase changes and each action."""

    def __init__(self, game: str, names: list, echo=print):
        self.spec = get_game(game)
        self.names = names
        self.echo = echo
        self.phase = None
        self.count = 0

    def step(self, state, seat, action):
        phase = phase_label(state)
        if phase is not None and phase != self.phase:
            self.phase = phase
            self.echo(f"--- {phase} ---")
        self.count += 1
        self.echo(f"{self.count:4d}. seat {seat} ({self.names[seat]}): {self.spec.action_to_text(action)}")

    def finish(self, state, scores, ranks, faults=()):
        self.echo("--- final position ---")
        self.echo(state.render())
        for fault in faults:
            detail = for_terminal(fault.detail)  # the player's text: one line, no escape sequence
            self.echo(f"FAULT seat {fault.seat} ({self.names[fault.seat]}): {fault.kind}: {detail}")
        self.echo("--- result ---")
        for seat in sorted(range(len(scores)), key=lambda s: ranks[s]):
            self.echo(f"place {ranks[seat]}: seat {seat} ({self.names[seat]}) score {scores[seat]}")


def replay_record(record: GameRecord, echo=print):
    names = record.players or [f"seat{i}" for i in range(record.num_players)]
    log = GameLog(record.game, names, echo)
    final = None
    for state, action in record.replay():
        if action is None:
            final = state
            break
        log.step(state, state.current_player, action)
    log.finish(final, final.scores(), final.ranking())
    return final
