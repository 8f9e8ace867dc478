# Cython declarations for engine/dominant_species/scoring.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# score_tile keeps an untyped ``s`` (the observation calls it on itself); places_pay stays
# a def (its sort key is a lambda: a closure, which Cython refuses in a cpdef function).
import cython
from engine.dominant_species.state cimport DominantState

cdef long NUM_HEXES, OVER
cdef tuple SCORING


@cython.locals(n=cython.long)
cpdef list score_tile(s, long h)

@cython.locals(vp=list, terrain=list, h=cython.long)
cpdef final_scoring(DominantState s)

@cython.locals(scores=list, terrain=list, h=cython.long)
cpdef list current_scores(DominantState s)

@cython.locals(scores=list, seat=cython.long)
cpdef list rank_keys(DominantState s)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species.earth cimport tile_type
