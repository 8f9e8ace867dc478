# Cython declarations for engine/citadels/state.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).
#
# CitadelsState is a final cdef class: its slots become C fields, read and written without a
# descriptor lookup by every rule module whose .pxd types a state as CitadelsState (rounds,
# draft, map_phase, action_phase, creatures, feeding).  C ints only where the value is always
# a small int (the seat to act is TERMINAL = -1 at the end; role_removed, blocked, drawn and
# lays_left hold -1 or a small number; pool and turn are counts); the four flags are bint
# (they only ever hold True or False, and read back as bool).  ``cached`` is a list or None.
# ``options`` and ``rng`` stay objects (a cimport of engine.rng's Rng would tie this module's
# import to the compiled engine.rng).  The phase constants re-exported from board stay Python
# globals (tests import ACTIONS, DISCARD, ... from engine.citadels.state); the names typed
# here are read from nowhere else.  Pickling: Cython's own for a cdef class (every field is
# a Python object or an int).
#
# No module that the package __init__ imports before state (codec, actions, roles, traits,
# tiles, heuristic, scoring, board, observation) cimports this one: its type import would
# run state's body (and so rounds, feeding, ...) before that module's own body, and feeding's
# ``from engine.citadels.scoring import controlled_tiles`` would find scoring half made.
import cython
from engine.contract cimport State

cdef long TERMINAL, CREATURES_PER_PLAYER
cdef object phase_legal_actions, play  # (rounds' functions, called through Python: see rounds.pxd)
cdef tuple TRAIT_BIT
cdef dict ROLE_BIT


@cython.final
cdef class CitadelsState(State):
    cdef public int num_players, current_player, round, phase, crown, role_removed, blocked, drawn, lays_left
    cdef public int turn, pool
    cdef public bint revealed, settled, traited, shaman_used
    cdef public object options, rng
    cdef public list deck, discard, hands, role_picks, draft_order, roles, order, stack, bottom
    cdef public dict board, frontier
    cdef public list cr_pos, cr_traits, cr_card_traits, cr_wound, cr_fat, cr_food, cr_attacked
    cdef public list personal_food, eating, score, log, cached
    cdef public tuple board_items

    @cython.locals(cached=list)
    cpdef list legal_actions(self)

    cpdef apply(self, action)

    @cython.locals(moves=cython.long, end=cython.long, legal=list)
    cpdef long random_moves(self, rand, limit=*, bint record=*)

    @cython.locals(c=CitadelsState, h=list)
    cpdef CitadelsState clone(self)

    cpdef list scores(self)

    cpdef creatures_of(self, int seat)

    @cython.locals(c=cython.long)
    cpdef long own_creature_at(self, int seat, cell) except? -1

    cpdef active_roles(self, int seat)

    cpdef bint has_active(self, int seat, int role)

    @cython.locals(seat=Py_ssize_t)
    cpdef long holder_of(self, int role)

    cpdef bint has_trait(self, int c, int trait)
