"""Phase 3, feeding (§3 phase 3, §4): taking food, burning fat, the free traits
Grazing, Piracy and Hibernation, and the food chains of Communication and
Cooperation.  Attacks are in attack.py.

Two phases besides FEEDING live here: CHAIN, while the owner of several paired cards
set off at once picks the one that fires next (option ``paired_trait_order``), and
FREE_ACTIONS, while a player may still use free traits after his feeding action
(option ``free_actions_after_feeding``)."""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.origin import attack, turn
from engine.origin.actions import PASS, BurnFat, Graze, Hibernate, Pirate, TakeFood, Trigger, by_target
from engine.origin.animal import (ATTACKED, FAT, FAT_SLOTS, FLAGS, FOOD, GRAZED, HIBERNATED_LAST,
                                  HIBERNATING, NEED, PIRATED, TRAITS_MASK)
from engine.origin.cards import (CARNIVOROUS, COMMUNICATION, COOPERATION, COPIES, GRAZING, HIBERNATION,
                                 PIRACY, SYMBIOSIS)
from engine.origin.board import CHAIN, FEEDING, FREE_ACTIONS, LINK_FIRST, LINK_SECOND, LINK_TRAIT, LINK_USED

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


# How the game goes on once a paired-trait chain is over (``resume_after_chain``): the end
# of the feeding action; the end of a free action (arg: the phase it was taken in); the end
# of the attack; the carnivore's meal going on (arg: tokens still to give it, §4 Carnivorous).
AFTER_FOOD, AFTER_FREE, AFTER_ATTACK, AFTER_KILL = range(4)


def give_food(s, seat: int, pos: int, red: bool, then: int = AFTER_FOOD, arg: int = 0) -> bool:
    """One token to the animal (its need first, then free Fat Tissue), then the chains:
    Communication makes the partner take a red token from the bank when this one took
    red from the bank; Cooperation gives the partner a blue token whenever this one
    receives food.  Each paired card fires once per round (§4), depth first (a card's
    chain is over before the next card fires), and only if its partner can take the
    token at that moment (``can_accept``), so an animal fed by one card is not fed again
    past its need and its Fat Tissue by another.

    When one token sets off several cards at once, option ``paired_trait_order``:
    "owner" (default; [seed002]: the player decides the order of his paired cards) asks
    the owner which fires next (phase CHAIN, ``Trigger``), but only when the order can
    change the outcome (``resolve_chain``); "card_order" fires them in the order the
    cards were played.  True when the owner's choice is pending: the caller stops, and
    ``then``/``arg`` say how the game goes on after the chain (``resume_after_chain``)."""
    row = s.animals[seat]
    a = row[pos]
    if a[FOOD] < a[NEED]:
        a[FOOD] += 1
    else:
        a[FAT] += 1
    links = s.links[seat]
    if not links:  # no chains: the common case
        return False
    if s.opts.paired_trait_order == "owner":
        for link in links:  # (a quick look for a card that may fire, before resolve_chain)
            if not link[LINK_USED] and (link[LINK_FIRST] == pos or link[LINK_SECOND] == pos) and (
                    link[LINK_TRAIT] == COOPERATION or link[LINK_TRAIT] == COMMUNICATION and red):
                return not resolve_chain(s, seat, [(pos, red)], then, arg)
        return False
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
    return False


# --- the owner's order of paired cards set off at once (option paired_trait_order) --------
def ready_links(s, seat: int, pos: int, red: bool) -> list:
    """The unused paired cards of animal ``pos`` that would fire now for the token it got
    (``red``: taken from the bank), by index in ``s.links[seat]``."""
    ready = []
    i = -1
    for link in s.links[seat]:
        i += 1
        if link[LINK_USED]:
            continue
        first, second = link[LINK_FIRST], link[LINK_SECOND]
        if first != pos and second != pos:
            continue
        trait = link[LINK_TRAIT]
        if trait == COMMUNICATION:
            if not (red and s.food_bank):
                continue
        elif trait != COOPERATION:
            continue
        if can_accept(s, seat, second if first == pos else first):
            ready.append(i)
    return ready


def fire_link(s, seat: int, pos: int, i: int) -> tuple:
    """Paired card ``i`` fires for animal ``pos``: its partner takes a red token from the bank
    (Communication) or receives a blue one (Cooperation); the partner's own cards are not
    fired here.  Returns the partner's stack entry (pos, red)."""
    links = s.links[seat]
    link = links[i]
    links[i] = link[:LINK_USED] + (1,)
    s.marks = True
    other = link[LINK_SECOND] if link[LINK_FIRST] == pos else link[LINK_FIRST]
    red = link[LINK_TRAIT] == COMMUNICATION
    if red:
        s.food_bank -= 1
    a = s.animals[seat][other]
    if a[FOOD] < a[NEED]:
        a[FOOD] += 1
    else:
        a[FAT] += 1
    return other, red


