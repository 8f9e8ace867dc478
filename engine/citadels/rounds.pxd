# Cython declarations for engine/citadels/rounds.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  The
# flow of a round on a CitadelsState; the phase constants as typed globals (no one reads them
# from engine.citadels.rounds; PHASE_RULES stays a Python global: state imports it).  Only
# scoring is cimported: the phase modules' functions are also read here as objects (_STEPS,
# PHASE_RULES), and Cython turns ``draft.step_discard`` of a cimported module into a lookup
# of the global ``step_discard`` of this module (NameError at import), so draft, map_phase,
# action_phase and feeding stay Python imports (their functions Python calls from here).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels cimport scoring

cdef long TERMINAL, ACTIONS, DISCARD, DRAFT, FEED_OWN, FEED_POOL, MAP, OVER, KING
cdef dict _STEPS


cpdef begin_round(CitadelsState s)

@cython.locals(king=cython.long)
cpdef end_round(CitadelsState s)

@cython.locals(phase=cython.int)
cpdef _begin_next_phase(CitadelsState s)

cpdef advance(CitadelsState s)
