"""Reset (§7.4): Extinction (with the Mammals' save and Hibernation's immunity),
the Survival card, the end of the game (Ice Age or ``max_turns``), reseeding."""
from __future__ import annotations

from engine.dominant_species.decisions import SAVE as ASK_SAVE  # the decision (SAVE: the action's verb)
from engine.dominant_species.decisions import ask, done, register
from engine.dominant_species.actions import PASS, SAVE
from engine.dominant_species.board import (BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION, BOX_REGRESSION,
                                           BOX_WANDERLUST, BOX_WASTELAND, FREE_SPACE, GLACIATION, MAMMALS,
                                           NUM_HEXES, OVER, PLANNING, SECTION_SIZE, SECTION_START)
from engine.dominant_species.cards import FACE_UP
from engine.dominant_species.earth import bonus, draw_random, matches
from engine.dominant_species.scoring import final_scoring

_GLAC = SECTION_START[GLACIATION]


def endangered_tiles(s, seat: int) -> list:
    """Tiles where ``seat`` has species with no match, beyond its Hibernation immunity."""
    n = s.num_players
    out = []
    for h in s.tiles:
        i = h * n + seat
        if s.sp[i] > s.hib[i] and matches(s, seat, h) == 0:
            out.append(h)
    return out


def begin(s) -> None:
    """Extinction first asks the Mammals which endangered species to save."""
    mammals = s.seat_of[MAMMALS]
    if mammals >= 0 and endangered_tiles(s, mammals):
        ask(s, ASK_SAVE, mammals)
        return
    finish(s, -1)


def _legal_save(s):
    return [(SAVE, h) for h in endangered_tiles(s, s.pseat)] + [(PASS,)]


def _save(s, action):
    done(s)
    finish(s, action[1] if action[0] == SAVE else -1)


def finish(s, saved: int) -> None:
    extinction(s, saved)
    survival(s)
    if s.ice_age or s.turn >= s.opt.max_turns:
        final_scoring(s)
        s.phase = OVER
        return
    reseed(s)


def extinction(s, saved: int) -> None:
    n = s.num_players
    mammals = s.seat_of[MAMMALS]
    for h in s.tiles:
        if s.terrain[h] < 0:
            continue
        for seat in range(n):
            i = h * n + seat
            if s.sp[i] and matches(s, seat, h) == 0:
                immune = s.hib[i] + (1 if (seat == mammals and h == saved) else 0)
                lost = s.sp[i] - immune
                if lost > 0:
                    s.sp[i] -= lost
                    s.elim[seat] += lost
    s.hib = [0] * (NUM_HEXES * n)


def survival(s) -> None:
    """The sole highest total of species on tundra tiles (> 0) holds Survival and
    scores bonus VPs for the tundra tiles it occupies."""
    n = s.num_players
    totals = [0] * n
    occupied = [0] * n
    for h in s.tiles:
        if s.terrain[h] >= 0 and s.tundra[h]:
            for seat in range(n):
                k = s.sp[h * n + seat]
                if k:
                    totals[seat] += k
                    occupied[seat] += 1
    best = max(totals)
    if best > 0 and totals.count(best) == 1:
        holder = totals.index(best)
        s.survival = holder
        s.vp[holder] += bonus(s, occupied[holder])
    else:
        s.survival = -1


def reseed(s) -> None:
    # a. face-up dominance cards back to five
    while len(s.faceup) < FACE_UP and s.deck:
        s.faceup.append(s.deck.pop())
    # b. Glaciation APs slide left
    glac = [seat for seat in s.ap[_GLAC:_GLAC + SECTION_SIZE[GLACIATION]] if seat >= 0]
    s.ap[_GLAC:_GLAC + SECTION_SIZE[GLACIATION]] = glac + [-1] * (SECTION_SIZE[GLACIATION] - len(glac))
    # c. leftovers of Regression, Depletion and Wanderlust back to the bag
    box, bag = s.box, s.bag
    for b in (BOX_REGRESSION, BOX_DEPLETION, BOX_WANDERLUST):
        for e in range(6):
            k = box[b * 6 + e]
            if k:
                bag[e] += k
                box[b * 6 + e] = 0
    # d. shift the boxes: Wasteland to Depletion, Abundance to Wasteland, Adaptation to
    # Regression (element by element: C list items in the compiled build, no slices)
    for e in range(6):
        box[BOX_DEPLETION * 6 + e] = box[BOX_WASTELAND * 6 + e]
        box[BOX_WASTELAND * 6 + e] = box[BOX_ABUNDANCE * 6 + e]
        box[BOX_ABUNDANCE * 6 + e] = 0
        box[BOX_REGRESSION * 6 + e] = box[BOX_ADAPTATION * 6 + e]
        box[BOX_ADAPTATION * 6 + e] = 0
    # e. four new discs each into Adaptation, Abundance, Wanderlust
    fill_boxes(s)
    # f. free APs back on their spaces
    for animal, space in FREE_SPACE.items():
        if s.ap[space] != -2:
            s.ap[space] = s.seat_of[animal]
    # g. new face-up wanderlust tiles
    for i in range(3):
        if s.wl_up[i] < 0 and s.wl[i]:
            s.wl_up[i] = s.wl[i].pop()
    s.scored = 0
    s.turn += 1
    s.phase = PLANNING
    s.plan_pos = 0
    s.cursor = -2  # the vacant-space list of Planning is rebuilt


def fill_boxes(s) -> None:
    box = s.box
    for b in (BOX_ADAPTATION, BOX_ABUNDANCE, BOX_WANDERLUST):
        for _ in range(4):
            e = draw_random(s)
            if e >= 0:
                box[b * 6 + e] += 1


# each decision kind with its legal actions and its apply (register: a call,
# not a decorator, so that the compiled build may type the apply functions)
register(ASK_SAVE, _legal_save, _save)
