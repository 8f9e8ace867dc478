# Cython declarations for engine/citadels/map_phase.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).  cpdef
# rule functions on a CitadelsState, C calls into tiles (tile_text stays a Python call); the imported constants as typed globals (no one reads them from
# engine.citadels.map_phase).
import cython
from engine.citadels.state cimport CitadelsState
from engine.citadels.tiles cimport can_place, cell_index, fitting_rotations, lay

cdef long V_LAY, ARCHITECT, REDRAWS
cdef dict LAYS
cdef dict _LAY_NAMES
cdef tuple _TILE_TEXTS, _MISFIT_TEXTS
cdef long NUM_KINDS


cpdef begin_map(CitadelsState s)

cpdef long lays_for(CitadelsState s, int seat)

@cython.locals(total=cython.long, r=cython.long, kind=Py_ssize_t, n=cython.long)
cpdef long take_from_stack(CitadelsState s) except? -2

@cython.locals(kind=cython.long, _=cython.long)
cpdef bint draw_tile(CitadelsState s, int seat)

@cython.locals(seat=cython.int)
cpdef bint step_map(CitadelsState s)

@cython.locals(out=list, frontier=dict, at=object, rotations=tuple, lays=tuple, r=cython.long)
cpdef list legal_map(CitadelsState s)

@cython.locals(at=object, names=tuple)
cpdef apply_map(CitadelsState s, action)
