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


# Each phase's rules, chosen by an if-chain rather than a table of functions: the
# compiled build then calls each one in C.
def advance(s) -> None:
    """Each phase's automatic steps, up to the next decision (a step is True when some
    seat must decide, False when its phase is over)."""
    while s.phase != OVER:
        phase = s.phase
        if phase == DISCARD:
            decide = draft.step_discard(s)
        elif phase == DRAFT:
            decide = draft.step_draft(s)
        elif phase == MAP:
            decide = map_phase.step_map(s)
        elif phase == ACTIONS:
            decide = action_phase.step_actions(s)
        elif phase == FEED_OWN:
            decide = feeding.step_own_food(s)
        else:
            decide = feeding.step_pool(s)
        if decide:
            return
        _begin_next_phase(s)


def phase_legal_actions(s) -> list:
    """The legal actions of the seat to act (``CitadelsState.legal_actions``)."""
    phase = s.phase
    if phase == DISCARD:
        return draft.legal_discard(s)
    if phase == DRAFT:
        return draft.legal_draft(s)
    if phase == MAP:
        return map_phase.legal_map(s)
    if phase == ACTIONS:
        return action_phase.legal_actions_turn(s)
    return feeding.legal_feeding(s)  # FEED_OWN and FEED_POOL


def play(s, action) -> None:
    """Apply a legal action of the seat to act, then run the game up to the next decision."""
    phase = s.phase
    if phase == DISCARD:
        draft.apply_discard(s, action)
    elif phase == DRAFT:
        draft.apply_draft(s, action)
    elif phase == MAP:
        map_phase.apply_map(s, action)
    elif phase == ACTIONS:
        action_phase.apply_action_turn(s, action)
    elif phase == FEED_OWN:
        feeding.apply_own_food(s, action)
    else:
        feeding.apply_pool(s, action)
    advance(s)
