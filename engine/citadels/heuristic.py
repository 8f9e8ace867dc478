"""What search players may know about a *Citadels of Evolution* position beyond
its score: a value per seat for a cut-off rollout (``GameSpec.heuristic``) and a
cheap move ordering for informed rollouts (``move_priorities``).

Both read the full State: a search player calls them on its own sampled
determinization, never on the true state.

**Value** (``heuristic``).  Points are scored at the end of every round (F1) from
what is on the map then: survivors, creatures with two or more traits, controlled
tiles and cities, the Merchant (``scoring.round_points``).  So a seat's position is
worth its points so far plus the points its present creatures and control would
score at the end of this round (``round_points`` now) and, discounted by
``KEEP`` each, at the end of every round still to come: creatures die and control
changes hands, but what a seat holds now is the best guess of what it holds later.
Per-seat numbers become values in [0, 1] by the smooth margin
(``engine.values.margin_values``).
"""
from __future__ import annotations

from engine.values import margin_values

from engine.citadels.actions import V_ATTACK, V_DISCARD, V_END, V_FEED, V_GIFT, V_HEAL, V_LAY, V_ROLE, V_SETTLE, V_STOP, V_TRAIT
from engine.citadels.roles import ARCHITECT, KING, MAGE, MERCHANT, SHAMAN
from engine.citadels.scoring import round_points
from engine.citadels.board import OVER
from engine.citadels.tiles import IS_CITY
from engine.citadels.traits import TRAIT_COUNT

KEEP = 0.7  # weight of the points of each later round against this round's


def seat_values(state) -> list:
    """The raw per-seat values the heuristic compares (see the module docstring)."""
    later = state.options.rounds - state.round  # rounds after this one
    weight = 1.0 + KEEP * later if state.phase != OVER else 0.0
    return [state.score[seat] + weight * round_points(state, seat) for seat in range(state.num_players)]


def heuristic(state) -> list:
    """Per-seat values in [0, 1] of a position that is not over."""
    return margin_values(seat_values(state))


_ROLE_VALUE = {MERCHANT: 3.0, SHAMAN: 2.5, KING: 2.0, MAGE: 1.5, ARCHITECT: 1.5}
_NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def _own_at(state, seat: int, x: int, y: int) -> int:
    cell = (x, y)
    pos = state.cr_pos
    for c in range(seat * 4, seat * 4 + 4):
        if pos[c] == cell:
            return c
    return -1


def move_priority(state, a) -> float:
    """How good ``a`` looks for the seat to move, by a careful beginner's rules of
    thumb: heal, attack (a wounded target first), add a second trait, settle on an
    empty tile (a city first), feed the hungry, take the Merchant.  Higher is
    better; only the order matters."""
    v = a.verb
    seat = state.current_player
    if v == V_FEED:
        c = _own_at(state, seat, a.x, a.y)
        short = 1 + state.cr_wound[c] - state.cr_food[c]
        return 3.0 + short if short > 0 else 0.5
    if v == V_STOP:
        return 0.0
    if v == V_END:
        return 0.8
    if v == V_SETTLE:
        cell = (a.x, a.y)
        if cell in state.cr_pos:
            return 0.3
        return 2.5 if IS_CITY[state.board[cell][0]] else 1.5
    if v == V_TRAIT or v == V_GIFT:
        c = _own_at(state, seat, a.x, a.y)
        count = TRAIT_COUNT[state.cr_traits[c]]
        return 2.0 if count == 1 else (1.0 if count == 0 else 0.2)
    if v == V_ATTACK:
        for c in range(a.victim * 4, a.victim * 4 + 4):
            if state.cr_pos[c] == (a.tx, a.ty):
                return 4.0 if state.cr_wound[c] else 3.0
        return 3.0
    if v == V_HEAL:
        return 5.0
    if v == V_ROLE:
        return _ROLE_VALUE.get(a.role, 0.0)
    if v == V_LAY:
        board = state.board
        return sum(1 for dx, dy in _NEIGHBOURS if (a.x + dx, a.y + dy) in board)
    if v == V_DISCARD:
        return state.hands[seat][a.trait]
    return 0.0


def move_priorities(state, legal: list) -> list:
    """:func:`move_priority` of each of ``legal`` (the informed rollouts' ordering)."""
    return [move_priority(state, a) for a in legal]
