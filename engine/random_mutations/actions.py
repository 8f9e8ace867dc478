"""Action values and their text (exact round trip).

Every action is a tuple of ints whose first item is the verb.  Actions are keyed
by what every seat sees (§7): a blind play names the mode and the target species,
never a card ("play the top card of my deck as a trait on s1" is ``trait s1``).
Positions: ``s2`` = the acting seat's species 2 (left to right), ``s2.a1`` = its
animal 1, ``p1.s2.a1`` = another seat's animal.

=============  =========================  ===============================================
verb           value                      text
=============  =========================  ===============================================
PASS           (PASS,)                    ``pass``
NEW            (NEW,)                     ``new``            M1: a new species
TRAIT          (TRAIT, s)                 ``trait s0``       M2: turned over as a trait
ADD            (ADD, s)                   ``add s0``         M3: one more animal
DIVERGE        (DIVERGE, s)               ``diverge s0``     M4 (option ``divergence``)
BUD            (BUD, s)                   ``bud s0``         Budding ``free_bud``
RED            (RED, s, a)                ``red s0.a1``
GREEN          (GREEN, s, a)              ``green s0.a1``
BLACK          (BLACK, p, s, a)           ``black p1.s0.a1``
ATTACK         (ATTACK, s, a, p, t, i)    ``attack s0.a1 -> p1.s2`` (``ignore big`` when i >= 0)
GRAZE          (GRAZE, k)                 ``graze 2``        return k red tokens to the box
VICTIM         (VICTIM, a)                ``victim a1``      the attacked owner's choice
SCAVENGE       (SCAVENGE, s, a)           ``scavenge s0.a1``
PARASITE       (PARASITE, s, a)           ``parasite s0.a1`` the animal the parasites kill
DROP           (DROP, trait)              ``drop big``       Simplification's discard
TAIL           (TAIL, trait)              ``tail big``       Tail Loss: drop a trait card instead
MIMIC          (MIMIC, t)                 ``mimic s2``       Mimicry: the attack goes to own s2
PIRATE         (PIRATE, s, a, p, t, b)    ``pirate s0.a1 <- p1.s2.a0``
=============  =========================  ===============================================

(TAIL, MIMIC and PIRATE exist only with option ``trait_slots_14_16`` set to one of the
base-game alternatives.)
"""
from __future__ import annotations

import re

from engine.contract import IllegalActionError
from engine.random_mutations.cards import SLUG_TRAIT, TRAIT_SLUGS

(PASS, NEW, TRAIT, ADD, DIVERGE, BUD, RED, GREEN, BLACK, ATTACK, GRAZE, VICTIM, SCAVENGE, PARASITE,
 DROP, TAIL, MIMIC, PIRATE) = range(18)
VERB_WORDS = ("pass", "new", "trait", "add", "diverge", "bud", "red", "green", "black", "attack", "graze",
              "victim", "scavenge", "parasite", "drop", "tail", "mimic", "pirate")
WORD_VERB = {w: v for v, w in enumerate(VERB_WORDS)}

PASS_ACTION = (PASS,)
NEW_ACTION = (NEW,)


def action_to_text(action) -> str:
    v = action[0]
    w = VERB_WORDS[v]
    if v in (PASS, NEW):
        return w
    if v in (TRAIT, ADD, DIVERGE, BUD, MIMIC):
        return f"{w} s{action[1]}"
    if v in (RED, GREEN, SCAVENGE, PARASITE):
        return f"{w} s{action[1]}.a{action[2]}"
    if v == BLACK:
        return f"black p{action[1]}.s{action[2]}.a{action[3]}"
    if v == ATTACK:
        _, s, a, p, t, ign = action
        text = f"attack s{s}.a{a} -> p{p}.s{t}"
        return text + (f" ignore {TRAIT_SLUGS[ign]}" if ign >= 0 else "")
    if v == GRAZE:
        return f"graze {action[1]}"
    if v == VICTIM:
        return f"victim a{action[1]}"
    if v == DROP or v == TAIL:
        return f"{w} {TRAIT_SLUGS[action[1]]}"
    if v == PIRATE:
        _, s, a, p, t, b = action
        return f"pirate s{s}.a{a} <- p{p}.s{t}.a{b}"
    raise IllegalActionError(f"not a Random Mutations action: {action!r}")


_PATTERNS = (
    (re.compile(r"(pass|new)$"), lambda m: (WORD_VERB[m[1]],)),
    (re.compile(r"(trait|add|diverge|bud|mimic) s(\d+)$"), lambda m: (WORD_VERB[m[1]], int(m[2]))),
    (re.compile(r"(red|green|scavenge|parasite) s(\d+)\.a(\d+)$"), lambda m: (WORD_VERB[m[1]], int(m[2]), int(m[3]))),
    (re.compile(r"black p(\d+)\.s(\d+)\.a(\d+)$"), lambda m: (BLACK, int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"attack s(\d+)\.a(\d+) -> p(\d+)\.s(\d+)(?: ignore (\w+))?$"),
     lambda m: (ATTACK, int(m[1]), int(m[2]), int(m[3]), int(m[4]), _trait(m[5]) if m[5] else -1)),
    (re.compile(r"graze (\d+)$"), lambda m: (GRAZE, int(m[1]))),
    (re.compile(r"victim a(\d+)$"), lambda m: (VICTIM, int(m[1]))),
    (re.compile(r"(drop|tail) (\w+)$"), lambda m: (WORD_VERB[m[1]], _trait(m[2]))),
    (re.compile(r"pirate s(\d+)\.a(\d+) <- p(\d+)\.s(\d+)\.a(\d+)$"),
     lambda m: (PIRATE, int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]))),
)


def _trait(word: str) -> int:
    try:
        return SLUG_TRAIT[word.lower()]
    except KeyError:
        raise IllegalActionError(f"no trait named {word!r} (traits: {', '.join(TRAIT_SLUGS)})") from None


def action_from_text(text: str):
    t = " ".join(text.strip().lower().split())
    for pattern, build in _PATTERNS:
        m = pattern.match(t)
        if m:
            return build(m)
    raise IllegalActionError(f"cannot read {text!r} as a Random Mutations action "
                             "(e.g. 'pass', 'trait s0', 'red s0.a1', 'attack s0.a0 -> p1.s2')")
