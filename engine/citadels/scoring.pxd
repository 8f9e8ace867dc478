# Cython declarations for engine/citadels/scoring.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  The
# state stays an object here: scoring is imported (by heuristic) before state, and a cimport
# of CitadelsState would run state's body (and feeding's, which imports controlled_tiles
# from here) before this module's own.  survivors and control_points stay def (a generator
# expression is a closure, which a cpdef function cannot hold).
import cython

cdef long MERCHANT
cdef tuple IS_CITY, TRAIT_COUNT


@cython.locals(cells=list, others=set)
cpdef list controlled_tiles(s, int seat)

@cython.locals(points=cython.long)
cpdef creature_points(s, int seat)

cpdef merchant_points(s, int seat)

cpdef round_points(s, int seat)

@cython.locals(seat=cython.int)
cpdef score_round(s)
