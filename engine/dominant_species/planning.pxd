# Cython declarations for engine/dominant_species/planning.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# vacant_spaces, next_placement and _legal_place are cpdef on a DominantState; _place stays
# a def (a decorated function: Cython drops the decorator of a cpdef function, and with it
# the registration in decisions.APPLY).  The space numbers are C longs, the tables typed
# (none is read from engine.dominant_species.planning elsewhere).
import cython
from engine.dominant_species.state cimport DominantState

cdef long EXECUTION, GLACIATION, INITIATIVE, NUM_SPACES, PLACE, _INIT, _GLAC_LAST
cdef tuple SECTION_SIZE, SECTION_START, _ORDINARY, _PLACE
cdef frozenset FREE_SPACES


@cython.locals(ap=list, out=list, glac=list, sp=cython.long)
cpdef list vacant_spaces(DominantState s, bint allow_initiative=*)

@cython.locals(n=cython.long, supply=list, order=list, k=cython.long, pos=cython.long, seat=cython.long)
cpdef next_placement(DominantState s)

cpdef list _legal_place(DominantState s)
