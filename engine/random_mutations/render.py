"""Readable text of a State or an Observation (the same public board: §7)."""
from __future__ import annotations

from engine.random_mutations.actions import action_to_text
from engine.random_mutations.cards import TRAIT_NAMES
from engine.random_mutations.species import ATTACKED, OFED, PIRATED, POISONED, STRIDE
from engine.random_mutations.phases import PHASE_NAMES


def species_text(si: int, sp) -> str:
    traits = [TRAIT_NAMES[t] for t in sp[2]] + [f"({TRAIT_NAMES[t]})" for t in sp[3]]
    an = sp[4]
    animals = []
    for i in range(0, len(an), STRIDE):
        bits = []
        for n, word in zip(an[i:i + 4], ("red", "blue", "green", "black")):
            if n:
                bits.append(f"{n} {word}")
        if an[i + 4] & ATTACKED:
            bits.append("attacked")
        if an[i + 4] & OFED:
            bits.append("fed by attack")
        if an[i + 4] & POISONED:
            bits.append("poisoned")
        if an[i + 4] & PIRATED:
            bits.append("pirated")
        animals.append(f"a{i // STRIDE}" + (f"[{', '.join(bits)}]" if bits else ""))
    return (f"s{si}: {', '.join(traits) or 'no traits'}; need {sp[1]}; "
            f"{len(an) // STRIDE} animal(s): {' '.join(animals)}")


def _board(v, deck_size, pdeck_sizes, scores) -> list:
    to_act = "over" if v.current_player < 0 else f"p{v.current_player}"
    lines = [f"turn {v.turn}{' (last)' if v.last_turn else ''}, {PHASE_NAMES[v.phase]}, first player "
             f"p{v.first}, to act: {to_act}; centre red {v.centre[0]} green {v.centre[1]} black {v.centre[2]}"
             + (f"; dice {list(v.dice)}" if v.dice else "")]
    for seat, row in enumerate(v.rows):
        lines.append(f"p{seat}: personal deck {pdeck_sizes[seat]}, discard pile {v.discards[seat]}, "
                     f"score {scores[seat]}")
        for si, sp in enumerate(row):
            lines.append("    " + species_text(si, sp))
    lines.append(f"main deck {deck_size} cards")
    return lines


def render_state(s) -> str:
    return "\n".join(_board(s, len(s.deck), [len(d) for d in s.pdecks], s.scores()))


class _ObsView:
    def __init__(self, o):
        self.turn, self.last_turn, self.phase, self.first = o.turn, o.last_turn, o.phase, o.first_player
        self.current_player, self.centre, self.dice, self.rows = o.current_player, o.centre, o.dice, o.rows
        self.discards = o.discard_sizes


def render_observation(o) -> str:
    lines = [f"seen by p{o.seat}"] + _board(_ObsView(o), o.deck_size, o.personal_deck_sizes, o.scores())
    lines.append("legal: " + (", ".join(map(action_to_text, o.legal_actions)) or "-"))
    return "\n".join(lines)
