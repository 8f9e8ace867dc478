"""A rule-based player for Evolution: The Origin of Species.

It plays from its Observation only, choosing the legal action with the best
hand-written value.  The strategy, as a good human would describe it:

* Development: grow animals early (an animal is 2 points and a mouth to feed),
  but no more than the food the table is likely to give; then put traits on the
  most valuable animals: defences (Big, Swimming, Camouflage, Running, Mimicry,
  Tail Loss, Burrowing, Poisonous) where opposing carnivores can reach them, a
  carnivore when there is prey it could catch, Fat Tissue as a larder; Parasite
  on a hungry opponent's animal.  Food-bonus traits (+1/+2) only while the food
  budget allows.  In the last turn every trait that will survive is a point.
* Feeding: free abilities first (Piracy on opponents, Hibernation for an animal
  that will not be fed, Grazing to starve the others once all its own animals are
  full); then feed the unfed animal most at risk (valuable, close to fed, with
  food chains), hunt the best prey it may legally attack (worth and defences
  weighed, never Poisonous), burn fat when the bank cannot feed everyone.
* Defence: run first (a free chance), then redirect with Mimicry to a cheaper
  animal, or drop the cheapest trait with Tail Loss, and only then take the hit.
"""
from __future__ import annotations

from engine.origin.actions import (Accept, Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, Pass, Pirate,
                                   PlayAnimal, PlayPair, PlayTrait, Run, TakeFood)
from engine.origin.animal import FAT, FAT_SLOTS, FIRST_TRAIT, FLAGS, FOOD, HIBERNATING, NEED, TRAITS_MASK
from engine.origin.cards import (BIG, BURROWING, CAMOUFLAGE, CARNIVOROUS, COMMUNICATION, COOPERATION, FAT_TISSUE,
                                 FOOD_BONUS, FOOD_TABLE, GRAZING, HIBERNATION, MIMICRY, PARASITE, PIRACY,
                                 POISONOUS, RUNNING, SCAVENGER, SHARP_VISION, SWIMMING, SYMBIOSIS, TAIL_LOSS)
from engine.origin.board import DEFENCE, DEVELOPMENT, FEEDING, SCAVENGE
from players.base import SeededPlayer

DEFENCES = (BIG, SWIMMING, CAMOUFLAGE, RUNNING, MIMICRY, TAIL_LOSS, BURROWING, POISONOUS)
MINOR = {GRAZING: 0.1, PIRACY: 0.5, HIBERNATION: 0.5, SHARP_VISION: 0.0, SCAVENGER: 0.3}


def has(a, trait) -> bool:
    return bool(a[TRAITS_MASK] & (1 << trait))


def worth(a) -> int:
    """What the animal scores if it survives: 2 + its traits + their food bonuses."""
    return 2 + len(a) - FIRST_TRAIT + a[NEED] - 1


def hungry(a) -> int:
    """Food still missing (0 when fed or hibernating)."""
    return 0 if a[FLAGS] & HIBERNATING else max(0, a[NEED] - a[FOOD])


def reachable_by(carnivore, a) -> bool:
    """The static protections (§4), links ignored."""
    if has(a, BIG) and not has(carnivore, BIG):
        return False
    if has(a, SWIMMING) != has(carnivore, SWIMMING):
        return False
    if has(a, CAMOUFLAGE) and not has(carnivore, SHARP_VISION):
        return False
    return not (has(a, BURROWING) and a[FOOD] >= a[NEED])


