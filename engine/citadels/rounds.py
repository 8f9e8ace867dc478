"""The flow of a round (seed "Фазы раунда"; rules ref. §3).

``advance`` runs after every action: it performs the automatic steps (draws,
the role reveal, starvation, scoring, the crown) until some seat must decide,
or the game is over after the last round's scoring.
"""
from __future__ import annotations

from engine.contract import TERMINAL
from engine.citadels import action_phase, draft, feeding, map_phase, scoring
from engine.citadels.board import ACTIONS, DISCARD, DRAFT, FEED_OWN, FEED_POOL, MAP, OVER
from engine.citadels.roles import KING


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
    if s.round >= s.options.rounds:
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


# phase -> (legal actions, apply one), indexed like the phase numbers of ``board``
PHASE_RULES = (
    (draft.legal_discard, draft.apply_discard),                  # DISCARD
    (draft.legal_draft, draft.apply_draft),                      # DRAFT
    (map_phase.legal_map, map_phase.apply_map),                  # MAP
    (action_phase.legal_actions_turn, action_phase.apply_action_turn),  # ACTIONS
    (feeding.legal_feeding, feeding.apply_own_food),             # FEED_OWN
    (feeding.legal_feeding, feeding.apply_pool),                 # FEED_POOL
)
assert (DISCARD, DRAFT, MAP, ACTIONS, FEED_OWN, FEED_POOL) == tuple(range(6))
