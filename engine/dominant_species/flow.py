"""The turn's flow (§7): Planning -> Execution (step by step over the action
display) -> Reset; ``advance`` runs every automatic step up to the next decision."""
from __future__ import annotations

from engine.contract import TERMINAL
from engine.dominant_species import decisions as D
from engine.dominant_species.decisions import NONE
from engine.dominant_species import dominance  # noqa: F401  (registers the card decisions)
from engine.dominant_species import reset
from engine.dominant_species.board import EXECUTION, PLANNING, RESET, STEPS
from engine.dominant_species.execution import run_step
from engine.dominant_species.planning import next_placement

_NSTEPS = len(STEPS)


def advance(s) -> None:
    nsteps = _NSTEPS
    while s.pk == NONE:
        phase = s.phase
        if phase == EXECUTION:
            cursor = s.cursor
            if cursor >= nsteps:
                s.phase = RESET
                reset.begin(s)
                continue
            s.cursor = cursor + 1
            step = STEPS[cursor]
            if step < 0 or s.ap[step] >= 0:  # a section-wide step, or an AP to execute
                run_step(s, step)
        elif phase == PLANNING:
            next_placement(s)
        elif phase == RESET:
            reset.finish(s, -1)
        else:
            s.current_player = TERMINAL
            return
    s.current_player = s.pseat



def random_moves(s, rand, limit, record: bool) -> int:
    """``State.random_moves``: uniformly random moves (``rand()`` picks from the legal list)
    until the end or ``limit`` moves; returns how many."""
    moves = 0
    LEGAL, APPLY = D.LEGAL, D.APPLY
    while s.current_player != TERMINAL and (limit is None or moves < limit):
        legal = s._legal
        if legal is None:
            legal = LEGAL[s.pk](s)
        action = legal[int(rand() * len(legal))]
        s._legal = None
        if record:
            s.log_move(action)
        APPLY[s.pk](s, action)
        advance(s)
        moves += 1
    return moves
