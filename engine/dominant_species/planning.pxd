# Cython declarations for engine/dominant_species/planning.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# vacant_spaces, next_placement, _legal_place and _place are cpdef on a DominantState
# (_place is registered in decisions.APPLY by a call, decisions.register, not a decorator,
# which Cython would drop from a cpdef function).  The space numbers are C longs, the tables typed
# (none is read from engine.dominant_species.planning elsewhere).
import cython
from engine.dominant_species.state cimport DominantState

cdef long EXECUTION, GLACIATION, INITIATIVE, NUM_SPACES, PLACE, _INIT, _GLAC_FIRST, _GLAC_LAST, NONE, ASK_PLACE
cdef tuple SECTION_SIZE, SECTION_START, _ORDINARY, _BEFORE_GLAC, _AFTER_GLAC, _PLACE
cdef frozenset FREE_SPACES


@cython.locals(ap=list, out=list, glac=list, sp=cython.long)
cpdef list vacant_spaces(DominantState s, bint allow_initiative=*)

@cython.locals(n=cython.long, supply=list, left=cython.long, order=list, k=cython.long, pos=cython.long,
               seat=cython.long, sp=cython.long)
cpdef next_placement(DominantState s)

cpdef list _legal_place(DominantState s)

@cython.locals(sp=cython.long, ctx=list, i=Py_ssize_t, a=tuple, space=cython.long)
cpdef _place(DominantState s, action)
