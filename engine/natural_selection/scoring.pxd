# Cython declarations for engine/natural_selection/scoring.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
import cython
from engine.natural_selection.state cimport NaturalSelectionState

cdef long FIRST_CARD, FOOD, POP


@cython.locals(out=list, seat=Py_ssize_t, row=list, total=cython.long, sp=list)
cpdef list scores(NaturalSelectionState state)

@cython.locals(n=cython.int, lots=list, groups=dict, seats=list, place=Py_ssize_t, seat=Py_ssize_t)
cpdef draw_lots(NaturalSelectionState state)
