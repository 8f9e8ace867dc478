"""Actions: small NamedTuples keyed by what the acting seat sees.

A card is named by its code (trait + food number, see ``cards``), a species by
its position in its owner's row (0 = leftmost), an opponent by seat number.
Every action has a text form that ``move_from_text`` reads back.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import IllegalActionError

from .cards import TRAIT_BY_NAME, TRAIT_NAMES, card_from_name, card_name

# verbs
FOOD, TRAIT, NEW_LEFT, NEW_RIGHT, BODY, POP, DROP, DONE, EAT, INTELLECT, ATTACK, PASS = range(12)


class Move(NamedTuple):
    """``verb`` plus the fields that verb uses (-1 = unused).

    card: a card code from the mover's hand; species: the mover's species
    position; seat/target: the attacked species; trait: a trait kind (the
    trait dropped, or the trait an Intelligent carnivore negates)."""

    verb: int
    card: int = -1
    species: int = -1
    seat: int = -1
    target: int = -1
    trait: int = -1

    def __str__(self):
        return move_to_text(self)


def move_to_text(m: Move) -> str:
    v = m.verb
    if v == FOOD:
        return f"food {card_name(m.card)}"
    if v == TRAIT:
        return f"trait {card_name(m.card)} on {m.species}"
    if v == NEW_LEFT:
        return f"new {card_name(m.card)} left"
    if v == NEW_RIGHT:
        return f"new {card_name(m.card)} right"
    if v == BODY:
        return f"body {card_name(m.card)} on {m.species}"
    if v == POP:
        return f"pop {card_name(m.card)} on {m.species}"
    if v == DROP:
        return f"drop {TRAIT_NAMES[m.trait]} on {m.species}"
    if v == DONE:
        return "done"
    if v == EAT:
        return f"eat {m.species}"
    if v == INTELLECT:
        return f"intelligence {m.species} discard {card_name(m.card)}"
    if v == ATTACK:
        text = f"attack {m.species} -> {m.seat}.{m.target}"
        if m.trait >= 0:
            text += f" negate {TRAIT_NAMES[m.trait]} discard {card_name(m.card)}"
        return text
    if v == PASS:
        return "pass"
    raise IllegalActionError(f"unknown verb in {m!r}")


def move_from_text(text: str) -> Move:
    try:
        return _parse(text.split())
    except (KeyError, ValueError, IndexError):
        raise IllegalActionError(f"cannot read natural_selection action {text!r}") from None


def _parse(w: list) -> Move:
    head = w[0]
    if head == "food":
        return Move(FOOD, card_from_name(w[1]))
    if head == "trait":
        return Move(TRAIT, card_from_name(w[1]), int(w[3]))
    if head == "new":
        return Move(NEW_LEFT if w[2] == "left" else NEW_RIGHT, card_from_name(w[1]))
    if head in ("body", "pop"):
        return Move(BODY if head == "body" else POP, card_from_name(w[1]), int(w[3]))
    if head == "drop":
        return Move(DROP, -1, int(w[3]), trait=TRAIT_BY_NAME[w[1].lower()])
    if head == "done" and len(w) == 1:
        return Move(DONE)
    if head == "eat":
        return Move(EAT, -1, int(w[1]))
    if head == "intelligence":
        return Move(INTELLECT, card_from_name(w[3]), int(w[1]))
    if head == "attack":
        seat, target = w[3].split(".")
        if len(w) == 4:
            return Move(ATTACK, -1, int(w[1]), int(seat), int(target))
        return Move(ATTACK, card_from_name(w[7]), int(w[1]), int(seat), int(target),
                    TRAIT_BY_NAME[w[5].lower()])
    if head == "pass" and len(w) == 1:
        return Move(PASS)
    raise ValueError(head)
