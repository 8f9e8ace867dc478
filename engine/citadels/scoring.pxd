# Cython declarations for engine/citadels/scoring.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  The
# state stays an object here: scoring is imported (by heuristic) before state, and a cimport
# of CitadelsState would run state's body (and feeding's, which imports controlled_tiles
# from here) before this module's own; so each function reads the state's lists once into
# typed locals.
import cython

cdef long MERCHANT, CREATURES_PER_PLAYER
cdef tuple IS_CITY, TRAIT_COUNT


@cython.locals(first=cython.long)
cpdef long survivors(s, int seat) except? -1

@cython.locals(first=cython.long, where=list, cells=list, others=list, c=Py_ssize_t)
cpdef list controlled_tiles(s, int seat)

@cython.locals(first=cython.long, where=list, traits=list, points=cython.long, c=cython.long)
cpdef long creature_points(s, int seat) except? -1

@cython.locals(board=dict, points=cython.long)
cpdef long control_points(s, int seat) except? -1

@cython.locals(alive=cython.long)
cpdef long merchant_points(s, int seat) except? -1

cpdef long round_points(s, int seat) except? -1

@cython.locals(seat=cython.int, points=cython.long)
cpdef score_round(s)
