# Cython declarations for engine/random_mutations/state.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
#
# RMState is a final cdef class: its slots become C fields, read and written without a
# descriptor lookup by every module whose .pxd types a state as RMState (development,
# extinction, feeding, species).  Typed C ints only where the value is always a small int
# (the seat to act is TERMINAL = -1 at the end; budded and restarts are bitmasks of seats);
# last_turn is a bint (it only ever holds True or False, and reads back as bool).  The lists
# are list fields (``cached`` is a list or None: Cython's list fields accept None); ``ctx``
# (None, 0, 1 or a tuple), ``dice``, ``tiebreak``, ``_opts`` and ``rng`` stay objects (a cimport
# of engine.rng's Rng would tie this module's import to the compiled engine.rng).
# ``rules`` is a Rules, a final cdef class of C flags: the rule modules test an option as a C
# field of a C field (``s.rules.feeding_pass_final``), no attribute lookup; the ``opts``
# property (the Options dataclass) sets it.
# Pickling: Cython's own for a cdef class (every field is a Python object or an int).
#
# The rule modules import this module as they start (their type import of RMState), so
# engine/random_mutations/__init__.py imports state before codec and heuristic, which
# import feeding: state.py's own imports of the rule modules then run first.  This module
# cimports development and feeding (random_moves calls their functions in C) and they cimport it:
# a compiled module makes its types and C functions known before it imports another's, so
# either may be imported first.
import cython
from engine.contract cimport State
from engine.random_mutations cimport scoring as _scoring

cdef tuple _LEGAL, _APPLY
cdef dict _RULES
# (from engine.contract and phases; no one imports them from here)
cdef long TERMINAL, DEVELOPMENT, FEEDING, OVER


@cython.final
cdef class Rules:
    cdef readonly object climate
    cdef readonly tuple bonus, exclusions
    cdef readonly long running_escape
    cdef readonly bint red_only_on_unfed, feeding_pass_final, carnivore_attacks_when_fed, big_protection
    cdef readonly bint scavenger_needs_unfed, grazing_before, developmental_defects_auto, budding_no_cap
    cdef readonly bint budding_free_bud, budding_auto_bud, extremophile_cost_one_card, trait_overflow_wrap
    cdef readonly bint trait_overflow_discard, moved_trait_needs_single, divergence, divergence_cap
    cdef readonly bint divergence_right_of_parent, parasite_scope_global, parasite_victim_carrier
    cdef readonly bint parasite_shelter_protects, black_tokens_persist, drawn_cards_bottom
    cdef readonly bint restart_ten_plus_draw, restart_setup_like


@cython.locals(kept=tuple)
cpdef Rules rules_of(opts)


@cython.final
cdef class RMState(State):
    cdef public int num_players, current_player, phase, turn, first, passes, actor
    cdef public long budded, restarts
    cdef public bint last_turn
    cdef readonly Rules rules
    cdef object _opts
    cdef public object rng, dice, ctx, tiebreak
    cdef public list deck, pdecks, buried, seen, discards, rows, centre, passed, cached, history

    @cython.locals(cached=list)
    cpdef list legal_actions(self)

    @cython.locals(legal=list)
    cpdef apply(self, action)

    @cython.locals(moves=cython.long, end=cython.long, development_phase=cython.long, feeding_phase=cython.long,
                   legal_of=tuple, apply_of=tuple, phase=cython.long, legal=list)
    cpdef long random_moves(self, rand, limit=*, bint record=*)

    @cython.locals(c=RMState, rows=list, row=list, new_row=list, sp=list, d=list)
    cpdef RMState clone(self)

    cpdef list scores(self)

# (after the classes: the phase modules' .pxd files cimport RMState and Rules from here)
from engine.random_mutations cimport development, feeding
