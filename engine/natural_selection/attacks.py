"""Carnivore attacks (rules reference §3 "Carnivore attacks", §4 trait table).

An attack is legal when the carnivore can still take food, its attacking Body
Size (Pack Hunting added) is strictly greater than the prey's Body Size (Hard
Shell added), and each protecting trait of the prey is overcome.  An
Intelligent carnivore may discard a card to negate one protecting trait: one
that stops the attack (when it is the only one in the way), or the prey's Horns.
"""
from __future__ import annotations

from engine.natural_selection.board import BODY, FIRST_CARD, FOOD, MASK, POP, index_of
from engine.natural_selection.cards import (AMBUSH, BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS, PACK_HUNTING,
                    SCAVENGER, SYMBIOSIS, WARNING_CALL)
from engine.natural_selection import deal, feeding  # (each calls back here: used at call time)

AMBUSH_BIT = 1 << AMBUSH
BURROWING_BIT = 1 << BURROWING
CLIMBING_BIT = 1 << CLIMBING
HERDING_BIT = 1 << DEFENSIVE_HERDING
SHELL_BIT = 1 << HARD_SHELL
HORNS_BIT = 1 << HORNS
PACK_BIT = 1 << PACK_HUNTING
SCAVENGER_BIT = 1 << SCAVENGER
SYMBIOSIS_BIT = 1 << SYMBIOSIS
WARNING_BIT = 1 << WARNING_CALL


def attack_size(rules, sp: list) -> int:
    """§4 Pack Hunting: Body Size + Population when attacking (option ``pack_hunting``:
    'population', default, 2nd edition; 'plus3', 1st edition)."""
    size = sp[BODY]
    if sp[MASK] & PACK_BIT:
        size += 3 if rules.pack_hunting_plus3 else sp[POP]
    return size


def blockers(state, seat: int, i: int, prey_seat: int, t: int):
    """The protecting traits in the way of carnivore (seat, i) attacking (prey_seat, t):
    ``None`` if no negation could make it legal, else a list (empty = legal).
    Warning Call appears once per neighbour that has it."""
    rules = state.rules
    if prey_seat == seat and (t == i or not rules.attack_own_species):
        return None  # option attack_own_species (default true, [biblio])
    attacker = state.rows[seat][i]
    row = state.rows[prey_seat]
    prey = row[t]
    size = attack_size(rules, attacker)
    body = prey[BODY]
    if size <= body:
        return None
    m = prey[MASK]
    am = attacker[MASK]
    found = []
    if m & SHELL_BIT and size <= body + rules.hard_shell_bonus:  # option hard_shell_bonus
        found.append(HARD_SHELL)
    if m & CLIMBING_BIT and not am & CLIMBING_BIT:
        found.append(CLIMBING)
    if m & BURROWING_BIT and prey[FOOD] >= prey[POP]:
        found.append(BURROWING)
    if m & HERDING_BIT and attacker[POP] <= prey[POP]:
        found.append(DEFENSIVE_HERDING)
    if m & SYMBIOSIS_BIT and t + 1 < len(row) and row[t + 1][BODY] > body:
        found.append(SYMBIOSIS)
    if not am & AMBUSH_BIT:
        if t > 0 and row[t - 1][MASK] & WARNING_BIT:
            found.append(WARNING_CALL)
        if t + 1 < len(row) and row[t + 1][MASK] & WARNING_BIT:
            found.append(WARNING_CALL)
    return found


def attack_targets(state, seat: int, i: int) -> list:
    """Every (prey_seat, position, blockers) this carnivore might attack, in seat order."""
    out = []
    for prey_seat, row in enumerate(state.rows):
        for t in range(len(row)):
            found = blockers(state, seat, i, prey_seat, t)
            if found is not None:
                out.append((prey_seat, t, found))
    return out


def resolve_attack(state, seat: int, i: int, prey_seat: int, t: int, negated: int = -1) -> None:
    """§3 attack resolution: Horns, the prey loses 1 Population, the carnivore
    takes meat equal to the prey's Body Size, then every Scavenger takes 1."""
    attacker = state.rows[seat][i]
    prey = state.rows[prey_seat][t]
    meat = prey[BODY]
    # step 1, §4 Horns: the attacker loses 1 Population first; [inf] if that
    # kills it, it takes no meat (the prey is still wounded).
    if prey[MASK] & HORNS_BIT and negated != HORNS:
        wound(state, seat, attacker, seat)
    wound(state, prey_seat, prey, seat)
    position = index_of(state.rows[seat], attacker)
    if position >= 0:
        feeding.take_food(state, seat, position, feeding.MEAT, meat)
    # step 4, §4 Scavenger: [inf] order: the attacker's owner first, then clockwise.
    n = state.num_players
    for k in range(n):
        s = (seat + k) % n
        for j, sp in enumerate(state.rows[s]):
            if sp[MASK] & SCAVENGER_BIT:
                feeding.take_food(state, s, j, feeding.MEAT, 1)


def wound(state, seat: int, sp: list, attacker_seat: int) -> None:
    """-1 Population; food above the new Population leaves the board (option
    ``prey_surplus``); at 0 the species goes extinct."""
    sp[POP] -= 1
    surplus = sp[FOOD] - sp[POP]
    if surplus > 0:
        sp[FOOD] = sp[POP]
        rule = state.rules.prey_surplus
        if rule == "owner_bag":  # (default, [inf]): it was already eaten
            state.bags[seat] += surplus
        elif rule == "attacker_bag":
            state.bags[attacker_seat] += surplus
        # 'discard': back to the food bank
    if sp[POP] == 0:
        go_extinct(state, seat, sp)


def go_extinct(state, seat: int, sp: list) -> None:
    """§3 / "Extinction": the species leaves the row, its traits are discarded and
    its owner draws as many cards (a deck running out now makes the next round last).
    Food stored on Fat Tissue is lost."""
    row = state.rows[seat]
    del row[index_of(row, sp)]
    cards = [c & 1023 for c in sp[FIRST_CARD:]]
    state.discard.extend(cards)
    if cards:
        deal.draw(state, seat, len(cards), dealing=False)
