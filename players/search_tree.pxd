# Cython declarations for players/search_tree.py (pure-Python mode: the .py is the source;
# this file only types it for the compiled build, `arena build`).
#
# Node and Search are final cdef classes: a node's statistics are C fields (visits and
# avail count iterations: C longs; reward a double, as the float it always is: 0.0 plus
# rewards in [0, 1]; children a dict or None).  Search keeps its settings as objects but
# the exploration constant (a float: SearchPlayer stores float(exploration)); iterate's
# selection loop runs on typed locals.  A game's state stays an object (this module knows
# no game; its legal list stays an object too: the contract says list, but a game may
# return another sequence).  Pickling: Cython's own for a cdef class.
import cython
from libc cimport math

# iterate's ``log, sqrt = math.log, math.sqrt``: with libc's math cimported as ``math``, the
# two locals are C function pointers to libm's log and sqrt, the very functions Python's
# math.log and math.sqrt call for a positive finite double (their arguments here: an
# avail count >= 1, a visit count >= 1, and log(avail) / visits >= 0)
ctypedef double (*unary_double)(double) noexcept nogil

cdef long TERMINAL  # (from engine.contract; no one imports it from here)


@cython.final
cdef class Node:
    cdef public long visits, avail
    cdef public double reward
    cdef public dict children


@cython.locals(n=Py_ssize_t, out=list, p=cython.long, q=cython.long, beaten=cython.long, tied=cython.long)
cpdef list rewards_from_places(places)


# the priorities are floats (or ints, which a double holds exactly): the best one is found in C
@cython.locals(moves=cython.long, n=Py_ssize_t, best=cython.double, value=cython.double, i=Py_ssize_t)
cpdef long informed_moves(state, rand, cutoff, priority, double epsilon)


@cython.final
cdef class Search:
    cdef public double exploration
    cdef public object rollout, cutoff, evaluate, rand, order, widening

    @cython.locals(count=cython.long)
    cpdef long run(self, Node root, determinize, iterations, deadline)

    @cython.locals(c=cython.double, node=Node, path=list, seat=cython.long, children=dict, untried=list, best=Node,
                   best_value=cython.double, tried=cython.long, child=Node, visits=cython.long,
                   value=cython.double, log=unary_double, sqrt=unary_double)
    cpdef iterate(self, Node root, state)

    @cython.locals(node=Node, seat=cython.long)
    cpdef finish(self, state, list path)
