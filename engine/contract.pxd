# Cython declarations for engine/contract.py (pure-Python mode: the .py is the source; this
# file only types it for the compiled build, `arena build`).  State is a cdef class
# with no C attributes, so that a game's State may be a cdef class too (engine/origin/state.pxd);
# the other games' States stay plain classes with __slots__ on top of it.  It is compiled
# with auto_pickle=False (engine/_build.py MODULE_DIRECTIVES): a plain subclass then
# pickles by its slots, as in pure Python.

cdef class State:
    pass
