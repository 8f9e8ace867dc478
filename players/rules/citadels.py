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

from engine.citadels.actions import (Attack, Discard, EndTurn, Feed, Lay, PickRole, PlayTrait, Settle,
                                     ShamanGift, ShamanHeal, StopFeeding)
from engine.citadels.tiles import STEP, cell_index
from players.base import SeededPlayer

# A cell's four neighbours (engine.citadels.tiles.STEP) as offsets of its cell_index.
NEIGHBOURS = tuple(cell_index(dx, dy) - cell_index(0, 0) for dx, dy in STEP)

# Discard order: which card kinds a hand needs least (first discarded on ties).
KEEP_VALUE = {"aquatic": 1, "camouflage": 2, "predator": 3, "fat": 4}


def _adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _map_cells(board) -> set:
    """The cells of a map (an observation's ``board``) by ``engine.citadels.tiles.cell_index``."""
    cells = set()
    for cell, _ in board:
        cells.add(cell_index(cell[0], cell[1]))
    return cells


def _lay_value(cells: set, x: int, y: int) -> float:
    """A tile laid at (x, y) on a map of these ``cells`` (``_map_cells``): the tiles it touches,
    then the nearer the centre the better."""
    at = cell_index(x, y)
    touching = 0
    for step in NEIGHBOURS:
        if at + step in cells:
            touching += 1
    return touching - 0.01 * (abs(x) + abs(y))


class View:
    """Facts about the position, computed once per decision from the Observation's views:
    the creatures, and with ``board`` (every decision but feeding) the tiles, who stands
    where and the food the map adds to the pool."""

    def __init__(self, o, board: bool = True):
        self.o = o
        self.seat = o.seat
        self.every = o.every_creature()
        self.mine = {c.cell: c for c in self.every if c.seat == o.seat}  # cell -> own creature
        if not board:
            return
        self.tiles = o.tiles()
        self.occupants = {}  # cell -> seats
        for c in self.every:
            self.occupants.setdefault(c.cell, []).append(c.seat)
        pool_food = 0
        for tile in self.tiles.values():
            pool_food += tile.pool_food
        self.pool_food = pool_food

    def creature(self, cell):
        return self.mine[cell]

    def enemy_predators_near(self, cell) -> int:
        count = 0
        for c in self.every:
            if c.seat != self.seat and "predator" in c.traits and _adjacent(c.cell, cell):
                count += 1
        return count

    def prey_near(self, cell) -> int:
        count = 0
        for c in self.every:
            if c.seat != self.seat and "camouflage" not in c.traits and _adjacent(c.cell, cell):
                count += 1
        return count

    def is_river(self, cell) -> bool:
        return self.tiles[cell].biome == "river"

    def self_fed(self) -> int:
        """Own creatures that do not need the pool: aquatic on a river."""
        count = 0
        for cell, c in self.mine.items():
            if "aquatic" in c.traits and self.is_river(cell):
                count += 1
        return count

    def controlled_plains(self) -> int:
        count = 0
        for cell in self.mine:
            if self.occupants[cell] == [self.seat] and self.tiles[cell].biome == "plains":
                count += 1
        return count

    def expected_food(self) -> float:
        """Food this seat can count on at the next Feeding."""
        n = self.o.num_players
        share = self.pool_food / n if self.every else self.pool_food
        personal = 0
        roles = self.o.my_active_roles
        if "merchant" in roles:
            personal += 2
        if "king" in roles:
            personal += min(3, self.controlled_plains())
        return share + personal + self.self_fed()

    # -- the rule player's evaluations, on the View's own fields ---------------------------
    def trait_value(self, a) -> float:
        cell = (a.x, a.y)
        count = len(self.creature(cell).traits)
        value = 2.0 if count == 1 else (0.5 if count == 0 else 0.2)
        trait = a.trait_name
        if trait == "aquatic":
            value += 2.5 if self.is_river(cell) else -0.5
        elif trait == "fat":
            value += 1.0
        elif trait == "camouflage":
            value += 1.5 * self.enemy_predators_near(cell)
        elif trait == "predator":
            value += 1.0 * min(1, self.prey_near(cell)) - 0.3
        return value

    def attack_value(self, a) -> float:
        for c in self.every:
            if c.cell == (a.tx, a.ty) and c.seat == a.victim:
                return 2.0 if c.wounded else 1.0
        return 0.0

    def can_feed_one_more(self) -> bool:
        return len(self.mine) + 1 <= self.expected_food()

    def settle_value(self, a) -> float:
        cell = (a.x, a.y)
        value = 0.0
        if not self.occupants.get(cell):
            value += 2.0 if self.tiles[cell].city else 1.0
        else:
            value += 0.2
        if self.is_river(cell) and "aquatic" in self.o.hand:
            value += 0.8
        value -= 0.7 * self.enemy_predators_near(cell)
        return value


