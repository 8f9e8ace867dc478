# Cython declarations for engine/natural_selection/attacks.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The rule functions are cpdef on a NaturalSelectionState and call deal's and feeding's in C.
# The imported constants and the trait bits are C longs here but HORNS_BIT, which stays a
# Python global (feeding imports it from here).  ``blockers`` returns None or a list.
import cython
from engine.natural_selection.state cimport NaturalSelectionState
from engine.natural_selection.board cimport index_of

cdef long BODY, FIRST_CARD, FOOD, MASK, POP
cdef long AMBUSH, BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS, PACK_HUNTING, SCAVENGER, SYMBIOSIS
cdef long WARNING_CALL
cdef long AMBUSH_BIT, BURROWING_BIT, CLIMBING_BIT, HERDING_BIT, SHELL_BIT, PACK_BIT, SCAVENGER_BIT
cdef long SYMBIOSIS_BIT, WARNING_BIT


@cython.locals(size=cython.long)
cpdef long attack_size(rules, list sp)

@cython.locals(attacker=list, row=list, prey=list, size=cython.long, body=cython.long, m=cython.long,
               am=cython.long, found=list)
cpdef list blockers(NaturalSelectionState state, int seat, int i, int prey_seat, int t)

@cython.locals(out=list, prey_seat=Py_ssize_t, row=list, t=Py_ssize_t, found=list)
cpdef list attack_targets(NaturalSelectionState state, int seat, int i)

@cython.locals(attacker=list, prey=list, meat=cython.long, position=Py_ssize_t, n=cython.int, k=cython.int,
               s=cython.int, j=Py_ssize_t, sp=list)
cpdef resolve_attack(NaturalSelectionState state, int seat, int i, int prey_seat, int t, int negated=*)

@cython.locals(surplus=cython.long)
cpdef wound(NaturalSelectionState state, int seat, list sp, int attacker_seat)

@cython.locals(row=list, cards=list)
cpdef go_extinct(NaturalSelectionState state, int seat, list sp)

# (cimported last: a module whose .pxd cimports this one back finds these declarations
# already made)
from engine.natural_selection cimport deal, feeding
