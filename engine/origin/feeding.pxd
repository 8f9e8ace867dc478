# Cython declarations for engine/origin/feeding.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).  As turn.pxd:
# cpdef rule functions on an OriginState, the imported constants and the trait bits as C
# longs (burn_fat_actions and free_actions stay def: a generator expression in a
# cpdef function is a closure, which Cython refuses).  host_unfed, can_accept, ready_links and fire_link also run on a _Chain (the copy
# distinct_orders tries an order on), so their ``s`` stays an object.  AFTER_FOOD and the
# other ``then`` codes stay Python globals (attack reads feeding.AFTER_KILL).
import cython
from engine.origin.state cimport OriginState
from engine.origin cimport attack, turn

cdef long ATTACKED, FAT, FAT_SLOTS, FLAGS, FOOD, GRAZED, HIBERNATED_LAST, HIBERNATING, NEED, PIRATED, TRAITS_MASK
cdef long CARNIVOROUS, COMMUNICATION, COOPERATION, GRAZING, HIBERNATION, PIRACY, SYMBIOSIS
cdef long CHAIN, FEEDING, FREE_ACTIONS, LINK_FIRST, LINK_SECOND, LINK_TRAIT, LINK_USED
cdef long _CARNIVOROUS, _GRAZING, _PIRACY, _HIBERNATION, _FREE_TRAITS, _MAX_ANIMALS
cdef list _TAKE, _GRAZE, _HIBERNATE, _PIRATES
cdef dict _BURN


@cython.locals(link=tuple, host=list)
cpdef bint host_unfed(s, int seat, int pos)

@cython.locals(a=list)
cpdef bint can_accept(s, int seat, int pos)

@cython.locals(row=list, a=list, links=list, link=tuple, i=Py_ssize_t, first=cython.long, second=cython.long,
               other=cython.long, trait=cython.long)
cpdef bint give_food(OriginState s, int seat, int pos, bint red, int then=*, int arg=*)

@cython.locals(ready=list, i=Py_ssize_t, link=tuple, first=cython.long, second=cython.long, trait=cython.long)
cpdef list ready_links(s, int seat, int pos, bint red)

@cython.locals(links=list, link=tuple, other=cython.long, red=bint, a=list)
cpdef tuple fire_link(s, int seat, int pos, Py_ssize_t i)

@cython.locals(pos=cython.int, red=bint, ready=list)
cpdef bint resolve_chain(OriginState s, int seat, list stack, int then, int arg)

@cython.locals(row=list, bank=cython.long, symbiotic=bint, links=list, link=tuple, actions=list, pos=cython.int,
               a=list, flags=cython.long, mask=cython.long, food=cython.long, need=cython.long, accept=bint)
cpdef list feeding_actions(OriginState s, int seat)

@cython.locals(other=cython.int, row=list, plays=list, p=cython.int, a=list, food=cython.long)
cpdef add_piracy_actions(OriginState s, int seat, int pos, list actions)

@cython.locals(actions=list)
cpdef end_feeding_action(OriginState s)

@cython.locals(seat=cython.int, a=list)
cpdef take_food(OriginState s, action)

@cython.locals(a=list)
cpdef burn_fat(OriginState s, action)

@cython.locals(actions=list)
cpdef _free_action_done(OriginState s)

cpdef graze(OriginState s, action)

@cython.locals(feeding_action=bint)
cpdef pirate(OriginState s, action)

cpdef hibernate(OriginState s, action)

cpdef pass_feeding(OriginState s, action)

cpdef resume_after_chain(OriginState s, int then, int arg)
