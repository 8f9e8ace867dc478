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

from engine.natural_selection.actions import ATTACK, BODY, DONE, DROP, EAT, FOOD, INTELLECT, NEW_LEFT, NEW_RIGHT, PASS, POP, TRAIT
from engine.natural_selection.board import BODY as B_BODY, FIRST_CARD, FOOD as B_FOOD, MASK, POP as B_POP
from engine.natural_selection.cards import (AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE,
                    FERTILE, FORAGING, HARD_SHELL, HORNS, INTELLIGENCE, LONG_NECK, PACK_HUNTING, SCAVENGER,
                    SYMBIOSIS, WARNING_CALL, food_of)

HUNGER_COST = 0.5
CARD_VALUE = 0.5
_CARNIVORE_BIT = 1 << CARNIVORE
_HORNS_BIT = 1 << HORNS
_FAT_BIT = 1 << FAT_TISSUE
_PACK_BIT = 1 << PACK_HUNTING
_DEFENCES = (BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS, SYMBIOSIS, WARNING_CALL)
_HERBIVORE_TRAITS = (LONG_NECK, FORAGING, FERTILE, COOPERATION)
_HUNTING_TRAITS = (AMBUSH, PACK_HUNTING, CLIMBING, INTELLIGENCE)


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


class _Context:
    """Facts of the position for the seat to move, computed once per decision."""

    __slots__ = ("state", "seat", "mine", "held", "hand_traits", "enemy_attack", "enemy_sizes", "plenty",
                 "last_round", "costs")

    def __init__(self, state):
        self.state = state
        seat = self.seat = state.current_player
        rows = state.rows
        self.mine = rows[seat]
        self.held = None  # trait kinds on each own species, computed when a card is weighed
        self.costs = {}  # card -> spend_cost(card)
        self.hand_traits = [c >> 4 for c in state.hands[seat]]
        attack = 0
        sizes = []
        herbivore_need = 0
        for s, row in enumerate(rows):
            for sp in row:
                carnivore = sp[MASK] & _CARNIVORE_BIT
                if not carnivore:
                    herbivore_need += sp[B_POP]
                if s != seat:
                    sizes.append(sp[B_BODY])
                    if carnivore:
                        size = sp[B_BODY] + (sp[B_POP] if sp[MASK] & _PACK_BIT else 0)
                        if size > attack:
                            attack = size
        self.enemy_attack = attack
        self.enemy_sizes = sizes
        self.plenty = state.watering_hole + 3 * state.num_players >= herbivore_need + 2
        self.last_round = state.last_round

    def prey_for(self, size: int) -> int:
        count = 0
        for other in self.enemy_sizes:
            if other < size:
                count += 1
        return count

    def trait_value(self, trait: int, i: int) -> float:
        sp = self.mine[i]
        if self.held is None:
            self.held = [[(c & 1023) >> 4 for c in own[FIRST_CARD:]] for own in self.mine]
        held = self.held[i]
        if trait in held or len(held) >= 3:
            return -5.0
        carnivore = sp[MASK] & _CARNIVORE_BIT or CARNIVORE in held
        if trait == CARNIVORE:
            if sp[B_BODY] >= 2 and not _any_herbivore(held) and self.prey_for(sp[B_BODY]) >= 2:
                return 3.5
            return -1.0
        if carnivore:
            if trait in _HUNTING_TRAITS:
                return 2.5
            if trait in (FAT_TISSUE, HARD_SHELL, HORNS, SCAVENGER):
                return 1.5
            return -1.0 if trait in _HERBIVORE_TRAITS else 0.5
        if trait in _DEFENCES:
            if self.enemy_attack <= sp[B_BODY]:
                return 0.4
            if trait == WARNING_CALL and len(self.mine) < 2:
                return 0.2
            if trait == SYMBIOSIS and (i + 1 >= len(self.mine) or self.mine[i + 1][B_BODY] <= sp[B_BODY]):
                return 0.2
            return 3.0
        if trait == LONG_NECK:
            return 3.0
        if trait == FORAGING:
            return 2.5 if sp[B_POP] >= 2 else 1.5
        if trait == FERTILE:
            return 2.5 if sp[B_POP] < 5 else 0.5
        if trait == INTELLIGENCE:
            return 1.5
        if trait == COOPERATION:
            return 2.5 if i + 1 < len(self.mine) and not self.mine[i + 1][MASK] & _CARNIVORE_BIT else 0.3
        if trait == FAT_TISSUE:
            return 2.0 if sp[B_BODY] >= 3 else 1.0
        if trait == SCAVENGER:
            return 2.0 if self.enemy_attack else 0.5
        return 0.5

    def spend_cost(self, card: int) -> float:
        """What spending this card on growth gives up: 0.35 of its best use as a trait."""
        cost = self.costs.get(card)
        if cost is None:
            trait = card >> 4
            best = 0.0
            for i in range(len(self.mine)):
                value = self.trait_value(trait, i)
                if value > best:
                    best = value
            cost = self.costs[card] = 0.35 * best
        return cost

    def value(self, m) -> float:
        v, card, species, seat, target, trait = m  # (one unpacking: cheaper than reading fields by name)
        if v == EAT:
            sp = self.mine[species]
            hunger = sp[B_POP] - sp[B_FOOD]
            return 10.0 + hunger if hunger > 0 else 1.5
        if v == ATTACK:
            attacker = self.mine[species]
            room = attacker[B_POP] - attacker[B_FOOD]
            prey = self.state.rows[seat][target]
            value = 8.0 + 1.5 * min(prey[B_BODY], room)
            if room <= 0:
                value -= 6.0
            if seat == self.seat:
                value -= 12.0
            if prey[MASK] & _HORNS_BIT and trait != HORNS:
                value -= 3.0
            if trait >= 0:
                value -= 1.0
            return value
        if v == INTELLECT:
            sp = self.mine[species]
            return 6.0 if sp[B_FOOD] < sp[B_POP] and self.state.watering_hole <= 1 else -1.0
        if v == PASS:
            return 0.0
        if v == FOOD:
            keep = 0.0  # the card's best use as a trait on an own species (0 with none)
            for i in range(len(self.mine)):
                value = self.trait_value(card >> 4, i)
                if i == 0 or value > keep:
                    keep = value
            return 0.5 * food_of(card) - keep
        if v == TRAIT:
            return self.trait_value(card >> 4, species) - 0.2 + (1.0 if self.last_round else 0.0)
        if v == POP:
            sp = self.mine[species]
            if sp[MASK] & _CARNIVORE_BIT:
                value = 1.5 if sp[B_POP] < 3 else 0.5
            elif sp[B_POP] < 3 or self.plenty:
                value = 2.2 - 0.2 * sp[B_POP]
            else:
                value = 0.5
            return value - self.spend_cost(card)
        if v == BODY:
            sp = self.mine[species]
            if sp[MASK] & _CARNIVORE_BIT:
                value = 2.5 if self.prey_for(sp[B_BODY] + 1) > self.prey_for(sp[B_BODY]) else 1.0
            elif self.enemy_attack > sp[B_BODY] and self.enemy_attack <= sp[B_BODY] + 1:
                value = 2.5
            elif CARNIVORE in self.hand_traits and self.prey_for(sp[B_BODY] + 1) >= 3 and not _any_herbivore(
                    [(c & 1023) >> 4 for c in sp[FIRST_CARD:]]):
                value = 2.0  # growing into a hunter
            else:
                value = 1.5 if sp[MASK] & _FAT_BIT else 0.2
            return value - self.spend_cost(card)
        if v == NEW_LEFT or v == NEW_RIGHT:
            count = len(self.mine)
            value = 2.4 if count < 3 else (1.0 if count < 5 and self.plenty else 0.2)
            return value - self.spend_cost(card)
        if v == DONE:
            return 0.05 if self.last_round else 0.9
        if v == DROP:
            return -10.0
        return 0.0


def _any_herbivore(traits: list) -> bool:
    """Whether any of ``traits`` (trait kinds) feeds a herbivore."""
    for t in traits:
        if t in _HERBIVORE_TRAITS:
            return True
    return False


def move_priorities(state, legal: list) -> list:
    """How good each of ``legal`` looks for the seat to move (higher is better;
    only the order matters), by a careful beginner's rules of thumb: feed the
    hungriest species, attack for the most meat, give up as food the card least
    useful as a trait; play traits that feed (Long Neck, Foraging, Fertile,
    Cooperation) or defend where an opponent's carnivore could eat the species,
    Carnivore only on a species with prey; grow Population while the plants can
    feed it and Body Size to escape or to reach prey; found species up to three."""
    context = _Context(state)
    out = []
    for m in legal:
        out.append(context.value(m))
    return out
