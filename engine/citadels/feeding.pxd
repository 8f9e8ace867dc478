# Cython declarations for engine/citadels/feeding.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  cpdef
# rule functions on a CitadelsState, C calls into creatures and scoring; the imported
# constants as typed globals (no one reads them from engine.citadels.feeding).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels.creatures cimport feed, kill, wants_food
from engine.citadels.scoring cimport controlled_tiles

cdef long V_FEED, V_STOP, KING, KING_FOOD_CAP, MERCHANT, MERCHANT_FOOD, PLAINS, RIVER, AQUATIC, CREATURES_PER_PLAYER
cdef tuple BIOME, POOL_FOOD, TRAIT_BIT
cdef dict FEEDS


@cython.locals(food=cython.long, kind=cython.long)
cpdef long common_pool(CitadelsState s) except? -1

@cython.locals(plains=cython.long)
cpdef long king_food(CitadelsState s, int seat) except? -1

@cython.locals(seat=cython.int, food=cython.long, c=Py_ssize_t)
cpdef begin_feeding(CitadelsState s)

@cython.locals(first=cython.long, c=cython.long)
cpdef list hungry(CitadelsState s, int seat)

@cython.locals(seat=cython.int)
@cython.locals(out=list, c=cython.long)
cpdef list legal_feeding(CitadelsState s)

@cython.locals(c=cython.long)
cpdef _feed_at(CitadelsState s, int seat, action)

@cython.locals(seat=cython.int)
cpdef bint step_own_food(CitadelsState s)

@cython.locals(seat=cython.int)
cpdef apply_own_food(CitadelsState s, action)

cpdef begin_pool(CitadelsState s)

@cython.locals(n=Py_ssize_t, seat=cython.int, _=Py_ssize_t)
cpdef bint step_pool(CitadelsState s)

@cython.locals(seat=cython.int)
cpdef apply_pool(CitadelsState s, action)

@cython.locals(c=Py_ssize_t, short=cython.long)
cpdef starvation(CitadelsState s)
