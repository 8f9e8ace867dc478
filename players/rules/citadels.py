"""A rule-based player for Citadels of Evolution, from its Observation only.

Strategy (what a careful human does):

* Food first.  Creatures that starve score nothing, so the player settles only
  while the food it can expect (its share of the common pool, aquatic food on
  rivers, personal food from the King or the Merchant) covers one more mouth.
* Territory.  It settles on empty tiles (a city first: 2 control points), away
  from enemy predators unless camouflaged.
* Traits for points and safety.  A second trait gives +1 every round; Aquatic
  on a river feeds itself; Fat Reserve saves a creature from a bad round;
  Camouflage where enemy predators are near; Predator where prey is near.
* Roles.  Merchant (2 food and a point) is the steady pick; the King when it
  controls plains (food and the crown); the Shaman to heal a wound or add a
  trait; the Mage against a clear leader (it blocks the leading opponent); the
  Architect last.
* Attacks.  Every predator attacks when it can, a wounded target first (a kill).
* Feeding.  Hungry creatures first (the wounded ones, which need 2, before the
  others), fat reserves last; it never stops while something can eat, since
  food it leaves goes to the opponents.
* Tiles.  Forest and river (more food in the pool) are laid where they touch
  the most tiles, keeping the map compact and the placements open.
* Discards.  The most duplicated, least useful card kind goes first.
"""
from __future__ import annotations

from engine.citadels.actions import (V_ATTACK, V_DISCARD, V_END, V_FEED, V_GIFT, V_HEAL, V_LAY, V_ROLE,
                                   V_SETTLE, V_STOP, V_TRAIT)
from engine.citadels.roles import ARCHITECT, KING, MAGE, MERCHANT, SHAMAN
from engine.citadels.tiles import BIOME, IS_CITY, PLAINS, POOL_FOOD, RIVER
from engine.citadels.traits import AQUATIC, CAMOUFLAGE, FAT_RESERVE, PREDATOR, TRAIT_BIT, TRAIT_COUNT
from players.base import SeededPlayer

# Discard order: which card kinds a hand needs least (first discarded on ties).
KEEP_VALUE = {AQUATIC: 1, CAMOUFLAGE: 2, PREDATOR: 3, FAT_RESERVE: 4}


