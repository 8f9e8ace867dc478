# Cython declarations for engine/natural_selection/turns.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The dispatch is cpdef on a NaturalSelectionState and calls each phase's cpdef rule
# functions in C (this module cimports them; state.pxd cannot, see there).  The phase and
# verb numbers are C copies (no one imports them from here).
import cython
from engine.natural_selection.state cimport NaturalSelectionState

cdef long TERMINAL
cdef long FOOD, TRAIT, FEEDING, PLAY, SELECT_FOOD
cdef list SPECIES_MOVES

@cython.locals(phase=cython.int)
cpdef list legal_moves(NaturalSelectionState state)

@cython.locals(phase=cython.int, seat=cython.int)
cpdef play_move(NaturalSelectionState state, action)

@cython.locals(moves=cython.long, legal=list)
cpdef long random_moves(NaturalSelectionState state, rand, long end)

@cython.locals(verb=cython.long, i=cython.long)
cpdef public_move(move)

# (cimported last, as in feeding.pxd)
from engine.natural_selection cimport feeding, food_select, play
