# Cython declarations for engine/dominant_species/flow.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# advance and random_moves (State.random_moves' loop, here so that it calls advance in C) are
# cpdef on a DominantState (C field access); advance calls run_step, next_placement,
# reset.begin and reset.finish in C (cimported); the phase codes and TERMINAL are C longs
# (no one imports them from engine.dominant_species.flow), and so are decisions' NONE and the
# kinds legal_of / apply_of test, imported by name (they stay in decisions' namespace, where
# tests and every rule module read them).  legal_of / apply_of call the legal lists and the
# apply functions of planning, execution and reset in C (cimported), random_moves calls them.
#
# Import order: a compiled module that cimports a .pxd imports, at its start, the module of
# every .pxd it reads (transitively), and state.py imports flow, scoring, observation and
# render, which import names from earth, planning, scoring and execution.  The package imports
# state first of its modules (__init__.py), so every typed module's start finds state begun
# (its type made) before any rule module starts, whichever modules are stale and run as
# Python; no .pxd here ties itself to flow (a cycle flow -> execution -> earth -> flow made
# scoring's start import reset before earth had its names).
import cython
from engine.dominant_species.state cimport DominantState

cdef long TERMINAL, EXECUTION, PLANNING, RESET, NONE
cdef long ABUND_CORNER, ABUND_ELEM, ADAPT, COMPETE, DEPLETE, DOMINATE, GLACIATE, INIT, MIGRATE, PLACE, REGRESS
cdef long REPLACE, SAVE, SPEC_CORNER, SPEC_COUNT, SPEC_FREE, WASTE, WL_CORNER, WL_ELEM, WL_HEX, WL_MOVE, WL_STACK
cdef tuple STEPS
cdef Py_ssize_t _NSTEPS


@cython.locals(nsteps=Py_ssize_t, phase=cython.long, cursor=Py_ssize_t, step=cython.long)
cpdef advance(DominantState s)

@cython.locals(moves=cython.long, legal=list, LEGAL=list, APPLY=list, pk=cython.long, compiled=bint)
cpdef long random_moves(DominantState s, rand, limit, bint record)

cpdef list legal_of(DominantState s, long pk)

cpdef apply_of(DominantState s, long pk, action)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species cimport reset
from engine.dominant_species.execution cimport (_abund_corner, _abund_elem, _adapt, _compete, _deplete, _dominate,
                                                _glaciate, _init, _legal_abund_corner, _legal_abund_elem,
                                                _legal_adapt, _legal_compete, _legal_deplete, _legal_dominate,
                                                _legal_glaciate, _legal_init, _legal_migrate, _legal_regress,
                                                _legal_replace, _legal_spec_corner, _legal_spec_count,
                                                _legal_spec_free, _legal_waste, _legal_wl_corner, _legal_wl_elem,
                                                _legal_wl_hex, _legal_wl_move, _legal_wl_stack, _migrate, _regress,
                                                _replace, _spec_corner, _spec_free, _waste, _wl_corner, _wl_elem,
                                                _wl_hex, _wl_move, _wl_stack, add_species_step, run_step)
from engine.dominant_species.planning cimport _legal_place, _place, next_placement
