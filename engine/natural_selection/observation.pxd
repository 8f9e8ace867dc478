# Cython declarations for engine/natural_selection/observation.py (pure-Python mode: the .py
# is the source; this file only types it for the compiled build, `arena build`).
# The observation class stays a plain class (its base, engine.contract's Observation, is
# one), so only the module's dealing helpers are typed; ``state_module.empty_state`` is a C
# call.  HIDDEN stays a Python global (tensor and the tests import it from here).
import cython
from engine.natural_selection cimport state as state_module

cdef long TERMINAL
cdef long FACE_DOWN, FIRST_CARD


@cython.locals(c=cython.long)
cpdef long _take(list pool, Py_ssize_t j)

@cython.locals(k=Py_ssize_t, present=set, chosen=Py_ssize_t, j=Py_ssize_t, start=Py_ssize_t, d=Py_ssize_t)
cpdef bint _fill_face_down(list sp, list pool, rng, bint careful)
