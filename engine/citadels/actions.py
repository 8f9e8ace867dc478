"""Action values and their text form.

Every action is a NamedTuple keyed by what the acting seat sees (a role number,
a cell, a trait kind, the seat of a target) and ends with a ``verb`` code, so
that two kinds of action with the same fields never compare equal (``Settle(1,
2) != Feed(1, 2)``).  ``str(action)`` is its text; ``action_from_text`` reads it
back.  Notation (engine/README.md): the verb first, a seat ``p1``, an own creature by
its cell ``x,y``, another seat's creature ``p1.x,y``: ``attack 0,0 -> p1.1,0``.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.contract import IllegalActionError
from engine.citadels.roles import ROLE_NAME, MAGE
from engine.citadels.tiles import index_cell
from engine.citadels.traits import TRAIT_NAME, trait_from_text

(V_DISCARD, V_ROLE, V_LAY, V_SETTLE, V_TRAIT, V_GIFT, V_HEAL,
 V_ATTACK, V_END, V_FEED, V_STOP) = range(11)


def _cell(x, y) -> str:
    return f"{x},{y}"


class Discard(NamedTuple):
    """Round start: discard one card of this trait kind down to the hand limit."""
    trait: int
    verb: int = V_DISCARD

    @property
    def trait_name(self) -> str:
        """The trait by name, e.g. "predator"."""
        return TRAIT_NAME[self.trait]

    def __str__(self):
        return f"discard {TRAIT_NAME[self.trait]}"


class PickRole(NamedTuple):
    """Draft: take a free role; the Mage names the player he blocks (-1 otherwise)."""
    role: int
    target: int = -1
    verb: int = V_ROLE

    @property
    def role_name(self) -> str:
        """The role by name, e.g. "king"."""
        return ROLE_NAME[self.role]

    def __str__(self):
        text = f"role {self.role} {ROLE_NAME[self.role]}"
        return text + (f" block p{self.target}" if self.role == MAGE else "")


class Lay(NamedTuple):
    """Map: lay the drawn tile at (x, y) turned ``rotation`` quarter turns clockwise."""
    x: int
    y: int
    rotation: int
    verb: int = V_LAY

    def __str__(self):
        return f"lay {_cell(self.x, self.y)} r{self.rotation}"


class Settle(NamedTuple):
    """Actions: put a creature from the supply on the tile at (x, y)."""
    x: int
    y: int
    verb: int = V_SETTLE

    def __str__(self):
        return f"settle {_cell(self.x, self.y)}"


class PlayTrait(NamedTuple):
    """Actions: play a trait card on the own creature at (x, y)."""
    trait: int
    x: int
    y: int
    verb: int = V_TRAIT

    @property
    def trait_name(self) -> str:
        """The trait by name, e.g. "predator"."""
        return TRAIT_NAME[self.trait]

    def __str__(self):
        return f"trait {TRAIT_NAME[self.trait]} {_cell(self.x, self.y)}"


class ShamanGift(NamedTuple):
    """Shaman: give a trait (no card) to the own creature at (x, y)."""
    trait: int
    x: int
    y: int
    verb: int = V_GIFT

    @property
    def trait_name(self) -> str:
        """The trait by name, e.g. "predator"."""
        return TRAIT_NAME[self.trait]

    def __str__(self):
        return f"shaman {TRAIT_NAME[self.trait]} {_cell(self.x, self.y)}"


class ShamanHeal(NamedTuple):
    """Shaman: remove the wound of the own creature at (x, y)."""
    x: int
    y: int
    verb: int = V_HEAL

    def __str__(self):
        return f"heal {_cell(self.x, self.y)}"


class Attack(NamedTuple):
    """Actions: the own predator at (x, y) wounds seat ``victim``'s creature at (tx, ty)."""
    x: int
    y: int
    tx: int
    ty: int
    victim: int
    verb: int = V_ATTACK

    def __str__(self):
        return f"attack {_cell(self.x, self.y)} -> p{self.victim}.{_cell(self.tx, self.ty)}"


class EndTurn(NamedTuple):
    """Actions: finish the own Action turn."""
    verb: int = V_END

    def __str__(self):
        return "end"


