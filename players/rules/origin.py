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
* Paired cards set off at once: the one to the hungriest, most valuable partner first.
"""
from __future__ import annotations

from engine.origin.actions import (Accept, Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, Pass, Pirate,
                                   PlayAnimal, PlayPair, PlayTrait, Run, TakeFood)
from players.base import SeededPlayer

DEFENCES = ("Big", "Swimming", "Camouflage", "Running", "Mimicry", "Tail Loss", "Burrowing", "Poisonous")
MINOR = {"Grazing": 0.1, "Piracy": 0.5, "Hibernation": 0.5, "Sharp Vision": 0.0, "Scavenger": 0.3}


def reachable_by(carnivore, a) -> bool:
    """The static protections (§4), links ignored."""
    if a.has("Big") and not carnivore.has("Big"):
        return False
    if a.has("Swimming") != carnivore.has("Swimming"):
        return False
    if a.has("Camouflage") and not carnivore.has("Sharp Vision"):
        return False
    return not (a.has("Burrowing") and a.food >= a.need)


class RuleBasedPlayer(SeededPlayer):
    name = "rules-origin"

    def act(self, obs):
        actions = obs.legal_actions
        if len(actions) == 1:
            return actions[0]
        value = {"development": self.develop_value, "feeding": self.feed_value,
                 "free actions": self.feed_value, "defence": self.defence_value,
                 "scavenger": self.scavenge_value, "paired-trait order": self.trigger_value}[obs.phase_name]
        ctx = self.context(obs)
        best, best_v = None, None
        for action in actions:
            v = value(obs, ctx, action) + self.rng.below(1000) * 1e-6  # random tie-break
            if best_v is None or v > best_v:
                best, best_v = action, v
        return best

    # --- what the table looks like --------------------------------------------------
    def context(self, obs) -> dict:
        mine = obs.animals()
        others = [a for seat in range(obs.num_players) if seat != obs.seat for a in obs.animals(seat)]
        share = obs.expected_food / obs.num_players
        carnivores = [a for a in mine if a.has("Carnivorous")]
        budget = 1.3 * share + sum(a.fat for a in mine) + 1.2 * len(carnivores)
        return {
            "mine": mine,
            "enemy_carnivores": [a for a in others if a.has("Carnivorous")],
            "prey": others,
            "others_missing": sum(a.missing for a in others),
            "need": sum(a.need for a in mine),
            "budget": budget,
            "missing": sum(a.missing for a in mine),
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
            if action.trait_name == "Parasite":
                return self.parasite_value(obs, ctx, obs.animals(action.seat)[action.pos])
            return self.trait_value(obs, ctx, ctx["mine"][action.pos], action.trait_name, spare)
        if isinstance(action, PlayPair):
            first = ctx["mine"][action.first]
            if action.trait_name == "Symbiosis":  # protects the symbiont, but it eats after its host
                return 1.0 + (0.8 if self.threatened(ctx, first) else -0.3)
            return 1.5 if spare > 0 else 1.1
        return 0.0

    def threatened(self, ctx, a) -> bool:
        return any(reachable_by(c, a) for c in ctx["enemy_carnivores"])

    def trait_value(self, obs, ctx, a, trait, spare) -> float:
        # a point; better spread over several animals than piled on one big eater
        v = 1.0 - 0.12 * len(a.traits) - 0.15 * (a.need - 1)
        bonus = obs.food_bonus(trait)
        if bonus:
            v += bonus if spare >= bonus else bonus - 2.0 * (bonus - spare)
        if trait in DEFENCES:
            defended = sum(a.has(t) for t in DEFENCES)
            threat = 1.5 if self.threatened(ctx, a) else 0.3
            v += threat / (1 + defended)
            if trait == "Poisonous":
                v -= 0.2
        elif trait == "Carnivorous":
            prey = [p for p in ctx["prey"] if reachable_by(a, p) and not p.has("Poisonous")]
            v += (1.6 if prey else 0.2) - 0.7 * ctx["my_carnivores"]
            if obs.last_turn:
                v -= 1.0
        elif trait == "Fat Tissue":
            v += 0.7 / (1 + a.fat_capacity) if not obs.last_turn else 0.0
        elif trait == "Sharp Vision":
            v += 0.8 if a.has("Carnivorous") and any(p.has("Camouflage") for p in ctx["prey"]) else 0.0
        else:
            v += MINOR.get(trait, 0.0)
        if obs.last_turn and a.food < a.need and bonus:
            v -= 2.0  # a last-turn +food trait may starve the animal
        return v

    def parasite_value(self, obs, ctx, a) -> float:
        """Parasite makes an opponent's animal need 2 more: good while food is short."""
        v = 1.5 + 0.3 * a.worth - 0.5 * (a.fat + a.fat_capacity)
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
            missing = a.missing
            if missing:
                chains = sum(1 for link in a.links if link.trait in ("Communication", "Cooperation"))
                hosts = sum(1 for link in a.links if link.trait == "Symbiosis" and link.second == action.pos)
                return 5 + a.worth / missing + 0.5 * chains + 0.7 * hosts
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
            if a.missing > a.fat and (bank == 0 or ctx["missing"] > bank):
                return 7.0
            return -1.0
        if isinstance(action, Graze):
            if ctx["missing"] == 0 and ctx["others_missing"]:
                return 3.0
            return -1.0
        return 0.0

    def attack_value(self, obs, ctx, action) -> float:
        carnivore = ctx["mine"][action.pos]
        target = obs.animals(action.seat)[action.target]
        if action.seat == obs.seat:
            # eat one's own animal only if it is doomed and cheap
            return 2.0 if target.missing and obs.food_bank == 0 and target.worth <= 2 and carnivore.missing else -5.0
        if target.has("Poisonous"):
            return -5.0
        success = 1.0
        if target.has("Running"):
            success *= 0.5
        if target.has("Tail Loss"):
            success *= 0.6
        if target.has("Mimicry"):
            success *= 0.8
        gain = (5.0 if carnivore.missing else 1.0) + 0.8 * target.worth
        if obs.last_turn:
            gain += target.worth
        return gain * success

    # --- defence and scavenging ---------------------------------------------------------
    def defence_value(self, obs, ctx, action) -> float:
        mine = ctx["mine"]
        target = mine[obs.attack.target]
        if isinstance(action, Run):
            return 10.0
        if isinstance(action, Mimic):
            return target.worth - mine[action.pos].worth + 0.5
        if isinstance(action, DropTail):
            cost = 1 + obs.food_bonus(action.trait_name)
            if action.trait_name == "Parasite" and target.missing:
                cost -= 2.5
            if action.trait_name == "Fat Tissue" and not target.fat:
                cost -= 0.2
            return target.worth - cost
        if isinstance(action, Accept):
            return 0.0
        return 0.0

    def trigger_value(self, obs, ctx, action) -> float:
        """Of several paired cards set off at once, feed the hungriest, most valuable partner first."""
        a = ctx["mine"][action.partner]
        return 10 * a.missing + a.worth

    def scavenge_value(self, obs, ctx, action) -> float:
        a = ctx["mine"][action.pos]
        return 10 * a.missing + a.worth
