# Cython declarations for engine/citadels/action_phase.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  cpdef
# rule functions on a CitadelsState, C calls into creatures, tiles and traits; the imported
# verb, role and trait constants as typed globals (no one reads them from
# engine.citadels.action_phase).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels.creatures cimport feed, give_trait, kill, settle
from engine.citadels.traits cimport can_take

cdef long V_ATTACK, V_END, V_GIFT, V_HEAL, V_SETTLE, V_TRAIT, SHAMAN, CAMOUFLAGE, PREDATOR, MAX_PER_TILE
cdef long CREATURES_PER_PLAYER
cdef tuple TRAIT_BIT, TRAITS
cdef dict ATTACKS, HEALS, ON_CREATURE, SETTLES


cpdef begin_actions(CitadelsState s)

cpdef _new_turn(CitadelsState s)

cpdef bint step_actions(CitadelsState s)

@cython.locals(first=cython.long, closed=list, alone=list, c=Py_ssize_t)
cpdef list settle_cells(CitadelsState s, int seat)

@cython.locals(first=cython.long)
cpdef long in_supply(CitadelsState s, int seat) except? -1

@cython.locals(seat=cython.long, x=cython.long, y=cython.long, tx=cython.long, ty=cython.long, out=list, t=Py_ssize_t)
cpdef list attack_targets(CitadelsState s, int c)

@cython.locals(seat=cython.int, first=cython.long, out=list, own=list, shaman=bint, on=list, hand=list,
               t=cython.long, c=cython.long, i=Py_ssize_t)
cpdef list legal_actions_turn(CitadelsState s)

@cython.locals(c=cython.long, target=cython.long)
cpdef attack(CitadelsState s, int seat, action)

@cython.locals(first=cython.long, here=cython.long, c=Py_ssize_t)
cpdef _check_settle(CitadelsState s, int seat, cell)

@cython.locals(seat=cython.int, verb=cython.long, c=cython.long)
cpdef apply_action_turn(CitadelsState s, action)
