"""What a seat may know (§7).  Nobody sees any face-down card, its owner included, so
every seat's observation is the same public state (apart from ``seat`` and
``legal_actions``): rows, tokens, sizes of the main deck, of each personal deck and of
each discard pile, every trait card ever revealed, the dice, the history.

Hidden from everybody: the order and faces of the main deck and of every personal
deck, and the faces of the face-down cards on the table and in the discard piles.  The
unseen multiset is the box minus every card ever revealed (``unseen``); ``sample``
deals it at random, jointly, into the main deck, every personal deck and the
face-down cards, so a sample agrees with every trait already revealed.

Views for bot authors: ``species(seat)`` (records with readable fields), ``my_species``,
``phase_name`` ("development", "feeding", "victim choice", ...), ``attack`` (the attack
waiting for its victim, a record), ``last_turn``, ``options`` (the resolved rule options),
``centre`` (red, green, black in the centre), ``personal_deck_sizes``, ``deck_size``,
``discard_sizes``, ``next_trait_odds()`` (the chance of each trait for the next card
turned over), ``scores()``; ``VIEWS`` names them all.  The other fields (``rows``, ``ctx``, ``phase``, ...) are
the packed form ``sample`` works from, no API.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import TERMINAL, Observation
from engine.random_mutations.cards import NUM_TRAITS, TRAIT_NAMES
from engine.random_mutations.species import ATTACKED, MASK, NEED, OFED, STRIDE
from engine.random_mutations import state as state_module
from engine.random_mutations.phases import PHASE_NAMES, VICTIM
from engine.random_mutations.render import render_observation
from engine.random_mutations.scoring import scores as score_rows


class AnimalView(NamedTuple):
    index: int
    red: int
    blue: int
    green: int
    black: int
    attacked: bool
    fed: bool


class SpeciesView(NamedTuple):
    owner: int
    index: int
    traits: tuple          # trait names, bottom to top (cards)
    inherited: tuple       # trait names copied at Divergence (no cards)
    trait_ids: frozenset   # every trait id it has
    population: int
    need: int              # food need of each animal
    animals: tuple         # AnimalView

    def has(self, trait_id: int) -> bool:
        return trait_id in self.trait_ids


class AttackView(NamedTuple):
    """An attack waiting for the attacked owner's choice (phase "victim choice")."""
    predator_seat: int
    predator_species: int
    predator_animal: int
    target_seat: int
    target_species: int
    ignored: str | None    # the trait Developmental Defects ignores, by name
    mimicked: bool         # Mimicry has already sent it on (once per attack)


def _fed(sp, i) -> bool:
    an = sp[4]
    if sp[MASK] & 2:  # Obligate Carnivore
        return bool(an[i + 4] & OFED)
    return an[i] + an[i + 1] >= sp[NEED]


# the API of an observation for bot authors (the rest is the packed form)
VIEWS = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal", "options", "turn",
         "first_player", "last_turn", "phase_name", "attack", "species", "my_species", "centre", "dice",
         "deck_size", "personal_deck_sizes", "discard_sizes", "next_trait_odds", "scores", "render")


