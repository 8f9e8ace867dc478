"""What one seat may know (hidden information, reference §6).

Hidden: the other hands, the deck order, which card each *opponent* animal is
(animals lie face down) and the contents of the other discard piles (face down,
only their sizes are known).  Trait cards on the table are face up.

``unseen`` counts, per card kind, every card the seat has not seen: all cards,
minus its hand, minus the face-up trait cards (links included) on the table,
minus its own animals' cards and its own discard pile.  ``sample`` deals the
other hands, the opponents' animal cards, the other discard piles and the deck
from it.
"""
from __future__ import annotations

from operator import sub
from typing import NamedTuple

from engine.contract import TERMINAL, Observation
from engine.origin.animal import ATTACKED, CARD, FAT, FAT_SLOTS, FIRST_TRAIT, FLAGS, FOOD, HIBERNATING, NEED
from engine.origin.board import LINK_FIRST, LINK_KIND, LINK_SECOND, LINK_TRAIT, LINK_USED, PHASE_NAMES
from engine.origin.cards import FOOD_BONUS, FOOD_TABLE, KIND_NAMES, NUM_KINDS, TRAIT_BY_NAME, TRAIT_NAMES, deck_counts
from engine.origin import render
from engine.origin import state as state_module  # (a cycle with state.py: used at call time)

HIDDEN = -1  # the card of an opponent's animal
_ALL_CARDS = (tuple(deck_counts(2)), tuple(deck_counts(5)))  # every card: one box, two boxes


class Link(NamedTuple):
    """A paired trait card between two animals of one seat (Communication, Cooperation,
    Symbiosis: ``first`` is the symbiont, ``second`` its host)."""
    trait: str     # as printed, e.g. "Cooperation"
    first: int     # position of one animal in the owner's row
    second: int    # position of the other
    used: bool     # already fired this round


class Animal(NamedTuple):
    """One animal on the table as your seat sees it."""
    seat: int            # its owner
    position: int        # its place in the owner's row, left to right (``a0``, ``a1``, ...)
    card: str | None     # the card it was played from, e.g. "Big/Carnivorous"; None if face down to you
    traits: tuple        # single trait cards on it in play order, e.g. ("Carnivorous", "Fat Tissue")
    links: tuple         # the paired traits (``Link``) it is part of
    food: int            # food tokens (red and blue) on it this turn
    need: int            # food it needs to be fed: 1 plus its traits' food bonuses
    fat: int             # fat stored on its Fat Tissue cards
    fat_capacity: int    # how many Fat Tissue cards it has
    hibernating: bool    # hibernating this turn: counts as fed
    attacked: bool       # (a carnivore) has attacked this turn

    def has(self, trait: str) -> bool:
        """Whether it carries this single trait (names as printed: "Big", "Swimming", ...)."""
        return trait in self.traits

    @property
    def missing(self) -> int:
        """Food it still needs this turn (0 when fed or hibernating)."""
        return 0 if self.hibernating else max(0, self.need - self.food)

    @property
    def worth(self) -> int:
        """What it scores if it survives: 2, plus 1 and the food bonus of each trait card on it
        (paired cards count for the seat, once each, not here)."""
        return 2 + len(self.traits) + self.need - 1


class Attack(NamedTuple):
    """The attack being resolved (defence and scavenger steps)."""
    attacker_seat: int
    attacker: int        # position of the carnivore
    target_seat: int
    target: int          # position of the animal attacked


