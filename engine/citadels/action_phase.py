"""The Action phase (seed "Действия и лимиты", "Атака"; rules ref. §C, §E, A13).

In role order each player has one Action turn in which, in any order (C7), he
may settle one creature, play one trait card, use the Shaman's gift or heal
(if he is the unblocked Shaman) and attack once with each predator; ``end``
finishes the turn.
"""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.citadels.board import CREATURES_PER_PLAYER
from engine.citadels.actions import (ATTACKS, END_TURN, HEALS, ON_CREATURE, SETTLES, Attack, Settle, ShamanHeal,
                                     V_ATTACK, V_END, V_GIFT, V_HEAL, V_SETTLE, V_TRAIT, kept, on_creature)
from engine.citadels.roles import SHAMAN
from engine.citadels.creatures import feed, give_trait, kill, settle
from engine.citadels.traits import CAMOUFLAGE, PREDATOR, TRAIT_BIT, TRAITS, can_take

MAX_PER_TILE = 2  # seed: "до двух существ разных игроков"


def begin_actions(s) -> None:
    s.turn = 0
    _new_turn(s)


def _new_turn(s) -> None:
    s.settled = False
    s.traited = False
    s.shaman_used = False


def step_actions(s) -> bool:
    if s.turn < len(s.order):
        s.current_player = s.order[s.turn]
        return True
    return False


# -- what is legal ------------------------------------------------------------
# (The creatures of a seat are the tokens first .. first + CREATURES_PER_PLAYER - 1, looped
# over as a plain range: s.creatures_of(seat) is a Python object in the compiled build.)
def settle_cells(s, seat: int) -> list:
    """C4: any tile with fewer than 2 creatures (MAX_PER_TILE) and none of the settler's own."""
    first = seat * CREATURES_PER_PLAYER
    closed = []  # tiles with a creature of the settler's, or with two creatures
    alone = []  # tiles with one creature, of another player
    for c in range(len(s.cr_pos)):
        pos = s.cr_pos[c]
        if pos is None:
            continue
        if first <= c < first + CREATURES_PER_PLAYER or pos in alone:
            closed.append(pos)
        else:
            alone.append(pos)
    return [cell for cell in s.board if cell not in closed]


def in_supply(s, seat: int) -> int:
    first = seat * CREATURES_PER_PLAYER
    return s.cr_pos[first:first + CREATURES_PER_PLAYER].count(None)


def attack_targets(s, c: int) -> list:
    """E1-E2: other players' creatures without Camouflage on orthogonally adjacent tiles."""
    seat = c // CREATURES_PER_PLAYER
    x, y = s.cr_pos[c]
    out = []
    for t, pos in enumerate(s.cr_pos):
        if pos is not None and t // CREATURES_PER_PLAYER != seat and not s.cr_traits[t] & TRAIT_BIT[CAMOUFLAGE]:
            tx, ty = pos
            if abs(tx - x) + abs(ty - y) == 1:  # a neighbour (tiles.neighbours)
                out.append(t)
    return out


def legal_actions_turn(s) -> list:
    seat = s.current_player
    first = seat * CREATURES_PER_PLAYER
    out = []
    append = out.append
    # (each action is the kept value of actions.kept: see there)
    if not s.settled and in_supply(s, seat):
        for cell in settle_cells(s, seat):
            a = SETTLES.get(cell)
            append(a if a is not None else kept(SETTLES, cell, Settle))
    own = [c for c in range(first, first + CREATURES_PER_PLAYER) if s.cr_pos[c] is not None]
    shaman = not s.shaman_used and s.has_active(seat, SHAMAN)  # A13
    on = []  # per own creature: its kept (PlayTrait, ShamanGift) by trait kind (actions.on_creature)
    if shaman or not s.traited:
        for c in own:
            found = ON_CREATURE.get(s.cr_pos[c])
            on.append(found if found is not None else on_creature(s.cr_pos[c]))
    if not s.traited:
        hand = s.hands[seat]
        for t in TRAITS:
            if hand[t]:
                for i in range(len(own)):
                    if can_take(s.cr_traits[own[i]], t):
                        append(on[i][0][t])
    if shaman:
        for t in TRAITS:
            for i in range(len(own)):
                if can_take(s.cr_traits[own[i]], t):
                    append(on[i][1][t])
        for c in own:
            if s.cr_wound[c]:
                pos = s.cr_pos[c]
                a = HEALS.get(pos)
                append(a if a is not None else kept(HEALS, pos, ShamanHeal))
    for c in own:
        if s.cr_traits[c] & TRAIT_BIT[PREDATOR] and not s.cr_attacked[c]:
            x, y = s.cr_pos[c]
            for t in attack_targets(s, c):
                tx, ty = s.cr_pos[t]
                key = (x, y, tx, ty, t // 4)
                a = ATTACKS.get(key)
                append(a if a is not None else kept(ATTACKS, key, Attack))
    append(END_TURN)
    return out


# -- applying -----------------------------------------------------------------
def attack(s, seat: int, action) -> None:
    """E3: one wound, a second kills; the predator gains 1 food either way (D6)."""
    c = s.own_creature_at(seat, (action.x, action.y))
    target = s.own_creature_at(action.victim, (action.tx, action.ty))
    if not s.cr_traits[c] & TRAIT_BIT[PREDATOR] or s.cr_attacked[c] or target not in attack_targets(s, c):
        raise IllegalActionError(f"citadels: cannot {action} now")
    s.cr_attacked[c] = 1
    if s.cr_wound[target]:
        kill(s, target)
    else:
        s.cr_wound[target] = 1
    feed(s, c)


def _check_settle(s, seat, cell) -> None:
    """As ``settle_cells``, for one cell: on the map, fewer than 2 creatures, none own (C4)."""
    first = seat * CREATURES_PER_PLAYER
    here = 0
    for c in range(len(s.cr_pos)):
        if s.cr_pos[c] == cell:
            here += MAX_PER_TILE if first <= c < first + CREATURES_PER_PLAYER else 1
    if s.settled or here >= MAX_PER_TILE or cell not in s.board:
        raise IllegalActionError(f"citadels: p{seat} cannot settle at {cell} now")


def apply_action_turn(s, action) -> None:
    seat = s.current_player
    verb = action.verb
    if verb == V_END:
        s.turn += 1
        _new_turn(s)
    elif verb == V_SETTLE:
        cell = (action.x, action.y)
        _check_settle(s, seat, cell)
        settle(s, seat, cell)
        s.settled = True
    elif verb == V_TRAIT:
        if s.traited or not s.hands[seat][action.trait]:
            raise IllegalActionError(f"citadels: cannot {action} now")
        give_trait(s, seat, action.trait, (action.x, action.y), from_card=True)
        s.hands[seat][action.trait] -= 1
        s.traited = True
    elif verb in (V_GIFT, V_HEAL):
        if s.shaman_used or not s.has_active(seat, SHAMAN):
            raise IllegalActionError(f"citadels: cannot {action} now")
        if verb == V_GIFT:
            give_trait(s, seat, action.trait, (action.x, action.y), from_card=False)
        else:
            c = s.own_creature_at(seat, (action.x, action.y))
            if not s.cr_wound[c]:
                raise IllegalActionError(f"citadels: the creature at {action.x},{action.y} is not wounded")
            s.cr_wound[c] = 0
        s.shaman_used = True
    elif verb == V_ATTACK:
        attack(s, seat, action)
    else:
        raise IllegalActionError(f"citadels: cannot {action} in the Action phase")
    s.log.append((seat, action))
