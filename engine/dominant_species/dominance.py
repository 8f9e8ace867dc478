"""The 26 dominance cards (§9), resolved by the seat of the dominant animal ("you").

Quantities are fixed when the card is resolved; where several animals decide,
they do so in food-chain order; a choice without a legal option is skipped."""
from __future__ import annotations

from engine.dominant_species import decisions as D
from engine.dominant_species.actions import (ADD, CARD, CHOOSE, ELIMINATE, EVOLVE, GLACIATE, KEEP_DISC, LOSE,
                                             LOSE_AP, PASS, PLACE, PUT, REDUCE, SEND, SPARE, TAKE)
from engine.dominant_species.board import NEIGHBOURS, SCORING, SEA, WETLAND
from engine.dominant_species import cards as C
from engine.dominant_species.earth import (added_types, bag_types, bonus, discs_on, display_size, dominant,
                                           draw_random, eliminate, glaciate, glaciation_targets, move_cube,
                                           occupied_by, present, remove_disc, return_disc, tile_type, vacant_corners,
                                           vacant_corners_of)
from engine.dominant_species.planning import vacant_spaces

_PASS = (PASS,)


def _fc(s, seats):
    return sorted(seats, key=s.animal.__getitem__)


def _legal_card(s):
    return [(CARD, k) for k in sorted(s.faceup)]


def _card(s, action):
    k = action[1]
    s.faceup.remove(k)
    s.used.append(k)
    D.done(s)
    EFFECTS[k](s, s.pseat)


# -- Aquatic -----------------------------------------------------------------------------------
def _aquatic_tiles(s, need_corner):
    terrain, tundra = s.terrain, s.tundra
    hides = s.opt.tundra_hides_terrain
    return [h for h in s.tiles if terrain[h] in (SEA, WETLAND) and not (hides and tundra[h])
            and (not need_corner or vacant_corners_of(s, h))]


def aquatic(s, me):
    element_possible = bool(bag_types(s)) and bool(_aquatic_tiles(s, True))
    if not element_possible and not s.opt.aquatic_species_without_element:
        return
    tiles = _aquatic_tiles(s, not s.opt.aquatic_species_without_element)
    if tiles:
        s.ctx = tiles
        D.ask(s, D.AQ_TILE, me)


def _legal_aq_tile(s):
    return [(CHOOSE, h) for h in s.ctx]


def _aq_tile(s, action):
    h = action[1]
    s.ctx = [h]
    if bag_types(s) and vacant_corners_of(s, h):
        D.ask(s, D.AQ_ELEM, s.pseat)
    else:
        _aq_species(s)


def _legal_bag_take(s):
    return [(TAKE, e) for e in bag_types(s)]


def _aq_elem(s, action):
    s.ctx = [s.ctx[0], action[1]]
    D.ask(s, D.AQ_CORNER, s.pseat)


def _legal_aq_corner(s):
    return [(PUT, c) for c in vacant_corners_of(s, s.ctx[0])]


def _aq_corner(s, action):
    e = s.ctx[1]
    s.bag[e] -= 1
    s.elem[action[1]] = e
    s.ctx = [s.ctx[0]]
    _aq_species(s)


def _aq_species(s):
    if s.gene[s.pseat]:
        D.ask(s, D.AQ_COUNT, s.pseat)
    else:
        D.done(s)


def _legal_aq_count(s):
    h = s.ctx[0]
    return [(ADD, k, h) for k in range(min(4, s.gene[s.pseat]) + 1)]


def _aq_count(s, action):
    k, h = action[1], action[2]
    s.sp[h * s.num_players + s.pseat] += k
    s.gene[s.pseat] -= k
    D.done(s)


# -- Biodiversity ------------------------------------------------------------------------------------
def biodiversity(s, me):
    s.vp[me] += sum(1 for h in occupied_by(s, me) if len(present(s, h)) > 1)


# -- Biomass -------------------------------------------------------------------------------------------
def biomass(s, me):
    n = s.num_players
    queue = []
    for h in s.tiles:
        if s.terrain[h] >= 0:
            total = sum(s.sp[h * n:h * n + n])
            if total > len(discs_on(s, h)):
                queue.append(h)
    s.queue = queue
    _next_biomass(s, me)


