# Cython declarations for engine/dominant_species/decisions.py (pure-Python mode: the .py is
# the source; this file only types it for the compiled build, `arena build`).
# ask and done are cpdef on a DominantState, called in C by the rule modules that cimport
# them (execution, reset).  The kinds stay Python ints here (tests, the heuristic and the
# card module read them from this module's namespace); a module that asks for a decision
# imports the kinds it uses by name, as C copies in its own .pxd.  LEGAL and APPLY stay
# Python lists (state reads them).
import cython
from engine.dominant_species.state cimport DominantState

cpdef ask(DominantState s, long kind, long seat)

cpdef done(DominantState s)
