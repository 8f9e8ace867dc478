# Cython declarations for engine/origin/attack.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).  As turn.pxd:
# cpdef rule functions on an OriginState, the imported constants and the trait bits as C
# longs (none is read from engine.origin.attack elsewhere).
import cython
from engine.origin.state cimport OriginState
from engine.origin cimport feeding, turn

cdef long ATTACKED, FIRST_TRAIT, FLAGS, FOOD, HIBERNATING, MIMICRY_USED, NEED, POISONED, TRAITS_MASK
cdef long BIG, BURROWING, CAMOUFLAGE, MIMICRY, POISONOUS, RUNNING, SCAVENGER, SHARP_VISION, SWIMMING, SYMBIOSIS
cdef long TAIL_LOSS
cdef long ATK_POS, ATK_RAN, ATK_SEAT, ATK_TARGETED, ATK_TPOS, ATK_TSEAT, DEFENCE, FEEDING
cdef long LINK_FIRST, LINK_KIND, LINK_SECOND, LINK_TRAIT, SCAVENGE
cdef long _BIG, _SWIMMING, _CAMOUFLAGE, _SHARP_VISION, _BURROWING
cdef long _RUNNING, _MIMICRY, _TAIL_LOSS, _POISONOUS, _SCAVENGER, _ACTIVE_DEFENCES
cdef list _ATTACKS


@cython.locals(target=list, mask=cython.long, own=cython.long, link=tuple)
cpdef bint can_be_attacked(OriginState s, list carnivore, int seat, int pos)

@cython.locals(own=cython.long, danger=cython.long, flip=cython.long, table=list, links=list, other=cython.int,
               row=list, plays=list, symbionts=list, itself=cython.int, p=cython.int, target=list,
               mask=cython.long)
cpdef add_attack_actions(OriginState s, int seat, int pos, list actions)

@cython.locals(seat=cython.int)
cpdef start_attack(OriginState s, action)

@cython.locals(atk=list, seat=cython.int, pos=cython.int, target=list, mask=cython.long, actions=list,
               mimic=bint, carnivore=list, p=Py_ssize_t, link=tuple)
cpdef list defence_actions(OriginState s)

@cython.locals(atk=list, actions=list)
cpdef offer_defence(OriginState s)

cpdef run(OriginState s, action)

@cython.locals(atk=list)
cpdef mimic(OriginState s, action)

@cython.locals(atk=list, seat=cython.int, pos=cython.int)
cpdef drop_tail(OriginState s, action)

cpdef accept(OriginState s, action)

@cython.locals(seat=cython.int, pos=cython.int, tseat=cython.int, tpos=cython.int, target=list)
cpdef kill(OriginState s)

@cython.locals(seat=cython.int, pos=cython.int)
cpdef carnivore_eats(OriginState s, int tokens)

@cython.locals(seat=cython.int, hungry=list, p=Py_ssize_t, a=list)
cpdef bint feed_scavenger(OriginState s, int attacker)

cpdef scavenge(OriginState s, action)

cpdef end_attack(OriginState s)
