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

Ties are broken by the player's own seeded generator (deterministic per seed).
"""
from __future__ import annotations

from engine.dominant_species import decisions as D
from engine.dominant_species.board import (ABUNDANCE, ADAPTATION, BOX_ADAPTATION, BOX_REGRESSION, COMPETITION,
                                           COMPETITION_TERRAINS, CORNER_HEXES, DEPLETION, DOMINATION, GLACIATION,
                                           INITIATIVE, MIGRATION, MIGRATION_LIMIT, NUM_HEXES, PRINTED, REGRESSION,
                                           SPACE_INDEX, SPACE_SECTION, SPECIATION, WANDERLUST, WASTELAND)
from engine.dominant_species.earth import dominant, glaciation_targets, matches, speciation_limit
from engine.dominant_species.scoring import current_scores, score_tile
from players.base import SeededPlayer

# decisions that only set up the rest of an action: judged after completing it greedily
OPENERS = frozenset((D.INIT, D.ABUND_ELEM, D.SPEC_CORNER, D.WL_STACK, D.WL_HEX, D.WL_ELEM, D.CARD, D.AQ_TILE,
                     D.AQ_ELEM, D.BLIGHT_TILE, D.CAT_TILE, D.HAB_ELEM, D.HIB_TILE, D.EXODUS_TILE, D.META_LOSE))
CHAIN_LIMIT = 6


def evaluate(s, me: int) -> float:
    """How good the position is for ``me`` (higher is better)."""
    scores = current_scores(s)
    others = [scores[x] for x in range(s.num_players) if x != me]
    value = scores[me] - max(others)
    n = s.num_players
    sp = s.sp
    over = s.phase == 3
    if over:
        return value * 10.0
    for h in range(NUM_HEXES):
        if s.terrain[h] < 0:
            continue
        mine = sp[h * n + me]
        d = dominant(s, h)
        if d == me:
            value += 2.5
        if mine:
            value += 0.4 * mine
            if matches(s, me, h) == 0:
                value -= 1.5 * mine
    return value


class RuleBasedPlayer(SeededPlayer):
    name = "rules-dominant-species"

    def act(self, obs):
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        s = obs.sample(self.rng)
        me = obs.seat
        if s.pk == D.PLACE:
            return self._place(s, me, legal)
        best, best_v = legal[0], None
        for action in legal:
            v = self._value_of(s, me, action) + self.rng.below(1000) * 1e-6
            if best_v is None or v > best_v:
                best, best_v = action, v
        return best

    # -- execution: look-ahead on the sampled state -------------------------------------
    def _value_of(self, s, me, action) -> float:
        t = s.clone()
        kind = t.pk
        cursor = t.cursor
        t.apply(action)
        if kind in OPENERS:
            steps = 0
            while (steps < CHAIN_LIMIT and t.current_player == me and t.cursor == cursor
                   and t.phase == 1 and t.pk != D.PLACE):
                options = t.legal_actions()
                best, best_v = options[0], None
                for a in options:
                    u = t.clone()
                    u.apply(a)
                    v = evaluate(u, me)
                    if best_v is None or v > best_v:
                        best, best_v = a, v
                t.apply(best)
                steps += 1
        return evaluate(t, me)

    # -- planning: hand-written values per section ---------------------------------------
    def _place(self, s, me, legal):
        best, best_v = legal[0], None
        for action in legal:
            v = self._space_value(s, me, action[1]) + self.rng.below(1000) * 1e-4
            if best_v is None or v > best_v:
                best, best_v = action, v
        return best

    def _space_value(self, s, me, space) -> float:
        sec, i = SPACE_SECTION[space], SPACE_INDEX[space]
        n = s.num_players
        if sec == DOMINATION:
            best = 0.0
            for h in range(NUM_HEXES):
                if s.terrain[h] < 0 or s.scored >> h & 1:
                    continue
                pay = dict(score_tile(s, h))
                gain = pay.get(me, 0) - max([pay.get(x, 0) for x in range(n) if x != me] or [0])
                if dominant(s, h) == me:
                    gain += 3
                best = max(best, gain)
            return best + 1.0 - 0.3 * i
        if sec == SPECIATION:
            if not s.gene[me]:
                return -1.0
            best = 0.0
            for c in s.geo.corners:
                if s.elem[c] != i:
                    continue
                room = 0.0
                for h in CORNER_HEXES[c]:
                    if s.terrain[h] >= 0:
                        k = speciation_limit(s, h)
                        room += k if matches(s, me, h) + s.disp[me * 6 + i] > 0 else 0.3 * k
                best = max(best, room)
            return min(best, s.gene[me]) * 0.8
        if sec == ADAPTATION:
            if sum(s.disp[me * 6:me * 6 + 6]) >= 6:
                return -1.0
            best = 0.0
            for e in range(6):
                if s.box[BOX_ADAPTATION * 6 + e]:
                    gain = 0.0
                    for h in range(NUM_HEXES):
                        k = s.sp[h * n + me] if s.terrain[h] >= 0 else 0
                        if k:
                            on = sum(1 for c in s.geo.hex_corners[h] if s.elem[c] == e)
                            gain += on * 0.5 + (1.5 * k if on and matches(s, me, h) == 0 else 0)
                    best = max(best, gain)
            return 2.0 + best
        if sec == REGRESSION:
            printed = PRINTED[s.animal[me]]
            at_risk = sum(1 for e in range(6) if s.box[BOX_REGRESSION * 6 + e] and s.disp[me * 6 + e] > printed[e])
            return 1.5 * at_risk - 0.5
        if sec == WANDERLUST:
            return 3.0 if any(t >= 0 for t in s.wl_up) else -1.0
        if sec == COMPETITION:
            terrains = COMPETITION_TERRAINS[i]
            shared = 0
            for h in range(NUM_HEXES):
                if s.terrain[h] >= 0 and s.sp[h * n + me] and (s.tundra[h] or s.terrain[h] in terrains):
                    if any(s.sp[h * n + x] for x in range(n) if x != me):
                        shared += 1
            return 1.2 * min(shared, 3)
        if sec == MIGRATION:
            return 1.0 + 0.2 * MIGRATION_LIMIT[i]
        if sec == ABUNDANCE:
            return 1.5
        if sec == GLACIATION:
            return 1.6 if glaciation_targets(s) else -1.0
        if sec == INITIATIVE:
            return 1.2
        if sec in (WASTELAND, DEPLETION):
            return 0.3
        return 0.0
