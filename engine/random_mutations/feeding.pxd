# Cython declarations for engine/random_mutations/feeding.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# The rule functions are cpdef with the state typed as RMState (C field access), called in
# C from the modules that cimport this one (development, extinction); the constants imported
# from actions/cards/phases/species and this module's trait bits are C longs (no one reads
# them from engine.random_mutations.feeding; DEFENCES stays a Python global: codec imports it).
# The options are read from the state's Rules (C flags).  A flag that is only tested (an
# option's bool, ``burrow``) is a bint.
import cython
from engine.random_mutations.state cimport RMState, Rules
from engine.random_mutations cimport extinction as extinction_module
from engine.random_mutations.species cimport distinct_animals, recompute, remove_animal

cdef long ATTACK, BLACK, GRAZE, GREEN, MIMIC, PIRATE, RED, SCAVENGE, TAIL, VICTIM
cdef tuple PASS_ACTION
cdef long BARK_BEETLE, BIG, BLACK_SUPPLY, BURROWING, CAMOUFLAGE, DEV_DEFECTS, GRAZING, GREEN_SUPPLY, MIMICRY
cdef long OBLIGATE, PIRACY, POISONOUS, PREDATOR_BITS, RED_SUPPLY, RUNNING, SCAVENGER, SHARP_VISION, SWIMMING
cdef long TAIL_LOSS
cdef tuple BIT
cdef long FEEDING, GRAZE_PHASE, SCAVENGE_PHASE, VICTIM_PHASE
cdef long ANIMALS, ATTACKED, MASK, NEED, OFED, PIRATED, POISONED, STRIDE, TRAITS
cdef long OBL, BB, SWIM, BIGB, CAMO, SHARP, RUN, DD, SCAV, GRAZ, TAILB, MIMB, PIRB, ACTIVE_BITS
# (BURROW and POIS stay Python ints: they only meet a species' mask read from its list, a
# Python int, and a C long there would be boxed anew for each ``&``, being above the small-int
# cache; where a mask is tested often it is read into a C long first, ``mask``)


@cython.locals(an=list)
cpdef bint fed(list sp, Py_ssize_t i)

@cython.locals(r=Rules, food_dice=cython.long, red_add=cython.long, green_dice=cython.long, black_dice=cython.long,
               black_add=cython.long, rolled=list, dice=tuple, boxes=cython.long, red=cython.long, green=cython.long,
               black=cython.long, black_free=cython.long, row=list, sp=list)
cpdef roll_climate(RMState s)

cpdef start_feeding(RMState s)

@cython.locals(animals=cython.long, sp=list)
cpdef long grazers(RMState s, int seat)

@cython.locals(sp=list, mask=cython.long)
cpdef bint can_graze(RMState s, int seat)

@cython.locals(n=cython.int, passed=list, seat=cython.int, before=bint, final=bint, active=Py_ssize_t, main=list,
               graze=bint)
cpdef next_turn(RMState s)

@cython.locals(seat=cython.int)
cpdef end_turn(RMState s)

@cython.locals(an=list, burrow=cython.long, out=list, n=Py_ssize_t, i=Py_ssize_t)
cpdef list victims(list sp)

cpdef bint attack_allowed(long pmask, long tmask, long ignore, bint big_protection)

@cython.locals(an=list, burrow=bint, n=Py_ssize_t, i=Py_ssize_t)
cpdef bint _victim_exists(list sp, bint ignore_burrow)

@cython.locals(tmask=cython.long, bp=bint, out=list, t=cython.long)
cpdef list attack_options(RMState s, long pmask, list tsp)

@cython.locals(red=cython.long, green=cython.long, black=cython.long, rows=list, row=list, acts=list,
               only_unfed=bint, offsets=list, si=Py_ssize_t, sp=list, mask=cython.long, an=list, offs=list,
               i=Py_ssize_t, p=cython.int, tsp=list, ti=Py_ssize_t, when_fed=bint, pmask=cython.long, hunters=list,
               targets=list, ign=cython.long, a=Py_ssize_t)
cpdef list legal_main(RMState s, int seat)

@cython.locals(an=list, pirates=list, victims_=list, p=cython.int, ti=Py_ssize_t, tsp=list, tan=list,
               j=Py_ssize_t, i=Py_ssize_t, b=Py_ssize_t)
cpdef _piracy(RMState s, int seat, Py_ssize_t si, list sp, list offs, append)

@cython.locals(verb=cython.long, seat=cython.int, sp=list, i=Py_ssize_t, si=Py_ssize_t, a=Py_ssize_t,
               p=Py_ssize_t, ti=Py_ssize_t, b=Py_ssize_t, pan=list, tan=list, j=Py_ssize_t, colour=Py_ssize_t)
cpdef apply_main(RMState s, action)

@cython.locals(si=Py_ssize_t, a=Py_ssize_t, p=cython.int, ti=Py_ssize_t, ign=cython.long, i=Py_ssize_t)
cpdef attack(RMState s, int seat, action)

@cython.locals(p=cython.int, ti=Py_ssize_t, ign=cython.long, tsp=list, options=list)
cpdef strike(RMState s)

@cython.locals(an=list, offs=list, eligible=list)
cpdef list victim_offsets(list tsp, long ign)

@cython.locals(p=cython.int, ti=Py_ssize_t, ign=cython.long, si=Py_ssize_t, mimicked=bint, tsp=list, acts=list,
               tmask=cython.long, actor=cython.int, pmask=cython.long, bp=bint, t2=Py_ssize_t, sp2=list)
cpdef list legal_victim(RMState s)

@cython.locals(psp=list, pan=list)
cpdef _feed_predator(RMState s, Py_ssize_t si, Py_ssize_t i, long blue)

@cython.locals(p=cython.int, ti=Py_ssize_t, ign=cython.long, si=Py_ssize_t, i=Py_ssize_t, verb=cython.long,
               tsp=list, traits=tuple, k=Py_ssize_t)
cpdef apply_victim(RMState s, action)

@cython.locals(need_unfed=bint, out=list, si=Py_ssize_t, sp=list, an=list, i=Py_ssize_t)
cpdef list scavenger_candidates(RMState s, int seat)

@cython.locals(n=cython.int, k=cython.int, q=cython.int, cands=list, si=Py_ssize_t, a=Py_ssize_t)
cpdef scavenge(RMState s, int attacker)

cpdef apply_scavenge(RMState s, action)

@cython.locals(top=cython.long)
cpdef list legal_graze(RMState s)

cpdef apply_graze(RMState s, action)
