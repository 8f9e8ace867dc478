"""What search players may know about a *Natural Selection* position beyond its
score: a value per seat for a cut-off rollout (``GameSpec.heuristic``) and a cheap
move ordering for informed rollouts (``move_priority``).

Both read the full State: a search player calls them on its own sampled
determinization, never on the true state.

**Value** (``heuristic``).  Per seat, the points it holds and the points it can
still expect, turned into per-seat values in [0, 1] by the smooth margin of
``engine.values.margin_values`` (against each other seat: 1/2 plus half the
lead over the sum of both, averaged):

* food in the bag and food already eaten this round (``scores()`` counts it as
  bagged), Population and trait cards of every species: the score (§5);
* minus half the unfed Population (``HUNGER_COST``): a species that stays hungry
  loses it at the end of the round (§3 Phase 4.4), and the watering hole rarely
  feeds everyone;
* plus ``CARD_VALUE`` per card in hand: a card becomes a trait or Population
  (a point each) unless it is spent as food, so a hand is about half a point a card.
"""
from __future__ import annotations

from engine.values import margin_values

from .actions import ATTACK, BODY, DONE, DROP, EAT, FOOD, INTELLECT, NEW_LEFT, NEW_RIGHT, PASS, POP, TRAIT
from .board import BODY as B_BODY, FIRST_CARD, FOOD as B_FOOD, MASK, POP as B_POP
from .cards import CARNIVORE, FAT_TISSUE, HORNS

HUNGER_COST = 0.5
CARD_VALUE = 0.5
_CARNIVORE_BIT = 1 << CARNIVORE
_HORNS_BIT = 1 << HORNS
_FAT_BIT = 1 << FAT_TISSUE


def seat_values(state) -> list:
    """The raw per-seat values the heuristic compares (see the module docstring)."""
    out = []
    hands = state.hands
    for seat, row in enumerate(state.rows):
        total = state.bags[seat] + CARD_VALUE * len(hands[seat])
        for sp in row:
            pop, food = sp[B_POP], sp[B_FOOD]
            total += pop + food + len(sp) - FIRST_CARD
            if food < pop:
                total -= HUNGER_COST * (pop - food)
        out.append(total)
    return out


def heuristic(state) -> list:
    """Per-seat values in [0, 1] of a position that is not over."""
    return margin_values(seat_values(state))


def move_priority(state, m) -> float:
    """How good ``m`` looks for the seat to move, by a few rules of thumb (a
    beginner's play: feed the hungry, attack for meat, grow and add traits while
    there are cards).  Higher is better; only the order matters."""
    v = m.verb
    if v == EAT:
        sp = state.rows[state.current_player][m.species]
        hunger = sp[B_POP] - sp[B_FOOD]
        return 10.0 + hunger if hunger > 0 else 1.5
    if v == ATTACK:
        row = state.rows[state.current_player]
        attacker = row[m.species]
        room = attacker[B_POP] - attacker[B_FOOD]
        if room <= 0:
            return -5.0
        prey = state.rows[m.seat][m.target]
        value = 9.0 + min(prey[B_BODY], room)
        if m.seat == state.current_player:
            value -= 12.0
        if prey[MASK] & _HORNS_BIT and m.trait != HORNS:
            value -= 3.0
        if m.trait >= 0:
            value -= 1.0
        return value
    if v == INTELLECT:
        sp = state.rows[state.current_player][m.species]
        return 6.0 if sp[B_FOOD] < sp[B_POP] and state.watering_hole <= 1 else -1.0
    if v == PASS:
        return 0.0
    if v == FOOD:
        return 0.0
    if v == TRAIT:
        return 3.0 if state.last_round else (1.0 if m.card >> 4 == CARNIVORE else 2.0)
    if v == POP:
        sp = state.rows[state.current_player][m.species]
        if sp[MASK] & _CARNIVORE_BIT:
            return 1.0
        return 2.6 - 0.3 * sp[B_POP]
    if v == BODY:
        sp = state.rows[state.current_player][m.species]
        return 1.2 if sp[MASK] & (_CARNIVORE_BIT | _FAT_BIT) else 0.3
    if v == NEW_LEFT or v == NEW_RIGHT:
        return 2.4 if len(state.rows[state.current_player]) < 3 else 0.2
    if v == DONE:
        return 0.0 if state.last_round else 0.9
    if v == DROP:
        return -10.0
    return 0.0

