"""The turn's flow (§7): Planning -> Execution (step by step over the action
display) -> Reset; ``advance`` runs every automatic step up to the next decision."""
from __future__ import annotations

import cython

from engine.contract import TERMINAL
from engine.dominant_species import decisions as D
from engine.dominant_species.decisions import (ABUND_CORNER, ABUND_ELEM, ADAPT, COMPETE, DEPLETE, DOMINATE, GLACIATE,
                                               INIT, MIGRATE, NONE, PLACE, REGRESS, REPLACE, SAVE, SPEC_CORNER,
                                               SPEC_COUNT, SPEC_FREE, WASTE, WL_CORNER, WL_ELEM, WL_HEX, WL_MOVE,
                                               WL_STACK)
from engine.dominant_species import dominance  # noqa: F401  (registers the card decisions)
from engine.dominant_species import reset
from engine.dominant_species.board import EXECUTION, PLANNING, RESET, STEPS
from engine.dominant_species.execution import (_abund_corner, _abund_elem, _adapt, _compete, _deplete, _dominate,
                                               _glaciate, _init, _legal_abund_corner, _legal_abund_elem,
                                               _legal_adapt, _legal_compete, _legal_deplete, _legal_dominate,
                                               _legal_glaciate, _legal_init, _legal_migrate, _legal_regress,
                                               _legal_replace, _legal_spec_corner, _legal_spec_count,
                                               _legal_spec_free, _legal_waste, _legal_wl_corner, _legal_wl_elem,
                                               _legal_wl_hex, _legal_wl_move, _legal_wl_stack, _migrate, _regress,
                                               _replace, _spec_corner, _spec_free, _waste, _wl_corner, _wl_elem,
                                               _wl_hex, _wl_move, _wl_stack, add_species_step, run_step)
from engine.dominant_species.planning import _legal_place, _place, next_placement

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
    # the compiled build asks legal_of / apply_of (C calls); pure Python indexes the tables
    compiled = cython.compiled
    while s.current_player != TERMINAL and (limit is None or moves < limit):
        pk = s.pk
        legal = s._legal
        if legal is None:
            if pk == PLACE:
                legal = s.ctx  # the list planning._legal_place copies: read here, not kept
            elif compiled:
                legal = legal_of(s, pk)
            else:
                legal = LEGAL[pk](s)
        action = legal[int(rand() * len(legal))]
        s._legal = None
        if record:
            s.log_move(action)
        if compiled:
            apply_of(s, pk, action)
        else:
            APPLY[pk](s, action)
        advance(s)
        moves += 1
    return moves


def legal_of(s, pk: int) -> list:
    """``D.LEGAL[pk](s)``: an if-chain over the kinds of planning, execution and reset, the
    commonest in random playouts first, so that the compiled build calls each in C (the
    cards' kinds, dominance's, through the table)."""
    if pk == PLACE:
        return _legal_place(s)
    if pk == SPEC_COUNT:
        return _legal_spec_count(s)
    if pk == SPEC_CORNER:
        return _legal_spec_corner(s)
    if pk == ADAPT:
        return _legal_adapt(s)
    if pk == WL_STACK:
        return _legal_wl_stack(s)
    if pk == ABUND_ELEM:
        return _legal_abund_elem(s)
    if pk == WL_HEX:
        return _legal_wl_hex(s)
    if pk == WL_ELEM:
        return _legal_wl_elem(s)
    if pk == ABUND_CORNER:
        return _legal_abund_corner(s)
    if pk == WL_CORNER:
        return _legal_wl_corner(s)
    if pk == WL_MOVE:
        return _legal_wl_move(s)
    if pk == WASTE:
        return _legal_waste(s)
    if pk == INIT:
        return _legal_init(s)
    if pk == COMPETE:
        return _legal_compete(s)
    if pk == DEPLETE:
        return _legal_deplete(s)
    if pk == GLACIATE:
        return _legal_glaciate(s)
    if pk == SPEC_FREE:
        return _legal_spec_free(s)
    if pk == REPLACE:
        return _legal_replace(s)
    if pk == SAVE:
        return reset._legal_save(s)
    if pk == MIGRATE:
        return _legal_migrate(s)
    if pk == DOMINATE:
        return _legal_dominate(s)
    if pk == REGRESS:
        return _legal_regress(s)
    return D.LEGAL[pk](s)


def apply_of(s, pk: int, action) -> None:
    """``D.APPLY[pk](s, action)``, as legal_of: an if-chain, commonest first."""
    if pk == PLACE:
        _place(s, action)
    elif pk == MIGRATE:
        _migrate(s, action)
    elif pk == DOMINATE:
        _dominate(s, action)
    elif pk == SPEC_COUNT:
        add_species_step(s, action)
    elif pk == SPEC_CORNER:
        _spec_corner(s, action)
    elif pk == ADAPT:
        _adapt(s, action)
    elif pk == WL_STACK:
        _wl_stack(s, action)
    elif pk == ABUND_ELEM:
        _abund_elem(s, action)
    elif pk == WL_HEX:
        _wl_hex(s, action)
    elif pk == WL_ELEM:
        _wl_elem(s, action)
    elif pk == ABUND_CORNER:
        _abund_corner(s, action)
    elif pk == WL_CORNER:
        _wl_corner(s, action)
    elif pk == WL_MOVE:
        _wl_move(s, action)
    elif pk == WASTE:
        _waste(s, action)
    elif pk == INIT:
        _init(s, action)
    elif pk == COMPETE:
        _compete(s, action)
    elif pk == DEPLETE:
        _deplete(s, action)
    elif pk == GLACIATE:
        _glaciate(s, action)
    elif pk == SPEC_FREE:
        _spec_free(s, action)
    elif pk == REPLACE:
        _replace(s, action)
    elif pk == SAVE:
        reset._save(s, action)
    elif pk == REGRESS:
        _regress(s, action)
    else:
        D.APPLY[pk](s, action)