class RuleBasedPlayer(SeededPlayer):
    name = "rules"

    def act(self, observation):
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        # (each decision reads only what it needs: a View is made where it reads one)
        first = legal[0]
        if isinstance(first, Discard):
            return self._discard(observation, legal)
        if isinstance(first, PickRole):
            return self._pick_role(View(observation), legal)
        if isinstance(first, Lay):
            return self._lay(observation, legal)
        if isinstance(first, (Feed, StopFeeding)):
            return self._feed(View(observation, False), legal)
        return self._action_turn(View(observation), legal)

    # -- decisions -------------------------------------------------------------------
    def _discard(self, o, legal):
        hand = o.hand
        return max(legal, key=lambda a: (hand.count(a.trait_name), -KEEP_VALUE[a.trait_name]))

    def _pick_role(self, view, legal):
        o = view.o
        leader = max(range(o.num_players), key=lambda s: (o.score[s], -s))
        my_wounded = any(c.wounded for c in view.mine.values())
        plains = view.controlled_plains()

        def value(a):
            role = a.role_name
            if role == "merchant":
                return 3.0 + (1 if view.mine else 0)
            if role == "king":
                return 1.0 + min(3, plains) * 1.2
            if role == "shaman":
                return 2.5 + (2 if my_wounded else 0) + (0.5 if view.mine else -1)
            if role == "mage":
                lead = o.score[a.target] - o.score[o.seat]
                return 1.5 + (1.5 if a.target == leader and lead > 0 else 0) + lead * 0.05
            if role == "architect":
                return 1.5
            return 0.0
        return self._best(legal, value)

    def _lay(self, o, legal):
        cells = _map_cells(o.board)
        return self._best(legal, lambda a: _lay_value(cells, a.x, a.y))

    def _feed(self, view, legal):
        feeds = [a for a in legal if isinstance(a, Feed)]
        if not feeds:
            return legal[-1]

        def urgency(a):
            c = view.creature((a.x, a.y))
            hungry = c.food < 1 + c.wounded
            return (2 if hungry else 0) + (c.wounded if hungry else 0)
        return self._best(feeds, urgency)

    def _action_turn(self, view, legal):
        by_kind = {}
        for a in legal:
            by_kind.setdefault(type(a), []).append(a)
        if ShamanHeal in by_kind:
            return by_kind[ShamanHeal][0]
        if ShamanGift in by_kind:
            return self._best(by_kind[ShamanGift], view.trait_value)
        if Attack in by_kind:
            return self._best(by_kind[Attack], view.attack_value)
        if PlayTrait in by_kind:
            best = max(by_kind[PlayTrait], key=view.trait_value)
            if view.trait_value(best) > 0:
                return best
        if Settle in by_kind and view.can_feed_one_more():
            best = max(by_kind[Settle], key=view.settle_value)
            if view.settle_value(best) > 0:
                return best
        return by_kind[EndTurn][0]

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

