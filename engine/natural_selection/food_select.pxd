# Cython declarations for engine/natural_selection/food_select.py (pure-Python mode: the .py
# is the source; this file only types it for the compiled build, `arena build`).
import cython
from engine.natural_selection.state cimport NaturalSelectionState

cdef long FOOD, PLAY
cdef tuple FOOD_MOVES


@cython.locals(food=tuple, moves=list, last=cython.long, c=cython.long)
cpdef list legal_moves(NaturalSelectionState state, int seat)

@cython.locals(seat=cython.int, hand=list)
cpdef apply_move(NaturalSelectionState state, move)

@cython.locals(n=cython.int, seat=cython.int)
cpdef next_chooser(NaturalSelectionState state)
