"""Readable text views of a State or an Observation, for logs and the terminal."""
from __future__ import annotations

from engine.origin.animal import (ATTACKED, CARD, FAT, FAT_SLOTS, FIRST_TRAIT, FLAGS, FOOD, HIBERNATED_LAST,
                                  HIBERNATING, NEED, POISONED)
from engine.origin.cards import KIND_NAMES, TRAIT_NAMES
from engine.origin.board import PHASE_NAMES

_FLAG_WORDS = ((ATTACKED, "attacked"), (HIBERNATING, "hibernating"), (HIBERNATED_LAST, "slept last turn"),
               (POISONED, "poisoned"))


def animal_text(pos: int, a) -> str:
    card = "?" if a[CARD] < 0 else KIND_NAMES[a[CARD]]
    traits = ", ".join(TRAIT_NAMES[e >> 5] for e in a[FIRST_TRAIT:]) or "no traits"
    food = f"food {a[FOOD]}/{a[NEED]}"
    if a[FAT_SLOTS]:
        food += f" fat {a[FAT]}/{a[FAT_SLOTS]}"
    flags = [word for bit, word in _FLAG_WORDS if a[FLAGS] & bit]
    return f"a{pos} [{card}] {traits}; {food}" + (f" ({', '.join(flags)})" if flags else "")


def link_text(link) -> str:
    trait, first, second = link[:3]
    joint = " -> host " if TRAIT_NAMES[trait] == "Symbiosis" else " + "
    return f"{TRAIT_NAMES[trait]} a{first}{joint}a{second}"


def hand_text(counts) -> str:
    return ", ".join(f"{c}x {KIND_NAMES[k]}" if c > 1 else KIND_NAMES[k]
                     for k, c in enumerate(counts) if c) or "empty"


def _board(view, seats_hands) -> list:
    lines = [f"turn {view.turn}{' (last)' if view.last_turn else ''}, {PHASE_NAMES[view.phase]} phase, "
             f"first player p{view.first_player}, food bank {view.food_bank}, "
             f"to act: {'over' if view.current_player < 0 else 'p%d' % view.current_player}"]
    if view.attack is not None:
        a = view.attack
        lines.append(f"attack: p{a[0]}.a{a[1]} -> p{a[2]}.a{a[3]}")
    if view.chain is not None:  # (then, arg, seat, stack): whose paired cards wait, for which animals
        seat, stack = view.chain[2], view.chain[3]
        lines.append(f"paired cards of p{seat} to fire for: " + ", ".join(f"a{pos}" for pos, _ in reversed(stack)))
    for seat, row in enumerate(view.animals):
        lines.append(f"p{seat}: hand {seats_hands[seat]}, discard {view_discard(view, seat)}")
        for pos, a in enumerate(row):
            lines.append("    " + animal_text(pos, a))
        for link in view.links[seat]:
            lines.append("    " + link_text(link))
    return lines


def view_discard(view, seat) -> int:
    return view.discard_sizes[seat] if hasattr(view, "discard_sizes") else sum(view.discards[seat])


class _StateView:
    """The few fields _board reads, from a State."""
    def __init__(self, s):
        self.turn, self.last_turn, self.phase = s.turn, s.last_turn, s.phase
        self.first_player, self.food_bank, self.current_player = s.first_player, s.food_bank, s.current_player
        self.attack, self.animals, self.links, self.discards = s.attack, s.animals, s.links, s.discards
        self.chain = s.chain


def render_state(s) -> str:
    hands = [hand_text(h) for h in s.hands]
    lines = _board(_StateView(s), hands)
    lines.append(f"deck {len(s.deck)} cards; scores {s.scores()}")
    return "\n".join(lines)


class _ObservationView:
    """The few fields _board reads, from an Observation's packed form."""
    def __init__(self, o):
        self.turn, self.last_turn, self.phase = o.turn, o.last_turn, o.phase
        self.first_player, self.food_bank, self.current_player = o.first_player, o.food_bank, o.current_player
        self.attack, self.animals, self.links = o.attack_row, o.animal_rows, o.link_rows
        self.discard_sizes = o.discard_sizes
        self.chain = o.chain


def _hand_size(n: int) -> str:
    """Another seat's hand as its size, in the words the seat's own hand uses when empty."""
    return "empty" if n == 0 else f"{n} card{'s' if n != 1 else ''}"


def render_observation(o) -> str:
    hands = [hand_text(o.hand_counts) if seat == o.seat else _hand_size(o.hand_sizes[seat])
             for seat in range(o.num_players)]
    lines = [f"seen by p{o.seat}"] + _board(_ObservationView(o), hands)
    lines.append(f"deck {o.deck_size} cards; legal: {', '.join(map(str, o.legal_actions)) or '-'}")
    return "\n".join(lines)
