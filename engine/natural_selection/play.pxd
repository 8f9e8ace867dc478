# Cython declarations for engine/natural_selection/play.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The rule functions are cpdef on a NaturalSelectionState (C field access), the verbs and
# the species slots imported from actions and board are C longs here (no one imports them
# from engine.natural_selection.play).  In legal_moves ``held`` is a bit mask of traits (-1:
# the species is full), ``body`` and ``pop`` only ever hold the bool of a comparison, the moves
# are the kept values of actions (lists and tuples, read), and ``card`` is a C long (an index
# into actions.CARD_PLAYS).
import cython
from engine.natural_selection.state cimport NaturalSelectionState
from engine.natural_selection.board cimport new_species

cdef long BODY, DONE, DROP, NEW_LEFT, NEW_RIGHT, POP, TRAIT
cdef long S_BODY, S_POP, FACE_DOWN, FAT, FAT_BIT, FIRST_CARD, MASK, MAX_SIZE
cdef list CARD_PLAYS
cdef list SPECIES_MOVES


@cython.locals(row=list, limit=cython.long, moves=list, boards=list, held=cython.long, body=bint, pop=bint,
               sp=list, c=cython.long, i=Py_ssize_t, card=cython.long, last=cython.long, trait=cython.long, positions=Py_ssize_t, plays=list, at=tuple,
               kinds=list, drops=tuple)
cpdef list legal_moves(NaturalSelectionState state, int seat)

@cython.locals(c=cython.long)
cpdef bint _has_card_of(list sp, long trait)

@cython.locals(seat=cython.int, verb=cython.long, i=cython.long, card=object, hand=list, row=list, sp=list,
               field=cython.long)
cpdef apply_move(NaturalSelectionState state, move)

@cython.locals(row=list, sp=list, k=Py_ssize_t, c=cython.long)
cpdef _drop_trait(NaturalSelectionState state, int seat, long i, long trait)

@cython.locals(n=cython.int)
cpdef _end_turn(NaturalSelectionState state)

# (cimported last: a module whose .pxd cimports this one back finds these declarations
# already made)
from engine.natural_selection cimport reveal
