"""``arena play`` / ``arena replay``: one game, printed as a readable log.

:class:`GameLog` prints a game as it is played; :class:`Replay` keeps every position of a
recorded game, for the whole log (:func:`replay_record`), the position after any move,
what one seat saw (its observation, and the others' moves as its public history tells
them) and walking through the game (:func:`step_through`)."""
from __future__ import annotations

from arena.game.player_text import for_terminal, plural
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
            self.echo(f"FAULT seat {fault.seat} ({self.names[fault.seat]}): {for_terminal(fault.kind)}: {detail}")
        self.echo("--- result ---")
        for seat in sorted(range(len(scores)), key=lambda s: ranks[s]):
            self.echo(f"place {ranks[seat]}: seat {seat} ({self.names[seat]}) score {scores[seat]}")


def replay_record(record: GameRecord, echo=print, result: dict | None = None, seat: int | None = None):
    """Print a recorded game as ``arena play`` printed it (with ``seat``: as that seat saw
    it, :meth:`Replay.log_lines`); returns the final state."""
    replay = Replay(record, result)
    replay.check_seat(seat)
    for line in replay.log_lines(seat):
        echo(line)
    return replay.states[-1]


# --- replays: any position, any seat's view, step by step (``arena replay``) -------------------

STEP_PROMPT = "[Enter] next, b back, a number jumps to that move, q quits: "


