"""Phase 4 — feeding (rules reference §3 Phase 4.3-4.4, §4).

From the first player, clockwise, each player in turn takes one feeding action
for one of his species: eat plant food from the watering hole (2 with
Foraging), use Intelligence (discard a card: 2 plant food from the food bank),
or attack with a carnivore.  A player *must* feed a hungry species if he can
(option ``carnivore_must_attack`` says whether attacking counts); otherwise he
may ``pass``, which ends his feeding for this round.  Players who cannot feed
are skipped; the phase ends when nobody can (§3 Phase 4.3).
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError

from engine.natural_selection.actions import (ATTACK, EAT, INTELLECT, PASS, SPECIES_MOVES, Move, kept,
                                              species_moves)
from engine.natural_selection.attacks import HORNS_BIT, attack_targets, blockers, go_extinct, resolve_attack
from engine.natural_selection.board import FEEDING, FOOD, MASK, OVER, POP, give, room
from engine.natural_selection.cards import CARNIVORE, COOPERATION, FORAGING, HORNS, INTELLIGENCE
from engine.natural_selection import deal, scoring  # (used at call time)

PLANT_HOLE, PLANT_BANK, MEAT = range(3)  # where food comes from, and whether it is meat
CARNIVORE_BIT = 1 << CARNIVORE
COOPERATION_BIT = 1 << COOPERATION
FORAGING_BIT = 1 << FORAGING
INTELLIGENCE_BIT = 1 << INTELLIGENCE
_PASS = Move(PASS)


def take_food(state, seat: int, i: int, source: int, amount: int) -> int:
    """Species ``i`` of ``seat`` takes up to ``amount`` food from ``source``.

    §4 Cooperation: whenever it takes food, the species to its right takes 1
    from the same source, and so on down a chain of Cooperation.  A carnivore
    never takes plant food (§3 Phase 4.3), so plant food does not pass to it.
    §4 Foraging, option ``foraging``: "every_plant_meal" (2nd edition, default):
    whenever it eats plant food (here: its feeding turn, Long Neck, Cooperation,
    Intelligence), 1 more from the same source; "eat_action" (1st edition): only
    on its feeding turn at the watering hole (``apply_move``)."""
    row = state.rows[seat]
    sp = row[i]
    if source != MEAT and sp[MASK] & FORAGING_BIT and state.rules.foraging_every_meal:
        amount += 1
    if source == PLANT_HOLE:
        amount = min(amount, state.watering_hole)
        if amount <= 0:
            return 0
    got = give(sp, amount)
    if source == PLANT_HOLE:
        state.watering_hole -= got
    if got and sp[MASK] & COOPERATION_BIT and i + 1 < len(row):
        if source == MEAT or not row[i + 1][MASK] & CARNIVORE_BIT:
            take_food(state, seat, i + 1, source, 1)
    return got


def feeding_moves(state, seat: int):
    """(moves, forced): the seat's feeding actions, and whether one of them feeds a
    hungry species so that the seat may not pass."""
    row = state.rows[seat]
    hand = state.hands[seat]
    cards = sorted(set(hand)) if hand else ()
    must_attack = state.rules.carnivore_must_attack
    moves = []
    forced = False
    kinds = SPECIES_MOVES if len(SPECIES_MOVES) >= len(row) else species_moves(len(row))
    for i, sp in enumerate(row):
        if room(sp) <= 0:
            continue
        hungry = sp[FOOD] < sp[POP]
        mask = sp[MASK]
        if mask & CARNIVORE_BIT:
            clever = cards and mask & INTELLIGENCE_BIT
            for prey_seat, t, found in attack_targets(state, seat, i):
                if not found:
                    moves.append(kept(ATTACK, -1, i, prey_seat, t))
                    forced = forced or (hungry and must_attack)
                    if clever and state.rows[prey_seat][t][MASK] & HORNS_BIT:
                        found = [HORNS]  # §4 Intelligence may negate Horns too
                if clever and len(found) == 1:
                    for c in cards:
                        moves.append(kept(ATTACK, c, i, prey_seat, t, found[0]))
        else:
            if state.watering_hole > 0:
                moves.append(kinds[i][0])  # Move(EAT, -1, i), kept
                forced = forced or hungry
            if cards and mask & INTELLIGENCE_BIT:
                for c in cards:
                    moves.append(kept(INTELLECT, c, i))
    return moves, forced


def legal_moves(state, seat: int) -> list:
    moves, forced = feeding_moves(state, seat)
    if not forced:
        moves.append(_PASS)
    return moves


def can_feed(state, seat: int) -> bool:
    """Has this seat any feeding action at all (a quick form of ``feeding_moves``)?"""
    hand = state.hands[seat]
    for i, sp in enumerate(state.rows[seat]):
        if room(sp) <= 0:
            continue
        mask = sp[MASK]
        if mask & CARNIVORE_BIT:
            clever = hand and mask & INTELLIGENCE_BIT
            for _, _, found in attack_targets(state, seat, i):
                if not found or (clever and len(found) == 1):
                    return True
        elif state.watering_hole > 0 or (hand and mask & INTELLIGENCE_BIT):
            return True
    return False


def apply_move(state, move) -> None:
    seat = state.current_player
    verb = move.verb
    i = move.species  # (each field of the move read once: an attribute look-up in both builds)
    row = state.rows[seat]
    if verb == PASS:
        if feeding_moves(state, seat)[1]:
            raise IllegalActionError("pass: a hungry species can still feed")
        state.passed |= 1 << seat
    elif not 0 <= i < len(row) or room(row[i]) <= 0:
        raise IllegalActionError(f"{move}: that species cannot take food")
    elif verb == EAT:
        sp = row[i]
        if sp[MASK] & CARNIVORE_BIT or state.watering_hole <= 0:
            raise IllegalActionError(f"{move}: a carnivore or an empty watering hole")
        # §4 Foraging, 1st edition (option foraging="eat_action"): 2 plant food instead of 1
        # (the 2nd edition's extra food is added in take_food)
        forages = sp[MASK] & FORAGING_BIT and not state.rules.foraging_every_meal
        take_food(state, seat, i, PLANT_HOLE, 2 if forages else 1)
    elif verb == INTELLECT:
        sp = row[i]
        if sp[MASK] & CARNIVORE_BIT or not sp[MASK] & INTELLIGENCE_BIT:
            raise IllegalActionError(f"{move}: needs a non-carnivore with Intelligence")
        _discard_from_hand(state, seat, move.card)
        # §4 Intelligence (non-carnivore): 2 plant food from the food bank
        take_food(state, seat, i, PLANT_BANK, 2)
    elif verb == ATTACK:
        _attack(state, seat, move)
    else:
        raise IllegalActionError(f"{move} is not a feeding action")
    next_feeder(state, seat)


def _attack(state, seat: int, move) -> None:
    sp = state.rows[seat][move.species]
    if not sp[MASK] & CARNIVORE_BIT or not 0 <= move.seat < state.num_players \
            or not 0 <= move.target < len(state.rows[move.seat]):
        raise IllegalActionError(f"{move}: not a carnivore, or no such prey")
    found = blockers(state, seat, move.species, move.seat, move.target)
    if found is None:
        raise IllegalActionError(f"{move}: the carnivore is not big enough")
    if move.trait >= 0:
        # §4 Intelligence (carnivore): discard a card to negate one protecting trait
        prey = state.rows[move.seat][move.target]
        horns = not found and move.trait == HORNS and prey[MASK] & HORNS_BIT
        if not sp[MASK] & INTELLIGENCE_BIT or not (found == [move.trait] or horns):
            raise IllegalActionError(f"{move}: negating that trait does not open the attack")
        _discard_from_hand(state, seat, move.card)
    elif found:
        raise IllegalActionError(f"{move}: the prey is protected")
    resolve_attack(state, seat, move.species, move.seat, move.target, move.trait)


def _discard_from_hand(state, seat: int, card: int) -> None:
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalActionError(f"seat {seat} holds no card {card}")
    hand.remove(card)
    state.discard.append(card)


def start_feeding(state) -> None:
    state.phase = FEEDING
    state.passed = 0
    next_feeder(state, state.first_player - 1)


def next_feeder(state, after: int) -> None:
    """The next seat clockwise after ``after`` that has not passed and can feed; else the end."""
    n = state.num_players
    for k in range(1, n + 1):
        s = (after + k) % n
        if not state.passed >> s & 1 and can_feed(state, s):
            state.current_player = s
            return
    end_feeding(state)


def end_feeding(state) -> None:
    """§3 Phase 4.4: hungry species shrink to the food they ate (0: extinct), all
    eaten food goes into the food bags, the first-player marker moves clockwise;
    then the game ends if this was the last round (and a full tie is decided by lot,
    ``scoring.draw_lots``), else the next round starts."""
    n = state.num_players
    for k in range(n):
        seat = (state.first_player + k) % n
        for sp in list(state.rows[seat]):
            if sp[FOOD] < sp[POP]:
                sp[POP] = sp[FOOD]
            state.bags[seat] += sp[FOOD]
            sp[FOOD] = 0
            if sp[POP] == 0:
                go_extinct(state, seat, sp)
    state.first_player = (state.first_player + 1) % n
    if state.last_round:
        state.phase = OVER
        state.current_player = TERMINAL
        scoring.draw_lots(state)  # §5's last tie-break (option final_tiebreak)
    else:
        deal.start_round(state)
