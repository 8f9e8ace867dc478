"""A small builder for readable Dominant Species positions in tests.

    p = Position(animals=("amphibians", "reptiles", "birds"))   # seat i plays animals[i]
    p.tile((0, -1), "wetland", species={0: 4, 1: 2, 2: 2})
    p.element((0, -1), "N/NE", "water")
    s = p.s
    start(s, "domination.0", seat=1)     # the AP's decision is now pending
    act(s, "dominate (0,-1)")            # applied without running the rest of the turn

The Earth starts empty (tiles, discs and species back to supply); boxes empty.
"""
from __future__ import annotations

from engine.dominant_species import GAME
from engine.dominant_species import decisions as D
from engine.dominant_species.board import (ANIMAL_NAMES, CORNER_BY_NAME, ELEMENT_NAMES, FREE_SPACE, HEX_INDEX,
                                           NUM_CORNERS, NUM_HEXES, PRINTED, SPACE_BY_NAME, TERRAIN_NAMES,
                                           TUNDRA_TILES, hex_name)
from engine.dominant_species.earth import refresh_tiles
from engine.dominant_species.execution import run_step
from engine.dominant_species.board import EXECUTION


def hx(qr) -> int:
    return HEX_INDEX[qr]


def el(name) -> int:
    return ELEMENT_NAMES.index(name)


class Position:
    def __init__(self, animals=("mammals", "reptiles"), seed: int = 0, **options):
        n = len(animals)
        options = {"deal_animals": False, **options}
        s = self.s = GAME.new_game(n, seed, GAME.resolve_options(options))
        ids = tuple(ANIMAL_NAMES.index(a) for a in animals)
        s.animal = ids
        s.seat_of = tuple(ids.index(a) if a in ids else -1 for a in range(6))
        s.disp = [x for a in ids for x in PRINTED[a]]
        for animal, space in FREE_SPACE.items():
            s.ap[space] = -2
        for h in range(NUM_HEXES):
            for seat in range(n):
                s.gene[seat] += s.sp[h * n + seat]
                s.sp[h * n + seat] = 0
            s.terrain[h] = -1
            s.tundra[h] = 0
        for c in range(NUM_CORNERS):
            if s.elem[c] >= 0:
                s.bag[s.elem[c]] += 1
                s.elem[c] = -1
        for i in range(36):
            s.bag[i % 6] += s.box[i]
            s.box[i] = 0
        s.tundra_left = TUNDRA_TILES
        refresh_tiles(s)
        s.log_tail = []
        s.pk = D.NONE
        s.phase = EXECUTION

    def tile(self, qr, terrain: str, species: dict | None = None, tundra: bool = False):
        s = self.s
        h = hx(qr)
        s.terrain[h] = TERRAIN_NAMES.index(terrain)
        refresh_tiles(s)
        if tundra:
            s.tundra[h] = 1
            s.tundra_left -= 1
        for seat, k in (species or {}).items():
            s.sp[h * s.num_players + seat] += k
            s.gene[seat] -= k
        return self

    def element(self, qr, directions: str, name: str):
        s = self.s
        c = CORNER_BY_NAME[f"{hex_name(hx(qr))}{directions}"]
        e = el(name)
        s.elem[c] = e
        s.bag[e] -= 1
        return self

    def display(self, seat: int, *names):
        """Adds discs (from the bag) to a display."""
        for name in names:
            self.s.disp[seat * 6 + el(name)] += 1
            self.s.bag[el(name)] -= 1
        return self

    def box(self, box: int, *names):
        for name in names:
            self.s.box[box * 6 + el(name)] += 1
            self.s.bag[el(name)] -= 1
        return self


def start(s, space: str, seat: int) -> None:
    """Puts ``seat``'s AP on ``space`` and executes that space (no other step)."""
    sp = SPACE_BY_NAME[space]
    s.ap[sp] = seat
    s.aps[seat] += 1  # the AP is an extra one: supply counts stay readable
    s.pk = D.NONE
    run_step(s, sp)
    s._legal = None


def legal_texts(s) -> list:
    return [GAME.action_to_text(a) for a in D.LEGAL[s.pk](s)] if s.pk != D.NONE else []


def act(s, text: str) -> None:
    """Applies one decision by its text, without running the rest of the turn."""
    action = GAME.action_from_text(text)
    legal = D.LEGAL[s.pk](s) if s.pk != D.NONE else []
    assert action in legal, f"{text!r} not legal; legal: {legal_texts(s)}"
    D.APPLY[s.pk](s, action)
    s._legal = None


def card(s, name: str, seat: int) -> None:
    """``seat`` takes the face-up card ``name`` (put face up if needed) and resolves it."""
    from engine.dominant_species.cards import CARD_BY_NAME
    k = CARD_BY_NAME[name]
    for pile in (s.deck, s.faceup):
        if k in pile:
            pile.remove(k)
    s.faceup.append(k)
    D.ask(s, D.CARD, seat)
    act(s, f"card {name}")


def species(s, qr, seat: int) -> int:
    return s.sp[hx(qr) * s.num_players + seat]


def corner_element(s, qr, directions: str):
    e = s.elem[CORNER_BY_NAME[f"{hex_name(hx(qr))}{directions}"]]
    return ELEMENT_NAMES[e] if e >= 0 else None
