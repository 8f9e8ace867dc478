"""Actions: small NamedTuples keyed by what the acting seat sees.

A card is named by its code (trait + food number, see ``cards``), a species by
its position in its owner's row (0 = leftmost), an opponent by seat number.
Every action has a text form that ``action_from_text`` reads back, in the notation
of engine/README.md: the verb first, an own species ``s2``, a seat ``p1``, another
seat's species ``p1.s2``: ``trait Carnivore:3 -> s1``, ``attack s0 -> p1.s2``.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import IllegalActionError

from engine.natural_selection.cards import MAX_CODE, TRAIT_BY_NAME, TRAIT_NAMES, card_from_name, card_name, food_of

# verbs
FOOD, TRAIT, NEW_LEFT, NEW_RIGHT, BODY, POP, DROP, DONE, EAT, INTELLECT, ATTACK, PASS = range(12)
VERB_NAMES = ("food", "trait", "new left", "new right", "body", "pop", "drop", "done", "eat", "intelligence",
              "attack", "pass")


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

    @property
    def kind(self) -> str:
        """The verb by name: "food", "trait", "new left", "new right", "body", "pop", "drop",
        "done", "eat", "intelligence", "attack" or "pass"."""
        return VERB_NAMES[self.verb]

    @property
    def card_trait(self):
        """The trait printed on the card played, by name (None when no card is played)."""
        return None if self.card < 0 else TRAIT_NAMES[self.card >> 4]

    @property
    def card_food(self):
        """The food number printed on the card played (None when no card is played)."""
        return None if self.card < 0 else food_of(self.card)

    @property
    def trait_name(self):
        """The trait dropped, or negated by an Intelligent carnivore, by name (else None)."""
        return None if self.trait < 0 else TRAIT_NAMES[self.trait]

    def __str__(self):
        return action_to_text(self)


# Moves are immutable values, so each distinct one is made once and kept: a play decision
# offers some 30 moves and one is played, and making them anew per decision was most of
# a random playout's time.  The rules hand out these kept values (equal to any Move
# built from the same fields, which is all that comparing actions uses).
FOOD_MOVES = tuple(Move(FOOD, c) for c in range(MAX_CODE))  # by card code
CARD_PLAYS: list = [None] * MAX_CODE  # by card code: card_plays' list (a list, not a dict: indexed per card
# of a hand at every play decision)
_KEPT: dict = {}  # packed fields -> Move (kept())
_KEPT_SIZE = 1 << 16  # cleared when full


def card_plays(card: int, positions: int) -> list:
    """The play-cards moves of ``card``: ``[new left, new right, (trait, body, pop) -> s0,
    (trait, body, pop) -> s1, ...]`` for at least ``positions`` species positions."""
    plays = CARD_PLAYS[card]
    if plays is None:
        plays = CARD_PLAYS[card] = [Move(NEW_LEFT, card), Move(NEW_RIGHT, card)]
    while len(plays) < positions + 2:
        i = len(plays) - 2
        plays.append((Move(TRAIT, card, i), Move(BODY, card, i), Move(POP, card, i)))
    return plays


SPECIES_MOVES: list = []  # per species position: see species_moves


def species_moves(positions: int) -> list:
    """Per species position ``i`` (at least ``positions`` of them): ``(eat s<i>, trait -> s<i>
    with no card shown (the public form), (drop <trait> s<i> for each trait kind))``."""
    moves = SPECIES_MOVES
    while len(moves) < positions:
        i = len(moves)
        moves.append((Move(EAT, -1, i), Move(TRAIT, -1, i),
                      tuple(Move(DROP, -1, i, trait=t) for t in range(len(TRAIT_NAMES)))))
    return moves


def kept(verb: int, card: int = -1, species: int = -1, seat: int = -1, target: int = -1, trait: int = -1) -> Move:
    """``Move(verb, card, species, seat, target, trait)``, the one kept value of it.  The key
    packs the fields (card codes < 512, species positions < 4096 (a row holds fewer species
    than the deck has cards), seats < 64, traits < 32), so equal keys are equal moves."""
    key = (((((trait + 1) * 4096 + target + 1) * 64 + seat + 1) * 4096 + species + 1) * 512 + card + 1) * 16 + verb
    move = _KEPT.get(key)
    if move is None:
        if len(_KEPT) >= _KEPT_SIZE:
            _KEPT.clear()
        move = _KEPT[key] = Move(verb, card, species, seat, target, trait)
    return move


def action_to_text(m: Move) -> str:
    v = m.verb
    if v == FOOD:
        return f"food {card_name(m.card)}"
    if v == TRAIT:
        return f"trait {card_name(m.card)} -> s{m.species}"
    if v == NEW_LEFT:
        return f"new {card_name(m.card)} left"
    if v == NEW_RIGHT:
        return f"new {card_name(m.card)} right"
    if v == BODY:
        return f"body {card_name(m.card)} -> s{m.species}"
    if v == POP:
        return f"pop {card_name(m.card)} -> s{m.species}"
    if v == DROP:
        return f"drop {TRAIT_NAMES[m.trait]} s{m.species}"
    if v == DONE:
        return "done"
    if v == EAT:
        return f"eat s{m.species}"
    if v == INTELLECT:
        return f"intelligence s{m.species} discard {card_name(m.card)}"
    if v == ATTACK:
        text = f"attack s{m.species} -> p{m.seat}.s{m.target}"
        if m.trait >= 0:
            text += f" negate {TRAIT_NAMES[m.trait]} discard {card_name(m.card)}"
        return text
    if v == PASS:
        return "pass"
    raise IllegalActionError(f"unknown verb in {m!r}")


def action_from_text(text: str) -> Move:
    try:
        return _parse(text.split())
    except (KeyError, ValueError, IndexError):
        raise IllegalActionError(f"cannot read natural_selection action {text!r}") from None


def _species(word: str) -> int:
    """``s2`` -> 2 (an own species by its position)."""
    if word[0] != "s":
        raise ValueError(word)
    return int(word[1:])


def _own(words: list) -> int:
    """``-> s2`` -> 2."""
    if len(words) != 2 or words[0] != "->":
        raise ValueError(words)
    return _species(words[1])


def _seat_species(words: list) -> tuple:
    """``-> p1.s2`` -> (1, 2)."""
    seat, _, species = words[1].partition(".")
    if words[0] != "->" or seat[0] != "p":
        raise ValueError(words)
    return int(seat[1:]), _species(species)


def _parse(w: list) -> Move:
    head = w[0]
    if head == "food":
        return Move(FOOD, card_from_name(w[1]))
    if head == "trait":
        return Move(TRAIT, card_from_name(w[1]), _own(w[2:]))
    if head == "new":
        return Move(NEW_LEFT if w[2] == "left" else NEW_RIGHT, card_from_name(w[1]))
    if head in ("body", "pop"):
        return Move(BODY if head == "body" else POP, card_from_name(w[1]), _own(w[2:]))
    if head == "drop":
        return Move(DROP, -1, _species(w[2]), trait=TRAIT_BY_NAME[w[1].lower()])
    if head == "done" and len(w) == 1:
        return Move(DONE)
    if head == "eat":
        return Move(EAT, -1, _species(w[1]))
    if head == "intelligence":
        return Move(INTELLECT, card_from_name(w[3]), _species(w[1]))
    if head == "attack":
        seat, target = _seat_species(w[2:4])
        if len(w) == 4:
            return Move(ATTACK, -1, _species(w[1]), seat, target)
        return Move(ATTACK, card_from_name(w[7]), _species(w[1]), seat, target,
                    TRAIT_BY_NAME[w[5].lower()])
    if head == "pass" and len(w) == 1:
        return Move(PASS)
    raise ValueError(head)
