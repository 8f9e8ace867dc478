# Cython declarations for engine/dominant_species/earth.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, tools/build_compiled.py).
# The queries and effects are cpdef, called in C from the rule modules that cimport them.
# A state is typed DominantState where only a state is ever passed; tile_type, matches,
# dominant and speciation_limit keep an untyped ``s``: the observation (its own fields are
# tuples) and render call them too.  The board numbers are C longs, its tables typed (none
# is read from engine.dominant_species.earth elsewhere).
import cython
from engine.dominant_species.state cimport DominantState

cdef long NUM_HEXES, TUNDRA
cdef tuple ADJACENT, CORNER_HEXES, NEIGHBOURS, PRINTED, SPECIATION_LIMIT

cpdef long tile_type(s, long h)

cpdef lay_tile(DominantState s, long h, long terrain)

@cython.locals(base=cython.long, total=cython.long, c=cython.long, e=cython.long)
cpdef long matches(s, long seat, long h)

@cython.locals(n=cython.long, best=cython.long, best_seat=cython.long, tie=bint, seat=cython.long, m=cython.long)
cpdef long dominant(s, long h)

@cython.locals(n=cython.long, sp=list, seat=cython.long)
cpdef list present(DominantState s, long h)

@cython.locals(n=cython.long, sp=list, h=cython.long)
cpdef list occupied_by(DominantState s, long seat)

@cython.locals(terrain=list, h=cython.long)
cpdef bint has_tile(DominantState s, long c)

@cython.locals(elem=list, c=cython.long)
cpdef list vacant_corners(DominantState s)

@cython.locals(elem=list, c=cython.long)
cpdef list vacant_corners_of(DominantState s, long h)

@cython.locals(elem=list, c=cython.long)
cpdef list discs_on(DominantState s, long h)

cpdef return_disc(DominantState s, long e, bint always_to_bag=*)

@cython.locals(e=cython.long)
cpdef remove_disc(DominantState s, long c, bint always_to_bag=*)

@cython.locals(bag=list, total=cython.long, r=cython.long, e=cython.long)
cpdef long draw_random(DominantState s)

@cython.locals(e=cython.long)
cpdef list bag_types(DominantState s)

cpdef long added(DominantState s, long seat, long e)

@cython.locals(printed=tuple, base=cython.long, e=cython.long)
cpdef list added_types(DominantState s, long seat)

@cython.locals(base=cython.long)
cpdef display_size(DominantState s, long seat)

@cython.locals(i=cython.long)
cpdef eliminate(DominantState s, long h, long seat, long count=*)

@cython.locals(n=cython.long, i=cython.long)
cpdef move_cube(DominantState s, long src, long dst, long seat)

cpdef long speciation_limit(s, long h)

cpdef bonus(DominantState s, long n)

@cython.locals(terrain=list, x=cython.long)
cpdef list adjacent_tiles(DominantState s, long h)

cpdef bint adjacent(long a, long b)
