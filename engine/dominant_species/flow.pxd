# Cython declarations for engine/dominant_species/flow.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, tools/build_compiled.py).
# advance is cpdef on a DominantState (C field access) and calls run_step, next_placement,
# reset.begin and reset.finish in C (cimported); the phase codes and TERMINAL are C longs
# (no one imports them from engine.dominant_species.flow).  D.NONE stays a Python lookup:
# decisions' constants must stay in its namespace (tests and every rule module read them).
#
# Import order: a compiled module that cimports DominantState imports engine...state at
# its own start, and state.py imports flow, scoring, observation and render, which import
# names from earth, planning, scoring and execution.  flow is the first of these the
# package imports (checks -> setup -> flow), so with flow compiled state is complete before
# any of them starts.  earth, planning, scoring and execution therefore cimport this module
# (their .pxd names it, nothing is used): where flow.py is stale and runs as Python, they
# run as Python too, instead of starting state's import half-way through their own.
import cython
from engine.dominant_species.state cimport DominantState

cdef long TERMINAL, EXECUTION, PLANNING, RESET
cdef tuple STEPS
cdef Py_ssize_t _NSTEPS


@cython.locals(nsteps=Py_ssize_t, phase=cython.long, cursor=Py_ssize_t, step=cython.long)
cpdef advance(DominantState s)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species cimport execution, planning, reset
