# Cython declarations for engine/origin/scoring.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).
import cython

cdef long FIRST_TRAIT, NEED


@cython.locals(score=cython.long, a=list)
cpdef long score_of(list animals, list links)
