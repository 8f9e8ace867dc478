"""Planning (§7.2): in initiative order each seat with APs in supply places one
on a vacant eyeball space, round-robin until every supply is empty."""
from __future__ import annotations

from engine.dominant_species import decisions as D
from engine.dominant_species.actions import PLACE
from engine.dominant_species.board import (FREE_SPACES, GLACIATION, INITIATIVE, NUM_SPACES, SECTION_SIZE,
                                           SECTION_START)

EXECUTION = 1
_GLAC = range(SECTION_START[GLACIATION], SECTION_START[GLACIATION] + SECTION_SIZE[GLACIATION])
_INIT = SECTION_START[INITIATIVE]
_ORDINARY = tuple(sp for sp in range(NUM_SPACES) if sp not in FREE_SPACES and sp not in _GLAC)


def vacant_spaces(s, allow_initiative: bool = True) -> list:
    """Vacant eyeball spaces (never a free space; Glaciation: only the leftmost
    vacant one under ``glaciation_place_leftmost``)."""
    ap = s.ap
    out = [sp for sp in _ORDINARY if ap[sp] == -1]
    if not allow_initiative and out and out[0] == _INIT:
        del out[0]
    glac = [sp for sp in _GLAC if ap[sp] == -1]
    if glac:
        if s.opt.glaciation_place_leftmost:
            glac = glac[:1]
        out.extend(glac)
        out.sort()
    return out


def next_placement(s) -> None:
    n = s.num_players
    if any(s.supply):
        spaces = None
        for k in range(n):
            pos = (s.plan_pos + k) % n
            seat = s.order[pos]
            if s.supply[seat]:
                spaces = vacant_spaces(s)
                if spaces:
                    s.plan_pos = (pos + 1) % n
                    s.ctx = spaces
                    D.ask(s, D.PLACE, seat)
                    return
                break
    s.phase = EXECUTION
    s.cursor = 0


_PLACE = tuple((PLACE, sp) for sp in range(NUM_SPACES))


def _legal_place(s):
    return [_PLACE[sp] for sp in s.ctx]


@D.rule(D.PLACE, _legal_place)
def _place(s, action):
    s.ap[action[1]] = s.pseat
    s.supply[s.pseat] -= 1
    D.done(s)
