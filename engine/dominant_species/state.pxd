# Cython declarations for engine/dominant_species/state.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
#
# DominantState is a final cdef class: its slots become C fields, read and written without
# a descriptor lookup by every module whose .pxd types a state as DominantState (flow,
# execution, planning, reset, scoring, heuristic).  C longs only for the fields that
# always hold an int (``scored`` is a bit mask over the 35 hexes: < 2**35); ``ice_age`` is a
# bint (only ever True or False, read back as bool); the lists, and the three tuples
# (``animal``, ``seat_of``, ``log_done``), are typed (Cython's list and tuple fields accept
# None: ``_legal`` is a list or None).  ``options``, ``opt``, ``geo`` and ``rng`` stay
# objects (a cimport of engine.rng's Rng would tie this module to the compiled engine.rng).
# Pickling: Cython's own for a cdef class (every field is a Python object or a C number).
import cython
from engine.contract cimport State

cdef long TERMINAL  # (from engine.contract; no one imports it from here)
cdef Py_ssize_t _LOG_CHUNK


@cython.final
cdef class DominantState(State):
    cdef public long num_players, current_player, tundra_left, survival, scored, last_scored, turn, phase
    cdef public long cursor, plan_pos, pk, pseat
    cdef public bint ice_age
    cdef public object options, opt, geo, rng
    cdef public tuple animal, seat_of, log_done
    cdef public list terrain, tiles, live, tundra, sp, hib, elem, disp, gene, elim, supply, aps, vp, bag, gone
    cdef public list box, order, ap, deck, faceup, used, wl, wl_up, ctx, queue, log_tail, _legal

    @cython.locals(legal=list)
    cpdef list legal_actions(self)

    @cython.locals(legal=list)
    cpdef apply(self, action)

    cpdef long random_moves(self, rand, limit=*, bint record=*)

    @cython.locals(tail=list)
    cpdef log_move(self, action)

    @cython.locals(c=DominantState, wl=list)
    cpdef DominantState clone(self)


@cython.locals(s=DominantState)
cpdef DominantState from_observation(o, list deck, list wl, rng)
