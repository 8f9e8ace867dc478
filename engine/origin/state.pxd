# Cython declarations for engine/origin/state.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).
#
# OriginState is a final cdef class: its slots become C fields, read and written without a
# descriptor lookup by every module whose .pxd types a state as OriginState (turn, feeding,
# attack, development).  Typed C ints only where the value is always a small int (the seat
# to act is TERMINAL = -1 at the end; ``actor`` is 0 until the first development phase
# sets it, where pure Python has no value yet); the three flags are bint (they only ever
# hold True or False, and read back as bool).  ``attack`` and ``cached`` are list or None,
# ``chain`` a tuple or None: Cython's list and tuple fields accept None.  ``rng`` stays an
# object: a cimport of engine.rng's Rng would tie this module's import to the compiled
# engine.rng (a stale rng.py must leave the rest compiled, tests/test_compiled.py).
# Pickling: Cython's own for a cdef class (every field is a Python object or an int).
import cython
from engine.contract cimport State

cdef tuple _HANDLERS, _LEGAL
cdef long TERMINAL  # (from engine.contract; no one imports it from here)


@cython.final
cdef class OriginState(State):
    cdef public int num_players, current_player, phase, turn, first_player, food_bank, actor
    cdef public bint last_turn, acted, marks
    cdef public object opts, rng
    cdef public list deck, hands, discards, animals, links, passed, attack, cached, history
    cdef public tuple chain

    @cython.locals(cached=list)
    cpdef list legal_actions(self)

    @cython.locals(legal=list)
    cpdef apply(self, action)

    @cython.locals(moves=cython.long, end=cython.long, phase=cython.int, legal=list, legal_of=tuple, handlers=tuple)
    cpdef long random_moves(self, rand, limit=*, bint record=*)

    @cython.locals(c=OriginState, h=list, d=list, row=list, a=list)
    cpdef OriginState clone(self)

    cpdef list scores(self)
