"""A rule-based player for Dominant Species, from its Observation only.

Strategy (what a careful human does):

* **Planning** -- each AP goes where it is worth most now, by a hand-written
  value per section: Domination first when some unscored tile pays us more than
  the others (earlier spaces see more cards); Speciation on an element whose
  corners touch tiles where we match (room for many cubes); Adaptation when
  the box holds an element that rescues endangered species or matches our
  tiles; Regression when the box threatens our added elements; Wanderlust for
  its bonus; Competition where we share tiles of its terrains; Migration,
  Abundance, Glaciation and Initiative as fillers; Wasteland and Depletion last.
* **Execution** -- every choice is looked ahead on a sampled state: each legal
  action is applied, the rest of the same action (a Speciation's counts, a
  card's follow-ups) is completed greedily, and the position is judged by
  ``evaluate``: our score (VPs plus what the tiles would pay now) against the
  best opponent's, dominated tiles (cards and Ice Age), minus our endangered
  species (they die at the next Extinction), plus our species on Earth.  So it
  protects endangered species, takes the card that scores most now and places
  and moves cubes where they pay.

It reads the game only through the observation's named views (``obs.tiles()``,
``obs.animals()``, ``obs.decision``, ...; engine/dominant_species/observation.py),
also on the looked-ahead samples (through their observations), and the rules'
static tables (which section a space belongs to).  Ties are broken by the
player's own seeded generator (deterministic per seed).
"""
from __future__ import annotations

from engine.dominant_species.board import (ABUNDANCE, ADAPTATION, COMPETITION, COMPETITION_TERRAINS, DEPLETION,
                                           DOMINATION, ELEMENT_NAMES, GLACIATION, INITIATIVE, MIGRATION,
                                           MIGRATION_LIMIT, REGRESSION, SPACE_INDEX, SPACE_SECTION, SPECIATION,
                                           TERRAIN_NAMES, WANDERLUST, WASTELAND)
from players.base import SeededPlayer

# decisions that only set up the rest of an action: judged after completing it greedily
OPENERS = frozenset(("initiative", "abundance element", "speciation corner", "wanderlust stack", "wanderlust tile",
                     "wanderlust element", "card", "aquatic tile", "aquatic element", "blight tile",
                     "catastrophe tile", "habitat element", "hibernation tile", "mass-exodus tile",
                     "metamorphosis lose"))
CHAIN_LIMIT = 6


def evaluate(obs) -> float:
    """How good the position is for the observing seat (higher is better)."""
    me = obs.seat
    scores = obs.current_scores()
    others = [scores[x] for x in range(obs.num_players) if x != me]
    value = scores[me] - max(others)
    if obs.phase_name == "over":
        return value * 10.0
    for tile in obs.tiles():
        mine = tile.species[me]
        if tile.dominant == me:
            value += 2.5
        if mine:
            value += 0.4 * mine
            if tile.matches[me] == 0:
                value -= 1.5 * mine
    return value


class RuleBasedPlayer(SeededPlayer):
    name = "rules-dominant-species"

    def act(self, obs):
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        decision = obs.decision
        if decision.name == "place":
            return self._place(obs, legal)
        world = obs.sample(self.rng)
        best, best_v = legal[0], None
        for action in legal:
            v = self._value_of(world, obs.seat, decision, action) + self.rng.below(1000) * 1e-6
            if best_v is None or v > best_v:
                best, best_v = action, v
        return best

    # -- execution: look-ahead on the sampled state -------------------------------------
    def _value_of(self, world, me, decision, action) -> float:
        t = world.clone()
        t.apply(action)
        if decision.name in OPENERS:
            for _ in range(CHAIN_LIMIT):
                view = t.observation(me)
                now = view.decision
                if not (view.current_player == me and now.step == decision.step
                        and view.phase_name == "execution" and now.name != "place"):
                    break
                best, best_v = view.legal_actions[0], None
                for a in view.legal_actions:
                    u = t.clone()
                    u.apply(a)
                    v = evaluate(u.observation(me))
                    if best_v is None or v > best_v:
                        best, best_v = a, v
                t.apply(best)
        return evaluate(t.observation(me))

    # -- planning: hand-written values per section ---------------------------------------
    def _place(self, obs, legal):
        best, best_v = legal[0], None
        for action in legal:
            v = self._space_value(obs, action[1]) + self.rng.below(1000) * 1e-4
            if best_v is None or v > best_v:
                best, best_v = action, v
        return best

    def _space_value(self, obs, space) -> float:
        """What an AP on ``space`` (an id of the action display) is worth to us now."""
        sec, i = SPACE_SECTION[space], SPACE_INDEX[space]
        me, n = obs.seat, obs.num_players
        mine = obs.me
        if sec == DOMINATION:
            best = 0.0
            for tile in obs.tiles():
                if tile.scored:
                    continue
                pay = tile.pays
                gain = pay.get(me, 0) - max([pay.get(x, 0) for x in range(n) if x != me] or [0])
                if tile.dominant == me:
                    gain += 3
                best = max(best, gain)
            return best + 1.0 - 0.3 * i
        if sec == SPECIATION:
            if not mine.gene_pool:
                return -1.0
            element = ELEMENT_NAMES[i] if i < len(ELEMENT_NAMES) else None
            tiles = {tile.hex: tile for tile in obs.tiles()}
            best = 0.0
            for corner in obs.corners():
                if element is None or corner.element != element:
                    continue
                room = 0.0
                for h in corner.tiles:
                    k = tiles[h].speciation_limit
                    room += k if tiles[h].matches[me] + mine.elements.get(element, 0) > 0 else 0.3 * k
                best = max(best, room)
            return min(best, mine.gene_pool) * 0.8
        if sec == ADAPTATION:
            if sum(mine.elements.values()) >= 6:
                return -1.0
            box = obs.boxes["adaptation"]
            tiles = obs.tiles()
            best = 0.0
            for element in ELEMENT_NAMES:
                if box.get(element):
                    gain = 0.0
                    for tile in tiles:
                        k = tile.species[me]
                        if k:
                            on = tile.elements.count(element)
                            gain += on * 0.5 + (1.5 * k if on and tile.matches[me] == 0 else 0)
                    best = max(best, gain)
            return 2.0 + best
        if sec == REGRESSION:
            box = obs.boxes["regression"]
            at_risk = sum(1 for e in ELEMENT_NAMES
                          if box.get(e) and mine.elements.get(e, 0) > mine.printed.get(e, 0))
            return 1.5 * at_risk - 0.5
        if sec == WANDERLUST:
            return 3.0 if any(t is not None for t in obs.wanderlust) else -1.0
        if sec == COMPETITION:
            terrains = {TERRAIN_NAMES[x] for x in COMPETITION_TERRAINS[i]}
            shared = 0
            for tile in obs.tiles():
                if tile.species[me] and (tile.tundra or tile.terrain in terrains):
                    if any(tile.species[x] for x in range(n) if x != me):
                        shared += 1
            return 1.2 * min(shared, 3)
        if sec == MIGRATION:
            return 1.0 + 0.2 * MIGRATION_LIMIT[i]
        if sec == ABUNDANCE:
            return 1.5
        if sec == GLACIATION:
            return 1.6 if obs.glaciation_targets() else -1.0
        if sec == INITIATIVE:
            return 1.2
        if sec in (WASTELAND, DEPLETION):
            return 0.3
        return 0.0
