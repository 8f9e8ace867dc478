# Cython declarations for engine/random_mutations/setup.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# new_game fills its RMState's C fields directly and starts the development phase by a C call;
# the module constants are C longs (no one imports them from engine.random_mutations.setup).
import cython
from engine.random_mutations.state cimport RMState
from engine.random_mutations.development cimport start_development

cdef long NUM_TRAITS, DEVELOPMENT, PERSONAL_DECK, START_SPECIES
cdef dict _OPTIONS_CACHE, _DEFAULTS


@cython.locals(key=tuple)
cpdef options_of(values)

cpdef long boxes(long num_players)

@cython.locals(s=RMState, n=cython.int, deck=list, row=list)
cpdef new_game(num_players, seed, options)
