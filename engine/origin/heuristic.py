"""What search players may know about an *Origin of Species* position beyond its
score: a value per seat for a cut-off rollout (``GameSpec.heuristic``).  It reads
the full State: a search player calls it on its own sampled determinization,
never on the true state.

There is no move ordering (``move_priorities``) for Origin: a simple one (feed
the hungry, hunt, grow animals, then traits) played greedily lost 20 games of
20 to the rule player (its animals unprotected against carnivores), and random
rollouts cut at 20 moves already beat the rule player (README, "How strong"), so
``rollout: informed`` plays random rollouts here.

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

from engine.origin.animal import FAT, FIRST_TRAIT, FLAGS, FOOD, HIBERNATING, NEED
from engine.origin.board import DEVELOPMENT

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
