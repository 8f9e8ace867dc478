# Cython declarations for engine/citadels/tiles.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).  The catalogue
# and its tables stay Python globals (the rule modules, codec, render and the tests import
# them from here); the memo _FITTING (a list per kind, by need code) and the grid constants
# are typed globals (no one reads them elsewhere), so a frontier cell's index and its need
# code are C arithmetic.
import cython

cdef tuple _FITTING, STEP_INDEX, SIDE_WEIGHT
cdef long GRID, ORIGIN, NEEDS, FREE


cpdef list neighbours(cell)

cpdef long cell_index(long x, long y)

@cython.locals(d=cython.long)
cpdef tuple need_edges(long need)

@cython.locals(d=Py_ssize_t)
cpdef bint fits(tuple edges, tuple need)

@cython.locals(memo=list)
cpdef tuple fitting_rotations(long kind, long need)

cpdef bint can_place(dict frontier, long kind)

@cython.locals(edges=tuple, d=Py_ssize_t, x=cython.long, y=cython.long, at=object, nb=object,
               dx=cython.long, dy=cython.long, need=cython.long)
cpdef lay(dict board, dict frontier, tuple cell, long kind, long rotation)