def resolve_chain(s, seat: int, stack: list, then: int, arg: int) -> bool:
    """Fire, depth first, the cards set off by the tokens on ``stack`` ((pos, red) of the
    animals that got a token, the latest last).  True when the chain is over; False when
    the owner must choose which card fires next: phase CHAIN, ``s.chain`` holds the rest."""
    while stack:
        pos, red = stack[-1]
        ready = ready_links(s, seat, pos, red)
        if not ready:
            stack.pop()
            continue
        if len(ready) > 1:
            ready = distinct_orders(s, seat, stack, ready)
            if len(ready) > 1:
                s.chain = (then, arg, seat, tuple(stack))
                s.phase = CHAIN
                s.current_player = seat
                s.cached = [trigger_action(s, seat, pos, i) for i in ready]
                return False
        stack.append(fire_link(s, seat, pos, ready[0]))
    return True


class _Chain:
    """What a paired-trait chain can change, copied to try an order: one seat's animals
    and cards and the food bank (``can_accept`` and ``fire_link`` read these names)."""
    __slots__ = ("animals", "links", "food_bank", "marks")

    def __init__(self, s, seat: int):
        self.animals = {seat: [a[:] for a in s.animals[seat]]}  # (by seat, like a State's lists)
        self.links = {seat: s.links[seat][:]}
        self.food_bank = s.food_bank
        self.marks = True

    def outcome(self, seat: int) -> tuple:
        return (self.food_bank, tuple((a[FOOD], a[FAT]) for a in self.animals[seat]),
                tuple(link[LINK_USED] for link in self.links[seat]))


def _outcomes(c: _Chain, seat: int, stack: list) -> frozenset:
    """Every end of the chain on ``stack`` over every order the owner may choose."""
    while stack:
        pos, red = stack[-1]
        ready = ready_links(c, seat, pos, red)
        if not ready:
            stack.pop()
            continue
        if len(ready) > 1:
            ends = set()
            for i in ready:
                branch = _Chain(c, seat)
                ends |= _outcomes(branch, seat, stack + [fire_link(branch, seat, pos, i)])
            return frozenset(ends)
        stack.append(fire_link(c, seat, pos, ready[0]))
    return frozenset((c.outcome(seat),))


def distinct_orders(s, seat: int, stack: list, ready: list) -> list:
    """Of the cards ``ready`` to fire for the token on top of ``stack``, one per distinct
    set of reachable outcomes (the first in card order): the owner is asked only when
    firing one card or another first can change the outcome (food on his animals, the
    bank, which cards are still unused this round)."""
    pos = stack[-1][0]
    kept, seen = [], set()
    for i in ready:
        c = _Chain(s, seat)
        ends = _outcomes(c, seat, stack + [fire_link(c, seat, pos, i)])
        if ends not in seen:
            seen.add(ends)
            kept.append(i)
    return kept


def trigger_action(s, seat: int, pos: int, i: int) -> Trigger:
    link = s.links[seat][i]
    return Trigger(link[LINK_TRAIT], pos, link[LINK_SECOND] if link[LINK_FIRST] == pos else link[LINK_FIRST])


def chain_actions(s) -> list:
    """The owner's choices in phase CHAIN: the cards set off by the token on top of the stack."""
    then, arg, seat, stack = s.chain
    pos, red = stack[-1]
    return [trigger_action(s, seat, pos, i)
            for i in distinct_orders(s, seat, list(stack), ready_links(s, seat, pos, red))]


def trigger(s, action) -> None:
    """The chosen card fires; the chain goes on, then the game (``resume_after_chain``)."""
    then, arg, seat, stack = s.chain
    if action not in chain_actions(s):
        s.history.pop()  # (apply recorded it) the state stays as it was
        raise IllegalActionError(f"{action}: not one of the cards to fire now")
    stack = list(stack)
    pos = stack[-1][0]
    i = next(i for i in ready_links(s, seat, pos, stack[-1][1]) if trigger_action(s, seat, pos, i) == action)
    s.chain = None
    stack.append(fire_link(s, seat, pos, i))
    if resolve_chain(s, seat, stack, then, arg):
        resume_after_chain(s, then, arg)


