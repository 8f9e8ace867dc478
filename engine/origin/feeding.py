"""Phase 3, feeding (§3 phase 3, §4): taking food, burning fat, the free traits
Grazing, Piracy and Hibernation, and the food chains of Communication and
Cooperation.  Attacks are in attack.py."""
from __future__ import annotations

from engine.origin import attack, turn
from engine.origin.actions import PASS, BurnFat, Graze, Hibernate, Pirate, TakeFood, by_target
from engine.origin.animal import (ATTACKED, FAT, FAT_SLOTS, FLAGS, FOOD, GRAZED, HIBERNATED_LAST,
                                  HIBERNATING, NEED, PIRATED, TRAITS_MASK)
from engine.origin.cards import (CARNIVOROUS, COMMUNICATION, COOPERATION, COPIES, GRAZING, HIBERNATION,
                                 PIRACY, SYMBIOSIS)
from engine.origin.board import LINK_FIRST, LINK_SECOND, LINK_TRAIT, LINK_USED

_CARNIVOROUS, _GRAZING, _PIRACY, _HIBERNATION = (1 << CARNIVOROUS, 1 << GRAZING, 1 << PIRACY,
                                                 1 << HIBERNATION)
_FREE_TRAITS = _GRAZING | _PIRACY | _HIBERNATION  # the feeding actions that do not end the turn


# action objects by position, made once (no seat can have more animals than there are cards)
_MAX_ANIMALS = 2 * sum(COPIES)
_TAKE = [TakeFood(pos) for pos in range(_MAX_ANIMALS)]
_GRAZE = [Graze(pos) for pos in range(_MAX_ANIMALS)]
_HIBERNATE = [Hibernate(pos) for pos in range(_MAX_ANIMALS)]


def host_unfed(s, seat: int, pos: int) -> bool:
    """A symbiont cannot receive food until its host is fed (§4 Symbiosis)."""
    for link in s.links[seat]:
        if link[LINK_TRAIT] == SYMBIOSIS and link[LINK_FIRST] == pos:
            host = s.animals[seat][link[LINK_SECOND]]
            if host[FOOD] < host[NEED] and not host[FLAGS] & HIBERNATING:
                return True
    return False


def can_accept(s, seat: int, pos: int) -> bool:
    """Can this animal receive a food token now: not hibernating, not fed-and-fat-full,
    not a symbiont of an unfed host."""
    a = s.animals[seat][pos]
    if a[FLAGS] & HIBERNATING:
        return False
    if a[FOOD] >= a[NEED] and a[FAT] >= a[FAT_SLOTS]:
        return False
    return not (s.links[seat] and host_unfed(s, seat, pos))


def give_food(s, seat: int, pos: int, red: bool) -> None:
    """One token to the animal (its need first, then free Fat Tissue), then the chains:
    Communication makes the partner take a red token from the bank when this one took
    red from the bank; Cooperation gives the partner a blue token whenever this one
    receives food.  Each paired card fires once per round (§4).  The chains fire
    automatically, depth first in the order the cards were played: a card fires only
    if its partner can take the token at that moment (``can_accept``), so an animal
    fed by one card is not fed again past its need and its Fat Tissue by another."""
    row = s.animals[seat]
    a = row[pos]
    if a[FOOD] < a[NEED]:
        a[FOOD] += 1
    else:
        a[FAT] += 1
    links = s.links[seat]
    if not links:  # no chains: the common case
        return
    for i, link in enumerate(links):  # (a link used further down the chain is seen as used here)
        if link[LINK_USED]:
            continue
        first, second = link[LINK_FIRST], link[LINK_SECOND]
        if first != pos and second != pos:
            continue
        other = second if first == pos else first
        trait = link[LINK_TRAIT]
        if trait == COMMUNICATION and red and s.food_bank and can_accept(s, seat, other):
            s.food_bank -= 1
        elif not (trait == COOPERATION and can_accept(s, seat, other)):
            continue
        links[i] = link[:LINK_USED] + (1,)
        s.marks = True
        give_food(s, seat, other, trait == COMMUNICATION)