def _next_hit(s, me, kind):
    """The queued tiles in turn: a tile with one species present loses it at once; one
    with several waits for ``me``'s choice (decision ``kind``, the tile in ``s.ctx``)."""
    while s.queue:
        h = s.queue[0]
        s.queue = s.queue[1:]
        who = present(s, h)
        if len(who) == 1:
            eliminate(s, h, who[0])
        elif who:
            s.ctx = [h]
            D.ask(s, kind, me)
            return
    D.done(s)


def _next_biomass(s, me):
    _next_hit(s, me, D.BIOMASS)


def _legal_present_hit(s):
    h = s.ctx[0]
    return [(ELIMINATE, seat, h) for seat in present(s, h)]


def _biomass(s, action):
    eliminate(s, action[2], action[1])
    _next_biomass(s, s.pseat)


# -- Blight ------------------------------------------------------------------------------------------------
def _all_tiles(s):
    return [(CHOOSE, h) for h in s.tiles if s.terrain[h] >= 0]


def blight(s, me):
    D.ask(s, D.BLIGHT_TILE, me)


def _blight_tile(s, action):
    corners = discs_on(s, action[1])
    if len(corners) > 1:
        s.ctx = corners
        D.ask(s, D.BLIGHT_KEEP, s.pseat)
    else:
        D.done(s)


def _legal_blight_keep(s):
    return [(KEEP_DISC, c) for c in s.ctx]


def _blight_keep(s, action):
    for c in s.ctx:
        if c != action[1]:
            remove_disc(s, c)
    D.done(s)


# -- Catastrophe --------------------------------------------------------------------------------------------
def catastrophe(s, me):
    D.ask(s, D.CAT_TILE, me)


def _cat_tile(s, action):
    h = action[1]
    s.ctx = [h]
    s.queue = [x for x in NEIGHBOURS[h] if s.terrain[x] >= 0]
    if present(s, h):
        D.ask(s, D.CAT_SPARE, s.pseat)
    else:
        _next_cat_hit(s, s.pseat)


def _legal_cat_spare(s):
    h = s.ctx[0]
    return [(SPARE, seat, h) for seat in present(s, h)]


def _cat_spare(s, action):
    h, keeper = action[2], action[1]
    n = s.num_players
    for seat in present(s, h):
        left = 1 if seat == keeper else 0
        eliminate(s, h, seat, s.sp[h * n + seat] - left)
    _next_cat_hit(s, s.pseat)


def _next_cat_hit(s, me):
    _next_hit(s, me, D.CAT_HIT)


def _cat_hit(s, action):
    eliminate(s, action[2], action[1])
    _next_cat_hit(s, s.pseat)


# -- Cold Snap -----------------------------------------------------------------------------------------------
def cold_snap(s, me):
    n = s.num_players
    for h in s.tiles:
        if s.terrain[h] >= 0 and s.tundra[h]:
            for seat in range(n):
                if seat != me and s.sp[h * n + seat]:
                    eliminate(s, h, seat)


# -- Disease ----------------------------------------------------------------------------------------------------
def disease(s, me):
    mine = display_size(s, me)
    s.queue = [seat for seat in _fc(s, range(s.num_players)) if display_size(s, seat) > mine]
    _next_loser(s, D.DISEASE)


def _next_loser(s, kind):
    while s.queue:
        seat = s.queue[0]
        s.queue = s.queue[1:]
        types = added_types(s, seat)
        if len(types) == 1:
            _lose_element(s, seat, types[0])
        elif types:
            D.ask(s, kind, seat)
            return
    D.done(s)


def _lose_element(s, seat, e):
    s.disp[seat * 6 + e] -= 1
    return_disc(s, e)


def _legal_lose(s):
    return [(LOSE, e) for e in added_types(s, s.pseat)]


def _disease(s, action):
    _lose_element(s, s.pseat, action[1])
    _next_loser(s, D.DISEASE)


# -- Ecodiversity -------------------------------------------------------------------------------------------------
def ecodiversity(s, me):
    seats = range(s.num_players) if s.opt.ecodiversity_all_animals else (me,)
    on_earth = [e for e in s.elem if e >= 0]
    for seat in seats:
        base = seat * 6
        s.vp[seat] += sum(1 for e in on_earth if s.disp[base + e])


# -- Evolution ------------------------------------------------------------------------------------------------------
def evolution(s, me):
    s.ctx = [0, 0]  # seats replaced (bit mask), replacements made
    if _evolve_targets(s, me):
        D.ask(s, D.EVOLVE, me)