def resume_after_chain(s, then: int, arg: int) -> None:
    if then == AFTER_FOOD:
        s.phase = FEEDING
        s.current_player = s.actor
        end_feeding_action(s)
    elif then == AFTER_FREE:
        s.phase = arg
        s.current_player = s.actor
        _free_action_done(s)
    elif then == AFTER_ATTACK:
        attack.end_attack(s)
    else:
        attack.carnivore_eats(s, arg)


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
        if symbiotic and host_unfed(s, seat, pos):
            accept = False
        else:
            accept = True
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


# --- free actions after the feeding action (option free_actions_after_feeding) ---------
def free_actions(s, seat: int) -> list:
    """The free traits ``seat`` may still use once its feeding action is spent: Grazing,
    Piracy (unless option ``piracy_is_feeding_action``) and Hibernation, on the same
    conditions as in ``feeding_actions``."""
    actions = []
    bank = s.food_bank
    links = s.links[seat]
    symbiotic = links and any(link[LINK_TRAIT] == SYMBIOSIS for link in links)
    piracy = not s.opts.piracy_is_feeding_action
    pos = -1
    for a in s.animals[seat]:
        pos += 1
        mask = a[TRAITS_MASK]
        if not mask & _FREE_TRAITS:
            continue
        flags = a[FLAGS]
        if mask & _GRAZING and bank and not flags & GRAZED:
            actions.append(_GRAZE[pos])
        if flags & HIBERNATING or a[FOOD] >= a[NEED] and a[FAT] >= a[FAT_SLOTS]:
            continue
        if (piracy and mask & _PIRACY and a[FOOD] < a[NEED] and not flags & PIRATED
                and not (symbiotic and host_unfed(s, seat, pos))):
            add_piracy_actions(s, seat, pos, actions)
        if mask & _HIBERNATION and not flags & HIBERNATED_LAST and not s.last_turn:
            actions.append(_HIBERNATE[pos])
    return actions


def end_feeding_action(s) -> None:
    """The player's feeding action (food, attack, fat, or Piracy as an option) is over.
    Option ``free_actions_after_feeding``: False (default) ends his turn at once; True lets
    him go on with the free traits he can still use, or pass (phase FREE_ACTIONS)."""
    if s.opts.free_actions_after_feeding:
        actions = free_actions(s, s.actor)
        if actions:
            actions.append(PASS)
            s.phase = FREE_ACTIONS
            s.current_player = s.actor
            s.cached = actions
            return
    turn.find_feeder(s, s.actor, True)


# --- handlers --------------------------------------------------------------------
def take_food(s, action) -> None:
    """A: one red token from the bank to one animal (§3 phase 3)."""
    s.food_bank -= 1
    s.acted = True
    seat = s.actor
    if s.links[seat]:
        if give_food(s, seat, action[0], True):
            return  # the owner orders his paired cards first
    else:  # give_food without chains, inlined
        a = s.animals[seat][action[0]]
        if a[FOOD] < a[NEED]:
            a[FOOD] += 1
        else:
            a[FAT] += 1
    if s.opts.free_actions_after_feeding:
        end_feeding_action(s)
    else:  # (end_feeding_action's common case, inlined on the hottest feeding action)
        turn.find_feeder(s, s.actor, True)


def burn_fat(s, action) -> None:
    """C: fat becomes (blue) food; it triggers no Cooperation and cannot be pirated (§4)."""
    a = s.animals[s.actor][action.pos]
    a[FAT] -= action.amount
    a[FOOD] += action.amount
    s.acted = True
    end_feeding_action(s)


def _free_action_done(s) -> None:
    """Grazing, Piracy and Hibernation do not use up the turn; the turn goes on
    while the player still has something to do (after his feeding action, phase
    FREE_ACTIONS: another free action)."""
    s.acted = True
    if s.phase == FREE_ACTIONS:
        actions = free_actions(s, s.actor)
        if actions:
            actions.append(PASS)
            s.cached = actions
            return
        s.phase = FEEDING
        turn.find_feeder(s, s.actor, True)
        return
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
    s.acted = True
    feeding_action = s.opts.piracy_is_feeding_action
    if give_food(s, s.actor, action.pos, False, AFTER_FOOD if feeding_action else AFTER_FREE, s.phase):
        return  # the owner orders his paired cards first
    if feeding_action:
        end_feeding_action(s)
    else:
        _free_action_done(s)


def hibernate(s, action) -> None:
    """Hibernation: the animal counts as fed this turn (§4)."""
    s.animals[s.actor][action.pos][FLAGS] |= HIBERNATING
    _free_action_done(s)


def pass_feeding(s, action) -> None:
    s.phase = FEEDING  # (also the end of the free actions after the feeding action)
    turn.find_feeder(s, s.actor, True)

