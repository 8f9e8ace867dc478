"""A rule-based player for Evolution: Random Mutations, from its Observation only.

Strategy (what a careful player does when every card is a blind draw):

* Development: grow while the food will feed it.  The expected red tokens of a turn
  (the climate table) give a food budget, about twice the seat's fair share (the
  others waste food) plus one per own predator; while the food need of
  all his animals stays under it he adds an animal (to the species whose animals need
  least) or starts a new species (which also lifts the population cap).  Past the
  budget he turns cards over as traits on species of one animal (a trait scores 1 VP
  or more and, on average, adds little need); with nothing useful left he passes and
  keeps the cards.  In the last turn every card left unplayed is lost, so he plays on
  while a play can score.
* Feeding: an attack first (the opposing species whose loss costs most: a lone animal
  takes its trait cards with it; never his own species, Running last), then red food on
  his own hungriest-to-save animal (the one closest to fed, the species with most trait
  cards first), then a black token on the opponents' species that will then carry the
  most parasites (only where that does not leave one of his own species at the
  maximum), then a shelter (food through Bark Beetle first, else a fed animal an
  opposing predator could still strike, a lone animal with most trait cards first),
  else pass.
* Grazing destroys every red token he may once all his animals are fed, none before.
* Choices forced on him: the victim of an attack or of the parasites is an animal that
  would starve anyway, else one carrying black tokens; Simplification drops the most
  harmful trait (Metabolic Syndrome, Bark Beetle, Extremophile, Developmental Defects
  first); the Scavenger token goes to his first hungry Scavenger animal.
"""
from __future__ import annotations

from engine.random_mutations.actions import (ADD, ATTACK, BLACK, BUD, DIVERGE, DROP, GRAZE, GREEN, MIMIC, NEW,
                                             PARASITE, PASS, PIRATE, RED, SCAVENGE, TAIL, TRAIT, VICTIM)
from engine.random_mutations.cards import (BARK_BEETLE, BIG, CAMOUFLAGE, CARNIVORE, CLIMATE_TABLES, DEV_DEFECTS,
                                           EXTREMOPHILE, METABOLIC, OBLIGATE, RUNNING, SCAVENGER, SHARP_VISION,
                                           SWIMMING)
from players.base import SeededPlayer

# Simplification: what to drop first (harmful first, the most useful last)
DROP_ORDER = (METABOLIC, BARK_BEETLE, EXTREMOPHILE, DEV_DEFECTS, SCAVENGER, BIG, RUNNING)


