"""A small position builder for the Origin of Species rule tests.

    b = Builder(players=2)
    wolf = b.animal(0, "Carnivorous")
    hare = b.animal(1, "Running", food=1)
    b.link(1, "Symbiosis", hare, b.animal(1))
    s = b.feeding(food=3)           # seat 0 to act in the feeding phase

Traits are named as printed; "Fat Tissue@Big/Fat Tissue" picks the card kind.
Every card used comes out of the deck, so card conservation holds.
"""
from __future__ import annotations

from engine.origin import GAME
from engine.origin.animal import FAT, FLAGS, FOOD, add_trait, new_animal
from engine.origin.cards import (CARD_KINDS, KIND_BY_NAME, NUM_KINDS, TRAIT_BY_NAME, deck_counts)
from engine.origin.board import DEVELOPMENT, FEEDING
from engine.origin.options import Options
from engine.origin.state import OriginState
from engine.rng import Rng


def trait_card(name: str) -> tuple:
    """'Carnivorous' -> (trait, first kind printing it); 'Fat Tissue@Big/Fat Tissue' picks the kind."""
    trait_name, _, kind_name = name.partition("@")
    trait = TRAIT_BY_NAME[trait_name.lower()]
    if kind_name:
        return trait, KIND_BY_NAME[kind_name.lower()]
    return trait, next(k for k, traits in enumerate(CARD_KINDS) if trait in traits)


class Builder:
    def __init__(self, players: int = 2, seed: int = 0, **options):
        self.players = players
        self.seed = seed
        self.options = GAME.resolve_options(options)
        self.counts = deck_counts(players)
        self.animals = [[] for _ in range(players)]
        self.links = [[] for _ in range(players)]
        self.hands = [[0] * NUM_KINDS for _ in range(players)]
        self.discards = [[0] * NUM_KINDS for _ in range(players)]

    def _take(self, kind: int) -> int:
        assert self.counts[kind] > 0, f"no copy of kind {kind} left"
        self.counts[kind] -= 1
        return kind

    def _any_card(self) -> int:
        return self._take(max(range(NUM_KINDS), key=lambda k: self.counts[k]))

    def animal(self, seat: int, *traits: str, food: int = 0, fat: int = 0, flags: int = 0, card: str = None) -> int:
        """Put an animal with these traits in front of ``seat``; returns its position."""
        a = new_animal(self._take(KIND_BY_NAME[card.lower()]) if card else self._any_card())
        for name in traits:
            trait, kind = trait_card(name)
            add_trait(a, trait, self._take(kind))
        a[FOOD], a[FAT], a[FLAGS] = food, fat, flags
        self.animals[seat].append(a)
        return len(self.animals[seat]) - 1

    def link(self, seat: int, name: str, first: int, second: int) -> None:
        trait, kind = trait_card(name)
        self.links[seat].append((trait, first, second, self._take(kind), 0))

    def hand(self, seat: int, *kinds: str) -> None:
        for name in kinds:
            self.hands[seat][self._take(KIND_BY_NAME[name.lower()])] += 1

    def discard(self, seat: int, count: int) -> None:
        for _ in range(count):
            self.discards[seat][self._any_card()] += 1

    def _state(self, phase: int, actor: int, first: int, last_turn: bool, deck: int | None) -> OriginState:
        s = OriginState.__new__(OriginState)
        s.num_players = self.players
        s.opts = Options(**self.options)
        s.rng = Rng(self.seed)
        s.phase = phase
        s.turn = 1
        s.first_player = first
        s.last_turn = last_turn
        s.food_bank = 0
        cards = [k for k, c in enumerate(self.counts) for _ in range(c)]
        if deck is not None:  # keep only `deck` cards in the deck, the rest in seat 0's discard pile
            for k in cards[deck:]:
                self.discards[0][k] += 1
            cards = cards[:deck]
        s.deck = cards
        s.hands = [h[:] for h in self.hands]
        s.discards = [d[:] for d in self.discards]
        s.animals = [[a[:] for a in row] for row in self.animals]
        s.links = [row[:] for row in self.links]
        s.passed = [False] * self.players
        s.actor = s.current_player = actor
        s.acted = False
        s.marks = True
        s.attack = None
        s.chain = None
        s.cached = None
        s.history = []
        return s

    def feeding(self, food: int = 0, actor: int = 0, first: int = 0, last_turn: bool = False,
                deck: int | None = None) -> OriginState:
        """The feeding phase with ``food`` red tokens in the bank and ``actor`` to act."""
        s = self._state(FEEDING, actor, first, last_turn, deck)
        s.food_bank = food
        return s

    def development(self, actor: int = 0, first: int = 0, deck: int | None = None) -> OriginState:
        return self._state(DEVELOPMENT, actor, first, False, deck)


def act(s, text: str) -> None:
    """Apply the action written as ``text``, checking it is legal."""
    action = GAME.action_from_text(text)
    legal = s.legal_actions()
    assert action in legal, f"{text!r} not legal; legal: {[str(a) for a in legal]}"
    s.apply(action)


def legal(s) -> set:
    return {str(a) for a in s.legal_actions()}
