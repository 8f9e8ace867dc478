"""Execution (§7.3): the twelve actions, in display order, each AP left to right.

Every action is voluntary: its first decision offers ``pass``; an action with no
legal choice has no effect and asks nothing.  The AP goes back to its owner's
supply when its space comes up (free APs just leave the board), except the
Initiative AP, which is re-placed (§6.7)."""
from __future__ import annotations

# the decision kinds by name (C copies in the compiled build); DOMINATE and GLACIATE are
# the actions' verbs here, the decisions' are ASK_DOMINATE and ASK_GLACIATE
from engine.dominant_species.decisions import (ABUND_CORNER, ABUND_ELEM, ADAPT, CARD, COMPETE, DEPLETE, INIT, MIGRATE,
                                               REGRESS, REPLACE, SPEC_CORNER, SPEC_COUNT, SPEC_FREE, WASTE, WL_CORNER,
                                               WL_ELEM, WL_HEX, WL_MOVE, WL_STACK, ask, done, register)
from engine.dominant_species.decisions import DOMINATE as ASK_DOMINATE
from engine.dominant_species.decisions import GLACIATE as ASK_GLACIATE
from engine.dominant_species.actions import (ADD, DOMINATE, ELIMINATE, GLACIATE, INITIATIVE, KEEP, LAY, MOVE,
                                             PASS, PLACE, PUT, REMOVE, SPECIATE, SPECIATE_AT, STACK, TAKE)
from engine.dominant_species.board import (ABUNDANCE, ADAPTATION, BIRDS, BOX_ABUNDANCE, BOX_ADAPTATION,
                                           BOX_DEPLETION, BOX_REGRESSION, BOX_WANDERLUST, BOX_WASTELAND,
                                           COMPETITION, COMPETITION_TERRAINS, CORNER_HEXES, DEPLETION,
                                           DOMINATION, FREE_SPACES, GLACIATION, MAX_DISPLAY, MIGRATION,
                                           MIGRATION_LIMIT, NEIGHBOURS, NUM_CORNERS, NUM_HEXES, PRINTED, REGRESSION,
                                           SECTION_SIZE, SECTION_START, SPACE_INDEX, SPACE_SECTION,
                                           SPECIATION, SPECIATION_FREE, STEP_REGRESSION, STEP_WASTELAND_SWEEP,
                                           TUNDRA, TWO_STEPS, WANDERLUST, WASTELAND)
from engine.dominant_species.earth import (adjacent_tiles, bonus, dominant, eliminate, glaciate, lay_tile,
                                           glaciation_targets, has_vacant_corner, move_cube, remove_disc, return_disc,
                                           speciation_limit, vacant_corners, vacant_corners_of)
from engine.dominant_species.planning import vacant_spaces
from engine.dominant_species.scoring import score_tile

_PASS = (PASS,)
# actions made once and handed out by the legal lists
_TAKE = tuple((TAKE, e) for e in range(6))
_PUT = tuple((PUT, c) for c in range(NUM_CORNERS))
_REMOVE = tuple((REMOVE, c) for c in range(NUM_CORNERS))
_LAY = tuple((LAY, h) for h in range(NUM_HEXES))


def run_step(s, step: int) -> None:
    if step == STEP_REGRESSION:
        regression(s)
        return
    if step == STEP_WASTELAND_SWEEP:
        wasteland_sweep(s)
        return
    owner = s.ap[step]
    if owner < 0:
        return
    sec = SPACE_SECTION[step]
    s.ap[step] = -1
    if sec == 0:  # Initiative: the AP stays in hand until declined or re-placed
        if s.opt.initiative_optional:
            ask(s, INIT, owner)
        else:
            _advance_initiative(s, owner)
        return
    if step not in FREE_SPACES:
        s.supply[owner] += 1
    start_section(s, sec, owner, SPACE_INDEX[step])


def start_section(s, sec: int, owner: int, i: int) -> None:
    """The AP of ``owner`` on space ``i`` of section ``sec`` (not Initiative, not Regression)
    comes up: its action begins.  (An if-chain rather than a table of functions, so that the
    compiled build calls each in C.)"""
    if sec == ADAPTATION:
        start_adaptation(s, owner, i)
    elif sec == ABUNDANCE:
        start_abundance(s, owner, i)
    elif sec == WASTELAND:
        start_wasteland(s, owner, i)
    elif sec == DEPLETION:
        start_depletion(s, owner, i)
    elif sec == GLACIATION:
        start_glaciation(s, owner, i)
    elif sec == SPECIATION:
        start_speciation(s, owner, i)
    elif sec == WANDERLUST:
        start_wanderlust(s, owner, i)
    elif sec == MIGRATION:
        start_migration(s, owner, i)
    elif sec == COMPETITION:
        start_competition(s, owner, i)
    elif sec == DOMINATION:
        start_domination(s, owner, i)
    else:
        raise KeyError(sec)


