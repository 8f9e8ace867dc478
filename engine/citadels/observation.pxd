# Cython declarations for engine/citadels/observation.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# CitadelsObservation stays a plain class (its base, engine.contract.Observation, is one), so
# its methods cannot be typed here; what this file types is the module: the imported
# constants and tables as typed globals (read in every __init__ and sample; no one imports
# them from engine.citadels.observation), C calls to draw_card and can_place, sample_draft,
# and the functions that fill an observation from a CitadelsState (its fields read in C: the
# rule player's rollouts, the Citadels search default, build one every move).  The cimport
# of state runs state's body before this module's own (the package __init__ imports
# observation first): state uses ``seen`` only at call time, and every module state imports
# is made by then or needs nothing from observation.
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels.tiles cimport can_place
from engine.citadels.traits cimport draw_card

cdef long TERMINAL, CREATURES_PER_PLAYER, DRAFT, MAP, MAGE
cdef dict ROLE_BIT, ROLE_NAME
cdef tuple ROLES, DECK_COUNTS, TRAIT_BIT, TRAIT_NAME, TRAITS, CATALOGUE, IS_CITY, LANDSCAPE_NAME, POOL_FOOD


@cython.locals(picks=list, remaining=list, pos=Py_ssize_t, used=list, j=Py_ssize_t)
cpdef tuple sample_draft(Py_ssize_t picks_made, views, dict own, rng)

cdef dict _TILES
cdef tuple _LAST_TILES

@cython.locals(by_kind=list)
cpdef _tile(cell, long kind)

# what a seat sees, read from a typed State (C field reads; the observation stays a plain class)
cpdef _observe(o, CitadelsState s, int seat)

@cython.locals(hand_counts=tuple, discard=list, unseen=list, cards=cython.long, t=cython.long, sizes=list,
               hand=list, size=cython.long, count=cython.long, bit=cython.long)
cpdef _see_cards(o, CitadelsState s, int seat)

@cython.locals(mine=list, views=list, gone=set, i=Py_ssize_t)
cpdef _see_roles(o, CitadelsState s, int seat)

@cython.locals(unseen=list, drawer=cython.long, board=tuple)
cpdef _see_map(o, CitadelsState s, int seat)

cdef tuple _TRAIT_NAMES
