"""A rule-based player for *Evolution: Natural Selection* that reads only its Observation.

Strategy (what a careful beginner does):

* **Food card**: give up the card that is worth least as a trait to us, weighing
  its food number up when our herbivores are hungry for plant food and down when
  we live by carnivores (plants feed the opponents' herbivores).
* **Play cards** (one legal action at a time, best first, until nothing is worth
  a card): traits that get food (Long Neck, Foraging, Fertile, Cooperation with a
  neighbour, Fat Tissue on big bodies), defences (Hard Shell, Climbing,
  Burrowing, Defensive Herding, Horns, Warning Call, Symbiosis) when an opponent
  has a carnivore that could eat that species, Carnivore on a big species only
  when there is prey it could eat, attack traits for our carnivores; grow
  Population while the plant supply can feed it, grow Body Size to escape
  carnivores or to reach prey; found new species up to three.  The card spent on
  growth is the one least useful as a trait.  Never discards traits.
* **Last round** (the deck has run out): every card left in hand is worth
  nothing, so all are played, traits first (1 point each).
* **Feeding**: attack for the most meat (opponents' species first, our own only
  when forced; Horns counted as a cost), otherwise feed the hungriest herbivore,
  preferring Foraging and Cooperation; Intelligence only when the watering hole
  is empty; top up Fat Tissue last; pass when nothing is worth it.

Ties are broken by the player's own seeded generator, so it is deterministic for
a given seed.
"""
from __future__ import annotations

from engine.natural_selection.actions import (ATTACK, BODY, DONE, DROP, EAT, FOOD, INTELLECT, NEW_LEFT,
                                              NEW_RIGHT, PASS, POP, TRAIT)
from engine.natural_selection.cards import (AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION,
                                            DEFENSIVE_HERDING, FAT_TISSUE, FERTILE, FORAGING, HARD_SHELL,
                                            HORNS, INTELLIGENCE, LONG_NECK, PACK_HUNTING, SCAVENGER,
                                            SYMBIOSIS, WARNING_CALL, food_of)
from players.base import SeededPlayer

DEFENCES = (BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS, SYMBIOSIS, WARNING_CALL)
HERBIVORE_TRAITS = (LONG_NECK, FORAGING, FERTILE)
HUNTING_TRAITS = (AMBUSH, PACK_HUNTING, CLIMBING)
DONE_BELOW = 0.9  # a play-phase action must be worth this much to spend a card on it


class RuleBasedPlayer(SeededPlayer):
    name = "rules"

    def act(self, observation):
        moves = observation.legal_actions
        if len(moves) == 1:
            return moves[0]
        view = _View(observation)
        best, best_score = moves[0], None
        for move in moves:
            score = view.score(move) + self.rng.below(1000) * 1e-6
            if best_score is None or score > best_score:
                best, best_score = move, score
        return best