class OriginObservation(Observation):
    """What one seat may know.  Views for players (everything else is the packed form
    ``sample`` rebuilds States from): ``animals(seat)``, ``links(seat)``, ``hand``,
    ``hand_sizes``, ``deck_size``, ``food_bank``, ``expected_food``, ``phase_name``,
    ``turn``, ``last_turn``, ``attack``, ``food_bonus(trait)``, ``legal_actions``,
    ``history``."""
    __slots__ = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal",
                 "options", "phase", "turn", "first_player", "last_turn", "food_bank", "deck_size",
                 "hand_counts", "hand_sizes", "discard_sizes", "own_discard", "animal_rows", "link_rows",
                 "passed", "actor", "acted", "attack_row", "chain", "unseen", "_opts", "_pool", "_hidden", "history")

    def __init__(self, state, seat: int):
        self.game = "origin"
        self.seat = seat
        self.num_players = state.num_players
        self.current_player = state.current_player
        self.legal_actions = list(state.legal_actions()) if state.current_player == seat else []
        self.is_terminal = state.current_player == TERMINAL
        self.options = dict(state.opts.values)
        self._opts = state.opts  # (shared by every state of these options, never changed)
        self.phase = state.phase
        self.turn = state.turn
        self.first_player = state.first_player
        self.last_turn = state.last_turn
        self.food_bank = state.food_bank
        self.deck_size = len(state.deck)
        self.hand_counts = hand = tuple(state.hands[seat])
        self.hand_sizes = tuple(map(sum, state.hands))
        self.discard_sizes = tuple(map(sum, state.discards))
        self.own_discard = own_discard = tuple(state.discards[seat])
        # unseen: every card but this hand, this discard pile, this seat's animals and the
        # face-up trait cards (paired ones included) on the table
        unseen = list(map(sub, map(sub, _ALL_CARDS[state.num_players > 4], hand), own_discard))
        rows = []
        other = 0
        for row in state.animals:
            if other == seat:
                rows.append(tuple(map(tuple, row)))
                for a in row:
                    unseen[a[CARD]] -= 1
            else:
                rows.append(tuple((HIDDEN,) + tuple(a)[1:] for a in row))
            for a in row:
                for e in a[FIRST_TRAIT:]:
                    unseen[e & 31] -= 1
            for link in state.links[other]:
                unseen[link[LINK_KIND]] -= 1
            other += 1
        self.animal_rows = tuple(rows)
        self.link_rows = tuple(map(tuple, state.links))
        self.passed = tuple(state.passed)
        self.actor = state.actor
        self.acted = state.acted
        self.attack_row = None if state.attack is None else tuple(state.attack)
        # a paired-trait chain waiting for its owner's choice (``OriginState.chain``), else None
        self.chain = state.chain
        self.unseen = tuple(unseen)
        # (seat, action) for every action so far; cards played as animals show face down
        self.history = tuple(state.history)
        self._pool = None  # the unseen cards one by one (and _hidden, how many are dealt): by the first sample()

    def sample(self, rng):
        """A full State consistent with this observation: the hidden cards are dealt at
        random from ``unseen``; future chance comes from ``rng.fork``."""
        if self._pool is None:
            self._pool = tuple(k for k, c in enumerate(self.unseen) for _ in range(c))
            self._hidden = sum(self.hand_sizes[o] + self.discard_sizes[o] + len(self.animal_rows[o])
                               for o in range(self.num_players) if o != self.seat)
        pool = list(self._pool)
        State = state_module.OriginState
        s = State.__new__(State)
        n = self.num_players
        me = self.seat
        # every hidden card at once (Rng.take), handed out in a fixed order: per other
        # seat its hand, its discard pile, then its animals' cards
        drawn = rng.take(pool, self._hidden)
        i = 0
        s.hands = []
        s.discards = []
        s.animals = []
        for other in range(n):
            if other == me:
                s.hands.append(list(self.hand_counts))
                s.discards.append(list(self.own_discard))
                s.animals.append([list(a) for a in self.animal_rows[other]])
                continue
            hand = [0] * NUM_KINDS
            for kind in drawn[i:i + self.hand_sizes[other]]:
                hand[kind] += 1
            i += self.hand_sizes[other]
            discard = [0] * NUM_KINDS
            for kind in drawn[i:i + self.discard_sizes[other]]:
                discard[kind] += 1
            i += self.discard_sizes[other]
            row = []
            for a in self.animal_rows[other]:
                a = list(a)
                a[CARD] = drawn[i]
                i += 1
                row.append(a)
            s.hands.append(hand)
            s.discards.append(discard)
            s.animals.append(row)
        s.deck = pool
        s.num_players = n
        s.current_player = self.current_player
        s.opts = self._opts
        s.rng = rng.fork(0x0B5)
        s.phase = self.phase
        s.turn = self.turn
        s.first_player = self.first_player
        s.last_turn = self.last_turn
        s.food_bank = self.food_bank
        s.links = [list(row) for row in self.link_rows]
        s.passed = list(self.passed)
        s.actor = self.actor
        s.acted = self.acted
        s.marks = True
        s.attack = None if self.attack_row is None else list(self.attack_row)
        s.chain = self.chain
        # the seat's own legal actions depend only on what it sees: a sample starts with
        # them (ISMCTS samples once per iteration, always at the seat's own turn)
        s.cached = list(self.legal_actions) if self.legal_actions else None
        s.history = list(self.history)
        return s

    # --- views for players ------------------------------------------------------
    def animals(self, seat: int | None = None) -> tuple:
        """The animals of ``seat`` (default: yours), left to right, as ``Animal`` records."""
        seat = self.seat if seat is None else seat
        links = self.links(seat)
        out = []
        for pos, a in enumerate(self.animal_rows[seat]):
            flags = a[FLAGS]
            out.append(Animal(seat, pos, None if a[CARD] < 0 else KIND_NAMES[a[CARD]],
                              tuple(TRAIT_NAMES[e >> 5] for e in a[FIRST_TRAIT:]),
                              tuple(link for link in links if pos in (link.first, link.second)),
                              a[FOOD], a[NEED], a[FAT], a[FAT_SLOTS], bool(flags & HIBERNATING),
                              bool(flags & ATTACKED)))
        return tuple(out)

    def links(self, seat: int | None = None) -> tuple:
        """The paired traits of ``seat`` (default: yours), in the order they were played."""
        seat = self.seat if seat is None else seat
        return tuple(Link(TRAIT_NAMES[link[LINK_TRAIT]], link[LINK_FIRST], link[LINK_SECOND], bool(link[LINK_USED]))
                     for link in self.link_rows[seat])

    @property
    def hand(self) -> tuple:
        """Your cards, one name per card, e.g. ("Big/Carnivorous", "Swimming")."""
        return tuple(KIND_NAMES[k] for k, count in enumerate(self.hand_counts) for _ in range(count))

    @property
    def phase_name(self) -> str:
        """"development", "feeding", "defence" (your animal is attacked), "scavenger"
        (your Scavenger may eat), "paired-trait order" (you choose which of your paired
        cards set off at once fires next), "free actions" (after your feeding action:
        Grazing, Piracy, Hibernation or pass) or "over"."""
        return PHASE_NAMES[self.phase]

    @property
    def attack(self):
        """The attack being resolved, as an ``Attack`` record, or None."""
        return None if self.attack_row is None else Attack(*self.attack_row[:4])

    @property
    def expected_food(self) -> float:
        """The food bank's mean roll for this number of players (§3 phase 2)."""
        dice, added = FOOD_TABLE[self.num_players]
        return 3.5 * dice + added

    @staticmethod
    def food_bonus(trait: str) -> int:
        """How much more food a trait makes its animal need (Carnivorous 1, Big 1, Parasite 2)."""
        return FOOD_BONUS[TRAIT_BY_NAME[trait.lower()]]

    def render(self) -> str:
        return render.render_observation(self)


def redeal(s, seat: int, rng):
    """The same position with cards ``seat`` cannot see exchanged with the deck
    (``GameSpec.redeal``, written apart from ``sample``): one card of every other hand
    and of every other discard pile, and the cards of every other player's animals."""
    t = s.clone()
    deck = t.deck
    for other in range(t.num_players):
        if other == seat or not deck:
            continue
        for pile in (t.hands[other], t.discards[other]):
            kinds = [k for k in range(NUM_KINDS) if pile[k]]
            if kinds:
                i = rng.below(len(deck))
                kind = kinds[rng.below(len(kinds))]
                pile[kind] -= 1
                pile[deck[i]] += 1
                deck[i] = kind
        for a in t.animals[other]:
            i = rng.below(len(deck))
            a[CARD], deck[i] = deck[i], a[CARD]
    return t
