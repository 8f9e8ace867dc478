"""Phase 1, development (§3 phase 1): play a card as an animal, as a trait, or pass."""
from __future__ import annotations

from engine.origin import turn
from engine.origin.actions import PASS, PlayAnimal, PlayPair, PlayTrait
from engine.origin.animal import TRAITS_MASK, add_trait, new_animal
from engine.origin.cards import (CARD_KINDS, CARNIVOROUS, FAT_TISSUE, NUM_TRAITS, PAIRED, PARASITE,
                                 SCAVENGER, SYMBIOSIS)
from engine.origin.state import LINK_FIRST, LINK_SECOND, LINK_TRAIT

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


# Every action object made once (positions up to _MAX_POS; rarer ones are built on demand).
_MAX_POS = 24
_ANIMAL = [PlayAnimal(kind) for kind in range(len(CARD_KINDS))]
_TRAIT = [[[[PlayTrait(kind, trait, seat, pos) for pos in range(_MAX_POS)] for seat in range(8)]
           for trait in range(NUM_TRAITS)] for kind in range(len(CARD_KINDS))]


def _trait_play(kind, trait, seat, pos):
    return _TRAIT[kind][trait][seat][pos] if pos < _MAX_POS else PlayTrait(kind, trait, seat, pos)


def _forbidden(animal: list) -> int:
    """Trait bits this animal may not receive (duplicates; Carnivorous with Scavenger)."""
    mask = animal[TRAITS_MASK] & ~(1 << FAT_TISSUE)
    if mask & _CARNIVOROUS_OR_SCAVENGER:
        mask |= _CARNIVOROUS_OR_SCAVENGER
    return mask


# per kind: its trait sides as (trait, bit, how it is played)
_SINGLE, _PARASITIC, _PAIRED = range(3)
_SIDES = [tuple((t, 1 << t, _PARASITIC if t == PARASITE else _PAIRED if t in PAIRED else _SINGLE)
                for t in traits) for traits in CARD_KINDS]


def development_actions(s) -> list:
    seat = s.current_player
    own = s.animals[seat]
    n_own = len(own)
    forbidden = [_forbidden(a) for a in own]
    actions = []
    for kind, count in enumerate(s.hands[seat]):
        if not count:
            continue
        actions.append(_ANIMAL[kind])
        for trait, bit, how in _SIDES[kind]:
            if how == _SINGLE:
                plays = _TRAIT[kind][trait][seat]
                for pos in range(n_own):
                    if not forbidden[pos] & bit:
                        actions.append(plays[pos] if pos < _MAX_POS else PlayTrait(kind, trait, seat, pos))
            elif how == _PARASITIC:  # only on an opponent's animal
                for other in range(s.num_players):
                    if other != seat:
                        for pos, a in enumerate(s.animals[other]):
                            if not a[TRAITS_MASK] & bit:
                                actions.append(_trait_play(kind, PARASITE, other, pos))
            elif n_own > 1:
                links = s.links[seat]
                for first in range(n_own):
                    # Symbiosis is directional (symbiont, host); the others are unordered
                    for second in range(n_own) if trait == SYMBIOSIS else range(first + 1, n_own):
                        if pair_allowed(links, trait, first, second):
                            actions.append(PlayPair(kind, trait, first, second))
    actions.append(PASS)
    return actions


def _after_playing(s, seat: int) -> None:
    if not any(s.hands[seat]):
        s.passed[seat] = True  # an empty hand can only pass
    turn.next_developer(s)


def play_animal(s, action) -> None:
    seat = s.current_player
    s.hands[seat][action.kind] -= 1
    s.animals[seat].append(new_animal(action.kind))
    _after_playing(s, seat)


def play_trait(s, action) -> None:
    seat = s.current_player
    s.hands[seat][action.kind] -= 1
    add_trait(s.animals[action.seat][action.pos], action.trait, action.kind)
    _after_playing(s, seat)


def play_pair(s, action) -> None:
    seat = s.current_player
    s.hands[seat][action.kind] -= 1
    s.links[seat].append((action.trait, action.first, action.second, action.kind, 0))
    _after_playing(s, seat)


def pass_development(s, action) -> None:
    s.passed[s.current_player] = True
    turn.next_developer(s)
