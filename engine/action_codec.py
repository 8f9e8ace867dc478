"""A fixed integer encoding of a game's actions, built from blocks (the
``GameSpec.action_codec`` hook; OpenSpiel numbers actions ``0 .. size-1``).

Each kind of action (told apart by its ``verb`` field, which every game's
actions carry) owns one block of consecutive ids.  Inside a block an action is
a tuple of field values, each field taking one of a fixed list of values; its
id is the block's offset plus the mixed-radix number of the value indices.
The lists depend only on the game and the player count, so the encoding is the
same in every process, and ``decode(encode(a)) == a`` for every legal action
(the game's tests check that over random games).

Actions without a ``verb`` attribute (plain tuples whose first item is the
kind, as in Dominant Species) name it through ``BlockCodec(blocks, verb_of=...)``.

A value outside its list (a position beyond the bound the game's codec proves
unreachable) raises ``ValueError`` naming the block and the field.

>>> from typing import NamedTuple
>>> class Go(NamedTuple):
...     pos: int
...     verb: int = 1
>>> codec = BlockCodec([Block(0, "stop", (), lambda: (0,)), Block(1, "go", (("pos", range(3)),), Go)])
>>> codec.size, codec.encode(Go(2)), codec.decode(3)
(4, 3, Go(pos=2, verb=1))
"""
from __future__ import annotations

from bisect import bisect_right


class Block:
    """One kind of action: ``verb``, a name for messages, ``fields`` as
    ``(name, values)`` pairs and ``make(*values) -> action``.  ``pack(action)``
    gives the field values (default: the attributes named by the fields), for an
    action whose fields are not plain attributes (e.g. a direction computed from
    two cells)."""

    __slots__ = ("verb", "name", "fields", "make", "pack", "index", "values", "radix", "count", "offset")

    def __init__(self, verb: int, name: str, fields: tuple, make, pack=None):
        self.verb = verb
        self.name = name
        self.fields = tuple(fields)
        self.make = make
        if pack is None:
            names = tuple(f for f, _ in self.fields)
            pack = (lambda action: tuple(getattr(action, f) for f in names))
        self.pack = pack
        self.values = tuple(tuple(values) for _, values in self.fields)
        self.index = tuple({v: i for i, v in enumerate(values)} for values in self.values)
        for (name_, _), values, index in zip(self.fields, self.values, self.index):
            if len(index) != len(values):
                raise ValueError(f"codec block {name}: field {name_} lists a value twice")
        self.radix = tuple(len(v) for v in self.values)
        count = 1
        for r in self.radix:
            count *= r
        self.count = count
        self.offset = 0


class BlockCodec:
    """``size``, ``encode(action) -> int``, ``decode(int) -> action`` over blocks."""

    def __init__(self, blocks, verb_of=None):
        self.blocks = tuple(blocks)
        # action -> its verb (None: not an action); default: the ``verb`` attribute
        self._verb_of = verb_of or (lambda action: getattr(action, "verb", None))
        self._by_verb = {}
        offset = 0
        for block in self.blocks:
            if block.verb in self._by_verb:
                raise ValueError(f"codec: verb {block.verb} has two blocks")
            block.offset = offset
            offset += block.count
            self._by_verb[block.verb] = block
        self.size = offset
        self._starts = [b.offset for b in self.blocks]

    def encode(self, action) -> int:
        try:
            verb = self._verb_of(action)
        except (TypeError, IndexError, KeyError):
            verb = None
        block = self._by_verb.get(verb) if isinstance(verb, int) else None
        if block is None:
            raise ValueError(f"cannot encode {action!r}: no block for its verb")
        code = 0
        for (name, _), index, radix, value in zip(block.fields, block.index, block.radix, block.pack(action)):
            i = index.get(value)
            if i is None:
                raise ValueError(f"cannot encode {action!r}: {block.name}.{name} = {value!r} is outside "
                                 f"the codec's range")
            code = code * radix + i
        return block.offset + code

    def decode(self, code: int):
        if not 0 <= code < self.size:
            raise ValueError(f"action id {code} is outside 0..{self.size - 1}")
        block = self.blocks[bisect_right(self._starts, code) - 1]
        code -= block.offset
        picked = []
        for values, radix in zip(reversed(block.values), reversed(block.radix)):
            code, i = divmod(code, radix)
            picked.append(values[i])
        return block.make(*reversed(picked))
