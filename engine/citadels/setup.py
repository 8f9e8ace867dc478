"""§3.1 setup: a new game of Citadels of Evolution."""
from __future__ import annotations

from engine.citadels.board import CREATURES_PER_PLAYER, DISCARD
from engine.citadels.draft import draw_trait_card, seats_from_crown
from engine.citadels.options import Options
from engine.citadels.rounds import advance, begin_round
from engine.citadels.state import CitadelsState
from engine.citadels.tiles import STACK_COUNTS, START_TILE, lay
from engine.citadels.traits import DECK_COUNTS, START_HAND
from engine.rng import Rng


def new_game(num_players: int, seed: int, options: dict) -> CitadelsState:
    """§3.1: start tile at (0, 0); 36 tiles and 32 cards shuffled (kept as
    multisets); 2 cards and 4 creature tokens each; a random crown (A3)."""
    s = CitadelsState.__new__(CitadelsState)
    s.num_players = num_players
    s.options = Options(**options)
    s.rng = Rng(seed)
    s.round = 0
    s.phase = DISCARD
    s.crown = s.rng.below(num_players)
    s.deck = list(DECK_COUNTS)
    s.discard = [0, 0, 0, 0]
    s.hands = [[0, 0, 0, 0] for _ in range(num_players)]
    s.role_removed, s.role_picks, s.draft_order = 0, [], []
    s.roles, s.blocked, s.revealed, s.order = [0] * num_players, -1, False, []
    s.stack = list(STACK_COUNTS)
    s.bottom = []
    s.board, s.frontier = {}, {}
    lay(s.board, s.frontier, (0, 0), START_TILE, 0)
    s.drawn, s.lays_left = -1, -1
    n = num_players * CREATURES_PER_PLAYER
    s.cr_pos = [None] * n
    s.cr_traits, s.cr_card_traits = [0] * n, [0] * n
    s.cr_wound, s.cr_fat, s.cr_food, s.cr_attacked = [0] * n, [0] * n, [0] * n, [0] * n
    s.turn, s.settled, s.traited, s.shaman_used = 0, False, False, False
    s.personal_food, s.pool, s.eating = [0] * num_players, 0, [False] * num_players
    s.score = [0] * num_players
    s.log = []
    s.cached = None
    s.board_items = None
    for seat in seats_from_crown(s):
        for _ in range(START_HAND):
            draw_trait_card(s, seat)
    begin_round(s)
    advance(s)
    return s