class Replay:
    """One recorded game, every position kept: the position after ``k`` moves is
    ``states[k]`` (``0``: the start, ``total``: the end).  ``result`` (optional) is what a
    tournament recorded (``scores``, ``ranks``, ``faults``, ``failed``): a game stopped by a
    fault is placed as it was played, not by the position where it stopped."""

    def __init__(self, record: GameRecord, result: dict | None = None):
        self.record = record
        self.spec = get_game(record.game)
        self.names = list(record.players) or [f"seat{i}" for i in range(record.num_players)]
        self.result = result or {}
        self.states, self.moves = [], []  # moves[k - 1]: (seat, action) of move k
        for state, action in record.replay():
            if action is not None:
                self.moves.append((state.current_player, action))
            self.states.append(state.clone() if action is not None else state)
        self._histories: dict = {}

    @property
    def total(self) -> int:
        return len(self.moves)

    def who(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return f"seat {seat} ({for_terminal(self.names[seat])})"
        return "the game"

    def check_seat(self, seat) -> None:
        if seat is not None and not 0 <= seat < self.record.num_players:
            raise ValueError(f"--seat {seat}: this game has seats 0 to {self.record.num_players - 1}")

    def check_move(self, n: int, flag: str = "--at") -> None:
        if not 0 <= n <= self.total:
            raise ValueError(f"{flag} {n}: this game has {plural(self.total, 'move')}: give 0 (the start) to "
                             f"{self.total}")

    # --- one move, as everyone or one seat saw it ------------------------------------------
    def move_text(self, k: int) -> str:
        seat, action = self.moves[k - 1]
        return f"{k:4d}. {self.who(seat)}: {self.spec.action_to_text(action)}"

    def _history(self, viewer: int, k: int):
        cache = self._histories.setdefault(viewer, {})
        if k not in cache:
            cache[k] = getattr(self.states[k].observation(viewer), "history", None)
        return cache[k]

    def seen_lines(self, k: int, viewer: int | None) -> list:
        """Move ``k`` as ``viewer`` saw it: its own move in full; another seat's as the
        viewer's public history tells it (a card played face down stays face down).  A game
        whose observations keep no history shows the move's text."""
        if viewer is None:
            return [self.move_text(k)]
        before, after = self._history(viewer, k - 1), self._history(viewer, k)
        seat, action = self.moves[k - 1]
        if before is None or after is None:
            return [self.move_text(k)]
        new = list(after[len(before):])
        lines = []
        if seat == viewer:
            lines.append(self.move_text(k))
            mine = next((i for i, (s, _) in enumerate(new) if s == viewer), None)
            if mine is not None:
                del new[mine]
        lines += [f"{k:4d}. {self.who(s)}: {_event_text(self.spec, e)}" for s, e in new]
        return lines or [f"{k:4d}. {self.who(seat)} moved (nothing seat {viewer} could see)"]

    # --- positions ---------------------------------------------------------------------------
    def view(self, k: int, seat: int | None = None) -> str:
        state = self.states[k]
        return state.render() if seat is None else state.observation(seat).render()

    def header(self, k: int, seat: int | None = None) -> str:
        whose = "" if seat is None else f", as {self.who(seat)} saw it"
        where = "the start" if k == 0 else f"move {k} of {self.total}"
        return f"--- position after {where}{whose} ---"

    def position_lines(self, k: int, seat: int | None = None) -> list:
        lines = [self.header(k, seat)]
        if k:
            lines += ["last move:"] + self.seen_lines(k, seat)
        lines.append(self.view(k, seat))
        if k == self.total:
            lines += self.result_lines()
        return lines

    def result_lines(self) -> list:
        final = self.states[-1]
        if "ranks" in self.result or "scores" in self.result:
            scores, ranks = self.result.get("scores") or [], self.result.get("ranks")
        else:
            scores, ranks = final.scores(), final.ranking()
        lines = []
        for fault in self.result.get("faults") or ():
            detail = for_terminal(str(fault.get("detail", "")))
            lines.append(f"FAULT {self.who(fault.get('seat'))}: {for_terminal(str(fault.get('kind')))}: {detail}")
        if not ranks:
            failed = self.result.get("failed")
            lines.append("--- result ---")
            lines.append("no result: the game was not finished" + (f" ({for_terminal(failed)})" if failed else ""))
            return lines
        lines.append("--- result ---")
        for seat in sorted(range(len(ranks)), key=lambda s: ranks[s]):
            score = scores[seat] if seat < len(scores) else "?"
            lines.append(f"place {ranks[seat]}: {self.who(seat)} score {score}")
        return lines

    # --- the whole game as a log ---------------------------------------------------------------
    def log_lines(self, seat: int | None = None):
        """The game as ``arena play`` printed it; with ``seat``, as that seat saw it: its
        view before each of its moves, the others' moves as it saw them, its final view."""
        phase = None
        for k in range(1, self.total + 1):
            state = self.states[k - 1]
            label = phase_label(state)
            if label is not None and label != phase:
                phase = label
                yield f"--- {phase} ---"
            mover = self.moves[k - 1][0]
            if seat is not None and mover == seat:
                yield f"--- {self.who(seat)} to play move {k}: what it saw ---"
                yield self.view(k - 1, seat)
            yield from self.seen_lines(k, seat)
        yield "--- final position ---"  # the line --quiet shows from
        if seat is not None:
            yield f"(as {self.who(seat)} saw it)"
        yield self.view(self.total, seat)
        yield from self.result_lines()


def _event_text(spec, event) -> str:
    if isinstance(event, str):
        return for_terminal(event)
    try:
        return spec.action_to_text(event)
    except Exception:  # noqa: BLE001 - a masked entry (a card face down) the text form does not know
        return str(event)


def step_through(replay: Replay, start: int = 0, seat: int | None = None, ask=input, echo=print) -> int:
    """Walk through a game: the position (or ``seat``'s view) after each move in turn.
    Answers to ``ask``: Enter the next move, ``b`` back one, a number jumps to the
    position after that move, ``q`` (or the end of the input) quits; Enter at the last
    position quits too.  Returns the move it stopped at."""
    k = start
    echo("\n".join(replay.position_lines(k, seat)))
    while True:
        try:
            answer = ask(STEP_PROMPT).strip().lower()
        except EOFError:
            return k
        if answer in ("q", "quit"):
            return k
        if answer == "":
            if k == replay.total:
                return k
            k += 1
        elif answer in ("b", "back"):
            if k == 0:
                echo("already at the start (0 moves); Enter: next, a number: jump, q: quit")
                continue
            k -= 1
        elif answer.isdigit():
            if int(answer) > replay.total:
                echo(f"no move {answer}: this game has {replay.total} moves (0 is the start)")
                continue
            k = int(answer)
        elif answer in ("?", "h", "help"):
            echo("Enter: the next move; b: back one; a number N: the position after move N "
                 f"(0: the start, {replay.total}: the end); q: quit")
            continue
        else:
            echo(f"{answer!r}: not understood; Enter: next, b: back, a number: jump, q: quit")
            continue
        echo("\n".join(replay.position_lines(k, seat)))
