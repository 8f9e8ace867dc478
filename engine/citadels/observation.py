"""What one seat may know, and determinization from it alone.

Hidden from a seat: the removed role (always: A1), the other players' picks
until the reveal (and so the Mage's target, unless the seat is the Mage), the
other hands and the order of the trait deck, the order of the tile stack, and
a tile another player has drawn but not yet laid (B5).  Everything else is
public: the map, the creatures with their traits, wounds, fat and food, the
discard pile (discards are face up), tiles put to the bottom (B4), scores, the
crown and the history of public events.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import TERMINAL, Observation
from engine.citadels.board import CREATURES_PER_PLAYER, DRAFT, MAP
from engine.citadels.roles import MAGE, ROLE_BIT, ROLE_NAME, ROLES
from engine.citadels import render
from engine.citadels import state as state_module  # (a cycle with state.py: used at call time)
from engine.citadels.tiles import CATALOGUE, IS_CITY, LANDSCAPE_NAME, POOL_FOOD, can_place
from engine.citadels.traits import DECK_COUNTS, TRAIT_BIT, TRAIT_NAME, TRAITS, draw_card

class Creature(NamedTuple):
    """A creature on the map as your seat sees it (every creature is public)."""
    seat: int          # its owner
    cell: tuple        # (x, y) of its tile
    traits: tuple      # trait names, e.g. ("predator", "aquatic")
    wounded: bool
    fat: int           # food stored by its fat reserve (0 or 1)
    food: int          # food eaten this feeding
    attacked: bool     # (a predator) has attacked this round

    def has(self, trait: str) -> bool:
        """Whether it has this trait: "predator", "camouflage", "aquatic" or "fat"."""
        return trait in self.traits


class Tile(NamedTuple):
    """A tile on the map."""
    cell: tuple        # (x, y); north is y - 1
    name: str          # its kind, e.g. "river-bend"
    biome: str         # the centre: "forest", "plains", "river" or "mountains"
    city: bool         # a city (2 control points)
    pool_food: int     # food its biome adds to the common pool each round


def _observe(o, s, seat: int) -> None:
    """Fill observation ``o`` of State ``s`` for ``seat`` (a module function, not the method:
    compiled, it reads the State's fields in C)."""
    o.game = "citadels"
    o.seat = seat
    o.legal_actions = list(s.legal_actions()) if s.current_player == seat else []
    o.is_terminal = s.current_player == TERMINAL
    o.options = s.options  # frozen, shared
    o.num_players = s.num_players
    o.current_player = s.current_player
    o.round = s.round
    o.phase = s.phase
    o.crown = s.crown
    o.draft_order = tuple(s.draft_order)
    o.revealed = s.revealed
    o.order = tuple(s.order)
    o.lays_left = s.lays_left
    o.turn = s.turn
    o.settled = s.settled
    o.traited = s.traited
    o.shaman_used = s.shaman_used
    o.pool = s.pool
    o.score = tuple(s.score)
    _see_cards(o, s, seat)
    _see_roles(o, s, seat)
    _see_map(o, s, seat)
    # the creature tokens as columns (``creature_rows`` makes the rows when read)
    o.creature_columns = (tuple(s.cr_pos), tuple(s.cr_traits), tuple(s.cr_card_traits), tuple(s.cr_wound),
                          tuple(s.cr_fat), tuple(s.cr_food), tuple(s.cr_attacked))
    o.personal_food = tuple(s.personal_food)
    o.eating = tuple(s.eating)
    o.history = tuple(s.log)


def _see_cards(o, s, seat: int) -> None:
    hand_counts = o.hand_counts = tuple(s.hands[seat])
    sizes = []
    for hand in s.hands:  # (loops, not sum(): compiled, they add C longs)
        size = 0
        for count in hand:
            size += count
        sizes.append(size)
    o.hand_sizes = tuple(sizes)
    size = 0
    for count in s.deck:
        size += count
    o.deck_size = size
    discard = s.discard
    o.discard = tuple(discard)
    # the cards not in this hand, the discard or a creature's traits (each count read into a C long
    # compiled, before it meets another)
    unseen = []
    for t in TRAITS:
        count = DECK_COUNTS[t]
        size = hand_counts[t]
        count -= size
        size = discard[t]
        unseen.append(count - size)
    for cards in s.cr_card_traits:
        if cards:
            for t in TRAITS:
                bit = TRAIT_BIT[t]
                if cards & bit:
                    unseen[t] -= 1
    o.unseen_cards = tuple(unseen)


def _see_roles(o, s, seat: int) -> None:
    o.picks_made = len(s.role_picks)
    mine = []
    views = []
    gone = {s.role_removed}
    i = 0
    for who, r in s.role_picks:
        if who == seat:
            mine.append((i, r))
            views.append((i, tuple([x for x in ROLES if x not in gone])))
        gone.add(r)
        i += 1
    o.my_picks = tuple(mine)
    if s.phase == DRAFT and s.current_player == seat:
        views.append((len(s.role_picks), tuple([x for x in ROLES if x not in gone])))
    o.my_views = tuple(views)
    if s.revealed:
        o.role_picks = tuple(s.role_picks)
        o.roles = tuple(s.roles)
        o.blocked = s.blocked
    else:
        o.role_picks = None
        o.roles = tuple([m if who == seat else None for who, m in enumerate(s.roles)])
        o.blocked = s.blocked if s.roles[seat] & ROLE_BIT[MAGE] else None


def _see_map(o, s, seat: int) -> None:
    board = s.board_items  # ((x, y), (tile kind, rotation)) in laying order, made once per map
    if board is None:
        board = s.board_items = tuple(s.board.items())
    o.board = board
    o._frontier = s.frontier.copy()  # (the view ``frontier`` is made when read: most observations never are)
    o.bottom = tuple(s.bottom)
    o.stack_size = sum(s.stack)
    unseen = list(s.stack)
    drawer = o.drawer = s.current_player if (s.phase == MAP and s.drawn >= 0) else -1
    if drawer == seat:
        o.drawn_tile = s.drawn
    else:
        o.drawn_tile = -1
        if drawer >= 0:
            unseen[s.drawn] += 1
    o.unseen_tiles = tuple(unseen)


# the trait names of each trait mask (a creature's traits), made once
_TRAIT_NAMES = tuple(tuple(TRAIT_NAME[t] for t in TRAITS if mask & TRAIT_BIT[t])
                     for mask in range(sum(TRAIT_BIT) + 1))
_new_tuple = tuple.__new__
_TILES: dict = {}  # cell -> its Tile by tile kind, each made once: a Tile is immutable and a map has few cells
# (board, its tiles()) of the last map asked for: the observations of one position and of the
# positions after it until a lay share their board (CitadelsState.board_items), so the map is
# made once per lay
_LAST_TILES = (None, None)


def _tile(cell, kind: int) -> Tile:
    by_kind = _TILES.get(cell)
    if by_kind is None:
        by_kind = _TILES[cell] = [None] * len(CATALOGUE)
    tile = by_kind[kind]
    if tile is None:
        biome = CATALOGUE[kind].biome
        tile = by_kind[kind] = Tile(cell, CATALOGUE[kind].name, LANDSCAPE_NAME[biome], IS_CITY[kind], POOL_FOOD[biome])
    return tile


class CitadelsObservation(Observation):
    """What one seat may know.  Views for players (the rest is the packed form
    ``sample`` rebuilds States from): ``creatures(seat)``, ``every_creature()``,
    ``tiles()``, ``tile(cell)``, ``hand``, ``my_roles``, ``my_active_roles``,
    ``score``, ``round``, ``revealed``, ``blocked``, ``legal_actions``, ``history``."""
    __slots__ = ("game", "seat", "legal_actions", "is_terminal", "options",
                 "num_players", "current_player", "round", "phase", "crown", "draft_order", "revealed",
                 "order", "lays_left", "turn", "settled", "traited", "shaman_used", "pool",
                 "score", "hand_counts", "hand_sizes", "deck_size", "discard", "unseen_cards",
                 "picks_made", "my_picks", "my_views", "role_picks", "roles", "blocked",
                 "board", "_frontier", "bottom", "stack_size", "unseen_tiles", "drawn_tile", "drawer",
                 "creature_columns", "personal_food", "eating", "history")

    def __init__(self, s, seat: int):
        _observe(self, s, seat)

    # -- determinization --------------------------------------------------------
    def sample(self, rng):
        """A full State consistent with this observation (see module doc)."""
        State = state_module.CitadelsState
        s = State.__new__(State)
        s.num_players = self.num_players
        s.current_player = self.current_player
        s.round = self.round
        s.phase = self.phase
        s.crown = self.crown
        s.draft_order = list(self.draft_order)
        s.revealed = self.revealed
        s.order = list(self.order)
        s.lays_left = self.lays_left
        s.turn = self.turn
        s.settled = self.settled
        s.traited = self.traited
        s.shaman_used = self.shaman_used
        s.pool = self.pool
        s.options = self.options
        s.rng = rng.fork(0xC17AD31 + self.seat)
        s.score = list(self.score)
        s.personal_food = list(self.personal_food)
        s.eating = list(self.eating)
        s.log = list(self.history)
        s.cached = None
        s.discard = list(self.discard)
        s.cr_pos, s.cr_traits, s.cr_card_traits, s.cr_wound, s.cr_fat, s.cr_food, s.cr_attacked = (
            list(column) for column in self.creature_columns)
        s.board = dict(self.board)
        s.board_items = self.board
        s.frontier = dict(self.frontier)  # (in the frozenset's order, as it always was)
        s.bottom = list(self.bottom)
        self._deal_cards(s, rng)
        self._deal_tiles(s, rng)
        self._deal_roles(s, rng)
        return s

    def _deal_cards(self, s, rng):
        """Other hands are dealt at random from the cards this seat has not seen;
        the rest is the deck (kept as counts, drawn at random)."""
        unseen = list(self.unseen_cards)
        s.hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                s.hands.append(list(self.hand_counts))
                continue
            hand = [0, 0, 0, 0]
            for _ in range(size):
                hand[draw_card(unseen, rng)] += 1
            s.hands.append(hand)
        s.deck = unseen

    def _deal_tiles(self, s, rng):
        s.stack = list(self.unseen_tiles)
        s.drawn = self.drawn_tile
        if self.drawer >= 0 and self.drawer != self.seat:
            # B4: a held tile is one that fits somewhere on the map.
            weights = [n if n and can_place(s.frontier, k) else 0 for k, n in enumerate(s.stack)]
            r = rng.below(sum(weights))
            for kind, w in enumerate(weights):
                if r < w:
                    s.drawn = kind
                    break
                r -= w
            s.stack[s.drawn] -= 1

    def _deal_roles(self, s, rng):
        if self.revealed:
            s.role_picks = list(self.role_picks)
            s.roles = list(self.roles)
            s.blocked = self.blocked
            # The removed role is one nobody took and that was not free when this seat picked.
            seen_free = {r for _, free in self.my_views for r in free}
            unchosen = [r for r in ROLES if r not in seen_free and all(r != p for _, p in self.role_picks)]
            s.role_removed = unchosen[rng.below(len(unchosen))]
            return
        removed, picks = sample_draft(self.picks_made, self.my_views, dict(self.my_picks), rng)
        s.role_removed = removed
        s.role_picks = [(self.draft_order[i], r) for i, r in enumerate(picks)]
        s.roles = [0] * self.num_players
        for who, r in s.role_picks:
            s.roles[who] |= ROLE_BIT[r]
        mage = s.holder_of(MAGE)
        if mage == self.seat:
            s.blocked = self.blocked
        elif mage >= 0:
            targets = [t for t in range(self.num_players) if t != mage]
            s.blocked = targets[rng.below(len(targets))]
        else:
            s.blocked = -1

    # -- views for players ------------------------------------------------------
    def creatures(self, seat: int | None = None) -> tuple:
        """The creatures of ``seat`` (default: yours) on the map."""
        seat = self.seat if seat is None else seat
        return tuple(c for c in self.every_creature() if c.seat == seat)

    def every_creature(self) -> tuple:
        """Every creature on the map, seat by seat."""
        out = []
        positions, traits, _cards, wounds, fats, foods, attacks = self.creature_columns
        for token in range(len(positions)):
            pos = positions[token]
            if pos is not None:
                # (tuple.__new__: the Creature without the Python-level __new__ NamedTuple makes)
                out.append(_new_tuple(Creature, (token // CREATURES_PER_PLAYER, pos, _TRAIT_NAMES[traits[token]],
                                                 bool(wounds[token]), fats[token], foods[token],
                                                 bool(attacks[token]))))
        return tuple(out)

    @property
    def creature_rows(self) -> tuple:
        """Every creature token as (cell or None, traits mask, trait cards mask, wounded, fat,
        food, attacked), seat by seat."""
        return tuple(zip(*self.creature_columns))

    def tiles(self) -> dict:
        """The map: cell -> ``Tile``."""
        global _LAST_TILES
        board, made = _LAST_TILES
        if board is not self.board:
            made = {}
            for cell, placed in self.board:
                made[cell] = _tile(cell, placed[0])
            _LAST_TILES = (self.board, made)
        return made.copy()

    def tile(self, cell) -> Tile:
        """The tile at ``cell`` (KeyError where there is none)."""
        return _tile(cell, dict(self.board)[cell][0])

    @property
    def frontier(self) -> frozenset:
        """The empty cells next to the map, each with the edges a tile laid there must match, as
        (cell, needs) pairs."""
        return frozenset(self._frontier.items())

    @property
    def hand(self) -> tuple:
        """Your trait cards by name, e.g. ("predator", "aquatic", "aquatic")."""
        return tuple(TRAIT_NAME[t] for t in TRAITS for _ in range(self.hand_counts[t]))

    @property
    def my_roles(self) -> tuple:
        """The roles you took this round, by name ("king", "mage", ...)."""
        mask = self.roles[self.seat] or 0
        return tuple(ROLE_NAME[r] for r in ROLES if mask & ROLE_BIT[r])

    @property
    def my_active_roles(self) -> tuple:
        """Your roles whose ability works this round: none before the reveal or when the
        Mage blocks you."""
        return self.my_roles if self.revealed and self.blocked != self.seat else ()

    def render(self) -> str:
        return render.render_observation(self)


def sample_draft(picks_made: int, views: tuple, own: dict, rng) -> tuple:
    """The removed role and every pick so far, consistent with what one seat saw.

    ``views`` are (pick index, roles free before that pick) for the seat's own
    picks (and its pick now, if drafting); ``own`` maps those pick indices to the
    roles it took.  Between two views the hidden events (the removal, others'
    picks) used up exactly the roles that left the free set: deal those at random.
    """
    removed = None
    picks = [0] * picks_made
    remaining = list(ROLES)
    pos = 0
    for i, free in views:
        used = [r for r in remaining if r not in free]
        rng.shuffle(used)
        if removed is None:
            removed = used.pop()
        for j in range(pos, i):
            picks[j] = used.pop()
        remaining = list(free)
        if i in own:
            picks[i] = own[i]
            remaining.remove(own[i])
            pos = i + 1
        else:
            pos = i
    rng.shuffle(remaining)
    if removed is None:
        removed = remaining.pop()
    for j in range(pos, picks_made):
        picks[j] = remaining.pop()
    return removed, picks



def redeal(s, seat: int, rng):
    """The same position with what ``seat`` cannot see dealt differently
    (``GameSpec.redeal``, written apart from ``sample``): one card of every other hand
    exchanged with the deck, a tile another player holds exchanged with the stack, and,
    before the reveal, the removed role exchanged with a pick made before this seat's
    first view of the free roles."""
    t = s.clone()
    for other in range(t.num_players):
        hand = t.hands[other]
        if other == seat or not sum(hand):
            continue
        kinds = [k for k in range(4) if hand[k]]
        swaps = [k for k in range(4) if t.deck[k]]
        if swaps:
            give, take = kinds[rng.below(len(kinds))], swaps[rng.below(len(swaps))]
            hand[give] -= 1
            t.deck[give] += 1
            t.deck[take] -= 1
            hand[take] += 1
    if t.phase == MAP and t.drawn >= 0 and t.current_player != seat:
        kinds = [k for k in range(len(t.stack)) if t.stack[k] and k != t.drawn]
        if kinds:
            kind = kinds[rng.below(len(kinds))]
            t.stack[t.drawn] += 1
            t.stack[kind] -= 1
            t.drawn = kind
    if not t.revealed:
        mine = [i for i, (who, _) in enumerate(t.role_picks) if who == seat]
        first_view = mine[0] if mine else (len(t.role_picks) if t.phase == DRAFT and t.current_player == seat
                                           else len(t.role_picks) + 1)
        others = [i for i, (who, r) in enumerate(t.role_picks)
                  if i < first_view and who != seat and r != MAGE]
        if others and t.role_removed != MAGE:
            i = others[rng.below(len(others))]
            who, role = t.role_picks[i]
            t.roles[who] = t.roles[who] & ~ROLE_BIT[role] | ROLE_BIT[t.role_removed]
            t.role_picks[i] = (who, t.role_removed)
            t.role_removed = role
    t.cached = None
    return t