def _evolve_targets(s, me):
    if not s.gene[me] or s.ctx[1] >= 2:
        return []
    n = s.num_players
    used = s.ctx[0]
    return [(EVOLVE, seat, h) for h in s.tiles for seat in range(n)
            if seat != me and not used >> seat & 1 and s.sp[h * n + seat]]


def _legal_evolve(s):
    return _evolve_targets(s, s.pseat) + [_PASS]


def _evolve(s, action):
    if action[0] == PASS:
        D.done(s)
        return
    me, victim, h = s.pseat, action[1], action[2]
    n = s.num_players
    if s.opt.evolution_victim_to_box:
        eliminate(s, h, victim)
    else:
        i = h * n + victim
        s.sp[i] -= 1
        s.gene[victim] += 1
        if s.hib[i] > s.sp[i]:
            s.hib[i] = s.sp[i]
    s.sp[h * n + me] += 1
    s.gene[me] -= 1
    s.ctx[0] |= 1 << victim
    s.ctx[1] += 1
    if not _evolve_targets(s, me):
        D.done(s)


# -- Fecundity --------------------------------------------------------------------------------------------------------
def fecundity(s, me):
    if s.gene[me]:
        s.ctx = occupied_by(s, me)
        if s.ctx:
            D.ask(s, D.FECUND, me)


def _legal_fecund(s):
    return [(ADD, 1, h) for h in s.ctx] + [_PASS]


def _fecund(s, action):
    if action[0] == PASS:
        D.done(s)
        return
    h = action[2]
    s.sp[h * s.num_players + s.pseat] += 1
    s.gene[s.pseat] -= 1
    s.ctx = [x for x in s.ctx if x != h]
    if not s.ctx or not s.gene[s.pseat]:
        D.done(s)


# -- Fertile -------------------------------------------------------------------------------------------------------------
def fertile(s, me):
    if occupied_by(s, me):
        D.ask(s, D.FERTILE, me)


def _legal_fertile(s):
    return [(CHOOSE, h) for h in occupied_by(s, s.pseat)]


def _fertile(s, action):
    n = s.num_players
    h = action[1]
    s.vp[s.pseat] += sum(s.sp[h * n:h * n + n])
    D.done(s)


# -- Habitat --------------------------------------------------------------------------------------------------------------
def habitat(s, me):
    if bag_types(s) and vacant_corners(s):
        D.ask(s, D.HAB_ELEM, me)


def _hab_elem(s, action):
    s.ctx = [action[1]]
    D.ask(s, D.HAB_CORNER, s.pseat)


def _legal_hab_corner(s):
    return [(PUT, c) for c in vacant_corners(s)]


def _hab_corner(s, action):
    e = s.ctx[0]
    s.bag[e] -= 1
    s.elem[action[1]] = e
    D.done(s)


# -- Hibernation -------------------------------------------------------------------------------------------------------------
def hibernation(s, me):
    if s.elim[me]:
        D.ask(s, D.HIB_TILE, me)


def _legal_hib_tile(s):
    return _all_tiles(s) + [_PASS]


def _hib_tile(s, action):
    if action[0] == PASS:
        D.done(s)
        return
    s.ctx = [action[1]]
    D.ask(s, D.HIB_COUNT, s.pseat)


def _legal_hib_count(s):
    h = s.ctx[0]
    return [(ADD, k, h) for k in range(1, min(5, s.elim[s.pseat]) + 1)]


def _hib_count(s, action):
    k, h = action[1], action[2]
    i = h * s.num_players + s.pseat
    s.sp[i] += k
    s.hib[i] += k
    s.elim[s.pseat] -= k
    D.done(s)


# -- Ice Sheet --------------------------------------------------------------------------------------------------------------
def ice_sheet(s, me):
    if glaciation_targets(s):
        D.ask(s, D.ICE_SHEET, me)


def _legal_ice_sheet(s):
    return [(GLACIATE, h) for h in glaciation_targets(s)]


def _ice_sheet(s, action):
    glaciate(s, action[1], s.pseat)
    D.done(s)


# -- Immigrants ---------------------------------------------------------------------------------------------------------------
def immigrants(s, me):
    s.queue = _fc(s, range(s.num_players))
    _next_immigrant(s)


def _next_immigrant(s):
    if s.queue:
        seat = s.queue[0]
        s.queue = s.queue[1:]
        D.ask(s, D.IMMIGRANTS, seat)
    else:
        D.done(s)


