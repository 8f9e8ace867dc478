# Cython declarations for engine/origin/development.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  As
# turn.pxd: cpdef rule functions on an OriginState; the imported constants, the sides'
# codes and the blocking bits as C longs, the action tables as typed module globals (none
# of these is read from engine.origin.development elsewhere).
import cython
from engine.origin.state cimport OriginState
from engine.origin cimport turn

cdef long FAT_SLOTS, NEED, TRAITS_MASK
cdef long CARNIVOROUS, FAT_TISSUE, NUM_KINDS, NUM_TRAITS, PARASITE, SCAVENGER, SYMBIOSIS
cdef long LINK_FIRST, LINK_SECOND, LINK_TRAIT
cdef long _CARNIVOROUS_OR_SCAVENGER, _SINGLE, _PARASITIC, _PAIRED, _ALWAYS, _LINKED, _MAX_POS
cdef list _ANIMAL, _TRAIT, _PAIRS, _ALL_PAIRS, _KIND_BLOCKING, _FREE, _SEAT_SIDES, _SIDES
cdef bint _COMPILED
cdef tuple FOOD_BONUS


@cython.locals(mask=cython.long)
cpdef bint trait_allowed(list animal, long trait)

@cython.locals(row=list)
cpdef list _trait_plays(long kind, long trait, long seat, Py_ssize_t size)

# (the trait masks as C longs: each list item is read into one (mask, traits_here,
# blocking[kind]) before it meets another, so no test makes a new int)
@cython.locals(seat=cython.int, own=list, n_own=Py_ssize_t, a=list, free=list, blocking=list,
               actions=list, kind=Py_ssize_t, how=cython.long, trait=cython.long, plays=list,
               pos=Py_ssize_t, other=cython.int, row=list, every=tuple, hand=list, traits_here=cython.long,
               bits=cython.long, mask=cython.long)
cpdef list development_actions(OriginState s)

@cython.locals(n_own=Py_ssize_t, taken=list)
cpdef _add_pairs(OriginState s, int seat, long kind, long trait, list actions)

@cython.locals(seat=cython.int, kind=cython.long, hand=list)
cpdef play_animal(OriginState s, action)

@cython.locals(seat=cython.int, kind=cython.long, trait=cython.long, owner=cython.long, pos=cython.long, hand=list,
               a=list)
cpdef play_trait(OriginState s, action)

@cython.locals(seat=cython.int, kind=cython.long, trait=cython.long, first=cython.long, second=cython.long,
               hand=list)
cpdef play_pair(OriginState s, action)

cpdef pass_development(OriginState s, action)
