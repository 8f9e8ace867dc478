"""A game's actions as a few small choices made in order: its kind, then each of its fields
(issue 46; ``docs/rl.md``, "Factored actions").

A game's exact action codec (``GameSpec.action_codec``, ``engine/action_codec.py``) numbers
actions as a block per kind, each a product of fields: Natural Selection's attack names two
species positions, a seat and a flag, so its ids run to hundreds of millions, more than any
policy head or legal-action mask can hold.  The same blocks give a small encoding instead:
an action is the path ``(kind, value of field 1, value of field 2, ...)``, every step an index
below :attr:`Factored.width` (the most kinds, or the most values of one field: 73 to 701 in
our games), and the legal actions of a decision are a tree of such paths
(:class:`Choices`), each step with its own mask given the steps before it.  Every legal action
has exactly one path, and every path the masks allow ends in a legal action.

``choice_features(prefix)`` encodes the steps chosen so far (which step comes next, the kind,
each chosen field value, one-hot), for a network that picks the next step from the
observation's vector and these.

A codec that is not made of :class:`~engine.action_codec.Block` s (Random Mutations') gives
its blocks through ``codec.factor_blocks()``: the same actions with their true field ranges.

>>> from engine.registry import new_game, get_game
>>> state = new_game("origin", 2, seed=1)
>>> f = for_game("origin", 2)
>>> choices = f.choices(state.legal_actions())
>>> prefix = ()
>>> while not choices.complete(prefix):
...     prefix += (choices.options(prefix)[0],)
>>> choices.action(prefix) in state.legal_actions()
True
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from engine.action_codec import BlockCodec


class Factored:
    """The factored encoding over a codec's blocks: ``width`` (indices per step), ``depth``
    (the most steps an action takes), ``kinds`` (the blocks' names), ``path(action)``,
    ``action(path)``, ``choices(legal_actions)``, ``choice_features(prefix)``."""

    def __init__(self, codec):
        blocks = codec if isinstance(codec, BlockCodec) else codec.factor_blocks()
        self.codec = blocks
        self.blocks = blocks.blocks
        self._verb_of = blocks._verb_of
        self._kind = {block.verb: k for k, block in enumerate(self.blocks)}
        fields = max((len(b.fields) for b in self.blocks), default=0)
        self.depth = 1 + fields
        # per field position, the most values any kind's field there has
        self.field_widths = tuple(max((b.radix[f] for b in self.blocks if len(b.radix) > f), default=0)
                                  for f in range(fields))
        self.width = max((len(self.blocks),) + self.field_widths)
        self.kinds = tuple(b.name for b in self.blocks)
        # choice_features: step one-hot, kind one-hot, then one one-hot per field position
        self.feature_fields = ([("choice_step", self.depth, "one-hot: which step is next (0: the kind)"),
                                ("choice_kind", len(self.blocks), "one-hot: the kind chosen (none yet: 0)")]
                               + [(f"choice_field_{f + 1}", w, f"one-hot: the value index chosen for field {f + 1}")
                                  for f, w in enumerate(self.field_widths)])
        self.feature_size = sum(length for _, length, _ in self.feature_fields)

    def path(self, action) -> tuple:
        """``(kind, value index of each field)``; ``ValueError`` for an action outside the codec."""
        try:
            verb = self._verb_of(action)
        except (TypeError, IndexError, KeyError):
            verb = None
        kind = self._kind.get(verb) if isinstance(verb, int) else None
        if kind is None:
            raise ValueError(f"cannot factor {action!r}: no kind for its verb")
        block = self.blocks[kind]
        path = [kind]
        for (name, _), index, value in zip(block.fields, block.index, block.pack(action)):
            i = index.get(value)
            if i is None:
                raise ValueError(f"cannot factor {action!r}: {block.name}.{name} = {value!r} is outside its range")
            path.append(i)
        return tuple(path)

    def action(self, path):
        """The action of a complete path."""
        block = self.blocks[path[0]]
        return block.make(*(values[i] for values, i in zip(block.values, path[1:])))

    def steps(self, kind: int) -> int:
        """How many steps an action of ``kind`` takes (the kind, then its fields)."""
        return 1 + len(self.blocks[kind].fields)

    def step_text(self, prefix: tuple, index: int) -> str:
        """What choosing ``index`` after ``prefix`` means: ``kind=attack`` or ``target=3``."""
        if not prefix:
            return f"kind={self.kinds[index]}" if 0 <= index < len(self.kinds) else f"kind=?{index}"
        block = self.blocks[prefix[0]]
        f = len(prefix) - 1
        if f >= len(block.fields) or not 0 <= index < block.radix[f]:
            return f"?{index}"
        return f"{block.fields[f][0]}={block.values[f][index]!r}"

    def choices(self, legal) -> "Choices":
        return Choices(self, legal)

    def choice_features(self, prefix: tuple) -> np.ndarray:
        """The steps chosen so far, as ``feature_size`` float32 values (``feature_fields``)."""
        v = np.zeros(self.feature_size, dtype=np.float32)
        v[len(prefix)] = 1
        at = self.depth
        if prefix:
            v[at + prefix[0]] = 1
        at += len(self.blocks)
        for f, width in enumerate(self.field_widths):
            if len(prefix) > f + 1:
                v[at + prefix[f + 1]] = 1
            at += width
        return v


class Choices:
    """The legal actions of one decision as a tree of paths: ``options(prefix)`` (the indices
    that may come next, sorted), ``mask(prefix)``, ``complete(prefix)``, ``action(prefix)``.
    ``unfactorable``: how many legal actions have no path (none where the codec's bounds are
    true ones, as every game's are)."""

    __slots__ = ("factored", "tree", "unfactorable")

    def __init__(self, factored: Factored, legal):
        self.factored = factored
        tree: dict = {}
        missing = 0
        path_of = factored.path
        for action in legal:
            try:
                path = path_of(action)
            except ValueError:
                missing += 1
                continue
            node = tree
            for i in path[:-1]:
                node = node.setdefault(i, {})
            node[path[-1]] = action  # a leaf: the action itself
        self.tree = tree
        self.unfactorable = missing

    def _node(self, prefix):
        node = self.tree
        for i in prefix:
            node = node[i]
        return node

    def complete(self, prefix) -> bool:
        """Whether ``prefix`` is a whole path (its last step names the action)."""
        return bool(prefix) and len(prefix) == self.factored.steps(prefix[0])

    def options(self, prefix=()) -> list:
        """The indices allowed after ``prefix`` (``KeyError`` if ``prefix`` is not allowed)."""
        return sorted(self._node(prefix))

    def allows(self, prefix, index) -> bool:
        try:
            return index in self._node(prefix) and not self.complete(prefix)
        except (KeyError, TypeError):
            return False

    def mask(self, prefix=()) -> np.ndarray:
        mask = np.zeros(self.factored.width, dtype=np.int8)
        mask[list(self._node(prefix))] = 1
        return mask

    def action(self, prefix):
        """The legal action a complete ``prefix`` names."""
        return self._node(prefix)

    def __len__(self) -> int:
        return len(self.tree)


@lru_cache(maxsize=None)
def _for_game(name: str, num_players: int) -> Factored:
    from engine.registry import get_game
    spec = get_game(name)
    if spec.action_codec is None:
        raise ValueError(f"game {name!r} has no action_codec: it cannot be factored")
    return Factored(spec.action_codec(num_players))


def for_game(name: str, num_players: int) -> Factored:
    """The factored encoding of game ``name`` at ``num_players`` seats (built once)."""
    return _for_game(name, int(num_players))
