# Cython declarations for engine/citadels/tiles.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).  The catalogue
# and its tables stay Python globals (the rule modules, codec, render and the tests import
# them from here); only the memo _FITTING (a dict per kind) is a typed global (no one reads
# it elsewhere).
import cython

cdef tuple _FITTING


cpdef list neighbours(cell)

@cython.locals(d=Py_ssize_t)
cpdef bint fits(tuple edges, tuple need)

@cython.locals(memo=dict)
cpdef tuple fitting_rotations(long kind, tuple need)

@cython.locals(out=list)
cpdef list placements(dict frontier, long kind)

cpdef bint can_place(dict frontier, long kind)

@cython.locals(edges=tuple, d=Py_ssize_t, need=tuple, side=Py_ssize_t)
cpdef lay(dict board, dict frontier, tuple cell, long kind, long rotation)
