"""The fixed integer encoding of Random Mutations actions (``GAME.action_codec``).

Actions are tuples whose first item is the verb (``actions.py``); each verb owns one
block of consecutive ids.  The bounds, all true ones, for every option set:

* Cards.  The box holds ``BOX_CARDS`` = 90 cards whatever ``deck_composition`` says
  (its sum is checked), two boxes at 5-8 players, so ``C`` = 90 or 180 cards in all,
  and no card is ever added.
* Species and animals.  Every animal is a face-down card and every species has at least
  one animal (a species left without animals leaves the row), so a row of ``S`` species
  holds at least ``S`` cards.  An own animal ``s.a`` (species ``s``, animal ``a``) needs
  species 0..s and ``a`` more animals in species ``s``: ``s + a + 1 <= C`` cards.  Two
  positions together: species ``s`` with animal ``a`` and species ``t`` with animal ``b``
  of the same row need ``max(s, t) + 1 + a + b`` cards, of two rows ``s + t + 2 + a + b``
  (more), so either way ``max(s, t) + a + b <= C - 1``.  An attack names
  ``(s, a, p, t)``; a piracy ``(s, a, p, t, b)``; the codec does not know the acting
  seat, so both use that bound (``b = 0`` for the attack), and number the tuples
  allowed by it (``_Pairs``) rather than every ``C**4``, which would not fit in the
  int32 OpenSpiel counts actions with at 5-8 players.
* An attack's ignored trait is none (-1) or one of ``feeding.DEFENCES``, the traits
  Developmental Defects may ignore.
* Grazing returns at most the red tokens in the centre, which the climate caps at the
  supply: ``RED_SUPPLY`` per box.
* A dropped trait (Simplification, Tail Loss) is one of the ``NUM_TRAITS`` traits.

Sizes: 15,924,155 ids at 2 players, 31,815,305 at 4, 535,690,767 at 5 and 857,026,767
at 8 (piracies are most of them).

>>> codec = action_codec(2)
>>> codec.decode(codec.encode((9, 1, 0, 1, 2, -1)))
(9, 1, 0, 1, 2, -1)
"""
from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from engine.action_codec import Block, BlockCodec
from engine.random_mutations.actions import (ADD, ATTACK, BLACK, BUD, DIVERGE, DROP, GRAZE, GREEN, MIMIC, NEW,
                                             PARASITE, PASS, PIRATE, RED, SCAVENGE, TAIL, TRAIT, VERB_WORDS,
                                             VICTIM)
from engine.random_mutations.cards import BOX_CARDS, NUM_TRAITS, RED_SUPPLY
from engine.random_mutations.feeding import DEFENCES

IGNORED = (-1,) + DEFENCES


class _Pairs:
    """The tuples ``(s, a, t, b)`` of non-negative ints with ``max(s, t) + a + b <= top``
    (``b`` always 0 when ``with_b`` is false), numbered 0..count-1: by ``m = max(s, t)``,
    then by which of the ``2m + 1`` pairs with that maximum, then by ``(a, b)``."""

    def __init__(self, top: int, with_b: bool):
        self.top = top
        self.with_b = with_b
        starts, total = [], 0
        for m in range(top + 1):
            starts.append(total)
            total += (2 * m + 1) * self._ab(top - m)
        self.starts = starts
        self.count = total

    def _ab(self, r: int) -> int:
        """How many (a, b) with a + b <= r."""
        return (r + 1) * (r + 2) // 2 if self.with_b else r + 1

    def rank(self, s: int, a: int, t: int, b: int) -> int | None:
        m = max(s, t)
        if min(s, a, t, b) < 0 or (b and not self.with_b) or m + a + b > self.top:
            return None
        r = self.top - m
        pair = t if s == m else m + 1 + s  # (m, 0..m), then (0..m-1, m)
        ab = a * (r + 1) - a * (a - 1) // 2 + b if self.with_b else a
        return self.starts[m] + pair * self._ab(r) + ab

    def unrank(self, code: int) -> tuple:
        m = bisect_right(self.starts, code) - 1
        r = self.top - m
        pair, ab = divmod(code - self.starts[m], self._ab(r))
        s, t = (m, pair) if pair <= m else (pair - m - 1, m)
        if not self.with_b:
            return s, ab, t, 0
        a = 0
        while ab > r - a:  # row a holds b = 0..r-a
            ab -= r - a + 1
            a += 1
        return s, a, t, ab