class Feed(NamedTuple):
    """Feeding: give one food (personal, or from the pool) to the own creature at (x, y)."""
    x: int
    y: int
    verb: int = V_FEED

    def __str__(self):
        return f"feed {_cell(self.x, self.y)}"


class StopFeeding(NamedTuple):
    """Feeding: take no more food in this step."""
    verb: int = V_STOP

    def __str__(self):
        return "stop"


# Kept action values: actions are immutable and compared by value, so the rules make each
# distinct one once and hand out that value (a NamedTuple's __new__ runs as Python code, and
# a position offers dozens of actions of which one is played).
END_TURN = EndTurn()
STOP_FEEDING = StopFeeding()
DISCARDS = tuple(Discard(t) for t in range(4))  # by trait kind
LAYS: dict = {}  # frontier cell index (tiles.cell_index) -> its Lay per rotation (lays_at)
SETTLES: dict = {}  # (x, y) -> Settle
FEEDS: dict = {}  # (x, y) -> Feed
HEALS: dict = {}  # (x, y) -> ShamanHeal
ON_CREATURE: dict = {}  # (x, y) -> (PlayTrait by trait kind, ShamanGift by trait kind) (on_creature)
ATTACKS: dict = {}  # (x, y, tx, ty, victim) -> Attack
PICKS: dict = {}  # (role, target) -> PickRole


def kept(table: dict, key: tuple, kind, *head):
    """``table[key]``, made on first use as ``kind(*head, *key)``."""
    action = table.get(key)
    if action is None:
        action = table[key] = kind(*head, *key)
    return action


def on_creature(cell: tuple) -> tuple:
    """The trait plays and the Shaman's gifts on the own creature at ``cell``, each by
    trait kind, kept in ``ON_CREATURE`` (one look-up per creature, not per trait)."""
    found = ON_CREATURE.get(cell)
    if found is None:
        x, y = cell
        found = ON_CREATURE[cell] = (tuple([PlayTrait(t, x, y) for t in range(4)]),
                                     tuple([ShamanGift(t, x, y) for t in range(4)]))
    return found


def lays_at(index: int) -> tuple:
    """The four Lay of a frontier cell, by rotation, kept in ``LAYS``."""
    lays = LAYS.get(index)
    if lays is None:
        x, y = index_cell(index)
        lays = LAYS[index] = tuple([Lay(x, y, r) for r in range(4)])
    return lays


def _parse_cell(text: str) -> tuple:
    x, y = text.split(",")
    return int(x), int(y)


def _seat(text: str) -> int:
    if not text.startswith("p"):
        raise ValueError(text)
    return int(text[1:])


def _parse(words: list):
    verb = words[0]
    if verb == "discard":
        return Discard(trait_from_text(words[1]))
    if verb == "role":
        role = int(words[1])
        if len(words) > 3 and words[3] == "block":
            return PickRole(role, _seat(words[4]))
        return PickRole(role)
    if verb == "lay":
        return Lay(*_parse_cell(words[1]), int(words[2].lstrip("r")))
    if verb == "settle":
        return Settle(*_parse_cell(words[1]))
    if verb in ("trait", "shaman"):
        kind = PlayTrait if verb == "trait" else ShamanGift
        return kind(trait_from_text(words[1]), *_parse_cell(words[2]))
    if verb == "heal":
        return ShamanHeal(*_parse_cell(words[1]))
    if verb == "attack" and words[2] == "->" and len(words) == 4:
        seat, _, cell = words[3].partition(".")
        return Attack(*_parse_cell(words[1]), *_parse_cell(cell), _seat(seat))
    if verb == "end":
        return EndTurn()
    if verb == "feed":
        return Feed(*_parse_cell(words[1]))
    if verb == "stop":
        return StopFeeding()
    raise ValueError(verb)


def action_from_text(text: str):
    """Read an action back from ``str(action)``."""
    words = text.split()
    try:
        return _parse(words)
    except (ValueError, IndexError) as exc:
        raise IllegalActionError(f"citadels: cannot read action {text!r} ({exc})") from None


def action_to_text(action) -> str:
    return str(action)
