# Cython declarations for engine/dominant_species/heuristic.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# seat_values, heuristic and move_priorities take a DominantState (C field access; matches,
# dominant, bonus and tile_type are C calls into earth); _Context is a final cdef class
# (its four slots C fields; its methods cpdef but ice_age_value, which holds a generator
# expression and stays a def on a typed self).
# The weights are C
# doubles, the verbs, board numbers and card kinds C longs, the tables typed (none is read
# from engine.dominant_species.heuristic elsewhere).  Values that are an int in one branch
# and a float in another (value, space_values' v) stay objects, and so does margin_on's
# result (an int; its own locals are C longs); a double only
# where the Python value is a float already or is only compared and added to floats.
import cython
from engine.dominant_species.state cimport DominantState

cdef long ADD, CARD, DOMINATE, ELIMINATE, GLACIATE, INITIATIVE, LAY, MOVE, PUT, REMOVE, SPECIATE, SPECIATE_AT, TAKE
cdef long ABUNDANCE, ADAPTATION, BOX_ADAPTATION, BOX_REGRESSION, COMPETITION, DEPLETION, DOMINATION, GLACIATION
cdef long MIGRATION, NUM_SPACES, OVER, REGRESSION, SPECIATION, TUNDRA, WANDERLUST, WASTELAND
cdef tuple COMPETITION_TERRAINS, CORNER_HEXES, MIGRATION_LIMIT, NEIGHBOURS, PRINTED, SCORING, SPACE_INDEX
cdef tuple SPACE_SECTION, SPECIATION_LIMIT
cdef long ICE_AGE
cdef double FUTURE_CAP, ICE_AGE_WEIGHT, SAFE_CUBE, DOOMED_CUBE
cdef dict _FIXED, _CARD_VALUE, _SPACE_CACHE
cdef Py_ssize_t _CACHE_SIZE, _PER_KEY


@cython.locals(n=cython.long, out=list, sp=list, hib=list, terrain=list, tundra=list, animal=tuple, tiles=list,
               weight=cython.double, dominated=list, tundra_species=list, tundra_tiles=list, h=cython.long,
               base=cython.long, counts=list, best=cython.long, best_seat=cython.long, tie=bint, seat=cython.long,
               k=cython.long, m=cython.long, table=tuple, top=cython.long, holder=cython.long)
cpdef list seat_values(DominantState s)

cpdef list heuristic(DominantState state)


@cython.final
cdef class _Context:
    cdef public DominantState s
    cdef public long me, n
    cdef public dict _match

    cpdef long match(self, long h)

    @cython.locals(s=DominantState, first=cython.long)
    cpdef double cube(self, long h)

    @cython.locals(s=DominantState, n=cython.long, counts=list, mine=cython.long, best=cython.long,
                   seat=cython.long, points=cython.long)
    cpdef margin_on(self, long h)

    @cython.locals(s=DominantState, n=cython.long, me=cython.long, elem=list, sp=list, gain=cython.double,
                   h=cython.long, k=cython.long, on=cython.long, c=cython.long)
    cpdef double _element_gain(self, long e)

    @cython.locals(verb=cython.long, s=DominantState, k=cython.long, h=cython.long, c=cython.long,
                   e=cython.long, mine=cython.long, room=cython.double, owner=cython.long, n=cython.long,
                   seat=cython.long, near=cython.long, x=cython.long)
    cpdef value(self, a, long pk)

    @cython.locals(s=DominantState, n=cython.long, me=cython.long, sp=list, disp=list, value=cython.double,
                   h=cython.long, seat=cython.long, k=cython.long)
    cpdef double corner_use(self, long c, long e)

    @cython.locals(s=DominantState, me=cython.long, n=cython.long, values=dict, best=cython.double,
                   scored=cython.long, h=cython.long, disp=list, held=cython.long, e=cython.long, box=list,
                   g=cython.double, printed=tuple, reg=list, lost=cython.long, face_up=bint, t=cython.long)
    cpdef dict section_values(self)

    @cython.locals(s=DominantState, me=cython.long, n=cython.long, sp=list, terrain=list, tundra=list,
                   shared=list, h=cython.long, x=cython.long, out=list, terrains=tuple, k=cython.long,
                   t=cython.long)
    cpdef list competition_values(self)

    @cython.locals(s=DominantState, me=cython.long, gene=cython.long, elem=list, terrain=list, tundra=list,
                   disp=list, best=list, c=cython.long, e=cython.long, room=cython.double, h=cython.long,
                   k=cython.long)
    cpdef list speciation_values(self)

    @cython.locals(sections=dict, spec=list, comp=list, out=list, space=cython.long, sec=cython.long,
                   i=cython.long)
    cpdef list space_values(self)

    @cython.locals(s=DominantState, key=tuple, boards=list, values=list, board=tuple, kept=list, out=list, a=tuple,
                   space=Py_ssize_t)
    cpdef list place_values(self, legal)



@cython.locals(context=_Context, pk=cython.long)
cpdef list move_priorities(DominantState state, legal)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species.earth cimport bonus, dominant, matches, tile_type
from engine.dominant_species.scoring cimport places_pay