def feeding_actions(s, seat: int) -> list:
    """Everything ``seat`` may do on its feeding turn; [PASS] alone when nothing.
    (The hottest loop of a playout: ``can_accept`` is inlined as the first test and ``accept``.)"""
    row = s.animals[seat]
    if not row:
        return [PASS]
    bank = s.food_bank
    symbiotic = False
    links = s.links[seat]
    if links:
        for link in links:
            if link[LINK_TRAIT] == SYMBIOSIS:
                symbiotic = True
                break
    actions = []
    pos = -1
    for a in row:
        pos += 1
        flags = a[FLAGS]
        mask = a[TRAITS_MASK]
        food = a[FOOD]
        need = a[NEED]
        if flags & HIBERNATING or food >= need and a[FAT] >= a[FAT_SLOTS]:
            # takes no food (and so cannot attack, pirate, burn fat or go to sleep); may still graze
            if mask & _GRAZING and bank and not flags & GRAZED:
                actions.append(_GRAZE[pos])
            continue
        accept = not (symbiotic and host_unfed(s, seat, pos))
        if accept:
            if bank:
                actions.append(_TAKE[pos])
            if mask & _CARNIVOROUS and not flags & ATTACKED:
                attack.add_attack_actions(s, seat, pos, actions)
        if a[FAT] and food < need:
            actions.extend(burn_fat_actions(s, pos, a))
        if mask & _FREE_TRAITS:
            if mask & _GRAZING and bank and not flags & GRAZED:
                actions.append(_GRAZE[pos])
            if mask & _PIRACY and accept and food < need and not flags & PIRATED:
                add_piracy_actions(s, seat, pos, actions)
            if mask & _HIBERNATION and not flags & HIBERNATED_LAST and not s.last_turn:
                actions.append(_HIBERNATE[pos])
    actions.append(PASS)
    return actions


_BURN = {}  # (pos, most) -> the BurnFat choices, made once


def burn_fat_actions(s, pos: int, a: list) -> tuple:
    """Fat on one animal becomes food (§4 Fat Tissue); option ``fat_burning``:
    "several" (default, evoweb: choose how many, up to what it still needs) or "one"."""
    most = 1 if s.opts.fat_burning == "one" else min(a[FAT], a[NEED] - a[FOOD])
    choices = _BURN.get((pos, most))
    if choices is None:
        choices = _BURN[pos, most] = tuple(BurnFat(pos, k) for k in range(1, most + 1))
    return choices


_PIRATES = []  # _PIRATES[pos][seat]: Pirate(pos, seat, target) by target position (``by_target``)


def add_piracy_actions(s, seat: int, pos: int, actions: list) -> None:
    """Append a Pirate for every other animal with food on it that is not yet fed;
    defences are ignored (§4 Piracy)."""
    other = -1
    for row in s.animals:
        other += 1
        plays = None
        p = -1
        for a in row:
            p += 1
            food = a[FOOD]
            if food and food < a[NEED] and not a[FLAGS] & HIBERNATING and (p != pos or other != seat):
                if plays is None:
                    plays = by_target(_PIRATES, Pirate, pos, other, len(row))
                actions.append(plays[p])


# --- handlers --------------------------------------------------------------------
def take_food(s, action) -> None:
    """A: one red token from the bank to one animal (§3 phase 3)."""
    s.food_bank -= 1
    s.acted = True
    seat = s.actor
    if s.links[seat]:
        give_food(s, seat, action[0], True)
    else:  # give_food without chains, inlined
        a = s.animals[seat][action[0]]
        if a[FOOD] < a[NEED]:
            a[FOOD] += 1
        else:
            a[FAT] += 1
    turn.find_feeder(s, s.actor, True)


def burn_fat(s, action) -> None:
    """C: fat becomes (blue) food; it triggers no Cooperation and cannot be pirated (§4)."""
    a = s.animals[s.actor][action.pos]
    a[FAT] -= action.amount
    a[FOOD] += action.amount
    s.acted = True
    turn.find_feeder(s, s.actor, True)


def _free_action_done(s) -> None:
    """Grazing, Piracy and Hibernation do not use up the turn; the turn goes on
    while the player still has something to do."""
    s.acted = True
    actions = feeding_actions(s, s.actor)
    if len(actions) > 1:
        s.cached = actions
    else:
        turn.find_feeder(s, s.actor, True)


def graze(s, action) -> None:
    """Grazing: remove one red token from the bank; once per round per animal (§4)."""
    s.animals[s.actor][action.pos][FLAGS] |= GRAZED
    s.marks = True
    s.food_bank -= 1
    _free_action_done(s)


def pirate(s, action) -> None:
    """Piracy: steal one token from an unfed animal; once per turn per animal (§4).
    Option ``piracy_is_feeding_action`` (default False, evoweb): whether it ends the turn."""
    s.animals[s.actor][action.pos][FLAGS] |= PIRATED
    s.animals[action.seat][action.target][FOOD] -= 1
    give_food(s, s.actor, action.pos, False)
    if s.opts.piracy_is_feeding_action:
        s.acted = True
        turn.find_feeder(s, s.actor, True)
    else:
        _free_action_done(s)


def hibernate(s, action) -> None:
    """Hibernation: the animal counts as fed this turn (§4)."""
    s.animals[s.actor][action.pos][FLAGS] |= HIBERNATING
    _free_action_done(s)


def pass_feeding(s, action) -> None:
    turn.find_feeder(s, s.actor, True)

