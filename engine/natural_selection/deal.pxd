# Cython declarations for engine/natural_selection/deal.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# The draws are cpdef on a NaturalSelectionState; SELECT_FOOD a C long here.  The deck's
# Rng stays an object (its ``below`` a Python call: see state.pxd on ``rng``).
import cython
from engine.natural_selection.state cimport NaturalSelectionState
from engine.natural_selection.board cimport new_species

cdef long SELECT_FOOD


@cython.locals(deck=list, hand=list, emptied_ends=bint, i=Py_ssize_t)
cpdef draw(NaturalSelectionState state, int seat, long count, bint dealing)

@cython.locals(n=cython.int, k=cython.int, seat=cython.int)
cpdef start_round(NaturalSelectionState state)

# (cimported last: a module whose .pxd cimports this one back finds these declarations
# already made)
from engine.natural_selection cimport food_select
