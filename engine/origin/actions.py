"""Actions of Origin of Species as small NamedTuples with a readable text form.

Every action is keyed by what the acting seat sees: a card *kind* (index into
``cards.CARD_KINDS``), the chosen trait side, an own animal's position, or an
opponent's ``(seat, position)``, and ends with a ``verb`` code (its class's index in
``ALL_ACTIONS``), so that different action classes never compare equal: ``Graze(1)``
is ``(1, 7)`` and ``Hibernate(1)`` is ``(1, 9)``.  Equality and hashing are plain
tuple ones, in C: ISMCTS looks actions up in its tree on every step.

Text forms (``action_to_text`` / ``action_from_text`` round-trip):

    pass | animal Poisonous/Carnivorous | trait Carnivorous (Big/Carnivorous) -> a2
    trait Parasite (Parasite/Fat Tissue) -> p1.a0 | pair Cooperation (Cooperation/Fat Tissue) a0 + a1
    pair Symbiosis (Symbiosis) a0 on host a1
    food -> a1 | attack a0 -> p1.a2 | fat a1 x2 | graze a1 | piracy a0 -> p1.a2
    hibernate a1 | run | mimic -> a3 | tail Fat Tissue | tail Cooperation a2 | accept | scavenge a2
    trigger Cooperation a0 -> a2
"""
from __future__ import annotations

import re
import threading
from typing import NamedTuple

from engine.contract import IllegalActionError
from engine.origin.cards import KIND_BY_NAME, KIND_NAMES, TRAIT_BY_NAME, TRAIT_NAMES


class Pass(NamedTuple):
    """Development: pass for the rest of the phase.  Feeding: end this turn of the round."""
    verb: int = 0

    def __str__(self):
        return "pass"


class PlayAnimal(NamedTuple):
    kind: int
    verb: int = 1

    def __str__(self):
        return "animal (face down)" if self.kind < 0 else f"animal {KIND_NAMES[self.kind]}"


# how a card played as an animal appears in the public history: face down (§2)
FACE_DOWN_ANIMAL = PlayAnimal(-1)


class PlayTrait(NamedTuple):
    """A single trait under one animal: own animals, or an opponent's for Parasite."""
    kind: int
    trait: int
    seat: int
    pos: int
    verb: int = 2

    @property
    def trait_name(self) -> str:
        """The trait as printed, e.g. "Carnivorous"."""
        return TRAIT_NAMES[self.trait]

    def __str__(self):
        return f"trait {TRAIT_NAMES[self.trait]} ({KIND_NAMES[self.kind]}) -> p{self.seat}.a{self.pos}"


class PlayPair(NamedTuple):
    """A paired trait between two own animals; for Symbiosis ``first`` is the symbiont, ``second`` the host."""
    kind: int
    trait: int
    first: int
    second: int
    verb: int = 3

    @property
    def trait_name(self) -> str:
        """The trait as printed, e.g. "Carnivorous"."""
        return TRAIT_NAMES[self.trait]

    def __str__(self):
        joint = "on host" if TRAIT_NAMES[self.trait] == "Symbiosis" else "+"
        return f"pair {TRAIT_NAMES[self.trait]} ({KIND_NAMES[self.kind]}) a{self.first} {joint} a{self.second}"


class TakeFood(NamedTuple):
    pos: int
    verb: int = 4

    def __str__(self):
        return f"food -> a{self.pos}"


class Attack(NamedTuple):
    pos: int          # own carnivore
    seat: int         # target's owner
    target: int       # target's position
    verb: int = 5

    def __str__(self):
        return f"attack a{self.pos} -> p{self.seat}.a{self.target}"


class BurnFat(NamedTuple):
    pos: int
    amount: int
    verb: int = 6

    def __str__(self):
        return f"fat a{self.pos} x{self.amount}"


class Graze(NamedTuple):
    pos: int
    verb: int = 7

    def __str__(self):
        return f"graze a{self.pos}"


class Pirate(NamedTuple):
    pos: int
    seat: int
    target: int
    verb: int = 8

    def __str__(self):
        return f"piracy a{self.pos} -> p{self.seat}.a{self.target}"


class Hibernate(NamedTuple):
    pos: int
    verb: int = 9

    def __str__(self):
        return f"hibernate a{self.pos}"


class Run(NamedTuple):
    verb: int = 10

    def __str__(self):
        return "run"


class Mimic(NamedTuple):
    pos: int
    verb: int = 11

    def __str__(self):
        return f"mimic -> a{self.pos}"


class DropTail(NamedTuple):
    """Tail Loss: the trait card to lose; for a paired trait, ``partner`` is the other animal."""
    trait: int
    partner: int = -1
    verb: int = 12

    @property
    def trait_name(self) -> str:
        """The trait as printed, e.g. "Carnivorous"."""
        return TRAIT_NAMES[self.trait]

    def __str__(self):
        if self.partner >= 0:
            return f"tail {TRAIT_NAMES[self.trait]} a{self.partner}"
        return f"tail {TRAIT_NAMES[self.trait]}"


