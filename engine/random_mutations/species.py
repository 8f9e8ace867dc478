"""A species as a flat list, and the helpers every phase uses.

A species (§2.2) is ``[MASK, NEED, TRAITS, INHERITED, ANIMALS]``:

* ``MASK``  bitmask of every trait it has (trait cards and inherited traits),
* ``NEED``  food need of each of its animals (1 + the '+N' marks),
* ``TRAITS`` tuple of its face-up trait cards, bottom to top (replaced, never mutated),
* ``INHERITED`` tuple of traits copied at Divergence (no cards; option ``divergence_inherited``),
* ``ANIMALS`` flat list, 5 ints per animal: red, blue, green, black tokens and flags
  (``ATTACKED``: it attacked this turn, card turned 90°; ``OFED``: an Obligate Carnivore
  fed by its own attack; ``POISONED``: it ate a Poisonous animal and dies at extinction;
  ``PIRATED``: it used Piracy this turn).

Animals carry no card identity: an animal's face is never looked at (§7), so the
State keeps the face-down cards only as counts (``State.buried``).
"""
from __future__ import annotations

from engine.random_mutations.cards import BIT, OBLIGATE

MASK, NEED, TRAITS, INHERITED, ANIMALS = range(5)
RED, BLUE, GREEN, BLACK, FLAGS = range(5)
STRIDE = 5
ATTACKED, OFED, POISONED, PIRATED = 1, 2, 4, 8
OBLIGATE_BIT = BIT[OBLIGATE]


def make_species(traits: tuple = (), inherited: tuple = (), bonus: tuple = None, animals: int = 1) -> list:
    sp = [0, 1, tuple(traits), tuple(inherited), [0] * (STRIDE * animals)]
    if traits or inherited:
        recompute(sp, bonus)
    return sp


def recompute(sp: list, bonus: tuple) -> None:
    mask = 0
    need = 1
    for t in sp[TRAITS]:
        mask |= 1 << t
        need += bonus[t]
    for t in sp[INHERITED]:
        mask |= 1 << t
        need += bonus[t]
    sp[MASK] = mask
    sp[NEED] = need


def population(sp: list) -> int:
    return len(sp[ANIMALS]) // STRIDE


def is_fed(sp: list, i: int) -> bool:
    """§2.2: red + blue >= need; an Obligate Carnivore only by its own attack's mark."""
    an = sp[ANIMALS]
    if sp[MASK] & OBLIGATE_BIT:
        return bool(an[i + FLAGS] & OFED)
    return an[i] + an[i + BLUE] >= sp[NEED]


_STRIDE = STRIDE  # (a C integer in the compiled build, where STRIDE stays a Python global)
_FIRST = [0]
_BOTH = [0, STRIDE]


def same_tokens(an: list, i: int, j: int) -> bool:
    """Whether the animals at offsets ``i`` and ``j`` carry the same tokens and flags."""
    return (an[i + RED] == an[j + RED] and an[i + BLUE] == an[j + BLUE] and an[i + GREEN] == an[j + GREEN]
            and an[i + BLACK] == an[j + BLACK] and an[i + FLAGS] == an[j + FLAGS])


def distinct_animals(an: list) -> list:
    """Offsets (multiples of STRIDE) of the first animal of each distinct token set: animals
    of one species with the same tokens are interchangeable, so only the first is offered.
    (The lists returned are shared: read them, never change them.)"""
    stride = _STRIDE
    n = len(an)
    if n == stride:
        return _FIRST
    if n == 2 * stride:
        return _FIRST if same_tokens(an, 0, stride) else _BOTH
    out = [0]
    i = stride
    while i < n:  # (not a range with a variable step: a Python range in the compiled build)
        for j in out:  # (each animal against the distinct ones so far, without copies)
            if same_tokens(an, i, j):
                break
        else:
            out.append(i)
        i += stride
    return out


def remove_animal(s, seat: int, si: int, offset: int) -> bool:
    """The animal dies: its card to its owner's discard pile, tokens to the box; a species
    left without animals discards its trait cards too and leaves the row (§2.8, §2.9).
    Returns True when the species went extinct (later positions shift left)."""
    row = s.rows[seat]
    sp = row[si]
    an = sp[ANIMALS]
    del an[offset:offset + STRIDE]
    s.discards[seat] += 1
    if not an:
        s.discards[seat] += len(sp[TRAITS])
        del row[si]
        return True
    return False
