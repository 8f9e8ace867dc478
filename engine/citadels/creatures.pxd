# Cython declarations for engine/citadels/creatures.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  cpdef
# rule functions on a CitadelsState (C field access), called in C from action_phase and
# feeding; the trait constants imported from traits as typed globals (no one reads them
# from engine.citadels.creatures).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels.traits cimport can_take

cdef long FAT_RESERVE, CREATURES_PER_PLAYER
cdef tuple TRAIT_BIT, TRAITS


@cython.locals(first=cython.long, c=cython.long)
cpdef settle(CitadelsState s, int seat, cell)

@cython.locals(c=cython.long)
cpdef give_trait(CitadelsState s, int seat, int trait, cell, bint from_card)

@cython.locals(cards=cython.long, t=cython.long)
cpdef kill(CitadelsState s, int c)

cpdef feed(CitadelsState s, int c)

cpdef need(CitadelsState s, int c)

cpdef bint wants_food(CitadelsState s, int c)
