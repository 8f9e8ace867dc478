# Cython declarations for engine/natural_selection/state.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
#
# NaturalSelectionState is a final cdef class: its slots become C fields, read and written
# without a descriptor lookup by every rule module whose .pxd types a state as one (play,
# feeding, attacks, deal, food_select, reveal, scoring, observation).  C ints only where the
# value is always a small int (the seat to act is TERMINAL = -1 at the end; ``passed`` is a
# bit per seat); the two last-round flags are bint (they only ever hold True or False, and
# read back as bool).  ``cached`` is a list or None, ``tiebreak`` a tuple or None: Cython's
# list and tuple fields accept None.  ``rules`` (an Options) and ``rng`` stay objects (a
# cimport of engine.rng's Rng would tie this module's import to the compiled engine.rng).
# Pickling: Cython's own for a cdef class (every field is a Python object or an int).
# This .pxd cimports no rule module: a module-level C variable of a .pxd is shared, so a
# module cimporting another imports it (runs its body) at its own start; were the rule
# modules cimported from here, every one of them would, and reveal's body (``from feeding
# import PLANT_BANK, ...``) would run before feeding's.  legal_actions calls the phase
# modules as Python; apply calls ``turns.play_move`` as Python (turns cimports the phase
# modules: its calls of them are in C), and random_moves hands turns the whole loop.
import cython
from engine.contract cimport State

cdef long FACE_DOWN, FEEDING, FIRST_CARD, PLAY, SELECT_FOOD


@cython.final
cdef class NaturalSelectionState(State):
    cdef public int num_players, current_player, watering_hole, first_player, phase, turn, passed, round_no
    cdef public bint last_round, next_round_last
    cdef public object rules, rng
    cdef public list deck, discard, hands, rows, bags, food_cards, history, cached
    cdef public tuple tiebreak

    @cython.locals(cached=list, phase=cython.int)
    cpdef list legal_actions(self)

    cpdef apply(self, action)

    cpdef long random_moves(self, rand, limit=*, bint record=*)

    @cython.locals(c=NaturalSelectionState, h=list, row=list, sp=list)
    cpdef NaturalSelectionState clone(self)

    cpdef list scores(self)


@cython.locals(s=NaturalSelectionState)
cpdef NaturalSelectionState empty_state(int num_players, rules, rng)