def box(s, b: int) -> list:
    base = b * 6
    return [e for e in range(6) if s.box[base + e]]


# -- 1 Initiative ---------------------------------------------------------------
def _legal_init(s):
    return [(INITIATIVE,), _PASS]


def _init(s, action):
    if action[0] == PASS:
        s.supply[s.pseat] += 1
        done(s)
    else:
        _advance_initiative(s, s.pseat)


def _advance_initiative(s, seat):
    i = s.order.index(seat)
    if i:
        s.order[i - 1], s.order[i] = s.order[i], s.order[i - 1]
    spaces = vacant_spaces(s, allow_initiative=False)
    if spaces:
        s.ctx = spaces
        ask(s, REPLACE, seat)
    else:
        s.supply[seat] += 1
        done(s)


def _legal_replace(s):
    return [(PLACE, sp) for sp in s.ctx]


def _replace(s, action):
    s.ap[action[1]] = s.pseat
    done(s)


# -- 2 Adaptation -------------------------------------------------------------------
def start_adaptation(s, owner, _i):
    if box(s, BOX_ADAPTATION) and sum(s.disp[owner * 6:owner * 6 + 6]) < MAX_DISPLAY:
        ask(s, ADAPT, owner)


def _legal_adapt(s):
    return [_TAKE[e] for e in box(s, BOX_ADAPTATION)] + [_PASS]


def _adapt(s, action):
    if action[0] == TAKE:
        e = action[1]
        s.box[BOX_ADAPTATION * 6 + e] -= 1
        s.disp[s.pseat * 6 + e] += 1
    done(s)


# -- 3 Regression (section-wide) -------------------------------------------------------
def regression(s) -> None:
    n = s.num_players
    counts = [0] * n
    start = SECTION_START[REGRESSION]
    for sp in range(start, start + SECTION_SIZE[REGRESSION]):
        seat = s.ap[sp]
        if seat >= 0:
            counts[seat] += 1
            s.ap[sp] = -1
            if sp not in FREE_SPACES:
                s.supply[seat] += 1
    types = box(s, BOX_REGRESSION)
    if not types:
        return
    queue = []
    for seat in sorted(range(n), key=s.animal.__getitem__):
        removable = _removable(s, seat, types)
        if len(removable) <= counts[seat]:
            continue
        if counts[seat] == 0:
            for e in removable:
                _lose_added(s, seat, e)
        else:
            queue.append(seat)
            queue.append(counts[seat])
    s.queue = queue
    _next_regression(s)


def _removable(s, seat, types):
    printed = PRINTED[s.animal[seat]]
    return [e for e in types if s.disp[seat * 6 + e] > printed[e]]


def _lose_added(s, seat, e):
    s.disp[seat * 6 + e] -= 1
    return_disc(s, e)


def _next_regression(s):
    if not s.queue:
        done(s)
        return
    seat, keeps = s.queue[0], s.queue[1]
    s.queue = s.queue[2:]
    s.ctx = [keeps] + _removable(s, seat, box(s, BOX_REGRESSION))
    ask(s, REGRESS, seat)


def _legal_regress(s):
    return [(KEEP, e) for e in s.ctx[1:]]


def _regress(s, action):
    ctx = s.ctx
    del ctx[ctx.index(action[1], 1)]
    ctx[0] -= 1
    if ctx[0] == 0:
        for e in ctx[1:]:
            _lose_added(s, s.pseat, e)
        _next_regression(s)


# -- 4 Abundance ---------------------------------------------------------------------------
def start_abundance(s, owner, _i):
    if box(s, BOX_ABUNDANCE) and has_vacant_corner(s):
        ask(s, ABUND_ELEM, owner)


def _legal_abund_elem(s):
    return [_TAKE[e] for e in box(s, BOX_ABUNDANCE)] + [_PASS]


def _abund_elem(s, action):
    if action[0] == PASS:
        done(s)
        return
    s.ctx = [action[1]]
    ask(s, ABUND_CORNER, s.pseat)


def _legal_abund_corner(s):
    return [_PUT[c] for c in vacant_corners(s)]


def _abund_corner(s, action):
    e = s.ctx[0]
    s.box[BOX_ABUNDANCE * 6 + e] -= 1
    s.elem[action[1]] = e
    done(s)


