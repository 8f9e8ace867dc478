# Cython declarations for engine/citadels/observation.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# CitadelsObservation stays a plain class (its base, engine.contract.Observation, is one), so
# its methods cannot be typed here; what this file types is the module: the imported
# constants and tables as typed globals (read in every __init__ and sample; no one imports
# them from engine.citadels.observation), C calls to draw_card and can_place, and
# sample_draft.  No cimport of state: observation is imported before state (a cycle).
import cython
from engine.citadels.tiles cimport can_place
from engine.citadels.traits cimport draw_card

cdef long TERMINAL, CREATURES_PER_PLAYER, DRAFT, MAP, MAGE
cdef dict ROLE_BIT, ROLE_NAME
cdef tuple ROLES, DECK_COUNTS, TRAIT_BIT, TRAIT_NAME, TRAITS, CATALOGUE, IS_CITY, LANDSCAPE_NAME, POOL_FOOD


@cython.locals(picks=list, remaining=list, pos=Py_ssize_t, used=list, j=Py_ssize_t)
cpdef tuple sample_draft(Py_ssize_t picks_made, views, dict own, rng)
