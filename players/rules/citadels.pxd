# Cython declarations for players/rules/citadels.py (pure-Python mode: the .py is the
# source; this file only types it for the compiled build, `arena build`).
# View (the facts of one decision, made and read only here) is a final cdef class: its
# attributes are C fields, read without a dict lookup by its methods, which are cpdef (loops,
# not generator expressions: a closure keeps a method def); RuleBasedPlayer stays a plain
# class (a SeededPlayer).  KEEP_VALUE and NEIGHBOURS are read only here.
import cython
from engine.citadels.tiles cimport cell_index

cdef dict KEEP_VALUE


cpdef bint _adjacent(a, b)


cdef tuple STEP, NEIGHBOURS

@cython.locals(cells=set)
cpdef set _map_cells(tuple board)

@cython.locals(at=cython.long, touching=cython.long, step=cython.long)
cpdef double _lay_value(set cells, long x, long y)


@cython.final
cdef class View:
    cdef public object o, seat, pool_food
    cdef public dict tiles, mine, occupants
    cdef public tuple every

    cpdef creature(self, cell)

    cpdef bint is_river(self, cell)

    @cython.locals(count=cython.long)
    cpdef long enemy_predators_near(self, cell)

    @cython.locals(count=cython.long)
    cpdef long prey_near(self, cell)

    @cython.locals(count=cython.long)
    cpdef long self_fed(self)

    @cython.locals(count=cython.long)
    cpdef long controlled_plains(self)

    @cython.locals(share=object, personal=object)
    cpdef expected_food(self)

    @cython.locals(cell=tuple, count=Py_ssize_t, value=cython.double)
    cpdef double trait_value(self, a)

    cpdef double attack_value(self, a)

    cpdef bint can_feed_one_more(self)

    @cython.locals(cell=tuple, value=cython.double)
    cpdef double settle_value(self, a)
