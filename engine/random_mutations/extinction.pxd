# Cython declarations for engine/random_mutations/extinction.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# As feeding.pxd: cpdef rule functions on an RMState, the imported constants as C longs (no
# one reads them from engine.random_mutations.extinction).  end_game stays def (a generator
# expression or a lambda in a cpdef function is a closure, which Cython refuses); _black,
# start_extinction and draw sum in plain loops.  ``top`` of parasite_candidates may be None:
# an object there.
import cython
from engine.random_mutations.state cimport RMState, Rules
from engine.random_mutations cimport development as development_module
from engine.random_mutations.species cimport distinct_animals, is_fed, remove_animal

cdef long TERMINAL
cdef long PARASITE, OVER, PARASITE_PHASE
cdef long ANIMALS, POISONED, STRIDE, TRAITS
cdef long RESTART_CARDS



@cython.locals(an=list, n=Py_ssize_t, total=cython.long, i=Py_ssize_t)
cpdef long black_tokens(list sp)

@cython.locals(top=cython.long, row=list, sp=list, b=cython.long, n=cython.long, k=cython.long, queue=tuple)
cpdef start_extinction(RMState s)

@cython.locals(n=cython.long, wants=list, seat=cython.long, animals=cython.long, sp=list)
cpdef draw(RMState s)

@cython.locals(r=Rules, row=list, counts=list, out=list, si=Py_ssize_t, sp=list, an=list, i=Py_ssize_t)
cpdef list parasite_candidates(RMState s, int seat, top)

@cython.locals(k=Py_ssize_t, seat=cython.int, cands=list, si=Py_ssize_t, a=Py_ssize_t)
cpdef next_parasite(RMState s, long top, tuple queue)

cpdef list legal_parasite(RMState s)

@cython.locals(top=cython.long, queue=tuple)
cpdef apply_parasite(RMState s, action)

@cython.locals(persist=bint, seat=Py_ssize_t, row=list, keep=list, sp=list, an=list, survivors=list,
               n=Py_ssize_t, i=Py_ssize_t, dead=Py_ssize_t)
cpdef hunger_and_draw(RMState s)

@cython.locals(n=cython.int, got=list, deck=list, left=list, k=cython.int, seat=cython.int)
cpdef list _deal(RMState s, list wants)

@cython.locals(pdeck=list)
cpdef _to_personal(RMState s, int seat, list cards)

@cython.locals(n=cython.int, wants=list, seat=cython.int, cards=list)
cpdef start_turn(RMState s)
