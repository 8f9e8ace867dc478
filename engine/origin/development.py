"""Phase 1, development (§3 phase 1): play a card as an animal, as a trait, or pass."""
from __future__ import annotations

from itertools import compress

import cython

from engine.origin import turn
from engine.origin.actions import GROWING, PASS, PlayAnimal, PlayPair, PlayTrait
from engine.origin.animal import FAT_SLOTS, NEED, TRAITS_MASK
from engine.origin.cards import (CARD_KINDS, CARNIVOROUS, FAT_TISSUE, FOOD_BONUS, NUM_KINDS, NUM_TRAITS, PAIRED,
                                 PARASITE, SCAVENGER, SYMBIOSIS)
from engine.origin.board import LINK_FIRST, LINK_SECOND, LINK_TRAIT

_CARNIVOROUS_OR_SCAVENGER = (1 << CARNIVOROUS) | (1 << SCAVENGER)


def trait_allowed(animal: list, trait: int) -> bool:
    """§3 phase 1 legality: no duplicate trait except Fat Tissue; never Carnivorous
    together with Scavenger."""
    mask = animal[TRAITS_MASK]
    if trait == FAT_TISSUE:
        return True
    if mask & (1 << trait):
        return False
    if (1 << trait) & _CARNIVOROUS_OR_SCAVENGER and mask & _CARNIVOROUS_OR_SCAVENGER:
        return False
    return True


def pair_allowed(links: list, trait: int, first: int, second: int) -> bool:
    """Two different own animals, no second card of the same paired trait between them."""
    if first == second:
        return False
    for link in links:
        if link[LINK_TRAIT] == trait and {link[LINK_FIRST], link[LINK_SECOND]} == {first, second}:
            return False
    return True


# Every action object is made once, in tables that grow on demand (positions are small).
_ANIMAL = [PlayAnimal(kind) for kind in range(NUM_KINDS)]
# _TRAIT[kind][trait][seat]: PlayTrait by position; _PAIRS[kind][n]: every pair of n animals, in order
_TRAIT = [[[[] for seat in range(8)] for trait in range(NUM_TRAITS)] for kind in range(NUM_KINDS)]
_PAIRS = [{} for kind in range(NUM_KINDS)]
_ALL_PAIRS = [{} for kind in range(NUM_KINDS)]  # the same actions alone: a seat without paired cards yet


def _trait_plays(kind: int, trait: int, seat: int, size: int) -> list:
    """PlayTrait(kind, trait, seat, pos) for pos < size (at least), as a list by position."""
    row = _TRAIT[kind][trait][seat]
    if len(row) < size:
        with GROWING:
            while len(row) < size:
                row.append(PlayTrait(kind, trait, seat, len(row)))
    return row


def _pair_plays(kind: int, trait: int, n_own: int) -> tuple:
    """Every PlayPair between ``n_own`` animals as (unordered key, action), in the order they are offered:
    Symbiosis is directional (symbiont, host); the others are unordered."""
    plays = _PAIRS[kind].get(n_own)
    if plays is None:
        plays = tuple(((min(first, second), max(first, second)), PlayPair(kind, trait, first, second))
                      for first in range(n_own)
                      for second in (range(n_own) if trait == SYMBIOSIS else range(first + 1, n_own))
                      if first != second)
        _ALL_PAIRS[kind][n_own] = tuple(play for _, play in plays)  # first: a reader of _PAIRS finds both
        _PAIRS[kind][n_own] = plays
    return plays


# per kind: its trait sides as (how it is played, trait, blocking bits): an own animal
# with any of the blocking bits may not take the trait (duplicates, except Fat Tissue;
# Carnivorous and Scavenger exclude each other); a Parasite goes on an opponent's animal
# without one already.
_SINGLE, _PARASITIC, _PAIRED = range(3)


def _blocking(trait: int) -> int:
    if trait == FAT_TISSUE:
        return 0
    if (1 << trait) & _CARNIVOROUS_OR_SCAVENGER:
        return _CARNIVOROUS_OR_SCAVENGER
    return 1 << trait


_SIDES = [tuple((_PARASITIC if t == PARASITE else _PAIRED if t in PAIRED else _SINGLE, t, _blocking(t))
                for t in traits) for traits in CARD_KINDS]
# A kind goes "whole" (from _FREE) when no own animal has any of its blocking bits, and
# for a paired trait when the seat has no paired cards yet (_LINKED); a kind with a
# Parasite side never does (_ALWAYS is a bit every ``traits_here`` has).
_ALWAYS, _LINKED = 1 << 30, 1 << 29


def _kind_blocking(sides) -> int:
    bits = 0
    for how, _, blocking in sides:
        bits |= blocking if how == _SINGLE else _LINKED if how == _PAIRED else _ALWAYS
    return bits


_KIND_BLOCKING = [_kind_blocking(sides) for sides in _SIDES]
_MAX_POS = 32  # rows hold this many positions from the start; more are added on demand
# _FREE[seat][n][kind]: for n own animals, what a kind offers when nothing blocks it: the
# card as an animal, then each trait on every animal or pair of animals (None: Parasite);
# None until first used (a row as long as _MAX_POS + 1 from the start: an index test is all
# a call pays)
_FREE = [[None] * (_MAX_POS + 1) for seat in range(8)]
_KINDS = range(NUM_KINDS)
_ALWAYS_LINKED = _ALWAYS | _LINKED
_COMPILED = cython.compiled


