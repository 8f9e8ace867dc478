"""Creature tokens: settling, traits, death and food (rules ref. §C, D4-D6)."""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.citadels.board import CREATURES_PER_PLAYER
from engine.citadels.traits import FAT_RESERVE, TRAIT_BIT, TRAITS, can_take


def settle(s, seat: int, cell) -> None:
    """C4: a token from the supply, with no traits, wounds or fat."""
    first = seat * CREATURES_PER_PLAYER
    for c in range(first, first + CREATURES_PER_PLAYER):  # s.creatures_of(seat), as a plain loop
        if s.cr_pos[c] is None:
            s.cr_pos[c] = cell
            return
    raise IllegalActionError(f"citadels: p{seat} has no creature in supply")


def give_trait(s, seat: int, trait: int, cell, from_card: bool) -> None:
    c = s.own_creature_at(seat, cell)
    if not can_take(s.cr_traits[c], trait):
        raise IllegalActionError(f"citadels: the creature at {cell} cannot take that trait (C3)")
    s.cr_traits[c] |= TRAIT_BIT[trait]
    if from_card:
        s.cr_card_traits[c] |= TRAIT_BIT[trait]


def kill(s, c: int) -> None:
    """C6: the token returns to the supply; its trait cards go to the discard pile."""
    cards = s.cr_card_traits[c]
    for t in TRAITS:
        if cards & TRAIT_BIT[t]:
            s.discard[t] += 1
    s.cr_pos[c] = None
    s.cr_traits[c] = s.cr_card_traits[c] = 0
    s.cr_wound[c] = s.cr_fat[c] = s.cr_food[c] = s.cr_attacked[c] = 0


def feed(s, c: int) -> None:
    """One food to a creature: toward its need, then into an empty Fat Reserve
    (D4); food beyond both is lost (D6)."""
    if s.cr_food[c] < 1 + s.cr_wound[c]:
        s.cr_food[c] += 1
    elif s.cr_traits[c] & TRAIT_BIT[FAT_RESERVE] and not s.cr_fat[c]:
        s.cr_fat[c] = 1


def need(s, c: int) -> int:
    """D5: 1 food, or 2 if wounded."""
    return 1 + s.cr_wound[c]


def wants_food(s, c: int) -> bool:
    """Still hungry, or a met need with an empty Fat Reserve (D4)."""
    return s.cr_food[c] < 1 + s.cr_wound[c] or (
        bool(s.cr_traits[c] & TRAIT_BIT[FAT_RESERVE]) and not s.cr_fat[c])
