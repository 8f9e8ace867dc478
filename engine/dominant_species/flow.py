"""The turn's flow (§7): Planning -> Execution (step by step over the action
display) -> Reset; ``advance`` runs every automatic step up to the next decision."""
from __future__ import annotations

from engine.contract import TERMINAL
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