class RMObservation(Observation):
    __slots__ = ("game", "seat", "num_players", "current_player", "legal_actions", "is_terminal", "options",
                 "phase", "turn", "first_player", "last_turn", "deck_size", "personal_deck_sizes", "discard_sizes",
                 "rows", "centre", "dice", "passed", "passes", "budded", "restarts", "ctx", "actor", "tiebreak",
                 "seen", "unseen", "buried_total", "history", "_opts", "_pool", "_rng_seed")

    def __init__(self, state: RMState, seat: int):
        self.game = "random_mutations"
        self.seat = seat
        self.num_players = state.num_players
        self.current_player = state.current_player
        self.legal_actions = list(state.legal_actions()) if state.current_player == seat else []
        self.is_terminal = state.current_player == TERMINAL
        self.options = dict(state.opts.values)
        self._opts = state.opts  # frozen, shared by every state of these options
        self.phase = state.phase
        self.turn = state.turn
        self.first_player = state.first
        self.last_turn = state.last_turn
        self.deck_size = len(state.deck)
        self.personal_deck_sizes = tuple(map(len, state.pdecks))
        self.discard_sizes = tuple(state.discards)
        self.rows = tuple(tuple((sp[0], sp[1], sp[2], sp[3], tuple(sp[4])) for sp in row) for row in state.rows)
        self.centre = tuple(state.centre)
        self.dice = state.dice
        self.passed = tuple(state.passed)
        self.passes = state.passes
        self.budded = state.budded
        self.restarts = state.restarts
        self.ctx = state.ctx
        self.actor = state.actor
        self.tiebreak = None if state.tiebreak is None else tuple(state.tiebreak)
        self.seen = tuple(state.seen)
        boxes = 2 if state.num_players > 4 else 1
        self.unseen = tuple(state.opts.box[k] * boxes - state.seen[k] for k in range(NUM_TRAITS))
        self.buried_total = sum(state.buried)
        self.history = tuple(state.history)
        self._pool = None

    # --- views ------------------------------------------------------------------
    def species(self, seat: int | None = None) -> list:
        """The species of ``seat`` (default: this seat), left to right."""
        seat = self.seat if seat is None else seat
        out = []
        for si, sp in enumerate(self.rows[seat]):
            an = sp[4]
            animals = tuple(AnimalView(i // STRIDE, an[i], an[i + 1], an[i + 2], an[i + 3],
                                       bool(an[i + 4] & ATTACKED), _fed(sp, i)) for i in range(0, len(an), STRIDE))
            ids = frozenset(k for k in range(NUM_TRAITS) if sp[0] >> k & 1)
            out.append(SpeciesView(seat, si, tuple(TRAIT_NAMES[t] for t in sp[2]),
                                   tuple(TRAIT_NAMES[t] for t in sp[3]), ids, len(an) // STRIDE, sp[1], animals))
        return out

    @property
    def my_species(self) -> list:
        return self.species(self.seat)

    def next_trait_odds(self) -> dict:
        """Chance of each trait name for the next card turned face up (all unseen cards
        are alike to every seat)."""
        total = sum(self.unseen)
        return {TRAIT_NAMES[k]: c / total for k, c in enumerate(self.unseen) if c} if total else {}

    def scores(self) -> list:
        return score_rows(self)

    @property
    def opts(self):  # what scoring reads
        return self._opts

    @property
    def phase_name(self) -> str:
        """"development", "feeding", "victim choice", "scavenger", "grazing", "parasites",
        "simplification" or "over"."""
        return PHASE_NAMES[self.phase]

    @property
    def attack(self) -> AttackView | None:
        """The attack whose target owner chooses now (phase "victim choice"), else None."""
        if self.phase != VICTIM:
            return None
        p, ti, ign, si, i, mimicked = self.ctx
        return AttackView(self.actor, si, i // STRIDE, p, ti, None if ign < 0 else TRAIT_NAMES[ign], mimicked)

    # --- determinization ------------------------------------------------------------
    def sample(self, rng) -> "state_module.RMState":
        """A full State: the unseen cards dealt at random into the main deck, every personal
        deck and the face-down cards; future chance from ``rng.fork``."""
        if self._pool is None:
            self._pool = tuple(k for k in range(NUM_TRAITS) for _ in range(self.unseen[k]))
        pool = list(self._pool)
        s = state_module.RMState.__new__(state_module.RMState)
        n = self.num_players
        sizes = self.personal_deck_sizes
        drawn = rng.take(pool, self.deck_size + sum(sizes))
        s.deck = drawn[:self.deck_size]
        i = self.deck_size
        pdecks = []
        for size in sizes:
            pdecks.append(drawn[i:i + size])
            i += size
        s.pdecks = pdecks
        buried = [0] * NUM_TRAITS
        for k in pool:
            buried[k] += 1
        s.buried = buried
        s.seen = list(self.seen)
        s.num_players = n
        s.current_player = self.current_player
        s.opts = self._opts
        s.rng = rng.fork(0x5A3)
        s.phase = self.phase
        s.turn = self.turn
        s.first = self.first_player
        s.last_turn = self.last_turn
        s.discards = list(self.discard_sizes)
        s.rows = [[[sp[0], sp[1], sp[2], sp[3], list(sp[4])] for sp in row] for row in self.rows]
        s.centre = list(self.centre)
        s.dice = self.dice
        s.passed = list(self.passed)
        s.passes = self.passes
        s.budded = self.budded
        s.restarts = self.restarts
        s.ctx = self.ctx
        s.actor = self.actor
        s.tiebreak = None if self.tiebreak is None else list(self.tiebreak)
        s.cached = None
        s.history = list(self.history)
        return s

    def render(self) -> str:
        return render_observation(self)


def redeal(state: "state_module.RMState", seat: int, rng) -> "state_module.RMState":
    """The contract hook ``GameSpec.redeal``, written apart from ``sample``: a copy of
    ``state`` with every face-down card dealt again.  No seat sees a face-down card
    (§7), ``seat`` included, so the whole unseen lot moves: the cards of the main deck,
    of every personal deck (its owner's too) and the face-down cards on the table and
    in the discard piles (``buried``, counts per trait) are gathered, shuffled and put
    back in the same sizes.  Revealed cards (``seen``), the rows, the pile sizes, the
    history and the state's own RNG stay as they are."""
    t = state.clone()
    lot = t.deck + [k for d in t.pdecks for k in d]
    for k, count in enumerate(t.buried):
        lot.extend([k] * count)
    rng.shuffle(lot)
    cut = len(t.deck)
    t.deck = lot[:cut]
    for d in t.pdecks:
        d[:] = lot[cut:cut + len(d)]
        cut += len(d)
    buried = [0] * NUM_TRAITS
    for k in lot[cut:]:
        buried[k] += 1
    t.buried = buried
    return t
