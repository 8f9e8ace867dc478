# Cython declarations for engine/random_mutations/development.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# As feeding.pxd: cpdef rule functions on an RMState, the imported constants and this module's
# trait bits as C longs (no one reads them from engine.random_mutations.development).
# simplify stays def (a generator expression in a cpdef function is a closure, which Cython
# refuses).
import cython
from engine.random_mutations.state cimport RMState, Rules
from engine.random_mutations cimport feeding as feeding_module
from engine.random_mutations.species cimport recompute

cdef long ADD, BUD, DIVERGE, DROP, NEW, TRAIT
cdef tuple NEW_ACTION, PASS_ACTION
cdef tuple BIT
cdef long BUDDING, EXTREMOPHILE, SIMPLIFICATION
cdef long DEVELOPMENT, DROP_PHASE
cdef long ANIMALS, INHERITED, MASK, STRIDE, TRAITS
cdef long BUDDING_BIT, EXTREMO_BIT, SIMPL_BIT


@cython.locals(seat=cython.int, r=Rules, deck=list, row=list, nsp=Py_ssize_t, acts=list, extremo_blocked=bint,
               i=Py_ssize_t, sp=list, pop=Py_ssize_t, mask=cython.long, cap_ok=bint)
cpdef list legal(RMState s)

@cython.locals(deck=list)
cpdef _extremophile_cost(RMState s, int seat, list sp)

cpdef play_face_down(RMState s, int seat)

@cython.locals(seat=cython.int, verb=cython.long, row=list, card=cython.long, sp=list, si=Py_ssize_t, child=list)
cpdef apply(RMState s, action)

@cython.locals(mask=cython.long)
cpdef bint can_take(list sp, long card, long excl, bint single)

@cython.locals(r=Rules, row=list, excl=cython.long, single=bint, order=list, i=Py_ssize_t, sp=list)
cpdef bint place_trait(RMState s, int seat, Py_ssize_t si, long card)

@cython.locals(out=list)
cpdef list other_traits(list sp)

@cython.locals(traits=tuple, k=Py_ssize_t)
cpdef drop_trait(RMState s, int seat, list sp, trait)

@cython.locals(seat=cython.int, si=Py_ssize_t)
cpdef list legal_drop(RMState s)

@cython.locals(seat=cython.int, si=Py_ssize_t)
cpdef apply_drop(RMState s, action)

@cython.locals(deck=list, sp=list)
cpdef _auto_bud(RMState s, int seat)

@cython.locals(n=cython.int, seat=cython.int, passed=list, auto=bint)
cpdef advance(RMState s)

cpdef start_development(RMState s)