class View:
    """Facts about the position, computed once per decision from an Observation."""

    def __init__(self, o):
        self.o = o
        self.seat = o.seat
        self.board = {cell: kind for cell, (kind, _) in o.board}
        self.mine = {}  # cell -> token id of own creatures
        self.occupants = {}  # cell -> seats
        for c, row in enumerate(o.creatures):
            if row[0] is not None:
                self.occupants.setdefault(row[0], []).append(c // 4)
                if c // 4 == o.seat:
                    self.mine[row[0]] = c
        self.pool_food = sum(POOL_FOOD[BIOME[k]] for k in self.board.values())

    def creature(self, cell):
        return self.o.creatures[self.mine[cell]]

    def enemy_predators_near(self, cell) -> int:
        count = 0
        for c, row in enumerate(self.o.creatures):
            if row[0] is not None and c // 4 != self.seat and row[1] & TRAIT_BIT[PREDATOR]:
                if abs(row[0][0] - cell[0]) + abs(row[0][1] - cell[1]) == 1:
                    count += 1
        return count

    def prey_near(self, cell) -> int:
        count = 0
        for c, row in enumerate(self.o.creatures):
            if row[0] is not None and c // 4 != self.seat and not row[1] & TRAIT_BIT[CAMOUFLAGE]:
                if abs(row[0][0] - cell[0]) + abs(row[0][1] - cell[1]) == 1:
                    count += 1
        return count

    def is_river(self, cell) -> bool:
        return BIOME[self.board[cell]] == RIVER

    def self_fed(self) -> int:
        """Own creatures that do not need the pool: aquatic on a river."""
        return sum(1 for cell, c in self.mine.items()
                   if self.o.creatures[c][1] & TRAIT_BIT[AQUATIC] and self.is_river(cell))

    def controlled_plains(self) -> int:
        return sum(1 for cell in self.mine if self.occupants[cell] == [self.seat]
                   and BIOME[self.board[cell]] == PLAINS)

    def my_role_bits(self) -> int:
        mask = self.o.roles[self.seat]
        return mask or 0

    def expected_food(self) -> float:
        """Food this seat can count on at the next Feeding."""
        n = self.o.num_players
        creatures = sum(1 for row in self.o.creatures if row[0] is not None)
        share = self.pool_food / n if creatures else self.pool_food
        personal = 0
        roles = self.my_role_bits() if self.o.revealed and self.o.blocked != self.seat else 0
        if roles & (1 << MERCHANT):
            personal += 2
        if roles & (1 << KING):
            personal += min(3, self.controlled_plains())
        return share + personal + self.self_fed()


class RuleBasedPlayer(SeededPlayer):
    name = "rules"

    def act(self, observation):
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = View(observation)
        verb = legal[0].verb
        if verb == V_DISCARD:
            return self._discard(view, legal)
        if verb == V_ROLE:
            return self._pick_role(view, legal)
        if verb == V_LAY:
            return self._lay(view, legal)
        if verb in (V_FEED, V_STOP):
            return self._feed(view, legal)
        return self._action_turn(view, legal)

    # -- decisions -------------------------------------------------------------------
    def _discard(self, view, legal):
        hand = view.o.hand
        return max(legal, key=lambda a: (hand[a.trait], -KEEP_VALUE[a.trait]))

    def _pick_role(self, view, legal):
        o = view.o
        leader = max(range(o.num_players), key=lambda s: (o.score[s], -s))
        my_wounded = any(view.creature(cell)[3] for cell in view.mine)
        plains = view.controlled_plains()

        def value(a):
            if a.role == MERCHANT:
                return 3.0 + (1 if view.mine else 0)
            if a.role == KING:
                return 1.0 + min(3, plains) * 1.2
            if a.role == SHAMAN:
                return 2.5 + (2 if my_wounded else 0) + (0.5 if view.mine else -1)
            if a.role == MAGE:
                lead = o.score[a.target] - o.score[o.seat]
                return 1.5 + (1.5 if a.target == leader and lead > 0 else 0) + lead * 0.05
            if a.role == ARCHITECT:
                return 1.5
            return 0.0
        return self._best(legal, value)

    def _lay(self, view, legal):
        def value(a):
            touching = sum(1 for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)) if (a.x + dx, a.y + dy) in view.board)
            return touching - 0.01 * (abs(a.x) + abs(a.y))
        return self._best(legal, value)

    def _feed(self, view, legal):
        feeds = [a for a in legal if a.verb == V_FEED]
        if not feeds:
            return legal[-1]

        def urgency(a):
            pos, traits, _, wound, fat, food, _ = view.creature((a.x, a.y))
            hungry = food < 1 + wound
            return (2 if hungry else 0) + (wound if hungry else 0)
        return self._best(feeds, urgency)

    def _action_turn(self, view, legal):
        by_verb = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        if V_HEAL in by_verb:
            return by_verb[V_HEAL][0]
        if V_GIFT in by_verb:
            return self._best(by_verb[V_GIFT], lambda a: self._trait_value(view, a))
        if V_ATTACK in by_verb:
            return self._best(by_verb[V_ATTACK], lambda a: self._attack_value(view, a))
        if V_TRAIT in by_verb:
            best = max(by_verb[V_TRAIT], key=lambda a: self._trait_value(view, a))
            if self._trait_value(view, best) > 0:
                return best
        if V_SETTLE in by_verb and self._can_feed_one_more(view):
            best = max(by_verb[V_SETTLE], key=lambda a: self._settle_value(view, a))
            if self._settle_value(view, best) > 0:
                return best
        return by_verb[V_END][0]

    # -- evaluations -------------------------------------------------------------------
    def _trait_value(self, view, a) -> float:
        cell = (a.x, a.y)
        traits = view.creature(cell)[1]
        value = 2.0 if TRAIT_COUNT[traits] == 1 else (0.5 if TRAIT_COUNT[traits] == 0 else 0.2)
        if a.trait == AQUATIC:
            value += 2.5 if view.is_river(cell) else -0.5
        elif a.trait == FAT_RESERVE:
            value += 1.0
        elif a.trait == CAMOUFLAGE:
            value += 1.5 * view.enemy_predators_near(cell)
        elif a.trait == PREDATOR:
            value += 1.0 * min(1, view.prey_near(cell)) - 0.3
        return value

    def _attack_value(self, view, a) -> float:
        for c, row in enumerate(view.o.creatures):
            if row[0] == (a.tx, a.ty) and c // 4 == a.victim:
                return 2.0 if row[3] else 1.0
        return 0.0

    def _can_feed_one_more(self, view) -> bool:
        return len(view.mine) + 1 <= view.expected_food()

    def _settle_value(self, view, a) -> float:
        cell = (a.x, a.y)
        value = 0.0
        if not view.occupants.get(cell):
            value += 2.0 if IS_CITY[view.board[cell]] else 1.0
        else:
            value += 0.2
        if view.is_river(cell) and view.o.hand[AQUATIC]:
            value += 0.8
        value -= 0.7 * view.enemy_predators_near(cell)
        return value

    def _best(self, actions, value):
        """The highest-valued action; ties broken by this player's own generator."""
        best, best_value, ties = None, None, 0
        for a in actions:
            v = value(a)
            if best_value is None or v > best_value:
                best, best_value, ties = a, v, 1
            elif v == best_value:
                ties += 1
                if self.rng.below(ties) == 0:
                    best = a
        return best