# -- 5 Wasteland -------------------------------------------------------------------------------
def start_wasteland(s, owner, _i):
    if box(s, BOX_WASTELAND):
        ask(s, WASTE, owner)


def _legal_waste(s):
    return [_TAKE[e] for e in box(s, BOX_WASTELAND)] + [_PASS]


def _waste(s, action):
    if action[0] == TAKE:
        s.box[BOX_WASTELAND * 6 + action[1]] -= 1
        s.bag[action[1]] += 1
    done(s)


def wasteland_sweep(s) -> None:
    """After the section: discs of a type still in the Wasteland box leave every
    corner touching a tundra tile."""
    types = box(s, BOX_WASTELAND)
    if not types:
        return
    swept = 0  # the types, as a bit mask
    for e in types:
        swept |= 1 << e
    elem, terrain, tundra = s.elem, s.terrain, s.tundra
    for c in s.live:
        e = elem[c]
        if e >= 0 and swept >> e & 1:
            for h in CORNER_HEXES[c]:
                if terrain[h] >= 0 and tundra[h]:
                    remove_disc(s, c)
                    break


# -- 6 Depletion ---------------------------------------------------------------------------------
def _depletable(s, first: bool = False) -> list:
    """The corners whose element lies in the Depletion box (with ``first``, at most the first:
    whether there is one)."""
    types = box(s, BOX_DEPLETION)
    out = []
    if types:
        elem = s.elem
        for c in s.live:
            e = elem[c]
            if e >= 0 and e in types:
                out.append(c)
                if first:
                    return out
    return out


def start_depletion(s, owner, _i):
    if _depletable(s, True):
        ask(s, DEPLETE, owner)


def _legal_deplete(s):
    return [_REMOVE[c] for c in _depletable(s)] + [_PASS]


def _deplete(s, action):
    if action[0] == REMOVE:
        remove_disc(s, action[1], always_to_bag=True)
    done(s)


# -- 7 Glaciation ----------------------------------------------------------------------------------
def start_glaciation(s, owner, _i):
    if glaciation_targets(s, True):
        ask(s, ASK_GLACIATE, owner)


def _legal_glaciate(s):
    return [(GLACIATE, h) for h in glaciation_targets(s)] + [_PASS]


def _glaciate(s, action):
    if action[0] == GLACIATE:
        glaciate(s, action[1], s.pseat)
    done(s)


# -- 8 Speciation ----------------------------------------------------------------------------------
def start_speciation(s, owner, i):
    if not s.gene[owner]:
        return
    if SECTION_START[SPECIATION] + i == SPECIATION_FREE:
        ask(s, SPEC_FREE, owner)
        return
    elem = s.elem
    corners = [c for c in s.live if elem[c] == i]
    if corners:
        s.ctx = corners
        ask(s, SPEC_CORNER, owner)


def _legal_spec_corner(s):
    return [(SPECIATE_AT, c) for c in s.ctx] + [_PASS]


def _spec_corner(s, action):
    if action[0] == PASS:
        done(s)
        return
    terrain = s.terrain
    s.ctx = [h for h in CORNER_HEXES[action[1]] if terrain[h] >= 0]
    ask(s, SPEC_COUNT, s.pseat)


def _legal_spec_count(s):
    h = s.ctx[0]
    most = min(speciation_limit(s, h), s.gene[s.pseat])
    return [(ADD, k, h) for k in range(most + 1)]


def add_species_step(s, action):
    """One tile of a Speciation (also Aquatic's and Hibernation's counts use ADD)."""
    k, h = action[1], action[2]
    seat = s.pseat
    s.sp[h * s.num_players + seat] += k
    s.gene[seat] -= k
    s.ctx = s.ctx[1:]
    if not s.ctx or not s.gene[seat]:
        done(s)


def _legal_spec_free(s):
    terrain = s.terrain
    return [(SPECIATE, h) for h in s.tiles if terrain[h] >= 0] + [_PASS]


def _spec_free(s, action):
    if action[0] == SPECIATE:
        s.sp[action[1] * s.num_players + s.pseat] += 1
        s.gene[s.pseat] -= 1
    done(s)


# -- 9 Wanderlust ------------------------------------------------------------------------------------
def blank_spots(s, first: bool = False) -> list:
    """The blank hexes next to a tile (with ``first``, at most the first: whether there is one)."""
    terrain = s.terrain
    out = []
    for h in range(NUM_HEXES):
        if terrain[h] < 0:
            for x in NEIGHBOURS[h]:
                if terrain[x] >= 0:
                    out.append(h)
                    if first:
                        return out
                    break
    return out


