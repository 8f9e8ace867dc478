# Cython declarations for engine/dominant_species/reset.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# Reset's steps are cpdef on a DominantState, _save too (registered in decisions.APPLY by a
# call, decisions.register: Cython would drop a decorator from a cpdef function).  The
# imported numbers are C longs, the tables typed (none is read from
# engine.dominant_species.reset elsewhere).
import cython
from engine.dominant_species.state cimport DominantState

cdef long PASS, SAVE, BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION, BOX_REGRESSION, BOX_WANDERLUST, BOX_WASTELAND
cdef long ASK_SAVE, GLACIATION, MAMMALS, NUM_HEXES, OVER, PLANNING, FACE_UP, _GLAC
cdef tuple SECTION_SIZE, SECTION_START
cdef dict FREE_SPACE


@cython.locals(n=cython.long, out=list, h=cython.long, i=cython.long)
cpdef list endangered_tiles(DominantState s, long seat)

@cython.locals(mammals=cython.long)
cpdef begin(DominantState s)

cpdef list _legal_save(DominantState s)

cpdef _save(DominantState s, action)

cpdef finish(DominantState s, long saved)

@cython.locals(n=cython.long, mammals=cython.long, h=cython.long, seat=cython.long, i=cython.long,
               immune=cython.long, lost=cython.long)
cpdef extinction(DominantState s, long saved)

@cython.locals(n=cython.long, totals=list, occupied=list, h=cython.long, seat=cython.long, k=cython.long,
               best=cython.long, holder=cython.long)
cpdef survival(DominantState s)

@cython.locals(glac=list, box=list, bag=list, b=cython.long, e=cython.long, k=cython.long, i=cython.long,
               seat=cython.long)
cpdef reseed(DominantState s)

@cython.locals(box=list, b=cython.long, e=cython.long)
cpdef fill_boxes(DominantState s)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species.earth cimport bonus, draw_random, matches
from engine.dominant_species.scoring cimport final_scoring
from engine.dominant_species.decisions cimport ask, done
