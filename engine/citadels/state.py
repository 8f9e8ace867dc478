"""The game state: flat lists and small dicts, ``__slots__``, a hand-written clone.

Phases of a round (seed "Фазы раунда"): DISCARD (round-start draw, discard to
the hand limit), DRAFT (roles), MAP (tiles), ACTIONS, FEED_OWN (personal food),
FEED_POOL (the common pool); starvation, scoring and the crown are automatic.

Creatures are tokens ``seat * 4 + k`` (C4: four per player); a token with
``cr_pos[c] is None`` is in its owner's supply.
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError, State
from engine.citadels.roles import ROLE_BIT, lowest_role
from engine.citadels.scoring import controlled_tiles, survivors
from engine.citadels.traits import TRAIT_BIT

DISCARD, DRAFT, MAP, ACTIONS, FEED_OWN, FEED_POOL, OVER = range(7)
PHASE_NAME = ("discard", "draft", "map", "actions", "feeding (personal food)", "feeding (pool)", "over")
CREATURES_PER_PLAYER = 4  # seed "У игрока до четырёх существ" (C4)


class CitadelsState(State):
    __slots__ = (
        "num_players", "current_player", "options", "rng", "round", "phase", "crown",
        "deck", "discard", "hands",
        "role_removed", "role_picks", "draft_order", "roles", "blocked", "revealed", "order",
        "stack", "bottom", "board", "frontier", "drawn", "lays_left",
        "cr_pos", "cr_traits", "cr_card_traits", "cr_wound", "cr_fat", "cr_food", "cr_attacked",
        "turn", "settled", "traited", "shaman_used", "personal_food", "pool", "eating",
        "score", "log",
    )
    game = "citadels"

    # -- the contract verbs -------------------------------------------------
    def legal_actions(self) -> list:
        if self.current_player == TERMINAL:
            return []
        return _PHASES[self.phase].legal(self)

    def phase_name(self):
        return f"round {self.round}: {PHASE_NAME[self.phase]}"

    def apply(self, action) -> None:
        if self.current_player == TERMINAL:
            raise IllegalActionError("citadels: the game is over")
        _PHASES[self.phase].apply(self, action)
        _ADVANCE[0](self)

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
        from engine.citadels.observation import CitadelsObservation
        return CitadelsObservation(self, seat)

    def render(self) -> str:
        from engine.citadels.render import render_state
        return render_state(self)

    # -- small queries used by every phase ------------------------------------
    def creatures_of(self, seat: int) -> range:
        return range(seat * CREATURES_PER_PLAYER, (seat + 1) * CREATURES_PER_PLAYER)

    def creatures_at(self, cell) -> list:
        return [c for c, pos in enumerate(self.cr_pos) if pos == cell]

    def own_creature_at(self, seat: int, cell):
        for c in self.creatures_of(seat):
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
        return sorted(range(self.num_players), key=lambda s: lowest_role(self.roles[s]))


class _Phase:
    """A phase's two rule functions, looked up by ``state.phase``."""
    __slots__ = ("legal", "apply")

    def __init__(self, legal, apply):
        self.legal = legal
        self.apply = apply


_PHASES: list = []
_ADVANCE: list = [None]


def register_phases(table: list, advance) -> None:
    """Called once by ``rounds``: the per-phase rules and the automatic flow
    that runs after every action until the next decision."""
    _PHASES[:] = [_Phase(legal, apply) for legal, apply in table]
    _ADVANCE[0] = advance
