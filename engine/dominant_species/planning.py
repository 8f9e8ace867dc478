"""Planning (§7.2): in initiative order each seat with APs in supply places one
on a vacant eyeball space, round-robin until every supply is empty."""
from __future__ import annotations

from engine.dominant_species import decisions as D
from engine.dominant_species.decisions import NONE
from engine.dominant_species.decisions import PLACE as ASK_PLACE  # the decision (PLACE: the action's verb)
from engine.dominant_species.actions import PLACE
from engine.dominant_species.board import (FREE_SPACES, GLACIATION, INITIATIVE, NUM_SPACES, SECTION_SIZE,
                                           SECTION_START)

EXECUTION = 1
_GLAC = range(SECTION_START[GLACIATION], SECTION_START[GLACIATION] + SECTION_SIZE[GLACIATION])
_INIT = SECTION_START[INITIATIVE]
_ORDINARY = tuple(sp for sp in range(NUM_SPACES) if sp not in FREE_SPACES and sp not in _GLAC)
# the ordinary spaces before and after Glaciation's: the vacant ones joined in space order, no sort
_BEFORE_GLAC = tuple(sp for sp in _ORDINARY if sp < _GLAC[0])
_AFTER_GLAC = tuple(sp for sp in _ORDINARY if sp > _GLAC[-1])


def vacant_spaces(s, allow_initiative: bool = True) -> list:
    """Vacant eyeball spaces in space order (never a free space; Glaciation: only the
    leftmost vacant one under ``glaciation_place_leftmost``)."""
    ap = s.ap
    out = [sp for sp in _BEFORE_GLAC if ap[sp] == -1]
    if not allow_initiative and out and out[0] == _INIT:
        del out[0]
    glac = [sp for sp in _GLAC if ap[sp] == -1]
    if glac:
        if s.opt.glaciation_place_leftmost:
            glac = glac[:1]
        out += glac
    out += [sp for sp in _AFTER_GLAC if ap[sp] == -1]
    return out


def next_placement(s) -> None:
    """The next seat in initiative order with an AP in supply places it.  During a
    Planning phase ``s.ctx`` holds the PLACE actions of the vacant spaces (kept up
    to date by each placement; ``s.cursor == -1`` marks it valid)."""
    n = s.num_players
    supply = s.supply
    left = 0  # APs in supply, all seats (any(supply), without a call)
    for k in supply:
        left += k
    if left:
        if s.cursor != -1:
            s.ctx = [_PLACE[sp] for sp in vacant_spaces(s)]
            s.cursor = -1
        if s.ctx:
            order = s.order
            for k in range(n):
                pos = (s.plan_pos + k) % n
                seat = order[pos]
                if supply[seat]:
                    s.plan_pos = (pos + 1) % n
                    s.pk = ASK_PLACE
                    s.pseat = seat
                    return
    s.phase = EXECUTION
    s.cursor = 0


_PLACE = tuple((PLACE, sp) for sp in range(NUM_SPACES))
_GLAC_FIRST, _GLAC_LAST = _GLAC[0], _GLAC[-1]


def _legal_place(s):
    return s.ctx[:]


def _place(s, action):
    sp = action[1]
    s.ap[sp] = s.pseat
    s.supply[s.pseat] -= 1
    ctx = s.ctx  # the PLACE actions of the vacant spaces, one per space
    i = 0
    for same in ctx:  # the very value from the legal list (a copy of ctx) ...
        if same is action:
            break
        i += 1
    else:  # ... or an equal one: found by its space
        i = 0
        for a in ctx:
            space = a[1]
            if space == sp:
                break
            i += 1
    ctx.pop(i)  # (a C list pop in the compiled build; del is a generic item deletion there)
    if _GLAC_FIRST <= sp < _GLAC_LAST and s.opt.glaciation_place_leftmost and s.ap[sp + 1] == -1:
        ctx.insert(i, _PLACE[sp + 1])
    s.pk = NONE


# each decision kind with its legal actions and its apply (decisions.register: a call,
# not a decorator, so that the compiled build may type the apply functions)
D.register(D.PLACE, _legal_place, _place)