def start_wanderlust(s, owner, _i):
    wl_up = s.wl_up
    if (wl_up[0] >= 0 or wl_up[1] >= 0 or wl_up[2] >= 0) and blank_spots(s, True):
        ask(s, WL_STACK, owner)


def _legal_wl_stack(s):
    return [(STACK, i) for i in range(3) if s.wl_up[i] >= 0] + [_PASS]


def _wl_stack(s, action):
    if action[0] == PASS:
        done(s)
        return
    s.ctx = [s.wl_up[action[1]]]
    s.wl_up[action[1]] = -1
    ask(s, WL_HEX, s.pseat)


def _legal_wl_hex(s):
    return [_LAY[h] for h in blank_spots(s)]


def _wl_hex(s, action):
    h = action[1]
    lay_tile(s, h, s.ctx[0])
    s.ctx = [h]
    s.vp[s.pseat] += bonus(s, len(adjacent_tiles(s, h)))
    if box(s, BOX_WANDERLUST) and vacant_corners_of(s, h):
        ask(s, WL_ELEM, s.pseat)
    else:
        _wanderlust_moves(s)


def _legal_wl_elem(s):
    return [_TAKE[e] for e in box(s, BOX_WANDERLUST)] + [_PASS]


def _wl_elem(s, action):
    if action[0] == PASS:
        _wanderlust_moves(s)
        return
    s.ctx = [s.ctx[0], action[1]]
    ask(s, WL_CORNER, s.pseat)


def _legal_wl_corner(s):
    return [_PUT[c] for c in vacant_corners_of(s, s.ctx[0])]


def _wl_corner(s, action):
    e = s.ctx[1]
    s.box[BOX_WANDERLUST * 6 + e] -= 1
    s.elem[action[1]] = e
    s.ctx = [s.ctx[0]]
    _wanderlust_moves(s)


def _wanderlust_moves(s):
    """(d): in food-chain order each animal may move species from adjacent tiles onto it."""
    s.queue = sorted(range(s.num_players), key=s.animal.__getitem__)
    _next_mover(s)


def _mover_sources(s, seat):
    n = s.num_players
    sp = s.sp
    return [x for x in NEIGHBOURS[s.ctx[0]] if sp[x * n + seat]]


def _next_mover(s):
    while s.queue:
        seat = s.queue[0]
        s.queue = s.queue[1:]
        if _mover_sources(s, seat):
            ask(s, WL_MOVE, seat)
            return
    done(s)


def _legal_wl_move(s):
    h = s.ctx[0]
    return [(MOVE, x, h) for x in _mover_sources(s, s.pseat)] + [_PASS]


def _wl_move(s, action):
    if action[0] == PASS:
        _next_mover(s)
        return
    move_cube(s, action[1], action[2], s.pseat)
    if not _mover_sources(s, s.pseat):
        _next_mover(s)


# -- 10 Migration ---------------------------------------------------------------------------------------
def start_migration(s, owner, i):
    n = s.num_players
    sp = s.sp
    ctx = [MIGRATION_LIMIT[i]] + [0] * NUM_HEXES
    for h in s.tiles:
        ctx[h + 1] = sp[h * n + owner]
    s.ctx = ctx
    moves = _migration_moves(s, owner)
    if moves:
        moves.append(_PASS)
        s._legal = moves
        ask(s, MIGRATE, owner)


def _migration_moves(s, seat):
    """Moves of one cube that was on its tile when the action began (§7.3.10)."""
    ctx, terrain = s.ctx, s.terrain
    birds = s.animal[seat] == BIRDS
    out = []
    for h in s.tiles:
        if ctx[h + 1]:
            moves = _MOVE[h]
            if birds:  # one or two steps, each destination once, in hex order
                dests = 0  # a bit per hex
                for x in NEIGHBOURS[h]:
                    if terrain[x] >= 0:
                        dests |= _ONE << x
                for mid, x in TWO_STEPS[h]:
                    if terrain[mid] >= 0 and terrain[x] >= 0:
                        dests |= _ONE << x
                x = 0
                while dests:
                    if dests & 1:
                        out.append(moves[x])
                    dests >>= 1
                    x += 1
            else:
                for x in NEIGHBOURS[h]:
                    if terrain[x] >= 0:
                        out.append(moves[x])
    return out


_ONE = 1  # (a C long in the compiled build: hex bits above 31 need a 64-bit shift)
_MOVE = tuple(tuple((MOVE, h, x) for x in range(NUM_HEXES)) for h in range(NUM_HEXES))  # [src][dst]


def _legal_migrate(s):
    return _migration_moves(s, s.pseat) + [_PASS]


