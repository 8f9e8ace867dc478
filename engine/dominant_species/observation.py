"""What one seat may know, and determinization from it.

Hidden (§10.2): the order of the dominance deck below the face-up cards and
the order of the wanderlust stacks below their face-up tiles (their contents
are public by elimination), and future bag draws.  ``sample(rng)`` re-deals
exactly these: the deck in a new order (Ice Age stays at the bottom), the
unseen wanderlust tiles across the three stacks (same sizes), a fresh RNG.
Everything else is public and copied.  ``redeal`` (the contract hook) deals
the same things again on a State, written apart from ``sample``.

Views for bot authors (names as in the rules; the packed fields beside them
are what ``sample`` works from, no API):

* ``obs.animals()`` -- one ``AnimalView`` per seat, ``obs.me`` the own one;
* ``obs.tiles()`` -- one ``TileView`` per tile (terrain, tundra, species and
  matches per seat, the dominant seat, what scoring it now would pay);
* ``obs.corners()`` -- one ``CornerView`` per corner touching a tile;
* ``obs.decision`` -- the pending decision (``Decision``: its name, the seat,
  the execution step), ``obs.phase_name``, ``obs.turn``;
* ``obs.spaces`` (action display: space name -> seat), ``obs.boxes`` (element
  boxes by name), ``obs.faceup_cards`` (card names), ``obs.wanderlust`` (the
  face-up wanderlust tiles), ``obs.glaciation_targets()`` (tiles Glaciation may
  cover), ``obs.current_scores()`` (VPs plus what every tile would pay now).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import TERMINAL, Observation
from engine.dominant_species import scoring
from engine.dominant_species import state as state_module
from engine.dominant_species.board import (ANIMAL_NAMES, BOX_NAMES, CORNER_HEXES, CORNER_NAMES, ELEMENT_NAMES,
                                           NEIGHBOURS, NUM_HEXES, PHASE_NAMES, PRINTED, SPACE_NAMES, TERRAIN_NAMES,
                                           hex_name)
from engine.dominant_species.cards import CARD_NAMES, ICE_AGE
from engine.dominant_species.decisions import KIND_NAMES
from engine.dominant_species.earth import dominant, matches, speciation_limit
from engine.dominant_species.render import render_state
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
    printed: dict  # element name -> discs printed on the animal's card
    gene_pool: int
    eliminated: int
    aps_in_supply: int
    aps: int
    vp: int
    initiative: int  # 1 = first to place


class TileView(NamedTuple):
    hex: int
    name: str  # "(q,r)"
    terrain: str  # the printed terrain
    tundra: bool
    species: tuple  # per seat
    elements: tuple  # element names on its corners
    dominant: int  # seat or -1
    matches: tuple  # per seat (§6.1): its corner discs times the same elements on the display
    speciation_limit: int  # species one Speciation may add here (tundra: 1)
    scored: bool  # scored by Domination this turn
    pays: dict  # seat -> VPs if the tile were scored now


class CornerView(NamedTuple):
    corner: int  # the id actions use
    name: str  # "(q,r)N/NE"
    element: str | None  # the element disc on it, or None
    tiles: tuple  # hexes of the tiles it touches


class Decision(NamedTuple):
    name: str  # e.g. "place", "speciation corner", "card" (decisions.KIND_NAMES); "none" at the end
    seat: int  # who decides
    step: int  # the execution step being carried out (changes when the next action starts)


class DominantObservation(Observation):
    __slots__ = ("game", "seat", "legal_actions", "is_terminal", "options", "opt", "geo", "animal", "seat_of",
                 "deck_cards", "wl_sizes", "wl_unseen", "history", "tile_hexes", "_tiles") + _LISTS + _INTS

    def __init__(self, s: "state_module.DominantState", seat: int):
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
        self._tiles = None  # tiles(), computed once

    def sample(self, rng) -> "state_module.DominantState":
        deck = [k for k in self.deck_cards if k != ICE_AGE]
        deck = rng.take(deck, len(deck))  # a uniform permutation
        deck = ([ICE_AGE] if ICE_AGE in self.deck_cards else []) + deck
        tiles = rng.take(list(self.wl_unseen), len(self.wl_unseen))
        a, b = self.wl_sizes[0], self.wl_sizes[0] + self.wl_sizes[1]
        wl = [tiles[:a], tiles[a:b], tiles[b:]]
        return state_module.from_observation(self, deck, wl, rng.fork(0xD05 + self.seat))

    # -- views for bot authors ------------------------------------------------------------
    @property
    def me(self) -> AnimalView:
        """The own animal."""
        return self.animals()[self.seat]

    def animals(self) -> list:
        """One ``AnimalView`` per seat (index = seat)."""
        out = []
        for seat in range(self.num_players):
            elements = {ELEMENT_NAMES[e]: self.disp[seat * 6 + e] for e in range(6) if self.disp[seat * 6 + e]}
            printed = {ELEMENT_NAMES[e]: k for e, k in enumerate(PRINTED[self.animal[seat]]) if k}
            out.append(AnimalView(seat, ANIMAL_NAMES[self.animal[seat]], elements, printed, self.gene[seat],
                                  self.elim[seat], self.supply[seat], self.aps[seat], self.vp[seat],
                                  self.order.index(seat) + 1))
        return out

    def tiles(self) -> list:
        """One ``TileView`` per tile on Earth, in hex order."""
        if self._tiles is None:
            self._tiles = self._tile_views()
        return list(self._tiles)

    def _tile_views(self) -> list:
        out = []
        n = self.num_players
        s = self._public_state()
        for h in range(NUM_HEXES):
            if self.terrain[h] >= 0:
                elements = tuple(ELEMENT_NAMES[self.elem[c]] for c in self.geo.hex_corners[h] if self.elem[c] >= 0)
                out.append(TileView(h, hex_name(h), TERRAIN_NAMES[self.terrain[h]], bool(self.tundra[h]),
                                    self.sp[h * n:h * n + n], elements, dominant(s, h),
                                    tuple(matches(s, seat, h) for seat in range(n)), speciation_limit(s, h),
                                    bool(self.scored >> h & 1), dict(scoring.score_tile(s, h))))
        return out

    def _public_state(self) -> "state_module.DominantState":
        """A State of the public fields (the deck's cards in sorted order, the wanderlust stacks
        empty, no RNG), for the rules' queries: the compiled build types them on a State."""
        return state_module.from_observation(self, list(self.deck_cards), [[], [], []], None)

    def corners(self) -> list:
        """One ``CornerView`` per existing corner that touches a tile."""
        return [CornerView(c, CORNER_NAMES[c], ELEMENT_NAMES[self.elem[c]] if self.elem[c] >= 0 else None,
                           tuple(h for h in CORNER_HEXES[c] if self.terrain[h] >= 0)) for c in self.live]

    @property
    def decision(self) -> Decision:
        """The pending decision: its name, who decides, the execution step."""
        return Decision(KIND_NAMES[self.pk], self.pseat, self.cursor)

    @property
    def phase_name(self) -> str:
        """"planning", "execution", "reset" or "over"."""
        return PHASE_NAMES[self.phase]

    @property
    def faceup_cards(self) -> list:
        """The face-up dominance cards by name."""
        return [CARD_NAMES[k] for k in self.faceup]

    @property
    def boxes(self) -> dict:
        """Element boxes by name: box name -> {element name: discs}."""
        return {BOX_NAMES[b]: {ELEMENT_NAMES[e]: self.box[b * 6 + e] for e in range(6) if self.box[b * 6 + e]}
                for b in range(6)}

    @property
    def spaces(self) -> dict:
        """The action display: space name -> the seat whose AP is on it."""
        return {SPACE_NAMES[sp]: seat for sp, seat in enumerate(self.ap) if seat >= 0}

    @property
    def wanderlust(self) -> list:
        """The face-up wanderlust tile of each stack by terrain name (None: the stack is out)."""
        return [TERRAIN_NAMES[t] if t >= 0 else None for t in self.wl_up]

    def glaciation_targets(self) -> list:
        """The tiles (hexes) Glaciation may cover now: non-tundra tiles next to tundra
        (none once the tundra tiles are out), as ``earth.glaciation_targets``."""
        if self.tundra_left <= 0:
            return []
        tundra = self.tundra
        return [h for h in self.tile_hexes if not tundra[h] and any(tundra[x] for x in NEIGHBOURS[h])]

    def current_scores(self) -> list:
        """VPs per seat; before the end, plus what scoring every tile now would pay
        (``scoring.current_scores``)."""
        scores = list(self.vp)
        if self.phase_name != "over":
            for tile in self.tiles():
                for seat, points in tile.pays.items():
                    scores[seat] += points
        return scores

    def render(self) -> str:
        return render_state(self._public_state())


def redeal(s: "state_module.DominantState", seat: int, rng) -> "state_module.DominantState":
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
