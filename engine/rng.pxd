# Cython declarations for engine/rng.py (pure-Python mode: the .py is the source; this file
# only types it for the compiled build, `arena build`).  Rng's two ints are
# unsigned 64-bit: SplitMix64's "& _MASK" is what C's unsigned arithmetic does anyway.
import cython

# (_MASK and _GOLDEN stay Python objects: a cdef global would leave the module's namespace,
# and tests import them.  mix64 and next64 copy them, and the two multipliers, which are
# too large for a C long literal and so would stay Python ints too, into locals typed here:
# their arithmetic is then C's unsigned 64-bit, which wraps exactly as "& _MASK" does)


@cython.locals(x=cython.ulonglong, golden=cython.ulonglong, mask=cython.ulonglong, m1=cython.ulonglong,
               m2=cython.ulonglong)
cpdef unsigned long long mix64(object x)


cdef class Rng:
    cdef public unsigned long long seed, counter

    @cython.locals(counter=cython.ulonglong, x=cython.ulonglong, golden=cython.ulonglong, mask=cython.ulonglong,
                   m1=cython.ulonglong, m2=cython.ulonglong)
    cpdef unsigned long long next64(self)

    @cython.locals(x=cython.ulonglong, hi=cython.ulonglong, n=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   drawn=list)
    cpdef list take(self, list pool, Py_ssize_t count)

    # counts as C unsigned 64-bit ints: the modulo of next64's draw is C's (a count is
    # never negative; 0 raises ZeroDivisionError in both builds); the draw returns as an int
    cpdef unsigned long long below(self, unsigned long long n)

    cpdef unsigned long long die(self, unsigned long long sides=*)

    @cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cpdef shuffle(self, object items)
