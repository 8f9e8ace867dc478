# Cython declarations for engine/natural_selection/feeding.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# The rule functions are cpdef on a NaturalSelectionState; those of board, attacks, deal and
# scoring it calls are C calls.  The imported constants, PLANT_HOLE and the trait bits are
# C longs here; PLANT_BANK and MEAT stay Python globals (reveal imports PLANT_BANK,
# attacks reads feeding.MEAT), and so does HORNS_BIT in attacks (imported from there).
# ``clever``, ``hungry``, ``forced`` and ``forages`` are only tested for truth (``forced``
# is returned too: it only ever holds a bool, the options' carnivore_must_attack being one).
import cython
from engine.natural_selection.state cimport NaturalSelectionState
from engine.natural_selection.board cimport give, room

cdef long TERMINAL
cdef long ATTACK, EAT, INTELLECT, PASS
cdef long HORNS_BIT
cdef long FEEDING, FOOD, MASK, OVER, POP
cdef long CARNIVORE, COOPERATION, FORAGING, HORNS, INTELLIGENCE
cdef long PLANT_HOLE
cdef list SPECIES_MOVES
cdef long CARNIVORE_BIT, COOPERATION_BIT, FORAGING_BIT, INTELLIGENCE_BIT


@cython.locals(row=list, sp=list, got=cython.long)
cpdef long take_food(NaturalSelectionState state, int seat, int i, long source, long amount)

@cython.locals(row=list, hand=list, must_attack=bint, moves=list, forced=bint, i=Py_ssize_t, sp=list,
               hungry=bint, mask=cython.long, clever=bint, prey_seat=cython.long, t=cython.long, found=list,
               kinds=list)
cpdef tuple feeding_moves(NaturalSelectionState state, int seat)

@cython.locals(moves=list, forced=bint)
cpdef list legal_moves(NaturalSelectionState state, int seat)

@cython.locals(hand=list, i=Py_ssize_t, sp=list, mask=cython.long, clever=bint, found=list)
cpdef bint can_feed(NaturalSelectionState state, int seat)

@cython.locals(seat=cython.int, verb=cython.long, i=cython.long, row=list, sp=list, forages=bint)
cpdef apply_move(NaturalSelectionState state, move)

@cython.locals(sp=list, prey=list, horns=bint)
cpdef _attack(NaturalSelectionState state, int seat, move)

@cython.locals(hand=list)
cpdef _discard_from_hand(NaturalSelectionState state, int seat, card)

cpdef start_feeding(NaturalSelectionState state)

@cython.locals(n=cython.int, k=cython.int, s=cython.int)
cpdef next_feeder(NaturalSelectionState state, int after)

@cython.locals(n=cython.int, k=cython.int, seat=cython.int, sp=list)
cpdef end_feeding(NaturalSelectionState state)

# (cimported last, and so in every .pxd here: compiling attacks, its .pxd cimports this one
# at its end, and the function cimport below then finds attacks' declarations made; a
# function cimport from a .pxd still being read, before its declarations, fails)
from engine.natural_selection cimport deal, scoring
from engine.natural_selection.attacks cimport attack_targets, blockers, go_extinct, resolve_attack
