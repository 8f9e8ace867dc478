"""Actions: tuples of small ints, ``(kind, a, b)``, and their text.

Every decision is small; a large choice is a short sequence of them (a
Speciation is ``speciate at <corner>`` then ``add <n> on <tile>`` per tile,
a Migration is ``move <from> -> <to>`` cube by cube then ``pass``).  Text:
a tile is its axial position ``(q,r)``, a corner ``(q,r)N/NE`` (tile and its two
directions; any tile of the corner reads back), a seat ``p1``, an element by name.
"""
from __future__ import annotations

import re

from engine.contract import IllegalActionError
from engine.dominant_species.board import (CORNER_BY_NAME, CORNER_NAMES, ELEMENT_NAMES, HEX_INDEX, SPACE_BY_NAME,
                                           SPACE_NAMES, hex_name)
from engine.dominant_species.cards import CARD_BY_NAME, CARD_NAMES

(PASS, PLACE, INITIATIVE, TAKE, KEEP, LOSE, PUT, SPECIATE_AT, REMOVE, KEEP_DISC, ADD, GLACIATE, DOMINATE,
 CARD, STACK, LAY, MOVE, ELIMINATE, SPARE, EVOLVE, SEND, CHOOSE, LOSE_AP, REDUCE, SAVE, SPECIATE) = range(26)

# verb text and argument kinds: h = tile, c = corner, e = element, s = space, p = seat,
# n = number, k = card, i = stack
_FORMS = {
    PASS: ("pass", ""), PLACE: ("place", "s"), INITIATIVE: ("advance initiative", ""),
    TAKE: ("take", "e"), KEEP: ("keep", "e"), LOSE: ("lose", "e"), PUT: ("put", "c"),
    SPECIATE_AT: ("speciate at", "c"), REMOVE: ("remove", "c"), KEEP_DISC: ("keep disc", "c"),
    ADD: ("add", "nh"), GLACIATE: ("glaciate", "h"), DOMINATE: ("dominate", "h"), CARD: ("card", "k"),
    STACK: ("stack", "i"), LAY: ("lay", "h"), MOVE: ("move", "hh"), ELIMINATE: ("eliminate", "ph"),
    SPARE: ("spare", "ph"), EVOLVE: ("evolve", "ph"), SEND: ("send", "ph"), CHOOSE: ("choose", "h"),
    LOSE_AP: ("lose ap", ""), REDUCE: ("reduce", ""), SAVE: ("save", "h"), SPECIATE: ("speciate", "h"),
}


def _arg_text(kind: str, v: int) -> str:
    if kind == "h":
        return hex_name(v)
    if kind == "c":
        return CORNER_NAMES[v]
    if kind == "e":
        return ELEMENT_NAMES[v]
    if kind == "s":
        return SPACE_NAMES[v]
    if kind == "p":
        return f"p{v}"
    if kind == "k":
        return CARD_NAMES[v]
    return str(v)


def action_to_text(action) -> str:
    verb, args = _FORMS[action[0]]
    parts = [verb]
    values = action[1:]
    if args == "nh":
        return f"add {values[0]} on {hex_name(values[1])}"
    if args == "hh":
        return f"move {hex_name(values[0])} -> {hex_name(values[1])}"
    if args == "ph":
        joiner = " -> " if action[0] == SEND else " on "
        return f"{verb} p{values[0]}{joiner}{hex_name(values[1])}"
    for kind, v in zip(args, values):
        parts.append(_arg_text(kind, v))
    return " ".join(parts)


_VERBS = sorted(((verb, k) for k, (verb, _) in _FORMS.items()), key=lambda x: -len(x[0]))
_HEX = re.compile(r"\((-?\d+),(-?\d+)\)")


def _parse_arg(kind: str, text: str):
    try:
        if kind == "h":
            m = _HEX.fullmatch(text)
            return HEX_INDEX[(int(m.group(1)), int(m.group(2)))]
        if kind == "c":
            return CORNER_BY_NAME[text]
        if kind == "e":
            return ELEMENT_NAMES.index(text)
        if kind == "s":
            return SPACE_BY_NAME[text]
        if kind == "p":
            if not text.startswith("p"):
                raise ValueError(text)
            return int(text[1:])
        if kind == "k":
            return CARD_BY_NAME[text]
        return int(text)
    except (KeyError, ValueError, AttributeError, TypeError):
        raise IllegalActionError(f"dominant_species: cannot read {text!r} as a {kind!r} argument") from None


def action_from_text(text: str):
    text = " ".join(text.strip().split())
    for verb, kind in _VERBS:
        if text == verb or text.startswith(verb + " "):
            rest = text[len(verb):].strip()
            args = _FORMS[kind][1]
            if args == "":
                if rest:
                    continue
                return (kind,)
            if args == "nh":
                m = re.fullmatch(r"(\d+) on (\S+)", rest)
                if not m:
                    break
                return (kind, int(m.group(1)), _parse_arg("h", m.group(2)))
            if args == "hh":
                m = re.fullmatch(r"(\S+) -> (\S+)", rest)
                if not m:
                    break
                return (kind, _parse_arg("h", m.group(1)), _parse_arg("h", m.group(2)))
            if args == "ph":
                m = re.fullmatch(r"(\S+) (?:on|->) (\S+)", rest)
                if not m:
                    break
                return (kind, _parse_arg("p", m.group(1)), _parse_arg("h", m.group(2)))
            return (kind, _parse_arg(args, rest))
    raise IllegalActionError(f"dominant_species: cannot read action {text!r}")
