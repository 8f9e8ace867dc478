# Cython declarations for engine/random_mutations/species.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# The helpers are cpdef (C calls from the rule modules that cimport them: development,
# extinction, feeding).  A species is a list, its ANIMALS a list.  The slot and flag
# constants (MASK ... ANIMALS, STRIDE, ATTACKED ...) stay Python globals: the rule modules,
# observation, heuristic, invariants and the tests import them from here; only the names
# nobody imports from this module are C longs (RED ... FLAGS, OBLIGATE_BIT).
#
# remove_animal takes its state untyped: a cimport of state here would close a loop of
# cimports (state's .pxd cimports the phase modules, which cimport names from this one) that
# Cython cannot follow when it compiles this module; an animal dies a few times a game.
import cython

cdef long RED, BLUE, GREEN, BLACK, FLAGS, OBLIGATE_BIT, OBLIGATE
cdef tuple BIT
cdef list _FIRST, _BOTH
cdef Py_ssize_t _STRIDE


@cython.locals(mask=cython.long, t=cython.long)
cpdef recompute(list sp, bonus)

cpdef long population(list sp)

@cython.locals(an=list)
cpdef bint is_fed(list sp, Py_ssize_t i)

cpdef bint same_tokens(list an, Py_ssize_t i, Py_ssize_t j)

@cython.locals(stride=Py_ssize_t, n=Py_ssize_t, out=list, i=Py_ssize_t, j=Py_ssize_t)
cpdef list distinct_animals(list an)

@cython.locals(row=list, sp=list, an=list)
cpdef bint remove_animal(s, int seat, Py_ssize_t si, Py_ssize_t offset)
