# Cython declarations for engine/origin/setup.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`): the new state
# as an OriginState (C fields).
import cython
from engine.origin.state cimport OriginState

cdef long HAND_SIZE, NUM_KINDS


@cython.locals(s=OriginState, key=tuple)
cpdef OriginState new_game(int num_players, seed, options)

@cython.locals(rolling=list, rolls=list)
cpdef long roll_for_first_player(OriginState s)
