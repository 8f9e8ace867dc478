# Cython declarations for engine/dominant_species/execution.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The step functions, the start_* functions, the legal-list functions, their helpers and the
# apply functions are cpdef on a DominantState (C field access; C calls among them and into
# earth, planning and scoring, cimported).  The apply functions are registered in
# decisions.APPLY by a call (decisions.register), since Cython drops the decorator of a
# cpdef function; an action stays an object (a tuple, indexed).  Loops are plain loops, not
# generator expressions (a closure, which Cython refuses in a cpdef function).  The imported
# verbs and board numbers are C longs, the board tables typed (none is read from
# engine.dominant_species.execution elsewhere), and so are the decision kinds it asks for
# (decisions.pxd); ask and done are C calls.  In _dominate, h stays an object: with h a C
# long the literal 1 of 's.scored |= 1 << h' would be shifted as a C int (C shifts in the
# left operand's type) and overflow for the hexes >= 31.
import cython
from engine.dominant_species.state cimport DominantState

cdef long ADD, DOMINATE, ELIMINATE, GLACIATE, INITIATIVE, KEEP, LAY, MOVE, PASS, PLACE, PUT, REMOVE, SPECIATE
cdef long SPECIATE_AT, STACK, TAKE
cdef long ABUNDANCE, ADAPTATION, BIRDS, BOX_ABUNDANCE, BOX_ADAPTATION, BOX_DEPLETION, BOX_REGRESSION
cdef long BOX_WANDERLUST, BOX_WASTELAND, COMPETITION, DEPLETION, DOMINATION, GLACIATION, MAX_DISPLAY, MIGRATION
cdef long NUM_CORNERS, NUM_HEXES, REGRESSION, SPECIATION, SPECIATION_FREE, STEP_REGRESSION, STEP_WASTELAND_SWEEP, TUNDRA
cdef long WANDERLUST, WASTELAND
cdef tuple COMPETITION_TERRAINS, CORNER_HEXES, MIGRATION_LIMIT, NEIGHBOURS, PRINTED, SECTION_SIZE, SECTION_START
cdef tuple SPACE_INDEX, SPACE_SECTION, TWO_STEPS, _PASS, _MOVE, _DOMINATE, _TAKE, _PUT, _REMOVE, _LAY
cdef frozenset FREE_SPACES
cdef long _ONE
cdef long ABUND_CORNER, ABUND_ELEM, ADAPT, CARD, COMPETE, DEPLETE, INIT, MIGRATE, REGRESS, REPLACE, SPEC_CORNER
cdef long SPEC_COUNT, SPEC_FREE, WASTE, WL_CORNER, WL_ELEM, WL_HEX, WL_MOVE, WL_STACK, ASK_DOMINATE, ASK_GLACIATE

@cython.locals(owner=cython.long, sec=cython.long)
cpdef run_step(DominantState s, long step)

cpdef start_section(DominantState s, long sec, long owner, long i)

@cython.locals(base=cython.long, e=cython.long)
cpdef list box(DominantState s, long b)

cpdef list _legal_init(DominantState s)

@cython.locals(i=Py_ssize_t, spaces=list, order=list)
cpdef _advance_initiative(DominantState s, long seat)

cpdef list _legal_replace(DominantState s)

cpdef start_adaptation(DominantState s, long owner, _i)

cpdef list _legal_adapt(DominantState s)

@cython.locals(n=cython.long, counts=list, start=cython.long, sp=cython.long, seat=cython.long, types=list,
               queue=list, removable=list)
cpdef regression(DominantState s)

@cython.locals(printed=tuple, e=cython.long)
cpdef list _removable(DominantState s, long seat, list types)

cpdef _lose_added(DominantState s, long seat, long e)

@cython.locals(seat=cython.long, keeps=cython.long)
cpdef _next_regression(DominantState s)

cpdef list _legal_regress(DominantState s)

cpdef start_abundance(DominantState s, long owner, _i)

cpdef list _legal_abund_elem(DominantState s)

cpdef list _legal_abund_corner(DominantState s)

cpdef start_wasteland(DominantState s, long owner, _i)

cpdef list _legal_waste(DominantState s)

@cython.locals(types=list, elem=list, c=cython.long, e=cython.long, out=list)
cpdef list _depletable(DominantState s, bint first=*)

cpdef start_depletion(DominantState s, long owner, _i)

cpdef list _legal_deplete(DominantState s)

cpdef start_glaciation(DominantState s, long owner, _i)

cpdef list _legal_glaciate(DominantState s)

@cython.locals(elem=list, corners=list, c=cython.long)
cpdef start_speciation(DominantState s, long owner, long i)