class RuleBasedPlayer(SeededPlayer):
    name = "rules-origin"

    def act(self, obs):
        actions = obs.legal_actions
        if len(actions) == 1:
            return actions[0]
        value = {DEVELOPMENT: self.develop_value, FEEDING: self.feed_value,
                 DEFENCE: self.defence_value, SCAVENGE: self.scavenge_value}[obs.phase]
        ctx = self.context(obs)
        best, best_v = None, None
        for action in actions:
            v = value(obs, ctx, action) + self.rng.below(1000) * 1e-6  # random tie-break
            if best_v is None or v > best_v:
                best, best_v = action, v
        return best

    # --- what the table looks like --------------------------------------------------
    def context(self, obs) -> dict:
        me = obs.seat
        mine = obs.animals[me]
        others = [a for seat, row in enumerate(obs.animals) if seat != me for a in row]
        dice, added = FOOD_TABLE[obs.num_players]
        share = (3.5 * dice + added) / obs.num_players
        carnivores = [a for a in mine if has(a, CARNIVOROUS)]
        budget = 1.3 * share + sum(a[FAT] for a in mine) + 1.2 * len(carnivores)
        return {
            "mine": mine,
            "enemy_carnivores": [a for a in others if has(a, CARNIVOROUS)],
            "prey": others,
            "need": sum(a[NEED] for a in mine),
            "budget": budget,
            "missing": sum(hungry(a) for a in mine),
            "my_carnivores": len(carnivores),
        }

    # --- development ------------------------------------------------------------------
    def develop_value(self, obs, ctx, action) -> float:
        spare = ctx["budget"] - ctx["need"]  # food we can still afford to need
        if isinstance(action, Pass):
            return 0.05
        if isinstance(action, PlayAnimal):
            v = 2.6 if obs.turn <= 2 else 2.2
            if not ctx["mine"]:
                v += 3
            if spare < 1:  # more mouths than food: still the cheapest points, but less so
                v -= min(1.0, 0.3 * (1 - spare))
            if obs.last_turn:
                v = 1.6
            return v
        if isinstance(action, PlayTrait):
            if action.trait == PARASITE:
                return self.parasite_value(obs, ctx, obs.animals[action.seat][action.pos])
            return self.trait_value(obs, ctx, ctx["mine"][action.pos], action.trait, spare)
        if isinstance(action, PlayPair):
            first = ctx["mine"][action.first]
            if action.trait == SYMBIOSIS:  # protects the symbiont, but it eats after its host
                return 1.0 + (0.8 if self.threatened(ctx, first) else -0.3)
            return 1.5 if spare > 0 else 1.1
        return 0.0

    def threatened(self, ctx, a) -> bool:
        return any(reachable_by(c, a) for c in ctx["enemy_carnivores"])

    def trait_value(self, obs, ctx, a, trait, spare) -> float:
        # a point; better spread over several animals than piled on one big eater
        v = 1.0 - 0.12 * (len(a) - FIRST_TRAIT) - 0.15 * (a[NEED] - 1)
        bonus = FOOD_BONUS[trait]
        if bonus:
            v += bonus if spare >= bonus else bonus - 2.0 * (bonus - spare)
        if trait in DEFENCES:
            defended = sum(has(a, t) for t in DEFENCES)
            threat = 1.5 if self.threatened(ctx, a) else 0.3
            v += threat / (1 + defended)
            if trait == POISONOUS:
                v -= 0.2
        elif trait == CARNIVOROUS:
            prey = [p for p in ctx["prey"] if reachable_by(a, p) and not has(p, POISONOUS)]
            v += (1.6 if prey else 0.2) - 0.7 * ctx["my_carnivores"]
            if obs.last_turn:
                v -= 1.0
        elif trait == FAT_TISSUE:
            v += 0.7 / (1 + a[FAT_SLOTS]) if not obs.last_turn else 0.0
        elif trait == SHARP_VISION:
            v += 0.8 if has(a, CARNIVOROUS) and any(has(p, CAMOUFLAGE) for p in ctx["prey"]) else 0.0
        else:
            v += MINOR.get(trait, 0.0)
        if obs.last_turn and a[FOOD] < a[NEED] and bonus:
            v -= 2.0  # a last-turn +food trait may starve the animal
        return v

    def parasite_value(self, obs, ctx, a) -> float:
        """Parasite makes an opponent's animal need 2 more: good while food is short."""
        v = 1.5 + 0.3 * worth(a) - 0.5 * (a[FAT] + a[FAT_SLOTS])
        if obs.last_turn:
            v += 1.0
        return v

    # --- feeding ---------------------------------------------------------------------
    def feed_value(self, obs, ctx, action) -> float:
        mine = ctx["mine"]
        bank = obs.food_bank
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, TakeFood):
            a = mine[action.pos]
            missing = hungry(a)
            if missing:
                chains = sum(1 for link in obs.links[obs.seat] if action.pos in link[1:3]
                             and link[0] in (COMMUNICATION, COOPERATION))
                hosts = sum(1 for link in obs.links[obs.seat] if link[0] == SYMBIOSIS and link[2] == action.pos)
                return 5 + worth(a) / missing + 0.5 * chains + 0.7 * hosts
            return 1.5  # into fat: a larder for later, and food the others do not get
        if isinstance(action, Attack):
            return self.attack_value(obs, ctx, action)
        if isinstance(action, BurnFat):
            a = mine[action.pos]
            short = ctx["missing"] > bank
            return (6.0 if short else 0.5) + 0.1 * action.amount
        if isinstance(action, Pirate):
            return 8.0 if action.seat != obs.seat else -1.0
        if isinstance(action, Hibernate):
            a = mine[action.pos]
            if hungry(a) > a[FAT] and (bank == 0 or ctx["missing"] > bank):
                return 7.0
            return -1.0
        if isinstance(action, Graze):
            others_missing = sum(hungry(a) for seat, row in enumerate(obs.animals)
                                 if seat != obs.seat for a in row)
            if ctx["missing"] == 0 and others_missing:
                return 3.0
            return -1.0
        return 0.0

    def attack_value(self, obs, ctx, action) -> float:
        carnivore = ctx["mine"][action.pos]
        target = obs.animals[action.seat][action.target]
        if action.seat == obs.seat:
            # eat one's own animal only if it is doomed and cheap
            return 2.0 if hungry(target) and obs.food_bank == 0 and worth(target) <= 2 and hungry(carnivore) else -5.0
        if has(target, POISONOUS):
            return -5.0
        success = 1.0
        if has(target, RUNNING):
            success *= 0.5
        if has(target, TAIL_LOSS):
            success *= 0.6
        if has(target, MIMICRY):
            success *= 0.8
        gain = (5.0 if hungry(carnivore) else 1.0) + 0.8 * worth(target)
        if obs.last_turn:
            gain += worth(target)
        return gain * success

    # --- defence and scavenging ---------------------------------------------------------
    def defence_value(self, obs, ctx, action) -> float:
        atk = obs.attack
        mine = ctx["mine"]
        target = mine[atk[3]]
        if isinstance(action, Run):
            return 10.0
        if isinstance(action, Mimic):
            return worth(target) - worth(mine[action.pos]) + 0.5
        if isinstance(action, DropTail):
            cost = 1 + FOOD_BONUS[action.trait]
            if action.trait == PARASITE and hungry(target):
                cost -= 2.5
            if action.trait == FAT_TISSUE and not target[FAT]:
                cost -= 0.2
            return worth(target) - cost
        if isinstance(action, Accept):
            return 0.0
        return 0.0

    def scavenge_value(self, obs, ctx, action) -> float:
        a = ctx["mine"][action.pos]
        return 10 * hungry(a) + worth(a)
