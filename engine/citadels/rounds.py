"""Setup and the flow of a round (seed "Фазы раунда"; rules ref. §3).

``advance`` runs after every action: it performs the automatic steps (draws,
the role reveal, starvation, scoring, the crown) until some seat must decide,
or the game is over after the last round's scoring.
"""
from __future__ import annotations

from engine.contract import TERMINAL
from engine.rng import Rng
from engine.citadels import action_phase, draft, feeding, map_phase, scoring
from engine.citadels.state import (ACTIONS, DISCARD, DRAFT, FEED_OWN, FEED_POOL, MAP, OVER,
                                   CREATURES_PER_PLAYER, CitadelsState, register_phases)
from engine.citadels.roles import KING
from engine.citadels.tiles import STACK_COUNTS, START_TILE, lay
from engine.citadels.traits import DECK_COUNTS, START_HAND


def new_state(num_players: int, seed: int, options: dict) -> CitadelsState:
    """§3.1: start tile at (0, 0); 36 tiles and 32 cards shuffled (kept as
    multisets); 2 cards and 4 creature tokens each; a random crown (A3)."""
    s = CitadelsState.__new__(CitadelsState)
    s.num_players = num_players
    s.options = dict(options)
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
    for seat in draft.seats_from_crown(s):
        for _ in range(START_HAND):
            draft.draw_trait_card(s, seat)
    begin_round(s)
    advance(s)
    return s


def begin_round(s) -> None:
    s.round += 1
    s.phase = DISCARD
    draft.begin_round_draw(s)


def end_round(s) -> None:
    """Phase 5 and the crown: score, the unblocked King's player takes the crown
    (A7), the round's roles and per-round marks are cleared."""
    feeding.starvation(s)
    scoring.score_round(s)
    king = s.holder_of(KING)
    if king >= 0 and s.has_active(king, KING):
        s.crown = king
    s.cr_attacked[:] = [0] * len(s.cr_attacked)
    s.personal_food[:] = [0] * s.num_players
    if s.round >= s.options["rounds"]:
        s.phase = OVER
        s.current_player = TERMINAL
        return
    begin_round(s)


def _begin_next_phase(s) -> None:
    """The current phase has no decision left: start the next one."""
    phase = s.phase
    if phase == DISCARD:
        draft.begin_draft(s)
        s.phase = DRAFT
    elif phase == DRAFT:
        draft.reveal(s)
        map_phase.begin_map(s)
        s.phase = MAP
    elif phase == MAP:
        action_phase.begin_actions(s)
        s.phase = ACTIONS
    elif phase == ACTIONS:
        feeding.begin_feeding(s)
        s.phase = FEED_OWN
    elif phase == FEED_OWN:
        feeding.begin_pool(s)
        s.phase = FEED_POOL
    else:
        end_round(s)


_STEPS = {
    DISCARD: draft.step_discard,
    DRAFT: draft.step_draft,
    MAP: map_phase.step_map,
    ACTIONS: action_phase.step_actions,
    FEED_OWN: feeding.step_own_food,
    FEED_POOL: feeding.step_pool,
}


def advance(s) -> None:
    while s.phase != OVER:
        if _STEPS[s.phase](s):
            return
        _begin_next_phase(s)


register_phases([
    (draft.legal_discard, draft.apply_discard),
    (draft.legal_draft, draft.apply_draft),
    (map_phase.legal_map, map_phase.apply_map),
    (action_phase.legal_actions_turn, action_phase.apply_action_turn),
    (feeding.legal_feeding, feeding.apply_own_food),
    (feeding.legal_feeding, feeding.apply_pool),
], advance)
