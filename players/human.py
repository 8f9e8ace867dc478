"""A human seat: the person at the terminal chooses the moves (``arena play GAME --players human,BOT``).

On each turn the player is shown what happened since its last turn (the public history
of its own observation, so a move another seat made face down stays face down), its
observation rendered (only what the seat may see) and the legal actions, numbered, with
their text.  It answers with a number, or the text of an action (any unambiguous prefix,
case-insensitive), or ``?`` for help; anything else is explained and asked again, and
nothing is played until an answer names exactly one action.

Input and output are injectable: ``ask(prompt) -> line`` (raising ``EOFError`` at the end
of the input, as :func:`input` does) and ``say(text)``.  The defaults are the terminal
(``input`` and ``print``); tests pass their own.  The game master gives a human seat no
clocks (``arena.game.match.play_game``'s ``untimed``), and ``arena play`` refuses one
without a terminal; a tournament, which has no terminal, refuses ``human`` in its config.
"""
from __future__ import annotations

import re

from engine.registry import get_game
from players.base import Player

PROMPT = "your move (a number, an action's text, or ? for help): "

HELP = """\
Choose your move:
  a number        the action with that number in the list
  text            the action whose text starts with it (case does not matter); if several
                  start alike, type more of it, or use its number
  Enter           the only action, when there is just one
  ?               this help, then the list again
Ctrl-D resigns (the game ends with a fault for your seat); Ctrl-C stops the program."""


class HumanResigned(Exception):
    """The input ended (Ctrl-D, or a closed stdin): the human seat gives the game up."""


class HumanPlayer(Player):
    name = "human"

    def __init__(self, ask=None, say=None, names: list | None = None):
        self.ask = ask if ask is not None else input
        self.say = say if say is not None else print
        self.names = list(names) if names else None
        self.seen = 0  # how much of the public history this seat has been shown
        self.chosen = None  # the text of its last move, until the history shows it

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.spec = get_game(game)
        self.seen, self.chosen = 0, None

    # --- what the seat is shown ---------------------------------------------------------
    def who(self, seat) -> str:
        if seat == self.seat:
            return "you"
        if isinstance(seat, int) and 0 <= seat < self.num_players:
            name = f" ({self.names[seat]})" if self.names and seat < len(self.names) else ""
            return f"seat {seat}{name}"
        return "the game"

    def event_text(self, event) -> str:
        return event_text(self.spec, event)

    def since_last_turn(self, observation) -> list:
        """Lines for the public history this seat has not been shown yet."""
        history = getattr(observation, "history", None)
        if history is None:
            return []
        new = list(history[self.seen:]) if len(history) >= self.seen else list(history)
        self.seen = len(history)
        lines = []
        for seat, event in new:
            text = self.event_text(event)
            if seat == self.seat and self.chosen is not None:  # its own last move, in full (it knows it)
                text, self.chosen = self.chosen, None
            lines.append(f"  {self.who(seat)}: {text}")
        return lines

    def action_lines(self, actions) -> list:
        width = len(str(len(actions)))
        return [f"  {i:>{width}}. {self.spec.action_to_text(a)}" for i, a in enumerate(actions, start=1)]

    def show_turn(self, observation) -> None:
        lines = [f"=== seat {self.seat} (you): your turn ==="]
        happened = self.since_last_turn(observation)
        if happened:
            lines += ["since your last turn:"] + happened
        lines += [without_legal(observation.render()), "your actions:"] + self.action_lines(observation.legal_actions)
        self.say("\n".join(lines))

    # --- choosing -------------------------------------------------------------------------
    def act(self, observation):
        actions = list(observation.legal_actions)
        self.show_turn(observation)
        while True:
            try:
                line = self.ask(PROMPT)
            except EOFError:
                raise HumanResigned("the input ended (Ctrl-D): the human seat resigns") from None
            action, problem = choose(self.spec, actions, line)
            if problem is None:
                self.chosen = self.spec.action_to_text(action)
                return action
            self.say(problem)
            if problem is HELP:
                self.say("\n".join(["your actions:"] + self.action_lines(actions)))

    def end(self, result) -> None:
        ranks, scores = result.get("ranks") or [], result.get("scores") or []
        if self.seat < len(ranks):
            self.say(f"=== game over: you (seat {self.seat}) placed {ranks[self.seat]} of {len(ranks)} "
                     f"with {scores[self.seat] if self.seat < len(scores) else '?'} ===")


_LEGAL = re.compile(r"(?:^|;\s*)legal: .*$")


def without_legal(text: str) -> str:
    """A seat's view without the one-line list of legal actions some games' views end with: the
    human seat numbers them below, one a line."""
    kept = []
    for line in text.splitlines():
        cut = _LEGAL.sub("", line)
        if cut or cut == line:  # a line that was the list alone goes
            kept.append(cut)
    return "\n".join(kept)


def event_text(spec, event) -> str:
    """A history entry as text: the game's action text, or the entry's own text."""
    if isinstance(event, str):
        return event
    try:
        return spec.action_to_text(event)
    except Exception:  # noqa: BLE001 - a masked entry (a card face down) the text form does not know
        return str(event)


def choose(spec, actions: list, line: str):
    """``(action, None)`` for an answer that names exactly one of ``actions``, else
    ``(None, message)`` saying what is wrong (``HELP`` itself for ``?``)."""
    text = (line or "").strip()
    count = len(actions)
    if text in ("?", "help"):
        return None, HELP
    if not text:
        if count == 1:
            return actions[0], None
        return None, f"no answer: type a number from 1 to {count}, the start of an action's text, or ? for help"
    if text.isdigit():
        number = int(text)
        if 1 <= number <= count:
            return actions[number - 1], None
        return None, f"there is no action {number}: choose a number from 1 to {count} (or ? for help)"
    texts = [spec.action_to_text(a) for a in actions]
    wanted = text.casefold()
    exact = [i for i, t in enumerate(texts) if t.casefold() == wanted]
    found = exact or [i for i, t in enumerate(texts) if t.casefold().startswith(wanted)]
    if len(found) == 1:
        return actions[found[0]], None
    if not found:
        return None, f"no action starts with {text!r}: type a number from 1 to {count}, or ? for help"
    shown = ", ".join(f"{i + 1}. {texts[i]}" for i in found[:8]) + (", ..." if len(found) > 8 else "")
    return None, f"{text!r} could be {len(found)} actions ({shown}): type more of it, or the number"
