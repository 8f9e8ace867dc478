# Cython declarations for engine/random_mutations/heuristic.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# Every function takes an RMState (C field access; the options from its typed ``rules``) and
# calls the others in C, so the move ordering of informed rollouts and the cut-off value (the
# game's search defaults) run in C but for the list items they read.  The verbs, phases,
# species slots, trait kinds and bits are C longs, the weights C doubles, the tables typed
# (none is read from engine.random_mutations.heuristic elsewhere); a value is a C double only
# where the Python value is a float already.
import cython
from engine.random_mutations.state cimport RMState, Rules
from engine.random_mutations.feeding cimport attack_allowed

cdef long ADD, ATTACK, BLACK, BUD, DIVERGE, DROP, GRAZE, GREEN, MIMIC, NEW, PARASITE, PIRATE, RED, TAIL, TRAIT
cdef long VICTIM
cdef long BARK_BEETLE, BIG, DEV_DEFECTS, EXTREMOPHILE, METABOLIC, OBLIGATE, PREDATOR_BITS, RUNNING, SCAVENGER
cdef tuple BIT
cdef long DEVELOPMENT, DROP_PHASE, FEEDING, GRAZE_PHASE, SCAVENGE_PHASE, VICTIM_PHASE
cdef long ANIMALS, ATTACKED, MASK, NEED, OFED, STRIDE, TRAITS
cdef double CARD_VALUE, DRAW_VALUE, FOOD_SHARE, UNFED_CAP, HUNT_CHANCE
cdef long _OBL, _BBB, _RUN
cdef tuple _FEEDING_PHASES, DROP_ORDER
cdef dict _DROP_RANK


@cython.locals(row=tuple)
cpdef double _expected_red(RMState state)

@cython.locals(an=list, m=cython.long)
cpdef long _missing(list sp, Py_ssize_t i)

@cython.locals(phase=cython.long, bonus=tuple, feeding=bint, developing=bint, last=bint, red=cython.long,
               total_missing=cython.long, row=list, sp=list, an=list, need=cython.long, i=Py_ssize_t,
               m=cython.long, share=cython.double, fair=cython.double, out=list, seat=Py_ssize_t,
               budget=cython.double, pop=Py_ssize_t, p_seat=cython.double, total=cython.double,
               expected_animals=cython.double, alive=cython.double, none=cython.double, predator=cython.long,
               p=cython.double, cards=cython.long, t=cython.long)
cpdef list seat_values(RMState state)

cpdef list heuristic(RMState state)

@cython.locals(need=cython.long, predators=cython.long, sp=list, pop=Py_ssize_t)
cpdef tuple _budget(RMState state, list row)

@cython.locals(row=list, need=cython.long, budget=cython.double, last=bint, grow=bint, out=list, a=tuple,
               v=cython.long, sp=list)
cpdef list _develop(RMState state, list legal)

@cython.locals(an=list, load=cython.long, i=Py_ssize_t)
cpdef long _black_load(list sp)

@cython.locals(out=list, s2=cython.long, row=list, p=list, an=list, j=Py_ssize_t)
cpdef list _hunters(list rows, long seat)

@cython.locals(seat=cython.long, rows=list, mine=list, bp=bint, hunters=list, mine_top=cython.long, out=list,
               a=tuple, v=cython.long, target=list, value=cython.double, bonus=tuple, t=cython.long, sp=list,
               m=cython.long, load=cython.long, after=cython.long, i=Py_ssize_t, unfed=bint, tmask=cython.long,
               threatened=bint, p=list)
cpdef list _feed(RMState state, list legal)

@cython.locals(sp=list, i=Py_ssize_t)
cpdef bint _hungry(list row)

@cython.locals(verb=cython.long, phase=cython.long, sign=cython.double, mine=list, out=list, a=tuple,
               sp=list, tsp=list, an=list, v=cython.long, i=Py_ssize_t)
cpdef list move_priorities(RMState state, list legal)
