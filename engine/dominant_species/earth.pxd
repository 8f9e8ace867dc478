# Cython declarations for engine/dominant_species/earth.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# The queries and effects are cpdef on a DominantState (C field reads) with C int arguments,
# called in C from the rule modules that cimport them.  Only States reach them: an observation
# asks them through a State of its public fields (observation._public_state).  The cimport of
# DominantState makes earth's start import engine...state first, as every typed rule module's
# does.  The board numbers are C longs, its tables typed (none is read from
# engine.dominant_species.earth elsewhere).  refresh_tiles and glaciate stay defs: each holds
# a generator expression, a closure, which Cython refuses in a cpdef function.
import cython
from engine.dominant_species.state cimport DominantState

cdef long NUM_HEXES, TUNDRA
cdef tuple ADJACENT, CORNER_HEXES, NEIGHBOURS, PRINTED, SPECIATION_LIMIT

cpdef long tile_type(DominantState s, long h)

@cython.locals(live=list, tiles=list, c=cython.long)
cpdef lay_tile(DominantState s, long h, long terrain)

@cython.locals(elem=list, disp=list, base=cython.long, total=cython.long, c=cython.long, e=cython.long)
cpdef long matches(DominantState s, long seat, long h)

@cython.locals(n=cython.long, sp=list, best=cython.long, best_seat=cython.long, tie=bint, seat=cython.long, m=cython.long)
cpdef long dominant(DominantState s, long h)

@cython.locals(n=cython.long, sp=list, seat=cython.long)
cpdef list present(DominantState s, long h)

@cython.locals(n=cython.long, sp=list, h=cython.long)
cpdef list occupied_by(DominantState s, long seat)

@cython.locals(terrain=list, h=cython.long)
cpdef bint has_tile(DominantState s, long c)

@cython.locals(elem=list, c=cython.long)
cpdef list vacant_corners(DominantState s)

@cython.locals(elem=list, c=cython.long)
cpdef bint has_vacant_corner(DominantState s)

@cython.locals(elem=list, c=cython.long)
cpdef list vacant_corners_of(DominantState s, long h)

@cython.locals(elem=list, c=cython.long)
cpdef list discs_on(DominantState s, long h)

cpdef return_disc(DominantState s, long e, bint always_to_bag=*)

@cython.locals(e=cython.long)
cpdef remove_disc(DominantState s, long c, bint always_to_bag=*)

@cython.locals(bag=list, total=cython.long, r=cython.long, e=cython.long, k=cython.long, b0=cython.long,
               b1=cython.long, b2=cython.long, b3=cython.long, b4=cython.long, b5=cython.long)
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

cpdef long speciation_limit(DominantState s, long h)

cpdef bonus(DominantState s, long n)

@cython.locals(terrain=list, x=cython.long)
cpdef list adjacent_tiles(DominantState s, long h)

cpdef bint adjacent(long a, long b)

@cython.locals(terrain=list, tundra=list, out=list, h=cython.long, x=cython.long)
cpdef list glaciation_targets(DominantState s, bint first=*)
