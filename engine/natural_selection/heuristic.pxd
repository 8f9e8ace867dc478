# Cython declarations for engine/natural_selection/heuristic.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# seat_values and move_priorities take a NaturalSelectionState (C field access); _Context is
# a final cdef class (its slots C fields, its methods cpdef and calling one another in C),
# so the move ordering of informed rollouts and ordered expansion (NS's search defaults)
# runs in C but for the Move it reads (a NamedTuple, unpacked once).  The verbs, the
# species slots, the trait kinds and the bits are C longs, the weights C doubles, the trait
# groups typed tuples (none is read from engine.natural_selection.heuristic elsewhere).
# Every value and spend cost is a float in Python already: they are C doubles here.
import cython
from engine.natural_selection.state cimport NaturalSelectionState

cdef long ATTACK, BODY, DONE, DROP, EAT, FOOD, INTELLECT, NEW_LEFT, NEW_RIGHT, PASS, POP, TRAIT
cdef long B_BODY, FIRST_CARD, B_FOOD, MASK, B_POP
cdef long AMBUSH, BURROWING, CARNIVORE, CLIMBING, COOPERATION, DEFENSIVE_HERDING, FAT_TISSUE, FERTILE, FORAGING
cdef long HARD_SHELL, HORNS, INTELLIGENCE, LONG_NECK, PACK_HUNTING, SCAVENGER, SYMBIOSIS, WARNING_CALL
cdef double HUNGER_COST, CARD_VALUE
cdef long _CARNIVORE_BIT, _HORNS_BIT, _FAT_BIT, _PACK_BIT
cdef tuple _DEFENCES, _HERBIVORE_TRAITS, _HUNTING_TRAITS


@cython.locals(out=list, hands=list, seat=Py_ssize_t, row=list, total=cython.double, sp=list, pop=cython.long,
               food=cython.long)
cpdef list seat_values(NaturalSelectionState state)


@cython.final
cdef class _Context:
    cdef public NaturalSelectionState state
    cdef public int seat
    cdef public list mine, held, hand_traits, enemy_sizes
    cdef public long enemy_attack
    cdef public bint plenty, last_round
    cdef public dict costs

    @cython.locals(count=cython.long, other=cython.long)
    cpdef long prey_for(self, long size)

    @cython.locals(sp=list, held=list, carnivore=bint)
    cpdef double trait_value(self, long trait, Py_ssize_t i)

    @cython.locals(trait=cython.long, best=cython.double, value=cython.double, i=Py_ssize_t)
    cpdef double spend_cost(self, long card)

    @cython.locals(v=cython.long, card=cython.long, species=cython.long, seat=cython.long, target=cython.long,
                   trait=cython.long, sp=list, hunger=cython.long, attacker=list, room=cython.long, prey=list,
                   value=cython.double, keep=cython.double, i=Py_ssize_t, count=Py_ssize_t)
    cpdef double value(self, m)


@cython.locals(t=cython.long)
cpdef bint _any_herbivore(list traits)


@cython.locals(context=_Context, out=list)
cpdef list move_priorities(NaturalSelectionState state, list legal)
