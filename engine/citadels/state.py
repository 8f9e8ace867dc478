"""The game state: flat lists and small dicts, ``__slots__``, a hand-written clone.

Phases of a round (seed "Фазы раунда"): DISCARD (round-start draw, discard to
the hand limit), DRAFT (roles), MAP (tiles), ACTIONS, FEED_OWN (personal food),
FEED_POOL (the common pool); starvation, scoring and the crown are automatic.

Creatures are tokens ``seat * 4 + k`` (C4: four per player); a token with
``cr_pos[c] is None`` is in its owner's supply.
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError, State
from engine.citadels import observation as seen, render  # (observation: a cycle, used at call time)
from engine.citadels.board import (ACTIONS, CREATURES_PER_PLAYER, DISCARD, DRAFT, FEED_OWN,  # noqa: F401
                                   FEED_POOL, MAP, OVER, PHASE_NAME)
from engine.citadels.roles import ROLE_BIT, lowest_role
from engine.citadels.rounds import phase_legal_actions, play
from engine.citadels.scoring import controlled_tiles, survivors
from engine.citadels.tiles import STACK_COUNTS, START_TILE
from engine.citadels.traits import TRAIT_BIT

class CitadelsState(State):
    __slots__ = (
        "num_players", "current_player", "options", "rng", "round", "phase", "crown",
        "deck", "discard", "hands",
        "role_removed", "role_picks", "draft_order", "roles", "blocked", "revealed", "order",
        "stack", "bottom", "board", "frontier", "drawn", "lays_left",
        "cr_pos", "cr_traits", "cr_card_traits", "cr_wound", "cr_fat", "cr_food", "cr_attacked",
        "turn", "settled", "traited", "shaman_used", "personal_food", "pool", "eating",
        "score", "log", "cached", "board_items",
    )
    game = "citadels"
    # the legal actions of this position, once asked for; the board's (cell, tile) pairs in laying
    # order as observations show them, made once per map (None: not yet; a lay clears it)
    cache_slots = ("cached", "board_items")

    # -- the contract verbs -------------------------------------------------
    def legal_actions(self) -> list:
        cached = self.cached
        if cached is None:
            if self.current_player == TERMINAL:
                return []
            cached = self.cached = phase_legal_actions(self)
        return cached

    def phase_name(self):
        return f"round {self.round}: {PHASE_NAME[self.phase]}"

    def apply(self, action) -> None:
        if action not in self.legal_actions():  # engine.contract: one policy for illegal actions
            if self.current_player == TERMINAL:
                raise IllegalActionError("citadels: the game is over")
            raise IllegalActionError(f"citadels: {action} is not legal now")
        self.cached = None
        play(self, action)

    def random_moves(self, rand, limit=None, record: bool = True) -> int:
        """``State.random_moves`` without the legality check of ``apply`` (every move
        is drawn from the legal list); the moves are the plain loop's."""
        moves = 0
        end = -1 if limit is None else limit
        while self.current_player != TERMINAL and moves != end:
            legal = self.legal_actions()
            action = legal[int(rand() * len(legal))]
            self.cached = None
            play(self, action)
            moves += 1
        return moves

    def clone(self) -> "CitadelsState":
        c = CitadelsState.__new__(CitadelsState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c.options = self.options  # never mutated after new_game
        c.rng = self.rng.copy()
        c.round = self.round
        c.phase = self.phase
        c.crown = self.crown
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.role_removed = self.role_removed
        c.role_picks = self.role_picks[:]
        c.draft_order = self.draft_order  # a fresh list each round, never mutated
        c.roles = self.roles[:]
        c.blocked = self.blocked
        c.revealed = self.revealed
        c.order = self.order  # a fresh list each round, never mutated
        c.stack = self.stack[:]
        c.bottom = self.bottom[:]
        c.board = self.board.copy()
        c.frontier = self.frontier.copy()
        c.drawn = self.drawn
        c.lays_left = self.lays_left
        c.cr_pos = self.cr_pos[:]
        c.cr_traits = self.cr_traits[:]
        c.cr_card_traits = self.cr_card_traits[:]
        c.cr_wound = self.cr_wound[:]
        c.cr_fat = self.cr_fat[:]
        c.cr_food = self.cr_food[:]
        c.cr_attacked = self.cr_attacked[:]
        c.turn = self.turn
        c.settled = self.settled
        c.traited = self.traited
        c.shaman_used = self.shaman_used
        c.personal_food = self.personal_food[:]
        c.pool = self.pool
        c.eating = self.eating[:]
        c.score = self.score[:]
        c.log = self.log[:]
        c.cached = None
        c.board_items = self.board_items  # (a tuple: shared)
        return c

    def scores(self) -> list:
        """Points so far.  Scoring is per round (F1) and there is no end-of-game
        scoring beyond it, so the running total is the score of this position."""
        return self.score[:]

    def rank_keys(self) -> list:
        """Seed "При равенстве": points, then survivors, then controlled tiles (F4)."""
        return [(self.score[s], survivors(self, s), len(controlled_tiles(self, s)))
                for s in range(self.num_players)]

    def observation(self, seat: int):
        return seen.CitadelsObservation(self, seat)

    def render(self) -> str:
        return render.render_state(self)

    # -- small queries used by every phase ------------------------------------
    def creatures_of(self, seat: int) -> range:
        return range(seat * CREATURES_PER_PLAYER, (seat + 1) * CREATURES_PER_PLAYER)

    def creatures_at(self, cell) -> list:
        return [c for c, pos in enumerate(self.cr_pos) if pos == cell]

    def own_creature_at(self, seat: int, cell):
        first = seat * CREATURES_PER_PLAYER
        for c in range(first, first + CREATURES_PER_PLAYER):  # creatures_of(seat), as a plain loop
            if self.cr_pos[c] == cell:
                return c
        raise IllegalActionError(f"citadels: seat {seat} has no creature at {cell}")

    def active_roles(self, seat: int) -> int:
        """Role bits whose ability works this round: none for the Mage's target (A6)."""
        if not self.revealed or seat == self.blocked:
            return 0
        return self.roles[seat]

    def has_active(self, seat: int, role: int) -> bool:
        return bool(self.active_roles(seat) & ROLE_BIT[role])

    def holder_of(self, role: int) -> int:
        for seat, mask in enumerate(self.roles):
            if mask & ROLE_BIT[role]:
                return seat
        return -1

    def has_trait(self, c: int, trait: int) -> bool:
        return bool(self.cr_traits[c] & TRAIT_BIT[trait])

    def turn_order(self) -> list:
        """A5: ascending role number (a player with two roles goes at his lower one)."""
        order = sorted([(lowest_role(self.roles[seat]), seat) for seat in range(self.num_players)])
        return [seat for _, seat in order]


def invariants(s) -> None:
    """The contract suite's conservation checks (``GameSpec.invariants``): every tile and
    trait card in exactly one place, creatures on the map with at most three traits,
    at most two creatures per tile and never two of one player, roles taken once."""
    tiles = list(STACK_COUNTS)
    tiles[START_TILE] += 1
    for kind, _ in s.board.values():
        tiles[kind] -= 1
    for kind in s.bottom:
        tiles[kind] -= 1
    if s.drawn >= 0:
        tiles[s.drawn] -= 1
    assert tiles == s.stack, "tiles: not every tile is in exactly one place"
    cards = [s.deck[t] + s.discard[t] + sum(h[t] for h in s.hands) for t in range(4)]
    per_tile = {}
    for c in range(CREATURES_PER_PLAYER * s.num_players):
        pos = s.cr_pos[c]
        if pos is None:
            assert s.cr_traits[c] == s.cr_card_traits[c] == s.cr_wound[c] == s.cr_fat[c] == 0, \
                "creatures: one in the supply keeps traits, a wound or fat"
            continue
        assert pos in s.board, "creatures: one stands off the map"
        assert s.cr_card_traits[c] & ~s.cr_traits[c] == 0, "creatures: a trait card without its trait"
        assert bin(s.cr_traits[c]).count("1") <= 3 and s.cr_wound[c] in (0, 1), "creatures: traits or wound"
        per_tile.setdefault(pos, []).append(c // CREATURES_PER_PLAYER)
        for t in range(4):
            cards[t] += s.cr_card_traits[c] >> t & 1
    assert cards == [8, 8, 8, 8], "cards: not every trait card is in exactly one place"
    for owners in per_tile.values():
        assert len(owners) <= 2 and len(set(owners)) == len(owners), "tiles: more than one creature of a player"
    picked = [r for _, r in s.role_picks]
    assert len(set(picked)) == len(picked) and s.role_removed not in picked, "roles: a role taken twice"
