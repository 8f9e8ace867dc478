# Cython declarations for engine/dominant_species/flow.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# advance and random_moves (State.random_moves' loop, here so that it calls advance in C) are
# cpdef on a DominantState (C field access); advance calls run_step, next_placement,
# reset.begin and reset.finish in C (cimported); the phase codes and TERMINAL are C longs
# (no one imports them from engine.dominant_species.flow), and so is decisions' NONE, imported
# by name (it stays in decisions' namespace, where tests and every rule module read it).
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
cdef tuple STEPS
cdef Py_ssize_t _NSTEPS


@cython.locals(nsteps=Py_ssize_t, phase=cython.long, cursor=Py_ssize_t, step=cython.long)
cpdef advance(DominantState s)

@cython.locals(moves=cython.long, legal=list, LEGAL=list, APPLY=list)
cpdef long random_moves(DominantState s, rand, limit, bint record)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species cimport reset
from engine.dominant_species.execution cimport run_step
from engine.dominant_species.planning cimport next_placement