cpdef list _legal_spec_corner(DominantState s)

@cython.locals(h=cython.long, most=cython.long, k=cython.long)
cpdef list _legal_spec_count(DominantState s)

@cython.locals(terrain=list, h=cython.long)
cpdef list _legal_spec_free(DominantState s)

@cython.locals(i=cython.long)
cpdef list _legal_wl_stack(DominantState s)

cpdef list _legal_wl_hex(DominantState s)

cpdef list _legal_wl_elem(DominantState s)

cpdef list _legal_wl_corner(DominantState s)

cpdef _wanderlust_moves(DominantState s)

@cython.locals(n=cython.long, sp=list, x=cython.long)
cpdef list _mover_sources(DominantState s, long seat)

@cython.locals(seat=cython.long)
cpdef _next_mover(DominantState s)

@cython.locals(h=cython.long)
cpdef list _legal_wl_move(DominantState s)

@cython.locals(n=cython.long, sp=list, ctx=list, h=cython.long, moves=list)
cpdef start_migration(DominantState s, long owner, long i)

cpdef list _legal_migrate(DominantState s)

cpdef start_competition(DominantState s, long owner, long i)

cpdef tuple _type_keys(DominantState s, long h)

@cython.locals(i=cython.long, used=cython.long, allowed=tuple, t=cython.long)
cpdef long _competition_key(DominantState s, long h)

@cython.locals(i=cython.long, n=cython.long, sp=list, out=list, h=cython.long, other=cython.long)
cpdef list _competition_targets(DominantState s, long seat, bint first=*)

cpdef list _legal_compete(DominantState s)

@cython.locals(legal=list)
cpdef start_domination(DominantState s, long owner, _i)

@cython.locals(terrain=list, scored=cython.long, h=cython.long)
cpdef list _unscored(DominantState s)

@cython.locals(scored=cython.long, legal=list, h=cython.long)
cpdef list _legal_dominate(DominantState s)


# -- the apply functions (decisions.register) ------------------------------------------
cpdef _init(DominantState s, action)
cpdef _replace(DominantState s, action)
@cython.locals(e=cython.long)
cpdef _adapt(DominantState s, action)
@cython.locals(ctx=list)
cpdef _regress(DominantState s, action)
cpdef _abund_elem(DominantState s, action)
@cython.locals(e=cython.long)
cpdef _abund_corner(DominantState s, action)
cpdef _waste(DominantState s, action)
cpdef _deplete(DominantState s, action)
cpdef _glaciate(DominantState s, action)
@cython.locals(terrain=list, h=cython.long)
cpdef _spec_corner(DominantState s, action)
@cython.locals(k=cython.long, h=cython.long, seat=cython.long)
cpdef add_species_step(DominantState s, action)
cpdef _spec_free(DominantState s, action)
cpdef _wl_stack(DominantState s, action)
@cython.locals(h=cython.long)
cpdef _wl_hex(DominantState s, action)
cpdef _wl_elem(DominantState s, action)
@cython.locals(e=cython.long)
cpdef _wl_corner(DominantState s, action)
cpdef _wl_move(DominantState s, action)
@cython.locals(h=cython.long)
cpdef _migrate(DominantState s, action)
@cython.locals(victim=cython.long, h=cython.long)
cpdef _compete(DominantState s, action)
@cython.locals(winner=cython.long)
cpdef _dominate(DominantState s, action)

# -- the loops that held a generator expression -------------------------------------------
@cython.locals(types=list, swept=cython.long, e=cython.long, elem=list, terrain=list, tundra=list, c=cython.long,
               h=cython.long)
cpdef wasteland_sweep(DominantState s)
@cython.locals(terrain=list, out=list, h=cython.long, x=cython.long)
cpdef list blank_spots(DominantState s, bint first=*)
@cython.locals(wl_up=list)
cpdef start_wanderlust(DominantState s, long owner, _i)
@cython.locals(ctx=list, terrain=list, birds=bint, out=list, h=cython.long, moves=tuple, dests=cython.long, x=cython.long,
               mid=cython.long)
cpdef list _migration_moves(DominantState s, long seat)


# (name cimports last: in a cycle of .pxd files a name is found only once declared)
from engine.dominant_species.earth cimport (adjacent_tiles, bonus, dominant, eliminate, glaciation_targets,
                                            has_vacant_corner, lay_tile, move_cube, remove_disc, return_disc,
                                            speciation_limit, vacant_corners, vacant_corners_of)
from engine.dominant_species.planning cimport vacant_spaces
from engine.dominant_species.decisions cimport ask, done
