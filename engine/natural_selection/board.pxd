# Cython declarations for engine/natural_selection/board.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The species helpers are cpdef on a species list, called in C by the rule modules that
# cimport them.  The slot numbers and bits stay Python globals here: every rule module and
# the tests import them from this module (each module types its own copy in its .pxd); the
# helpers here read C copies of the slot numbers (_BODY ... _FAT_BIT).
import cython

cdef long _BODY, _POP, _FOOD, _FAT, _MASK, _FAT_BIT

cpdef list new_species()

cpdef bint has(list sp, long trait)

@cython.locals(free=cython.long)
cpdef long room(list sp)

cpdef bint is_hungry(list sp)

@cython.locals(eat=cython.long, stored=cython.long)
cpdef long give(list sp, long amount)

@cython.locals(i=Py_ssize_t)
cpdef Py_ssize_t index_of(list row, list sp)
