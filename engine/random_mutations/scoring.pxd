# Cython declarations for engine/random_mutations/scoring.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# ``s`` stays an object: RMObservation.scores passes the observation itself, whose rows and
# species are tuples (so ``row`` and ``sp`` stay objects too).  The imported
# constants are C longs (no one reads them from engine.random_mutations.scoring).
import cython

cdef long BIG, CARNIVORE, METABOLIC, OBLIGATE
cdef long ANIMALS, INHERITED, STRIDE, TRAITS


@cython.locals(inherited_score=bint, out=list, total=cython.long, t=cython.long)
cpdef list scores(s)
