# Cython declarations for engine/dominant_species/earth.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# The queries and effects are cpdef with C int arguments, called in C from the rule modules
# that cimport them.  Their ``s`` stays untyped: the observation (tuple fields) and render
# call tile_type, matches, dominant and speciation_limit; and a cimport of DominantState
# would make earth's start import engine...state, whose import reaches back into earth for
# names (scoring, observation, render import from it): wherever earth is imported before
# state (a stale flow, execution, planning, reset or scoring runs as Python, and the package
# then imports earth first) that is an ImportError.  The board numbers are C longs, its
# tables typed (none is read from engine.dominant_species.earth elsewhere).  refresh_tiles
# and glaciate stay defs: each holds a generator expression, a closure, which Cython refuses
# in a cpdef function.
import cython

cdef long NUM_HEXES, TUNDRA
cdef tuple ADJACENT, CORNER_HEXES, NEIGHBOURS, PRINTED, SPECIATION_LIMIT

cpdef long tile_type(s, long h)

cpdef lay_tile(s, long h, long terrain)

@cython.locals(base=cython.long, total=cython.long, c=cython.long, e=cython.long)
cpdef long matches(s, long seat, long h)

@cython.locals(n=cython.long, best=cython.long, best_seat=cython.long, tie=bint, seat=cython.long, m=cython.long)
cpdef long dominant(s, long h)

@cython.locals(n=cython.long, sp=list, seat=cython.long)
cpdef list present(s, long h)

@cython.locals(n=cython.long, sp=list, h=cython.long)
cpdef list occupied_by(s, long seat)

@cython.locals(terrain=list, h=cython.long)
cpdef bint has_tile(s, long c)

@cython.locals(elem=list, c=cython.long)
cpdef list vacant_corners(s)

@cython.locals(elem=list, c=cython.long)
cpdef list vacant_corners_of(s, long h)

@cython.locals(elem=list, c=cython.long)
cpdef list discs_on(s, long h)

cpdef return_disc(s, long e, bint always_to_bag=*)

@cython.locals(e=cython.long)
cpdef remove_disc(s, long c, bint always_to_bag=*)

@cython.locals(bag=list, total=cython.long, r=cython.long, e=cython.long)
cpdef long draw_random(s)

@cython.locals(e=cython.long)
cpdef list bag_types(s)

cpdef long added(s, long seat, long e)

@cython.locals(printed=tuple, base=cython.long, e=cython.long)
cpdef list added_types(s, long seat)

@cython.locals(base=cython.long)
cpdef display_size(s, long seat)

@cython.locals(i=cython.long)
cpdef eliminate(s, long h, long seat, long count=*)

@cython.locals(n=cython.long, i=cython.long)
cpdef move_cube(s, long src, long dst, long seat)

cpdef long speciation_limit(s, long h)

cpdef bonus(s, long n)

@cython.locals(terrain=list, x=cython.long)
cpdef list adjacent_tiles(s, long h)

cpdef bint adjacent(long a, long b)

@cython.locals(terrain=list, tundra=list, out=list, h=cython.long, x=cython.long)
cpdef list glaciation_targets(s)
