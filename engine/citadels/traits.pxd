# Cython declarations for engine/citadels/traits.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).  The trait
# tables stay Python globals (every other module and the tests import them from here).
import cython


cpdef bint can_take(long traits, long trait)

@cython.locals(r=cython.long, kind=Py_ssize_t, n=cython.long)
cpdef long draw_card(list counts, rng) except? -1