def _legal_immigrants(s):
    seat = s.pseat
    out = [(LOSE, e) for e in added_types(s, seat)]
    if s.supply[seat]:
        out.append((LOSE_AP,))
    out.append((REDUCE,))
    return out


def _immigrants(s, action):
    seat = s.pseat
    if action[0] == LOSE:
        _lose_element(s, seat, action[1])
    elif action[0] == LOSE_AP:
        s.supply[seat] -= 1
        s.aps[seat] -= 1
    else:
        n = s.num_players
        for h in s.tiles:
            if s.sp[h * n + seat] > 1:
                eliminate(s, h, seat, s.sp[h * n + seat] - 1)
    _next_immigrant(s)


# -- Instinct ------------------------------------------------------------------------------------------------------------------
def instinct(s, me):
    if s.opt.instinct_from_supply and not s.supply[me]:
        return
    if vacant_spaces(s, allow_initiative=False):
        D.ask(s, D.INSTINCT, me)


def _legal_instinct(s):
    return [(PLACE, sp) for sp in vacant_spaces(s, allow_initiative=False)]


def _instinct(s, action):
    s.ap[action[1]] = s.pseat
    if s.opt.instinct_from_supply:
        s.supply[s.pseat] -= 1
    else:
        s.aps[s.pseat] += 1
    D.done(s)


# -- Intelligence, Omnivore, Parasitism, Nocturnal ------------------------------------------------------------------------------
def _gain_ap(s, seat):
    s.supply[seat] += 1
    s.aps[seat] += 1


def intelligence(s, me):
    for seat in range(s.num_players):
        if s.animal[seat] <= s.animal[me]:
            _gain_ap(s, seat)


def omnivore(s, me):
    _gain_ap(s, me)


def parasitism(s, me):
    for seat in range(s.num_players):
        if s.animal[seat] >= s.animal[me]:
            _gain_ap(s, seat)


def nocturnal(s, me):
    i = s.order.index(me)
    if i:
        s.order[i - 1], s.order[i] = s.order[i], s.order[i - 1]


# -- Mass Exodus ------------------------------------------------------------------------------------------------------------------
def mass_exodus(s, me):
    D.ask(s, D.EXODUS_TILE, me)


def _exodus_tile(s, action):
    h = action[1]
    s.ctx = [h]
    if present(s, h) and any(s.terrain[x] >= 0 for x in NEIGHBOURS[h]):
        D.ask(s, D.EXODUS_SEND, s.pseat)
    else:
        D.done(s)


def _legal_exodus_send(s):
    h = s.ctx[0]
    dests = [x for x in NEIGHBOURS[h] if s.terrain[x] >= 0]
    return [(SEND, seat, x) for seat in present(s, h) for x in dests]


def _exodus_send(s, action):
    move_cube(s, s.ctx[0], action[2], action[1])
    if not present(s, s.ctx[0]):
        D.done(s)


# -- Metamorphosis -------------------------------------------------------------------------------------------------------------------
def metamorphosis(s, me):
    if added_types(s, me) and bag_types(s):
        D.ask(s, D.META_LOSE, me)


def _meta_lose(s, action):
    _lose_element(s, s.pseat, action[1])
    if bag_types(s):
        D.ask(s, D.META_TAKE, s.pseat)
    else:
        D.done(s)


def _meta_take(s, action):
    e = action[1]
    s.bag[e] -= 1
    s.disp[s.pseat * 6 + e] += 1
    D.done(s)


# -- Niche Biomes --------------------------------------------------------------------------------------------------------------------
def niche_biomes(s, me):
    h = s.last_scored
    value = SCORING[tile_type(s, h)][0]
    mine = s.vp[me]
    for seat in range(s.num_players):
        if s.vp[seat] > mine:
            s.vp[seat] = max(0, s.vp[seat] - value)


# -- Predator ----------------------------------------------------------------------------------------------------------------------------
def predator(s, me):
    s.queue = [h for h in occupied_by(s, me) if len(present(s, h)) > 1]
    _next_prey(s, me)


def _next_prey(s, me):
    while s.queue:
        h = s.queue[0]
        s.queue = s.queue[1:]
        prey = [seat for seat in present(s, h) if seat != me]
        if len(prey) == 1:
            eliminate(s, h, prey[0])
        elif prey:
            s.ctx = [h]
            D.ask(s, D.PREDATOR, me)
            return
    D.done(s)


