"""The Map phase (seed "Фазы раунда" 2, "Карта"; rules ref. §B, A8).

In role order each player draws a tile and lays it touching the map with
matching edges; the Architect lays two unless the Mage blocks him (A8).  The
stack is an unordered multiset (drawn at random) followed by the ordered pile
of tiles put to the bottom: a tile that fits nowhere is shown, put to the bottom
and another is drawn; after 3 such tiles the player skips that laying (B4).
A drawn tile is seen only by its drawer until laid (B5).
"""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.citadels.actions import LAYS, V_LAY, lays_at
from engine.citadels.roles import ARCHITECT
from engine.citadels.tiles import NUM_KINDS, REDRAWS, can_place, cell_index, fitting_rotations, lay, tile_text


def begin_map(s) -> None:
    s.turn = 0
    s.lays_left = -1
    s.drawn = -1


def lays_for(s, seat: int) -> int:
    return 2 if s.has_active(seat, ARCHITECT) else 1


def take_from_stack(s) -> int:
    """Top of the stack: a random tile of the shuffled part, else the bottom pile."""
    total = sum(s.stack)
    if total:
        r = s.rng.below(total)
        for kind, n in enumerate(s.stack):
            if r < n:
                s.stack[kind] -= 1
                return kind
            r -= n
    if s.bottom:
        return s.bottom.pop(0)
    return -1


_MISFIT_TEXTS = tuple(f"cannot lay {tile_text(kind)}, to the bottom" for kind in range(NUM_KINDS))


def draw_tile(s, seat: int) -> bool:
    """B4: draw until a tile fits (at most 3 misfits); False when skipping."""
    for _ in range(REDRAWS):
        kind = take_from_stack(s)
        if kind < 0:
            return False  # empty stack: no laying
        if can_place(s.frontier, kind):
            s.drawn = kind
            return True
        s.bottom.append(kind)
        s.log.append((seat, _MISFIT_TEXTS[kind]))
    s.log.append((seat, "skips laying"))
    return False


def step_map(s) -> bool:
    while s.turn < len(s.order):
        seat = s.order[s.turn]
        if s.drawn >= 0:
            s.current_player = seat
            return True
        if s.lays_left < 0:
            s.lays_left = lays_for(s, seat)
        if s.lays_left > 0:
            s.lays_left -= 1
            if draw_tile(s, seat):
                s.current_player = seat
                return True
            continue
        s.turn += 1
        s.lays_left = -1
    return False


def legal_map(s) -> list:
    """Every legal lay of the drawn tile (B3), in a fixed order (cells sorted, then
    rotations) so that every determinization lists them alike."""
    out = []
    frontier = s.frontier
    for at in sorted(frontier):  # cell indices sort as their (x, y) do
        rotations = fitting_rotations(s.drawn, frontier[at])
        if rotations:
            lays = LAYS.get(at)
            if lays is None:
                lays = lays_at(at)
            for r in rotations:
                out.append(lays[r])  # the kept value (actions.lays_at)
    return out


# A lay's text in the log is the action's and the tile's, e.g. "lay 1,0 r1 river[PRPR]": both
# made once (the action's per frontier cell, by rotation) rather than formatted at every lay.
_LAY_NAMES: dict = {}  # cell index -> the text of its four Lay, by rotation
_TILE_TEXTS = tuple(tuple(tile_text(kind, r) for r in range(4)) for kind in range(NUM_KINDS))


def apply_map(s, action) -> None:
    if action.verb != V_LAY:
        raise IllegalActionError(f"citadels: cannot {action} now")
    at = cell_index(action.x, action.y)
    need = s.frontier.get(at)
    if need is None or action.rotation not in fitting_rotations(s.drawn, need):
        raise IllegalActionError(f"citadels: {tile_text(s.drawn)} does not fit as {action}")
    lay(s.board, s.frontier, (action.x, action.y), s.drawn, action.rotation)
    s.board_items = None
    names = _LAY_NAMES.get(at)
    if names is None:
        names = _LAY_NAMES[at] = tuple([str(a) for a in lays_at(at)])
    s.log.append((s.current_player, names[action.rotation] + " " + _TILE_TEXTS[s.drawn][action.rotation]))
    s.drawn = -1
