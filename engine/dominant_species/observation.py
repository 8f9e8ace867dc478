"""What one seat may know, and determinization from it.

Hidden (§10.2): the order of the dominance deck below the face-up cards and
the order of the wanderlust stacks below their face-up tiles (their contents
are public by elimination), and future bag draws.  ``sample(rng)`` re-deals
exactly these: the deck in a new order (Ice Age stays at the bottom), the
unseen wanderlust tiles across the three stacks (same sizes), a fresh RNG.
Everything else is public and copied.

Views for bot authors: ``obs.me`` (own seat record), ``obs.animals()`` (one
``AnimalView`` per seat), ``obs.tiles()`` (one ``TileView`` per tile),
``obs.faceup`` (card names), ``obs.boxes`` (element box contents by name),
``obs.spaces`` (action display: space name -> seat), plus the packed fields.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import TERMINAL, Observation
from engine.dominant_species.board import (ANIMAL_NAMES, BOX_NAMES, ELEMENT_NAMES, NUM_HEXES, SPACE_NAMES,
                                           TERRAIN_NAMES, hex_name)
from engine.dominant_species.cards import CARD_NAMES, ICE_AGE
from engine.dominant_species.state import DominantState
from engine.rng import Rng

# State fields copied as they are (ints, or tuples turned back into lists by sample)
_LISTS = ("terrain", "live", "tundra", "sp", "hib", "elem", "disp", "gene", "elim", "supply", "aps", "vp", "bag",
          "gone", "box", "order", "ap", "faceup", "used", "wl_up", "ctx", "queue")
_INTS = ("num_players", "current_player", "tundra_left", "survival", "scored", "last_scored", "ice_age",
         "turn", "phase", "cursor", "plan_pos", "pk", "pseat")


class AnimalView(NamedTuple):
    seat: int
    animal: str
    elements: dict  # element name -> discs on the display (printed included)
    gene_pool: int
    eliminated: int
    aps_in_supply: int
    aps: int
    vp: int
    initiative: int  # 1 = first to place


class TileView(NamedTuple):
    hex: int
    name: str  # "(q,r)"
    terrain: str
    tundra: bool
    species: tuple  # per seat
    elements: tuple  # element names on its corners
    dominant: int  # seat or -1


class DominantObservation(Observation):
    __slots__ = ("game", "seat", "legal_actions", "is_terminal", "options", "opt", "geo", "animal", "seat_of",
                 "deck_cards", "wl_sizes", "wl_unseen", "history", "tile_hexes") + _LISTS + _INTS

    def __init__(self, s: DominantState, seat: int):
        self.game = "dominant_species"
        self.seat = seat
        self.legal_actions = list(s.legal_actions()) if s.current_player == seat else []
        self.is_terminal = s.current_player == TERMINAL
        self.options = dict(s.options)
        self.opt = s.opt
        self.geo = s.geo
        self.animal = s.animal
        self.seat_of = s.seat_of
        self.terrain = tuple(s.terrain)
        self.live = tuple(s.live)
        self.tundra = tuple(s.tundra)
        self.sp = tuple(s.sp)
        self.hib = tuple(s.hib)
        self.elem = tuple(s.elem)
        self.disp = tuple(s.disp)
        self.gene = tuple(s.gene)
        self.elim = tuple(s.elim)
        self.supply = tuple(s.supply)
        self.aps = tuple(s.aps)
        self.vp = tuple(s.vp)
        self.bag = tuple(s.bag)
        self.gone = tuple(s.gone)
        self.box = tuple(s.box)
        self.order = tuple(s.order)
        self.ap = tuple(s.ap)
        self.faceup = tuple(s.faceup)
        self.used = tuple(s.used)
        self.wl_up = tuple(s.wl_up)
        self.ctx = tuple(s.ctx)
        self.queue = tuple(s.queue)
        self.num_players = s.num_players
        self.current_player = s.current_player
        self.tundra_left = s.tundra_left
        self.survival = s.survival
        self.scored = s.scored
        self.last_scored = s.last_scored
        self.ice_age = s.ice_age
        self.turn = s.turn
        self.phase = s.phase
        self.cursor = s.cursor
        self.plan_pos = s.plan_pos
        self.pk = s.pk
        self.pseat = s.pseat
        self.tile_hexes = tuple(s.tiles)
        self.deck_cards = tuple(sorted(s.deck))  # contents only
        self.wl_sizes = tuple(len(x) for x in s.wl)
        self.wl_unseen = tuple(sorted(t for x in s.wl for t in x))
        self.history = s.log

    def sample(self, rng) -> DominantState:
        s = DominantState.__new__(DominantState)
        s.options, s.opt, s.geo, s.animal, s.seat_of = self.options, self.opt, self.geo, self.animal, self.seat_of
        s.terrain = list(self.terrain)
        s.live = list(self.live)
        s.tundra = list(self.tundra)
        s.sp = list(self.sp)
        s.hib = list(self.hib)
        s.elem = list(self.elem)
        s.disp = list(self.disp)
        s.gene = list(self.gene)
        s.elim = list(self.elim)
        s.supply = list(self.supply)
        s.aps = list(self.aps)
        s.vp = list(self.vp)
        s.bag = list(self.bag)
        s.gone = list(self.gone)
        s.box = list(self.box)
        s.order = list(self.order)
        s.ap = list(self.ap)
        s.faceup = list(self.faceup)
        s.used = list(self.used)
        s.wl_up = list(self.wl_up)
        s.ctx = list(self.ctx)
        s.queue = list(self.queue)
        s.num_players = self.num_players
        s.current_player = self.current_player
        s.tundra_left = self.tundra_left
        s.survival = self.survival
        s.scored = self.scored
        s.last_scored = self.last_scored
        s.ice_age = self.ice_age
        s.turn = self.turn
        s.phase = self.phase
        s.cursor = self.cursor
        s.plan_pos = self.plan_pos
        s.pk = self.pk
        s.pseat = self.pseat
        s.tiles = list(self.tile_hexes)
        deck = [k for k in self.deck_cards if k != ICE_AGE]
        deck = rng.take(deck, len(deck))  # a uniform permutation
        s.deck = ([ICE_AGE] if ICE_AGE in self.deck_cards else []) + deck
        tiles = rng.take(list(self.wl_unseen), len(self.wl_unseen))
        a, b = self.wl_sizes[0], self.wl_sizes[0] + self.wl_sizes[1]
        s.wl = [tiles[:a], tiles[a:b], tiles[b:]]
        s.rng = rng.fork(0xD05 + self.seat)
        s.log_done = self.history
        s.log_tail = []
        s._legal = None
        return s

    # -- views for bot authors ------------------------------------------------------------
    @property
    def me(self) -> AnimalView:
        return self.animals()[self.seat]

    def animals(self) -> list:
        out = []
        for seat in range(self.num_players):
            elements = {ELEMENT_NAMES[e]: self.disp[seat * 6 + e] for e in range(6) if self.disp[seat * 6 + e]}
            out.append(AnimalView(seat, ANIMAL_NAMES[self.animal[seat]], elements, self.gene[seat],
                                  self.elim[seat], self.supply[seat], self.aps[seat], self.vp[seat],
                                  self.order.index(seat) + 1))
        return out

    def tiles(self) -> list:
        from engine.dominant_species.earth import dominant
        out = []
        n = self.num_players
        for h in range(NUM_HEXES):
            if self.terrain[h] >= 0:
                elements = tuple(ELEMENT_NAMES[self.elem[c]] for c in self.geo.hex_corners[h] if self.elem[c] >= 0)
                out.append(TileView(h, hex_name(h), TERRAIN_NAMES[self.terrain[h]], bool(self.tundra[h]),
                                    self.sp[h * n:h * n + n], elements, dominant(self, h)))
        return out

    @property
    def faceup_cards(self) -> list:
        return [CARD_NAMES[k] for k in self.faceup]

    @property
    def boxes(self) -> dict:
        return {BOX_NAMES[b]: {ELEMENT_NAMES[e]: self.box[b * 6 + e] for e in range(6) if self.box[b * 6 + e]}
                for b in range(6)}

    @property
    def spaces(self) -> dict:
        return {SPACE_NAMES[sp]: seat for sp, seat in enumerate(self.ap) if seat >= 0}

    def render(self) -> str:
        from engine.dominant_species.render import render_state
        return render_state(self)


def redeal(s: DominantState, seat: int, rng) -> DominantState:
    """The same position with what ``seat`` cannot see dealt again (``GameSpec.redeal``,
    written apart from ``sample``): random exchanges among the face-down dominance
    cards (Ice Age, at the bottom, stays), random exchanges of face-down wanderlust
    tiles between and within the stacks (each stack keeps its size), and a new
    generator for the bag's future draws.  No seat sees more than another here."""
    t = s.clone()
    deck = t.deck
    low = 1 if deck and deck[0] == ICE_AGE else 0
    for i in range(low, len(deck)):
        j = low + rng.below(len(deck) - low)
        deck[i], deck[j] = deck[j], deck[i]
    places = [(k, i) for k in range(3) for i in range(len(t.wl[k]))]
    for k, i in places:
        m, j = places[rng.below(len(places))]
        t.wl[k][i], t.wl[m][j] = t.wl[m][j], t.wl[k][i]
    t.rng = Rng(rng.next64() ^ seat)
    t._legal = None
    return t
