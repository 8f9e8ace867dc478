"""What search players may know about an *Origin of Species* position beyond its
score: a value per seat for a cut-off rollout (``GameSpec.heuristic``) and a
cheap move ordering for informed rollouts (``move_priorities``).

Both read the full State: a search player calls them on its own sampled
determinization, never on the true state.

**Value** (``heuristic``).  Per seat, the score (§5: 2 per animal, 1 per trait
card, the food bonuses) and the animals' prospects:

* in the feeding phases, an animal that is not fed (food and stored fat below its
  need, not hibernating) dies at extinction unless it eats: ``HUNGER_RISK`` of its
  worth (2 + its traits and bonuses) times the share of its need still missing
  is taken off;
* every card in hand is worth ``CARD_VALUE``: it becomes an animal or a trait
  (points) in a later development phase.

Per-seat numbers become values in [0, 1] by the smooth margin
(``engine.values.margin_values``).
"""
from __future__ import annotations

from engine.values import margin_values

from .animal import FAT, FIRST_TRAIT, FLAGS, FOOD, HIBERNATING, NEED
from .cards import CARNIVOROUS
from .state import DEVELOPMENT

HUNGER_RISK = 0.5
CARD_VALUE = 0.5


def seat_values(state) -> list:
    """The raw per-seat values the heuristic compares (see the module docstring)."""
    feeding = state.phase != DEVELOPMENT
    out = []
    for seat, animals in enumerate(state.animals):
        total = len(state.links[seat]) + CARD_VALUE * sum(state.hands[seat])
        for a in animals:
            need = a[NEED]
            worth = len(a) - FIRST_TRAIT + need + 1
            total += worth
            if feeding and not a[FLAGS] & HIBERNATING:
                missing = need - a[FOOD] - a[FAT]
                if missing > 0:
                    total -= HUNGER_RISK * worth * missing / need
        out.append(total)
    return out


def heuristic(state) -> list:
    """Per-seat values in [0, 1] of a position that is not over."""
    return margin_values(seat_values(state))


# verb code (the last field of every action) -> its base priority
_BASE = {
    0: 0.0,    # Pass
    1: 2.0,    # PlayAnimal
    2: 1.5,    # PlayTrait
    3: 1.2,    # PlayPair
    4: 5.0,    # TakeFood
    5: 6.0,    # Attack
    6: 2.0,    # BurnFat
    7: 0.5,    # Graze
    8: 3.0,    # Pirate
    9: 1.0,    # Hibernate
    10: 5.0,   # Run
    11: 3.0,   # Mimic
    12: 2.0,   # DropTail
    13: 0.0,   # Accept
    14: 4.0,   # Scavenge
    15: 4.0,   # Trigger
}


def move_priority(state, a) -> float:
    """How good ``a`` looks for the seat to move, by a beginner's rules of thumb:
    feed and hunt with hungry animals, run and mimic before taking a hit, grow
    animals while there are few, then traits.  Higher is better; only the order matters."""
    verb = a[-1]
    value = _BASE[verb]
    if verb == 4 or verb == 5:  # TakeFood / Attack: only worth it for an animal still hungry
        animal = state.animals[state.current_player][a[0]]
        if animal[FOOD] + animal[FAT] >= animal[NEED]:
            value -= 4.0
    elif verb == 1:
        if len(state.animals[state.current_player]) >= 4:
            value = 0.8
    elif verb == 2 and a.trait == CARNIVOROUS:
        value = 1.0
    return value


def move_priorities(state, legal: list) -> list:
    """:func:`move_priority` of each of ``legal`` (the informed rollouts' ordering)."""
    return [move_priority(state, a) for a in legal]
