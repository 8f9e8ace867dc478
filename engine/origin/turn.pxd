# Cython declarations for engine/origin/turn.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).
# The rule functions are cpdef with the state typed as OriginState (C field access) and
# called in C from the other rule modules that cimport this one (feeding, attack,
# development); the constants imported from animal/board/contract become C longs here
# (no one reads them from engine.origin.turn; CLOCKWISE stays a Python global: attack
# reads turn.CLOCKWISE).
import cython
from engine.origin.state cimport OriginState
from engine.origin cimport feeding

cdef long TERMINAL
cdef long CARD, FIRST_TRAIT, FLAGS, FOOD, GRAZED, HIBERNATED_LAST, HIBERNATING, NEED, POISONED
cdef long HAND_SIZE
cdef long DEVELOPMENT, FEEDING, LINK_FIRST, LINK_KIND, LINK_SECOND, LINK_USED, OVER


@cython.locals(hands=list, total=Py_ssize_t, drawn=list, i=Py_ssize_t, r=cython.long, seat=Py_ssize_t)
cpdef deal(OriginState s, order, list wanted)

cpdef begin_development(OriginState s)

@cython.locals(passed=list, seat=cython.int)
cpdef next_developer(OriginState s)

@cython.locals(dice=cython.long, added=cython.long, bank=cython.long)
cpdef begin_feeding(OriginState s)

cpdef new_round(OriginState s)

@cython.locals(row=list, a=list, i=Py_ssize_t, link=tuple)
cpdef clear_marks(OriginState s)

@cython.locals(n=cython.int, first=cython.int, actions=list)
cpdef find_feeder(OriginState s, int seat, bint after=*)

cpdef end_of_turn(OriginState s)

@cython.locals(seat=cython.int, row=list, pos=Py_ssize_t, a=list, flags=cython.long)
cpdef extinction(OriginState s)

@cython.locals(count=Py_ssize_t)
cpdef long cards_wanted(OriginState s, int seat)

@cython.locals(wanted=list, seat=cython.int, row=list)
cpdef drawing(OriginState s)

@cython.locals(row=list, a=list, discard=list, kept=list, link=tuple, first=cython.long, second=cython.long,
               e=cython.long)
cpdef remove_animal(OriginState s, int seat, int pos)