def _legal_predator(s):
    h = s.ctx[0]
    return [(ELIMINATE, seat, h) for seat in present(s, h) if seat != s.pseat]


def _predator(s, action):
    eliminate(s, action[2], action[1])
    _next_prey(s, s.pseat)


# -- Symbiotic --------------------------------------------------------------------------------------------------------------------------------
def symbiotic(s, me):
    mine = display_size(s, me)
    seats = [me] + [seat for seat in _fc(s, range(s.num_players)) if seat != me and display_size(s, seat) < mine]
    for seat in seats:
        if display_size(s, seat) < 6:
            e = draw_random(s)
            if e >= 0:
                s.disp[seat * 6 + e] += 1


# -- Ice Age ------------------------------------------------------------------------------------------------------------------------------------
def ice_age(s, me):
    dominated = [0] * s.num_players
    for h in s.tiles:
        if s.terrain[h] >= 0:
            d = dominant(s, h)
            if d >= 0:
                dominated[d] += 1
    for seat in range(s.num_players):
        s.vp[seat] += bonus(s, dominated[seat])
    s.ice_age = True


EFFECTS = {
    C.AQUATIC: aquatic, C.BIODIVERSITY: biodiversity, C.BIOMASS: biomass, C.BLIGHT: blight,
    C.CATASTROPHE: catastrophe, C.COLD_SNAP: cold_snap, C.DISEASE: disease, C.ECODIVERSITY: ecodiversity,
    C.EVOLUTION: evolution, C.FECUNDITY: fecundity, C.FERTILE: fertile, C.HABITAT: habitat,
    C.HIBERNATION: hibernation, C.ICE_SHEET: ice_sheet, C.IMMIGRANTS: immigrants, C.INSTINCT: instinct,
    C.INTELLIGENCE: intelligence, C.MASS_EXODUS: mass_exodus, C.METAMORPHOSIS: metamorphosis,
    C.NICHE_BIOMES: niche_biomes, C.NOCTURNAL: nocturnal, C.OMNIVORE: omnivore, C.PARASITISM: parasitism,
    C.PREDATOR: predator, C.SYMBIOTIC: symbiotic, C.ICE_AGE: ice_age,
}


# each decision kind with its legal actions and its apply (decisions.register: a call,
# not a decorator, so that the compiled build may type the apply functions)
D.register(D.CARD, _legal_card, _card)
D.register(D.AQ_TILE, _legal_aq_tile, _aq_tile)
D.register(D.AQ_ELEM, _legal_bag_take, _aq_elem)
D.register(D.AQ_CORNER, _legal_aq_corner, _aq_corner)
D.register(D.AQ_COUNT, _legal_aq_count, _aq_count)
D.register(D.BIOMASS, _legal_present_hit, _biomass)
D.register(D.BLIGHT_TILE, _all_tiles, _blight_tile)
D.register(D.BLIGHT_KEEP, _legal_blight_keep, _blight_keep)
D.register(D.CAT_TILE, _all_tiles, _cat_tile)
D.register(D.CAT_SPARE, _legal_cat_spare, _cat_spare)
D.register(D.CAT_HIT, _legal_present_hit, _cat_hit)
D.register(D.DISEASE, _legal_lose, _disease)
D.register(D.EVOLVE, _legal_evolve, _evolve)
D.register(D.FECUND, _legal_fecund, _fecund)
D.register(D.FERTILE, _legal_fertile, _fertile)
D.register(D.HAB_ELEM, _legal_bag_take, _hab_elem)
D.register(D.HAB_CORNER, _legal_hab_corner, _hab_corner)
D.register(D.HIB_TILE, _legal_hib_tile, _hib_tile)
D.register(D.HIB_COUNT, _legal_hib_count, _hib_count)
D.register(D.ICE_SHEET, _legal_ice_sheet, _ice_sheet)
D.register(D.IMMIGRANTS, _legal_immigrants, _immigrants)
D.register(D.INSTINCT, _legal_instinct, _instinct)
D.register(D.EXODUS_TILE, _all_tiles, _exodus_tile)
D.register(D.EXODUS_SEND, _legal_exodus_send, _exodus_send)
D.register(D.META_LOSE, _legal_lose, _meta_lose)
D.register(D.META_TAKE, _legal_bag_take, _meta_take)
D.register(D.PREDATOR, _legal_predator, _predator)
