# Cython declarations for engine/citadels/draft.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).  cpdef rule
# functions on a CitadelsState; the imported constants as typed globals (no one reads them
# from engine.citadels.draft).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels.traits cimport draw_card

cdef long V_DISCARD, V_ROLE, MAGE, HAND_LIMIT, ROUND_DRAW
cdef dict ROLE_BIT
cdef tuple ROLES, DISCARDS
cdef dict PICKS


cpdef draw_trait_card(CitadelsState s, int seat)

@cython.locals(n=cython.long, i=cython.long)
cpdef list seats_from_crown(CitadelsState s)

@cython.locals(_=cython.long)
cpdef begin_round_draw(CitadelsState s)

cpdef bint step_discard(CitadelsState s)

@cython.locals(hand=list)
cpdef list legal_discard(CitadelsState s)

@cython.locals(hand=list)
cpdef apply_discard(CitadelsState s, action)

@cython.locals(order=list)
cpdef list draft_order(CitadelsState s)

cpdef begin_draft(CitadelsState s)

@cython.locals(taken=list)
cpdef list free_roles(CitadelsState s)

cpdef bint step_draft(CitadelsState s)

@cython.locals(seat=cython.int)
cpdef apply_draft(CitadelsState s, action)

@cython.locals(seat=cython.int, out=list, r=cython.long, t=cython.long)
cpdef list legal_draft(CitadelsState s)

@cython.locals(r=cython.long, picked=cython.long, seat=cython.long)
cpdef reveal(CitadelsState s)
