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

from players.base import SeededPlayer

DEFENCES = ("Burrowing", "Climbing", "DefensiveHerding", "HardShell", "Horns", "Symbiosis", "WarningCall")
HERBIVORE_TRAITS = ("LongNeck", "Foraging", "Fertile")
HUNTING_TRAITS = ("Ambush", "PackHunting", "Climbing")
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
        self.mine = obs.species()
        self.hand = obs.hand
        self.others = [obs.species(s) for s in range(obs.num_players) if s != obs.seat]
        self.enemy_attack = max((_attack_size(sp) for row in self.others for sp in row if sp.has("Carnivore")),
                                default=0)
        self.my_herbivore_need = sum(sp.population for sp in self.mine if not sp.has("Carnivore"))
        all_need = sum(sp.population for row in self.others + [self.mine] for sp in row if not sp.has("Carnivore"))
        supply = obs.watering_hole + 3 * obs.num_players  # about 3 plant food per food card
        self.plenty = supply >= all_need + 2

    # --- dispatch -------------------------------------------------------------
    def score(self, m) -> float:
        kind = m.kind
        if kind == "food":
            return self.food_card(m)
        if kind == "trait":
            bonus = 1.0 if self.obs.last_round else 0.0
            return self.trait_value(m.card_trait, m.species) - 0.2 + bonus
        if kind == "body":
            return self.body_value(m.species) - self.spend_cost(m)
        if kind == "pop":
            return self.pop_value(m.species) - self.spend_cost(m)
        if kind in ("new left", "new right"):
            return self.new_species_value(kind) - self.spend_cost(m)
        if kind == "drop":
            return -10.0
        if kind == "done":
            # last round: a card kept in hand scores nothing, a trait or Population scores 1
            return 0.05 if self.obs.last_round else DONE_BELOW
        if kind == "eat":
            return self.eat_value(m.species)
        if kind == "intelligence":
            return self.intelligence_value(m.species)
        if kind == "attack":
            return self.attack_value(m)
        return 0.0

    # --- play cards -----------------------------------------------------------
    def threatened(self, sp) -> bool:
        return self.enemy_attack > sp.body

    def trait_value(self, trait: str, i: int) -> float:
        sp = self.mine[i]
        carnivore = sp.has("Carnivore") or sp.holds("Carnivore")
        if trait == "Carnivore":
            return 3.5 if self.could_hunt(sp) and self.prey_for(sp.body) >= 2 else -1.0
        if carnivore:
            if trait in HUNTING_TRAITS or trait == "Intelligence":
                return 2.5
            if trait in ("FatTissue", "HardShell", "Horns", "Scavenger"):
                return 1.5
            return -1.0 if trait in HERBIVORE_TRAITS + ("Cooperation",) else 0.5
        if trait in DEFENCES:
            if not self.threatened(sp):
                return 0.4
            if trait == "WarningCall" and len(self.mine) < 2:
                return 0.2
            if trait == "Symbiosis" and (i + 1 >= len(self.mine) or self.mine[i + 1].body <= sp.body):
                return 0.2
            return 3.0
        if trait == "LongNeck":
            return 3.0
        if trait == "Foraging":
            return 2.5 if sp.population >= 2 else 1.5
        if trait == "Fertile":
            return 2.5 if sp.population < 5 else 0.5
        if trait == "Cooperation":
            return 2.5 if i + 1 < len(self.mine) and not self.mine[i + 1].has("Carnivore") else 0.3
        if trait == "FatTissue":
            return 2.0 if sp.body >= 3 else 1.0
        if trait == "Intelligence":
            return 1.5
        if trait == "Scavenger":
            return 2.0 if self.enemy_attack else 0.5
        return 0.5

    def could_hunt(self, sp) -> bool:
        """A species worth turning carnivore: no plant-eating traits, Body Size 2 or more."""
        return sp.body >= 2 and not any(sp.holds(t) for t in HERBIVORE_TRAITS + ("Cooperation",))

    def prey_for(self, size: int) -> int:
        """How many opponents' species a carnivore of this size could at least outsize."""
        return sum(1 for row in self.others for sp in row if sp.body < size)

    def spend_cost(self, m) -> float:
        """What we give up by spending this card on growth: its best use as a trait."""
        best = 0.0
        trait = m.card_trait
        for i, sp in enumerate(self.mine):
            if not sp.holds(trait) and sp.card_count < 3:
                best = max(best, self.trait_value(trait, i))
        return 0.35 * best

    def body_value(self, i: int) -> float:
        sp = self.mine[i]
        if sp.has("Carnivore"):
            return 2.5 if self.prey_for(sp.body + 1) > self.prey_for(sp.body) else 1.0
        if self.threatened(sp) and self.enemy_attack <= sp.body + 1:
            return 2.5
        if any(card.trait == "Carnivore" for card in self.hand) and not any(sp.holds(t) for t in HERBIVORE_TRAITS) \
                and self.prey_for(sp.body + 1) >= 3 and not sp.holds("Cooperation"):
            return 2.0  # growing into a hunter
        return 1.5 if sp.has("FatTissue") else 0.2

    def pop_value(self, i: int) -> float:
        sp = self.mine[i]
        if sp.has("Carnivore"):
            return 1.5 if sp.population < 3 else 0.5
        if sp.population < 3 or self.plenty:
            return 2.2 - 0.2 * sp.population
        if sp.has("LongNeck") or sp.has("Foraging"):
            return 1.2
        return 0.5

    def new_species_value(self, kind) -> float:
        count = len(self.mine)
        value = 2.4 if count < 3 else (1.0 if count < 5 and self.plenty else 0.2)
        # put a new herbivore next to a Cooperation species' free right side
        if kind == "new right" and self.mine and self.mine[-1].has("Cooperation"):
            value += 0.3
        return value

    def food_card(self, m) -> float:
        keep = max((self.trait_value(m.card_trait, i) for i in range(len(self.mine))), default=0.0)
        weight = 0.5 if self.my_herbivore_need else -0.3
        return weight * m.card_food - keep

    # --- feeding -------------------------------------------------------------
    def eat_value(self, i: int) -> float:
        sp = self.mine[i]
        hunger = sp.hunger
        if hunger <= 0:
            return 1.5  # top up Fat Tissue
        value = 10.0 + hunger
        if sp.has("Foraging"):
            value += 1.0
        if sp.has("Cooperation"):
            value += 1.0
        return value

    def intelligence_value(self, i: int) -> float:
        sp = self.mine[i]
        if sp.hunger <= 0 or self.obs.watering_hole > 1:
            return -1.0
        return 6.0

    def attack_value(self, m) -> float:
        attacker = self.mine[m.species]
        prey = self.obs.species(m.seat)[m.target]
        room = attacker.hunger
        if attacker.has("FatTissue"):
            room += attacker.body - attacker.fat
        value = 8.0 + 1.5 * min(prey.body, room)
        if m.seat == self.seat:
            value -= 12.0  # eating our own: only when forced
        if prey.has("Horns") and m.trait_name != "Horns":
            value -= 3.0
        if m.trait_name is not None:
            value -= 1.0  # a card spent on Intelligence
        if attacker.hunger <= 0:
            value -= 6.0
        return value


def _attack_size(sp) -> int:
    return sp.body + (sp.population if sp.has("PackHunting") else 0)
