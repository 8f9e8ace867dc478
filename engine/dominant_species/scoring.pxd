# Cython declarations for engine/dominant_species/scoring.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# score_tile takes a DominantState (an observation asks through a State of its public fields);
# places_pay ranks by an insertion sort on C longs (its arguments stay objects).
import cython
from engine.dominant_species.state cimport DominantState

cdef long NUM_HEXES, OVER, TUNDRA
cdef tuple SCORING


@cython.locals(n=cython.long)
cpdef list score_tile(DominantState s, long h)

@cython.locals(ranked=list, seat=Py_ssize_t, k=cython.long, a=cython.long, pos=Py_ssize_t, other=Py_ssize_t,
               ahead=cython.long, out=list, place=Py_ssize_t)
cpdef list places_pay(counts, animal, table)

@cython.locals(vp=list, terrain=list, h=cython.long)
cpdef final_scoring(DominantState s)

@cython.locals(scores=list, n=cython.long, terrain=list, tundra=list, sp=list, animal=tuple, h=cython.long,
               table=tuple)
cpdef list current_scores(DominantState s)

@cython.locals(scores=list, seat=cython.long)
cpdef list rank_keys(DominantState s)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species.earth cimport tile_type