class Accept(NamedTuple):
    """The defender uses no (further) defence: the attack goes through."""
    verb: int = 13

    def __str__(self):
        return "accept"


class Scavenge(NamedTuple):
    pos: int
    verb: int = 14

    def __str__(self):
        return f"scavenge a{self.pos}"


class Trigger(NamedTuple):
    """Of the paired cards one food token sets off at once, the owner's choice of the one
    that fires next: the card ``trait`` between the animal that got the token, ``pos``,
    and ``partner`` (option ``paired_trait_order``)."""
    trait: int
    pos: int
    partner: int
    verb: int = 15

    def __str__(self):
        return f"trigger {TRAIT_NAMES[self.trait]} a{self.pos} -> a{self.partner}"


ALL_ACTIONS = (Pass, PlayAnimal, PlayTrait, PlayPair, TakeFood, Attack, BurnFat, Graze, Pirate,
               Hibernate, Run, Mimic, DropTail, Accept, Scavenge, Trigger)
assert all(cls._field_defaults["verb"] == verb for verb, cls in enumerate(ALL_ACTIONS))

PASS = Pass()
RUN = Run()
ACCEPT = Accept()

# The engine keeps tables of action objects, made once and grown on demand (positions);
# they only grow, under this lock, so that threads sharing the engine read them safely.
GROWING = threading.RLock()


def by_target(table: list, cls, pos: int, seat: int, size: int) -> list:
    """``table[pos][seat]``: ``cls(pos, seat, target)`` by target position, at least
    ``size`` of them (for Attack and Pirate: an own animal at ``pos`` acts on animal
    ``target`` of ``seat``), made once and grown on demand."""
    if pos < len(table) and len(table[pos][seat]) >= size:
        return table[pos][seat]
    with GROWING:
        while len(table) <= pos:
            table.append([[] for _ in range(8)])
        row = table[pos][seat]
        while len(row) < size:
            row.append(cls(pos, seat, len(row)))
    return row


def action_to_text(action) -> str:
    return str(action)


_PATTERNS = (
    (re.compile(r"pass"), lambda m: PASS),
    (re.compile(r"run"), lambda m: RUN),
    (re.compile(r"accept"), lambda m: ACCEPT),
    (re.compile(r"animal (.+)"), lambda m: PlayAnimal(_kind(m[1]))),
    (re.compile(r"trait (.+) \((.+)\) -> p(\d+)\.a(\d+)"),
     lambda m: PlayTrait(_kind(m[2]), _trait(m[1]), int(m[3]), int(m[4]))),
    (re.compile(r"pair (.+) \((.+)\) a(\d+) (?:\+|on host) a(\d+)"),
     lambda m: PlayPair(_kind(m[2]), _trait(m[1]), int(m[3]), int(m[4]))),
    (re.compile(r"food -> a(\d+)"), lambda m: TakeFood(int(m[1]))),
    (re.compile(r"attack a(\d+) -> p(\d+)\.a(\d+)"), lambda m: Attack(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"fat a(\d+) x(\d+)"), lambda m: BurnFat(int(m[1]), int(m[2]))),
    (re.compile(r"graze a(\d+)"), lambda m: Graze(int(m[1]))),
    (re.compile(r"piracy a(\d+) -> p(\d+)\.a(\d+)"), lambda m: Pirate(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"hibernate a(\d+)"), lambda m: Hibernate(int(m[1]))),
    (re.compile(r"mimic -> a(\d+)"), lambda m: Mimic(int(m[1]))),
    (re.compile(r"tail (.+) a(\d+)"), lambda m: DropTail(_trait(m[1]), int(m[2]))),
    (re.compile(r"tail (.+)"), lambda m: DropTail(_trait(m[1]))),
    (re.compile(r"scavenge a(\d+)"), lambda m: Scavenge(int(m[1]))),
    (re.compile(r"trigger (.+) a(\d+) -> a(\d+)"), lambda m: Trigger(_trait(m[1]), int(m[2]), int(m[3]))),
)


def _kind(name):
    try:
        return KIND_BY_NAME[name.strip().lower()]
    except KeyError:
        raise IllegalActionError(f"no card {name!r} (cards: {', '.join(KIND_NAMES)})") from None


def _trait(name):
    try:
        return TRAIT_BY_NAME[name.strip().lower()]
    except KeyError:
        raise IllegalActionError(f"no trait {name!r}") from None


def action_from_text(text: str):
    text = text.strip()
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return build(m)
    raise IllegalActionError(f"cannot read {text!r} as an Origin of Species action")
