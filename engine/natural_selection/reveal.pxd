# Cython declarations for engine/natural_selection/reveal.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The steps are cpdef on a NaturalSelectionState (each walks the seats in turn order in a
# loop of its own: a generator would stay a def).  PLANT_BANK and the other imported
# constants are C longs here.
import cython
from engine.natural_selection.state cimport NaturalSelectionState
from engine.natural_selection.board cimport has

cdef long FACE_DOWN, FAT, FIRST_CARD, FOOD, MASK, MAX_SIZE, POP
cdef long CARNIVORE, FAT_TISSUE, FERTILE, LONG_NECK
cdef long PLANT_BANK


cpdef reveal_and_feed(NaturalSelectionState state)

@cython.locals(row=list, sp=list, k=Py_ssize_t, c=cython.long)
cpdef reveal_traits(NaturalSelectionState state)

@cython.locals(n=cython.long, k=cython.long, row=list, sp=list)
cpdef fertile(NaturalSelectionState state)

@cython.locals(total=cython.long, seat=Py_ssize_t, card=cython.long)
cpdef reveal_food_cards(NaturalSelectionState state)

@cython.locals(n=cython.long, k=cython.long, row=list, sp=list, moved=cython.long)
cpdef fat_tissue(NaturalSelectionState state)

@cython.locals(n=cython.long, k=cython.long, seat=cython.long, row=list, i=Py_ssize_t, sp=list)
cpdef long_neck(NaturalSelectionState state)

# (cimported last, as in feeding.pxd)
from engine.natural_selection.feeding cimport start_feeding, take_food
