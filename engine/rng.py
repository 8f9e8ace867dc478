"""Counter-based random numbers whose whole state is two plain ints.

The engine keeps chance *inside* the game state (docs/design.md, "The engine
contract"): a :class:`Rng` is ``(seed, counter)``; each draw hashes ``seed`` and the
counter with SplitMix64 and increments the counter.  Copying it is copying two
ints, so ``State.clone()`` is cheap and ``(seed, actions) -> game`` is a pure
function.  No global ``random`` and no wall clock anywhere in ``engine/``.

>>> r = Rng(7); a = [r.below(6) for _ in range(5)]
>>> r2 = Rng(7); a == [r2.below(6) for _ in range(5)]
True
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(x: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit hash of ``x``."""
    golden = _GOLDEN  # (the constants as locals: see next64)
    mask = _MASK
    m1 = 0xBF58476D1CE4E5B9
    m2 = 0x94D049BB133111EB
    x = (x + golden) & mask
    x = ((x ^ (x >> 30)) * m1) & mask
    x = ((x ^ (x >> 27)) * m2) & mask
    return x ^ (x >> 31)


class Rng:
    """A counter-based generator: ``(seed, counter)`` and nothing else."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0):
        self.seed = mix64(seed & _MASK)
        self.counter = counter

    @classmethod
    def _raw(cls, seed: int, counter: int) -> "Rng":
        r = cls.__new__(cls)
        r.seed = seed
        r.counter = counter
        return r

    def copy(self) -> "Rng":
        return Rng._raw(self.seed, self.counter)

    def next64(self) -> int:
        # mix64 inlined: this is the hottest call of every random playout.  (The constants
        # as locals: engine/rng.pxd types them as C unsigned 64-bit ints, so the compiled
        # build multiplies in C; module globals and literals this large stay Python ints.)
        golden = _GOLDEN
        mask = _MASK
        m1 = 0xBF58476D1CE4E5B9
        m2 = 0x94D049BB133111EB
        self.counter = counter = self.counter + 1
        x = ((self.seed ^ ((counter * golden) & mask)) + golden) & mask
        x = ((x ^ (x >> 30)) * m1) & mask
        x = ((x ^ (x >> 27)) * m2) & mask
        return x ^ (x >> 31)

    def take(self, pool: list, count: int) -> list:
        """Remove ``count`` items of ``pool`` at random and return them in draw order
        (each draw swaps the chosen item with the last one and pops it).

        One 64-bit number serves several draws (mixed radix): a draw from ``n`` items
        is ``x % n``, then ``x //= n``; a fresh number comes whenever fewer than
        ``n * 2**32`` values are left, so each draw is uniform within ``2**-32``.
        About half the cost of ``below`` per card: dealing is the hottest loop after
        the playouts themselves."""
        drawn = []
        # ``hi`` is the values left, shifted down 32 bits: floor divisions nest, so
        # ``(room // n) >> 32 == (room >> 32) // n`` and ``hi`` stays a small int
        x = hi = 0
        n = len(pool)
        for _ in range(count):
            if hi < n:
                x = self.next64()
                hi = 0xFFFFFFFF  # _MASK >> 32
            i = x % n
            x //= n
            hi //= n
            n -= 1
            drawn.append(pool[i])
            pool[i] = pool[n]
            pool.pop()
        return drawn

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (n < 2**32, so the modulo bias is < 2**-32)."""
        return self.next64() % n

    def die(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self.next64() % sides + 1

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.next64() % len(items)]

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one and ``salt`` (does not advance self)."""
        return Rng._raw(mix64(self.seed ^ mix64(salt + self.counter)), 0)

    def __repr__(self):
        return f"Rng(seed={self.seed:#x}, counter={self.counter})"

    def __eq__(self, other):
        return isinstance(other, Rng) and self.seed == other.seed and self.counter == other.counter

    def __hash__(self):
        return hash((self.seed, self.counter))
