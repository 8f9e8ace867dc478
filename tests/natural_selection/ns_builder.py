"""A little builder for readable Evolution positions in tests.

    s = position([[species(body=3, traits=["Carnivore"])], [species(pop=2)]],
                 hands=[["Horns"], []], hole=4)

Trait cards are taken from the real deck (the lowest food number of that trait
still in it, or ``"Trait:food"`` for an exact card), so every position holds
exactly the 129 cards: whatever is not placed stays in the deck.
"""
from __future__ import annotations

from engine.natural_selection.board import FACE_DOWN, FEEDING
from engine.natural_selection.cards import TRAIT_BY_NAME, card_from_name
from engine.natural_selection.options import Options, default_options
from engine.natural_selection.state import empty_state
from engine.rng import Rng


def species(body=1, pop=1, food=0, fat=0, traits=(), face_down=()):
    """A species description for ``position``: traits face up, then face down."""
    return (body, pop, food, fat, tuple(traits), tuple(face_down))


class _Deck:
    def __init__(self, cards):
        self.cards = sorted(cards)

    def take(self, name: str) -> int:
        if ":" in name:
            code = card_from_name(name)
            self.cards.remove(code)
            return code
        trait = TRAIT_BY_NAME[name.lower()]
        for code in self.cards:
            if code >> 4 == trait:
                self.cards.remove(code)
                return code
        raise ValueError(f"no {name} left in the deck")


def position(rows, hands=None, hole=0, first=0, phase=FEEDING, current=None, options=None,
             bags=None, food_cards=None, deck=None, discard=(), seed=0):
    """A State with these rows of species (one list per seat), hands (lists of card
    names), watering hole, first player and phase.  ``current`` defaults to the
    first player.  ``deck`` (card names) replaces the remaining deck; the rest of the
    cards then go to the discard pile unless ``discard`` names them."""
    n = len(rows)
    opts = default_options()
    opts.update(options or {})
    rules = Options.of(n, opts)
    s = empty_state(n, rules, Rng(seed))
    pool = _Deck(rules.deck)
    for seat, row in enumerate(rows):
        for body, pop, food, fat, traits, face_down in row:
            sp = [body, pop, food, fat, 0]
            for name in traits:
                code = pool.take(name)
                sp.append(code)
                sp[4] |= 1 << (code >> 4)
            for name in face_down:
                sp.append(pool.take(name) | FACE_DOWN)
            s.rows[seat].append(sp)
    for seat, hand in enumerate(hands or []):
        s.hands[seat] = [pool.take(name) for name in hand]
    for seat, name in enumerate(food_cards or []):
        if name:
            s.food_cards[seat] = pool.take(name)
    s.discard = [pool.take(name) for name in discard]
    if deck is not None:
        s.deck = [pool.take(name) for name in deck]
        s.discard += pool.cards
    else:
        s.deck = pool.cards
    s.watering_hole = hole
    s.first_player = first
    s.phase = phase
    s.current_player = first if current is None else current
    s.bags = list(bags or [0] * n)
    s.round_no = 1
    s.cached = None
    return s


def code(name: str) -> int:
    """The code of an exact card, ``"Carnivore:3"``."""
    return card_from_name(name)