class RuleBasedPlayer(SeededPlayer):
    name = "rules"

    def act(self, observation):
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        o = observation
        verb = legal[-1][0]
        phase = o.phase_name
        if phase == "development":
            return self._develop(o, legal)
        if phase == "feeding":
            return self._feed(o, legal)
        if verb == GRAZE:
            return self._graze(o, legal)
        if verb in (VICTIM, TAIL, MIMIC) or phase == "victim choice":
            return self._victim(o, legal)
        if verb == PARASITE:
            return self._parasite(o, legal)
        if verb == DROP:
            return self._drop(legal)
        if verb == SCAVENGE:  # a hungry one first: on a fed animal the token does nothing
            mine = o.my_species
            return next((a for a in legal if not mine[a[1]].animals[a[2]].fed), legal[0])
        return legal[0]

    # -- development ---------------------------------------------------------------
    def _budget(self, o) -> float:
        food_dice, red_add, green_dice, _, _ = CLIMATE_TABLES[o.options["climate_formula"]][o.num_players]
        red = 3.5 * food_dice + red_add
        share = red / o.num_players
        # predators feed themselves; about twice the fair share: the others waste food
        # (2.2 measured best of 1.2-4.0 against random players at 2-4 seats)
        return share * 2.2 + 0.5

    def _develop(self, o, legal):
        mine = o.my_species
        need = sum(sp.need * sp.population for sp in mine)
        predators = sum(sp.population for sp in mine if sp.has(CARNIVORE) or sp.has(OBLIGATE))
        budget = self._budget(o) + predators
        legal_set = set(legal)
        adds = [a for a in legal if a[0] in (ADD, BUD)]
        traits = [a for a in legal if a[0] == TRAIT]
        if need + 1 <= budget or o.last_turn and need + 1 <= budget + 1:
            if adds:
                # the species whose animals need least, then the one with most trait cards
                return min(adds, key=lambda a: (mine[a[1]].need, -len(mine[a[1]].traits)))
            if (NEW,) in legal_set:
                return (NEW,)
        if traits:
            # a bare species first (a first trait), the one whose animals need least
            return min(traits, key=lambda a: (len(mine[a[1]].traits), mine[a[1]].need))
        if o.last_turn and need + 1 <= budget + 2 and (NEW,) in legal_set:
            return (NEW,)
        diverge = [a for a in legal if a[0] == DIVERGE]
        if diverge and need + 1 <= budget:
            return diverge[0]
        return (PASS,)

    # -- feeding -------------------------------------------------------------------
    def _feed(self, o, legal):
        seat = o.seat
        mine = o.my_species
        by_verb = {}
        for a in legal:
            by_verb.setdefault(a[0], []).append(a)
        attacks = [a for a in by_verb.get(ATTACK, ()) if a[3] != seat]
        if attacks:
            return max(attacks, key=lambda a: self._attack_value(o, a))
        reds = by_verb.get(RED)
        if reds:
            def red_key(a):
                sp = mine[a[1]]
                an = sp.animals[a[2]]
                missing = sp.need - an.red - an.blue
                return (missing > 0, -missing, len(sp.traits), -sp.population)
            best = max(reds, key=red_key)
            sp = mine[best[1]]
            an = sp.animals[best[2]]
            if an.red + an.blue < sp.need:
                return best
        pirates = by_verb.get(PIRATE)
        if pirates:
            return pirates[0]
        blacks = by_verb.get(BLACK)
        if blacks:
            choice = self._black(o, blacks)
            if choice is not None:
                return choice
        greens = by_verb.get(GREEN)
        if greens:
            for a in greens:
                sp = mine[a[1]]
                if sp.has(BARK_BEETLE) and not sp.has(OBLIGATE) and not sp.animals[a[2]].fed:
                    return a  # Bark Beetle: the shelter is food
            hunters = self._hunters(o)
            exposed = [a for a in greens if mine[a[1]].animals[a[2]].fed and self._exposed(o, mine[a[1]], hunters)]
            if exposed:
                # a lone animal takes its trait cards with it: shelter the richest first
                return max(exposed, key=lambda a: (mine[a[1]].population == 1, len(mine[a[1]].traits)))
        if reds:
            return reds[0] if not any(not an.fed for sp in mine for an in sp.animals) else (PASS,)
        return (PASS,)

    def _attack_value(self, o, a):
        target = o.species(a[3])[a[4]]
        value = 2 + (len(target.traits) + sum(1 for t in target.trait_ids if t in (BIG, CARNIVORE, OBLIGATE))
                     if target.population == 1 else 0)
        running = target.has(RUNNING) and a[5] != RUNNING
        return (not running, value)

    def _hunters(self, o) -> list:
        """The opposing predator species that still have an animal able to attack."""
        return [sp for seat in range(o.num_players) if seat != o.seat for sp in o.species(seat)
                if (sp.has(CARNIVORE) or sp.has(OBLIGATE)) and any(not an.attacked and not an.fed
                                                                    for an in sp.animals)]

    def _exposed(self, o, sp, hunters) -> bool:
        """Whether one of ``hunters`` passes the static defences of ``sp`` (§3.3)."""
        for p in hunters:
            if p.has(SWIMMING) != sp.has(SWIMMING):
                continue
            if sp.has(BIG) and not p.has(BIG) and o.options["big_protection"]:
                continue
            if sp.has(CAMOUFLAGE) and not p.has(SHARP_VISION):
                continue
            return True
        return False

    def _black(self, o, blacks):
        def load(sp):
            return sum(an.black for an in sp.animals)
        mine_top = max((load(sp) for sp in o.my_species), default=0)
        best, best_key = None, None
        for a in blacks:
            sp = o.species(a[1])[a[2]]
            after = load(sp) + 1
            if after <= mine_top:
                continue
            key = (after, sp.population == 1, len(sp.traits))
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _graze(self, o, legal):
        hungry = any(not an.fed for sp in o.my_species if not sp.has(OBLIGATE) for an in sp.animals)
        return legal[0] if hungry else legal[-1]

    # -- forced choices --------------------------------------------------------------
    def _victim(self, o, legal):
        attack = o.attack
        sp = o.species(attack.target_seat)[attack.target_species]
        tails = [a for a in legal if a[0] == TAIL]
        if tails:  # a trait card (1 VP or so) rather than an animal (2 VP and its food)
            return self._drop(tails)
        victims = [a for a in legal if a[0] == VICTIM]
        if not victims:
            return legal[0]
        return max(victims, key=lambda a: (not sp.animals[a[1]].fed, sp.animals[a[1]].black))

    def _parasite(self, o, legal):
        mine = o.my_species
        return max(legal, key=lambda a: (not mine[a[1]].animals[a[2]].fed, mine[a[1]].population,
                                         -len(mine[a[1]].traits)))

    def _drop(self, legal):
        order = {t: i for i, t in enumerate(DROP_ORDER)}
        return min(legal, key=lambda a: order.get(a[1], len(order)))
