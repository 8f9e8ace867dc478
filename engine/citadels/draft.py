"""Round start and the role draft (seed "Фазы раунда" 1 "Роли"; rules ref. §A, C2).

Round start: every player draws 2 trait cards, then discards down to 4 (C2);
discards are face up.  Then one random role is removed face down (A2) and the
players pick in turn from the crown holder clockwise (A4), each seeing only the
roles still free.  The Mage names the player he blocks as part of his pick (A6):
picks stay hidden until the reveal, so he names blind, and nobody learns who
holds the Mage from whose turn it is.
"""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.citadels.actions import DISCARDS, PICKS, PickRole, V_DISCARD, V_ROLE, kept
from engine.citadels.roles import MAGE, ROLE_BIT, ROLES
from engine.citadels.traits import HAND_LIMIT, ROUND_DRAW, draw_card


# -- round start: draw and discard (C2) -------------------------------------
def draw_trait_card(s, seat: int) -> None:
    """Draw one card; reshuffle the discard pile into an empty deck (C2)."""
    if not any(s.deck):
        s.deck[:] = s.discard
        s.discard[:] = [0, 0, 0, 0]
        if not any(s.deck):
            return  # every card is in hands or on creatures
    s.hands[seat][draw_card(s.deck, s.rng)] += 1


def seats_from_crown(s) -> list:
    n = s.num_players
    return [(s.crown + i) % n for i in range(n)]


def begin_round_draw(s) -> None:
    for seat in seats_from_crown(s):
        for _ in range(ROUND_DRAW):
            draw_trait_card(s, seat)


def step_discard(s) -> bool:
    """The next player over the hand limit (from the crown holder) must discard."""
    for seat in seats_from_crown(s):
        if sum(s.hands[seat]) > HAND_LIMIT:
            s.current_player = seat
            return True
    return False


def legal_discard(s) -> list:
    hand = s.hands[s.current_player]
    return [DISCARDS[t] for t in range(4) if hand[t]]  # Discard(t), kept


def apply_discard(s, action) -> None:
    hand = s.hands[s.current_player]
    if action.verb != V_DISCARD or not hand[action.trait]:
        raise IllegalActionError(f"citadels: cannot {action} now")
    hand[action.trait] -= 1
    s.discard[action.trait] += 1
    s.log.append((s.current_player, action))


# -- the draft (A1-A6) ------------------------------------------------------
def draft_order(s) -> list:
    """A4: crown holder first, then clockwise; with ``two_roles_in_2p`` the two
    players alternate twice (A1 option), so all four free roles are taken."""
    order = seats_from_crown(s)
    if s.num_players == 2 and s.options.two_roles_in_2p:
        order = order + order
    return order


def begin_draft(s) -> None:
    s.role_removed = ROLES[s.rng.below(len(ROLES))]  # A2: random, face down
    s.role_picks = []
    s.draft_order = draft_order(s)
    s.roles = [0] * s.num_players
    s.blocked = -1
    s.revealed = False


def free_roles(s) -> list:
    taken = [r for _, r in s.role_picks]
    return [r for r in ROLES if r != s.role_removed and r not in taken]


def step_draft(s) -> bool:
    if len(s.role_picks) < len(s.draft_order):
        s.current_player = s.draft_order[len(s.role_picks)]
        return True
    return False


def legal_draft(s) -> list:
    seat = s.current_player
    out = []
    for r in free_roles(s):  # (each action the kept value of actions.kept)
        if r == MAGE:  # A6: names another player, never himself
            for t in range(s.num_players):
                if t != seat:
                    key = (MAGE, t)
                    a = PICKS.get(key)
                    out.append(a if a is not None else kept(PICKS, key, PickRole))
        else:
            key = (r, -1)
            a = PICKS.get(key)
            out.append(a if a is not None else kept(PICKS, key, PickRole))
    return out


def apply_draft(s, action) -> None:
    seat = s.current_player
    if action.verb != V_ROLE or action.role not in free_roles(s):
        raise IllegalActionError(f"citadels: cannot {action} now")
    if action.role == MAGE:
        if not 0 <= action.target < s.num_players or action.target == seat:
            raise IllegalActionError(f"citadels: the Mage cannot block p{action.target}")
        s.blocked = action.target
    s.role_picks.append((seat, action.role))
    s.roles[seat] |= ROLE_BIT[action.role]
    s.log.append((seat, "picks a role"))  # the pick itself stays hidden


def reveal(s) -> None:
    """After the draft: picks and the Mage's target become public (seed, A6)."""
    s.revealed = True
    s.order = s.turn_order()
    text = ", ".join([f"p{seat}:{r}" for r in ROLES for seat, picked in s.role_picks if picked == r])  # by role
    blocked = f"; p{s.blocked} blocked" if s.blocked >= 0 else ""
    s.log.append((-1, f"reveal {text}{blocked}"))