def _free_blocks(seat: int, n: int) -> list:
    """``_FREE[seat][n]``, made on first use."""
    by_n = _FREE[seat]
    with GROWING:
        while len(by_n) <= n:
            by_n.append(None)
        blocks = by_n[n]
        if blocks is None:
            blocks = []
            for kind, sides in enumerate(_SIDES):
                block = None
                if not _KIND_BLOCKING[kind] & _ALWAYS:
                    block = [_ANIMAL[kind]]
                    for how, trait, _ in sides:
                        if how == _SINGLE:
                            block += _trait_plays(kind, trait, seat, n)[:n]
                        elif n > 1:
                            block += [play for _, play in _pair_plays(kind, trait, n)]
                blocks.append(None if block is None else tuple(block))
            by_n[n] = blocks
    return blocks


# _SEAT_SIDES[seat][kind]: the kind's sides as (how, trait, blocking bits, PlayTrait row of ``seat``)
_SEAT_SIDES = [[tuple((how, trait, bits, _trait_plays(kind, trait, seat, _MAX_POS)) for how, trait, bits in sides)
                for kind, sides in enumerate(_SIDES)] for seat in range(8)]


def development_actions(s) -> list:
    """Every card in hand as an animal, then as each legal trait placement (§3 phase 1), then PASS.
    (The playout hot path: a card that every own animal may take comes whole from ``_FREE``;
    otherwise plain loops pick the animals that may take each trait.)"""
    seat = s.current_player
    own = s.animals[seat]
    n_own = len(own)
    if n_own > _MAX_POS:
        for kind in range(NUM_KINDS):
            for _, trait, _ in _SIDES[kind]:
                _trait_plays(kind, trait, seat, n_own)
        _free_blocks(seat, n_own)
    traits_here = _ALWAYS_LINKED if s.links[seat] else _ALWAYS  # and every trait some own animal has
    for a in own:
        mask = a[TRAITS_MASK]
        traits_here |= mask
    free = _FREE[seat][n_own]
    if free is None:
        free = _free_blocks(seat, n_own)
    blocking = _KIND_BLOCKING
    hand = s.hands[seat]
    actions = []
    # the kinds in hand: ``cython.compiled`` is a constant to Cython, so the compiled build loops over
    # the counts in C; pure Python keeps compress, whose loop runs in C (a Python loop costs it 10%),
    # and tests the module's _COMPILED (reading ``cython.compiled`` for every kind cost it 5%)
    for kind in range(NUM_KINDS) if cython.compiled else compress(_KINDS, hand):
        if _COMPILED and hand[kind] == 0:
            continue
        bits = blocking[kind]
        if not traits_here & bits:
            actions += free[kind]
            continue
        actions.append(_ANIMAL[kind])
        for how, trait, bits, plays in _SEAT_SIDES[seat][kind]:
            if how == _SINGLE:
                if not traits_here & bits:
                    actions += plays[:n_own]
                    continue
                pos = 0  # (plain loops: a seat has few animals)
                for a in own:
                    mask = a[TRAITS_MASK]  # (one C long when compiled: the test needs no new int)
                    if not mask & bits:
                        actions.append(plays[pos])
                    pos += 1
            elif how == _PARASITIC:  # on an opponent's animal that has none yet
                other = 0
                for row in s.animals:
                    if other != seat and row:
                        plays = _TRAIT[kind][PARASITE][other]
                        if len(plays) < len(row):
                            plays = _trait_plays(kind, PARASITE, other, len(row))
                        pos = 0
                        for a in row:
                            mask = a[TRAITS_MASK]
                            if not mask & bits:
                                actions.append(plays[pos])
                            pos += 1
                    other += 1
            elif n_own > 1:
                if s.links[seat]:
                    _add_pairs(s, seat, kind, trait, actions)
                else:
                    every = _ALL_PAIRS[kind].get(n_own)
                    if every is None:
                        _pair_plays(kind, trait, n_own)
                        every = _ALL_PAIRS[kind][n_own]
                    actions += every
    actions.append(PASS)
    return actions


def _add_pairs(s, seat: int, kind: int, trait: int, actions: list) -> None:
    """A paired trait between two own animals not yet joined by the same trait."""
    n_own = len(s.animals[seat])
    plays = _PAIRS[kind].get(n_own) or _pair_plays(kind, trait, n_own)
    taken = [(min(link[LINK_FIRST], link[LINK_SECOND]), max(link[LINK_FIRST], link[LINK_SECOND]))
             for link in s.links[seat] if link[LINK_TRAIT] == trait]
    if taken:
        actions += [play for key, play in plays if key not in taken]
    else:
        actions += [play for _, play in plays]


def play_animal(s, action) -> None:
    seat = s.current_player
    kind = action[0]
    hand = s.hands[seat]
    hand[kind] -= 1
    s.animals[seat].append([kind, 0, 0, 0, 1, 0, 0])  # animal.new_animal, inlined
    if not hand[kind] and not any(hand):
        s.passed[seat] = True  # an empty hand can only pass
    turn.next_developer(s)


def play_trait(s, action) -> None:
    seat = s.current_player
    kind, trait, owner, pos, _ = action
    hand = s.hands[seat]
    hand[kind] -= 1
    # animal.add_trait, inlined
    a = s.animals[owner][pos]
    a.append(trait << 5 | kind)
    a[TRAITS_MASK] |= 1 << trait
    a[NEED] += FOOD_BONUS[trait]
    if trait == FAT_TISSUE:
        a[FAT_SLOTS] += 1
    if not hand[kind] and not any(hand):
        s.passed[seat] = True
    turn.next_developer(s)


def play_pair(s, action) -> None:
    seat = s.current_player
    kind, trait, first, second, _ = action
    hand = s.hands[seat]
    hand[kind] -= 1
    s.links[seat].append((trait, first, second, kind, 0))
    if not hand[kind] and not any(hand):
        s.passed[seat] = True
    turn.next_developer(s)


def pass_development(s, action) -> None:
    s.passed[s.current_player] = True
    turn.next_developer(s)