class RMCodec:
    """``size``, ``encode(action) -> int``, ``decode(int) -> action`` (the contract's codec)."""

    def __init__(self, num_players: int, cards: int | None = None):
        # ``cards``: the bound on positions (default: every card of the game, the true
        # bound); a smaller one numbers only the actions within it (``tensor.action_space``)
        boxes = 2 if num_players > 4 else 1
        cards = BOX_CARDS * boxes if cards is None else cards
        self.num_players = n = num_players
        self.cards = cards
        self._attack = _Pairs(cards - 1, with_b=False)
        self._pirate = _Pairs(cards - 1, with_b=True)
        # per verb: how many ids it has (in verb order)
        counts = {PASS: 1, NEW: 1, TRAIT: cards, ADD: cards, DIVERGE: cards, BUD: cards,
                  RED: cards * cards, GREEN: cards * cards, BLACK: n * cards * cards,
                  ATTACK: self._attack.count * n * len(IGNORED), GRAZE: RED_SUPPLY * boxes + 1,
                  VICTIM: cards, SCAVENGE: cards * cards, PARASITE: cards * cards, DROP: NUM_TRAITS,
                  TAIL: NUM_TRAITS, MIMIC: cards, PIRATE: self._pirate.count * n}
        self.starts = []
        offset = 0
        for verb in range(len(VERB_WORDS)):
            self.starts.append(offset)
            offset += counts[verb]
        self.counts = counts
        self.size = offset

    def encode(self, action) -> int:
        try:
            verb = action[0]
            count = self.counts[verb]
        except (TypeError, IndexError, KeyError):
            raise ValueError(f"cannot encode {action!r}: no block for it (not a Random Mutations action)") from None
        code = self._code(verb, action)
        if code is None or not 0 <= code < count:
            raise ValueError(f"cannot encode {action!r}: a field is outside the codec's range "
                             f"({VERB_WORDS[verb]}, {self.cards} cards)")
        return self.starts[verb] + code

    def _code(self, verb: int, action):
        c, n = self.cards, self.num_players
        try:
            if verb in (PASS, NEW):
                return 0 if len(action) == 1 else None
            if verb in (TRAIT, ADD, DIVERGE, BUD, MIMIC, VICTIM, GRAZE, DROP, TAIL):
                (_, x) = action
                return x if x >= 0 else None
            if verb in (RED, GREEN, SCAVENGE, PARASITE):
                _, s, a = action
                return s * c + a if 0 <= s < c and 0 <= a < c else None
            if verb == BLACK:
                _, p, s, a = action
                return (p * c + s) * c + a if 0 <= p < n and 0 <= s < c and 0 <= a < c else None
            if verb == ATTACK:
                _, s, a, p, t, ign = action
                pos = self._attack.rank(s, a, t, 0)
                if pos is None or not 0 <= p < n or ign not in IGNORED:
                    return None
                return (pos * n + p) * len(IGNORED) + IGNORED.index(ign)
            if verb == PIRATE:
                _, s, a, p, t, b = action
                pos = self._pirate.rank(s, a, t, b)
                return None if pos is None or not 0 <= p < n else pos * n + p
        except (TypeError, ValueError):
            return None
        return None

    def decode(self, code: int):
        if not 0 <= code < self.size:
            raise ValueError(f"action id {code} is outside 0..{self.size - 1}")
        verb = bisect_right(self.starts, code) - 1
        code -= self.starts[verb]
        c, n = self.cards, self.num_players
        if verb in (PASS, NEW):
            return (verb,)
        if verb in (TRAIT, ADD, DIVERGE, BUD, MIMIC, VICTIM, GRAZE, DROP, TAIL):
            return (verb, code)
        if verb in (RED, GREEN, SCAVENGE, PARASITE):
            return (verb,) + divmod(code, c)
        if verb == BLACK:
            ps, a = divmod(code, c)
            return (verb,) + divmod(ps, c) + (a,)
        if verb == ATTACK:
            rest, ign = divmod(code, len(IGNORED))
            pos, p = divmod(rest, n)
            s, a, t, _ = self._attack.unrank(pos)
            return (ATTACK, s, a, p, t, IGNORED[ign])
        pos, p = divmod(code, n)  # PIRATE
        s, a, t, b = self._pirate.unrank(pos)
        return (PIRATE, s, a, p, t, b)


def _factor_blocks(codec: RMCodec) -> BlockCodec:
    """``RMCodec.factor_blocks``: every verb a block of its fields with their own ranges
    (positions below the codec's cards, seats, the ignored traits, the grazed tokens, the
    traits), for ``engine.factored``; its flat numbering is never used."""
    c, n = range(codec.cards), range(codec.num_players)
    grazed = range(RED_SUPPLY * (2 if codec.num_players > 4 else 1) + 1)
    fields = {PASS: (), NEW: (), GRAZE: (("tokens", grazed),), DROP: (("trait", range(NUM_TRAITS)),),
              TAIL: (("trait", range(NUM_TRAITS)),), BLACK: (("seat", n), ("species", c), ("animal", c)),
              ATTACK: (("species", c), ("animal", c), ("seat", n), ("target", c), ("ignored", IGNORED)),
              PIRATE: (("species", c), ("animal", c), ("seat", n), ("target", c), ("target_animal", c))}
    for verb in (TRAIT, ADD, DIVERGE, BUD, MIMIC, VICTIM):
        fields[verb] = (("position", c),)
    for verb in (RED, GREEN, SCAVENGE, PARASITE):
        fields[verb] = (("species", c), ("animal", c))

    def maker(verb):
        return lambda *values: (verb,) + values

    blocks = [Block(verb, VERB_WORDS[verb], fields[verb], maker(verb), pack=lambda action: action[1:])
              for verb in range(len(VERB_WORDS))]
    return BlockCodec(blocks, verb_of=lambda action: action[0])


RMCodec.factor_blocks = _factor_blocks


@lru_cache(maxsize=None)
def action_codec(num_players: int) -> RMCodec:
    return RMCodec(num_players)
