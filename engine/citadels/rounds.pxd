# Cython declarations for engine/citadels/rounds.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  The
# flow of a round on a CitadelsState, calling every phase module in C (the if-chains of
# advance, phase_legal_actions and play); the phase constants as typed globals (no one reads
# them from engine.citadels.rounds).  The State calls phase_legal_actions and play through
# Python: state.pxd cannot cimport this module, which cimports state (Cython does not
# resolve that cycle of declarations).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels cimport action_phase, draft, feeding, map_phase, scoring

cdef long TERMINAL, ACTIONS, DISCARD, DRAFT, FEED_OWN, FEED_POOL, MAP, OVER, KING


cpdef begin_round(CitadelsState s)

@cython.locals(king=cython.long)
cpdef end_round(CitadelsState s)

@cython.locals(phase=cython.int)
cpdef _begin_next_phase(CitadelsState s)

@cython.locals(phase=cython.int, decide=bint)
cpdef advance(CitadelsState s)

@cython.locals(phase=cython.int)
cpdef list phase_legal_actions(CitadelsState s)

@cython.locals(phase=cython.int)
cpdef play(CitadelsState s, action)