class _View:
    """The facts of one observation the strategy needs, computed once per decision."""

    def __init__(self, obs):
        self.obs = obs
        self.seat = obs.seat
        self.mine = obs.rows[obs.seat]
        self.hand = obs.hand
        self.others = [row for s, row in enumerate(obs.rows) if s != obs.seat]
        self.enemy_attack = max((_attack_size(sp) for row in self.others for sp in row if _has(sp, CARNIVORE)),
                                default=0)
        self.my_herbivore_need = sum(sp[1] for sp in self.mine if not _has(sp, CARNIVORE))
        all_need = sum(sp[1] for row in obs.rows for sp in row if not _has(sp, CARNIVORE))
        supply = obs.watering_hole + 3 * obs.num_players  # about 3 plant food per food card
        self.plenty = supply >= all_need + 2

    # --- dispatch -------------------------------------------------------------
    def score(self, m) -> float:
        v = m.verb
        if v == FOOD:
            return self.food_card(m.card)
        if v == TRAIT:
            bonus = 1.0 if self.obs.last_round else 0.0
            return self.trait_value(m.card >> 4, m.species) - 0.2 + bonus
        if v == BODY:
            return self.body_value(m.species) - self.spend_cost(m.card)
        if v == POP:
            return self.pop_value(m.species) - self.spend_cost(m.card)
        if v in (NEW_LEFT, NEW_RIGHT):
            return self.new_species_value(v) - self.spend_cost(m.card)
        if v == DROP:
            return -10.0
        if v == DONE:
            # last round: a card kept in hand scores nothing, a trait or Population scores 1
            return 0.05 if self.obs.last_round else DONE_BELOW
        if v == EAT:
            return self.eat_value(m.species)
        if v == INTELLECT:
            return self.intelligence_value(m.species)
        if v == ATTACK:
            return self.attack_value(m)
        if v == PASS:
            return 0.0
        return 0.0

    # --- play cards -----------------------------------------------------------
    def threatened(self, sp) -> bool:
        return self.enemy_attack > sp[0]

    def trait_value(self, trait: int, i: int) -> float:
        sp = self.mine[i]
        carnivore = _has(sp, CARNIVORE) or _holds(sp, CARNIVORE)
        if trait == CARNIVORE:
            return 3.5 if self.could_hunt(sp) and self.prey_for(sp[0]) >= 2 else -1.0
        if carnivore:
            if trait in HUNTING_TRAITS or trait == INTELLIGENCE:
                return 2.5
            if trait in (FAT_TISSUE, HARD_SHELL, HORNS, SCAVENGER):
                return 1.5
            return -1.0 if trait in HERBIVORE_TRAITS + (COOPERATION,) else 0.5
        if trait in DEFENCES:
            if not self.threatened(sp):
                return 0.4
            if trait == WARNING_CALL and len(self.mine) < 2:
                return 0.2
            if trait == SYMBIOSIS and (i + 1 >= len(self.mine) or self.mine[i + 1][0] <= sp[0]):
                return 0.2
            return 3.0
        if trait == LONG_NECK:
            return 3.0
        if trait == FORAGING:
            return 2.5 if sp[1] >= 2 else 1.5
        if trait == FERTILE:
            return 2.5 if sp[1] < 5 else 0.5
        if trait == COOPERATION:
            return 2.5 if i + 1 < len(self.mine) and not _has(self.mine[i + 1], CARNIVORE) else 0.3
        if trait == FAT_TISSUE:
            return 2.0 if sp[0] >= 3 else 1.0
        if trait == INTELLIGENCE:
            return 1.5
        if trait == SCAVENGER:
            return 2.0 if self.enemy_attack else 0.5
        return 0.5

    def could_hunt(self, sp) -> bool:
        """A species worth turning carnivore: no plant-eating traits, Body Size 2 or more."""
        return sp[0] >= 2 and not any(_holds(sp, t) for t in HERBIVORE_TRAITS + (COOPERATION,))

    def prey_for(self, size: int) -> int:
        """How many opponents' species a carnivore of this size could at least outsize."""
        return sum(1 for row in self.others for sp in row if sp[0] < size)

    def spend_cost(self, card: int) -> float:
        """What we give up by spending this card on growth: its best use as a trait."""
        best = 0.0
        trait = card >> 4
        for i, sp in enumerate(self.mine):
            if not _holds(sp, trait) and len(sp[5]) < 3:
                best = max(best, self.trait_value(trait, i))
        return 0.35 * best

    def body_value(self, i: int) -> float:
        sp = self.mine[i]
        if _has(sp, CARNIVORE):
            return 2.5 if self.prey_for(sp[0] + 1) > self.prey_for(sp[0]) else 1.0
        if self.threatened(sp) and self.enemy_attack <= sp[0] + 1:
            return 2.5
        if CARNIVORE in [c >> 4 for c in self.hand] and not any(_holds(sp, t) for t in HERBIVORE_TRAITS) \
                and self.prey_for(sp[0] + 1) >= 3 and not _holds(sp, COOPERATION):
            return 2.0  # growing into a hunter
        return 1.5 if _has(sp, FAT_TISSUE) else 0.2

    def pop_value(self, i: int) -> float:
        sp = self.mine[i]
        if _has(sp, CARNIVORE):
            return 1.5 if sp[1] < 3 else 0.5
        if sp[1] < 3 or self.plenty:
            return 2.2 - 0.2 * sp[1]
        if _has(sp, LONG_NECK) or _has(sp, FORAGING):
            return 1.2
        return 0.5

    def new_species_value(self, verb) -> float:
        count = len(self.mine)
        value = 2.4 if count < 3 else (1.0 if count < 5 and self.plenty else 0.2)
        # put a new herbivore next to a Cooperation species' free right side
        if verb == NEW_RIGHT and self.mine and _has(self.mine[-1], COOPERATION):
            value += 0.3
        return value

    def food_card(self, card: int) -> float:
        keep = max((self.trait_value(card >> 4, i) for i in range(len(self.mine))), default=0.0)
        weight = 0.5 if self.my_herbivore_need else -0.3
        return weight * food_of(card) - keep

    # --- feeding -------------------------------------------------------------
    def eat_value(self, i: int) -> float:
        sp = self.mine[i]
        hunger = sp[1] - sp[2]
        if hunger <= 0:
            return 1.5  # top up Fat Tissue
        value = 10.0 + hunger
        if _has(sp, FORAGING):
            value += 1.0
        if _has(sp, COOPERATION):
            value += 1.0
        return value

    def intelligence_value(self, i: int) -> float:
        sp = self.mine[i]
        if sp[1] - sp[2] <= 0 or self.obs.watering_hole > 1:
            return -1.0
        return 6.0

    def attack_value(self, m) -> float:
        attacker = self.mine[m.species]
        prey = self.obs.rows[m.seat][m.target]
        room = attacker[1] - attacker[2]
        if _has(attacker, FAT_TISSUE):
            room += attacker[0] - attacker[3]
        value = 8.0 + 1.5 * min(prey[0], room)
        if m.seat == self.seat:
            value -= 12.0  # eating our own: only when forced
        if _has(prey, HORNS) and m.trait != HORNS:
            value -= 3.0
        if m.trait >= 0:
            value -= 1.0  # a card spent on Intelligence
        if attacker[1] - attacker[2] <= 0:
            value -= 6.0
        return value


def _has(sp, trait: int) -> bool:
    """Face-up trait (the mask field of an observed species)."""
    return sp[4] >> trait & 1 == 1


def _holds(sp, trait: int) -> bool:
    """Any card of this trait on one of our species, face up or face down."""
    return any(c >= 0 and (c & 1023) >> 4 == trait for c in sp[5])


def _attack_size(sp) -> int:
    return sp[0] + (sp[1] if _has(sp, PACK_HUNTING) else 0)
