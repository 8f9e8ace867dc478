"""The Feeding phase (seed "Питание"; rules ref. §D, A11-A12).

Order (D3): the King's and the Merchant's personal food is granted (A11, A10);
aquatic creatures on river tiles get 1 food automatically; players in role
order assign their personal food; then round-robin in role order each player
takes 1 food from the common pool for one of his creatures, until the pool is
empty or everyone has stopped; then the starvation check.
"""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.citadels.board import CREATURES_PER_PLAYER
from engine.citadels.creatures import feed, kill, wants_food
from engine.citadels.actions import FEEDS, STOP_FEEDING, Feed, V_FEED, V_STOP, kept
from engine.citadels.roles import KING, KING_FOOD_CAP, MERCHANT, MERCHANT_FOOD
from engine.citadels.scoring import controlled_tiles
from engine.citadels.tiles import BIOME, PLAINS, POOL_FOOD, RIVER
from engine.citadels.traits import AQUATIC, TRAIT_BIT


def common_pool(s) -> int:
    """D1: forest 1, river 2 per tile on the whole map (centre biome, B2)."""
    food = 0
    for kind, _ in s.board.values():
        food += POOL_FOOD[BIOME[kind]]
    return food


def king_food(s, seat: int) -> int:
    """A11: 1 per controlled plains tile (a city is a plains tile), at most 3."""
    plains = 0
    for cell in controlled_tiles(s, seat):
        if BIOME[s.board[cell][0]] == PLAINS:
            plains += 1
    return min(KING_FOOD_CAP, plains)


def begin_feeding(s) -> None:
    s.pool = common_pool(s)
    for seat in range(s.num_players):
        food = 0
        if s.has_active(seat, KING):
            food += king_food(s, seat)
        if s.has_active(seat, MERCHANT):
            food += MERCHANT_FOOD
        s.personal_food[seat] = food
    for c, pos in enumerate(s.cr_pos):  # seed: aquatic on a river gets 1 automatically
        if pos is not None and s.cr_traits[c] & TRAIT_BIT[AQUATIC] and BIOME[s.board[pos][0]] == RIVER:
            feed(s, c)
    s.turn = 0


def hungry(s, seat: int) -> list:
    """The seat's creatures that can still take food."""
    first = seat * CREATURES_PER_PLAYER  # (s.creatures_of(seat), as a plain range)
    return [c for c in range(first, first + CREATURES_PER_PLAYER) if s.cr_pos[c] is not None and wants_food(s, c)]


def legal_feeding(s) -> list:
    seat = s.current_player
    out = []
    for c in hungry(s, seat):
        pos = s.cr_pos[c]
        a = FEEDS.get(pos)
        out.append(a if a is not None else kept(FEEDS, pos, Feed))  # the kept value (actions.kept)
    out.append(STOP_FEEDING)
    return out


def _feed_at(s, seat: int, action) -> None:
    c = s.own_creature_at(seat, (action.x, action.y))
    if not wants_food(s, c):
        raise IllegalActionError(f"citadels: the creature at {action.x},{action.y} cannot take food")
    feed(s, c)


# -- personal food (A12) ------------------------------------------------------
def step_own_food(s) -> bool:
    while s.turn < len(s.order):
        seat = s.order[s.turn]
        if s.personal_food[seat] > 0 and hungry(s, seat):
            s.current_player = seat
            return True
        s.personal_food[seat] = 0  # A12: unused personal food is lost
        s.turn += 1
    return False


def apply_own_food(s, action) -> None:
    seat = s.current_player
    if action.verb == V_FEED:
        _feed_at(s, seat, action)
        s.personal_food[seat] -= 1
    elif action.verb == V_STOP:
        s.personal_food[seat] = 0
        s.turn += 1
    else:
        raise IllegalActionError(f"citadels: cannot {action} while feeding")
    s.log.append((seat, action))


# -- the common pool, round-robin (D2-D3) -------------------------------------
def begin_pool(s) -> None:
    s.turn = 0
    s.eating = [True] * s.num_players


def step_pool(s) -> bool:
    n = len(s.order)
    if s.pool <= 0:
        return False
    for _ in range(n):
        seat = s.order[s.turn % n]
        if s.eating[seat] and hungry(s, seat):
            s.current_player = seat
            return True
        s.eating[seat] = False
        s.turn += 1
    return False


def apply_pool(s, action) -> None:
    seat = s.current_player
    if action.verb == V_FEED:
        _feed_at(s, seat, action)
        s.pool -= 1
    elif action.verb == V_STOP:
        s.eating[seat] = False
    else:
        raise IllegalActionError(f"citadels: cannot {action} while feeding")
    s.turn += 1
    s.log.append((seat, action))


# -- starvation (D4-D5) ---------------------------------------------------------
def starvation(s) -> None:
    """A creature short of food dies; a stored fat food covers one missing food."""
    for c, pos in enumerate(s.cr_pos):
        if pos is None:
            continue
        short = 1 + s.cr_wound[c] - s.cr_food[c]
        if short == 1 and s.cr_fat[c]:
            s.cr_fat[c] = 0
        elif short > 0:
            kill(s, c)
            s.log.append((c // 4, f"creature at {pos[0]},{pos[1]} starves"))
        s.cr_food[c] = 0
    s.pool = 0