def _migrate(s, action):
    if action[0] == PASS:
        done(s)
        return
    h = action[1]
    move_cube(s, h, action[2], s.pseat)
    s.ctx[0] -= 1
    s.ctx[h + 1] -= 1
    if s.ctx[0]:
        moves = _migration_moves(s, s.pseat)
        if moves:
            moves.append(_PASS)
            s._legal = moves
            return
    done(s)


# -- 11 Competition ------------------------------------------------------------------------------------------
def start_competition(s, owner, i):
    # ctx: [space index, types used (bit mask), tiles chosen]
    s.ctx = [i, 0, 0]
    if _competition_targets(s, owner, True):
        ask(s, COMPETE, owner)


def _type_keys(s, h):
    """The terrain types a tile counts as for Competition (§6.5)."""
    if s.tundra[h]:
        return (TUNDRA,) if s.opt.tundra_hides_terrain else (s.terrain[h], TUNDRA)
    return (s.terrain[h],)


def _competition_key(s, h):
    """The qualifying type the tile would use (-1: none left)."""
    i, used = s.ctx[0], s.ctx[1]
    allowed = COMPETITION_TERRAINS[i]
    for t in _type_keys(s, h):
        if (t == TUNDRA or t in allowed) and not used >> t & 1:
            return t
    return -1


def _competition_targets(s, seat, first: bool = False):
    """The ELIMINATE actions of ``seat`` (with ``first``, at most the first: whether there is one)."""
    i = s.ctx[0]
    if i == 0 and not s.opt.arachnid_competition_any_type and s.ctx[2]:
        return []
    n = s.num_players
    sp = s.sp
    out = []
    for h in s.tiles:
        if sp[h * n + seat] and _competition_key(s, h) >= 0:
            for other in range(n):
                if other != seat and sp[h * n + other]:
                    out.append((ELIMINATE, other, h))
                    if first:
                        return out
    return out


def _legal_compete(s):
    return _competition_targets(s, s.pseat) + [_PASS]


def _compete(s, action):
    if action[0] == PASS:
        done(s)
        return
    victim, h = action[1], action[2]
    s.ctx[1] |= 1 << _competition_key(s, h)
    s.ctx[2] += 1
    eliminate(s, h, victim)
    if not _competition_targets(s, s.pseat, True):
        done(s)


# -- 12 Domination ------------------------------------------------------------------------------------------
_DOMINATE = tuple((DOMINATE, h) for h in range(NUM_HEXES))


def start_domination(s, owner, _i):
    legal = _legal_dominate(s)
    if len(legal) > 1:
        s._legal = legal
        ask(s, ASK_DOMINATE, owner)


def _unscored(s):
    terrain, scored = s.terrain, s.scored
    return [h for h in s.tiles if terrain[h] >= 0 and not scored >> h & 1]


def _legal_dominate(s):
    scored = s.scored
    legal = [_DOMINATE[h] for h in s.tiles if not scored >> h & 1]
    legal.append(_PASS)
    return legal


def _dominate(s, action):
    if action[0] == PASS:
        done(s)
        return
    h = action[1]
    s.scored |= 1 << h
    s.last_scored = h
    for seat, points in score_tile(s, h):
        s.vp[seat] += points
    winner = dominant(s, h)
    if winner >= 0 and s.faceup:
        ask(s, CARD, winner)
    else:
        done(s)



# each decision kind with its legal actions and its apply (register: a call,
# not a decorator, so that the compiled build may type the apply functions)
register(INIT, _legal_init, _init)
register(REPLACE, _legal_replace, _replace)
register(ADAPT, _legal_adapt, _adapt)
register(REGRESS, _legal_regress, _regress)
register(ABUND_ELEM, _legal_abund_elem, _abund_elem)
register(ABUND_CORNER, _legal_abund_corner, _abund_corner)
register(WASTE, _legal_waste, _waste)
register(DEPLETE, _legal_deplete, _deplete)
register(ASK_GLACIATE, _legal_glaciate, _glaciate)
register(SPEC_CORNER, _legal_spec_corner, _spec_corner)
register(SPEC_COUNT, _legal_spec_count, add_species_step)
register(SPEC_FREE, _legal_spec_free, _spec_free)
register(WL_STACK, _legal_wl_stack, _wl_stack)
register(WL_HEX, _legal_wl_hex, _wl_hex)
register(WL_ELEM, _legal_wl_elem, _wl_elem)
register(WL_CORNER, _legal_wl_corner, _wl_corner)
register(WL_MOVE, _legal_wl_move, _wl_move)
register(MIGRATE, _legal_migrate, _migrate)
register(COMPETE, _legal_compete, _compete)
register(ASK_DOMINATE, _legal_dominate, _dominate)
