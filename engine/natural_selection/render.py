"""Readable text for logs, replays and the terminal."""
from __future__ import annotations

from engine.natural_selection.board import FACE_DOWN, FIRST_CARD, OVER, PHASE_NAMES
from engine.natural_selection.cards import card_name
from engine.natural_selection.actions import FOOD, TRAIT

HIDDEN = -1


def _card(c: int) -> str:
    if c == HIDDEN:
        return "(face down)"
    if c & FACE_DOWN:
        return card_name(c & ~FACE_DOWN) + "(face down)"
    return card_name(c)


def _species_line(i: int, body, pop, food, fat, cards) -> str:
    traits = ", ".join(_card(c) for c in cards) or "no traits"
    store = f" fat {fat}" if fat else ""
    return f"    [{i}] body {body} pop {pop} food {food}{store}: {traits}"


def _header(round_no, phase, first_player, current, hole, deck_size, discard_size, last_round) -> str:
    to_act = "game over" if phase == OVER else f"seat {current} to act"
    last = " (last round)" if last_round else ""
    return (f"round {round_no}{last}, {PHASE_NAMES[phase]}, first player {first_player}, {to_act}\n"
            f"watering hole {hole}, deck {deck_size}, discard {discard_size}")


def render_state(s) -> str:
    lines = [_header(s.round_no, s.phase, s.first_player, s.current_player, s.watering_hole,
                     len(s.deck), len(s.discard), s.last_round)]
    points = s.scores()
    for seat, row in enumerate(s.rows):
        food = s.food_cards[seat]
        chosen = f", food card {card_name(food)}" if food >= 0 else ""
        hand = " ".join(card_name(c) for c in sorted(s.hands[seat]))
        lines.append(f"  seat {seat}: bag {s.bags[seat]}, score {points[seat]}{chosen}; hand: {hand}")
        for i, sp in enumerate(row):
            lines.append(_species_line(i, sp[0], sp[1], sp[2], sp[3], sp[FIRST_CARD:]))
    lines += _lot_lines(s.tiebreak)
    return "\n".join(lines)


def _lot_lines(tiebreak) -> list:
    """The final lot among seats tied on points, traits and Population (§5), if one was drawn."""
    if not tiebreak or not any(tiebreak):
        return []
    drawn = ", ".join(f"seat {seat} {lot}" for seat, lot in enumerate(tiebreak) if lot)
    return [f"  full tie decided by lot (higher places first): {drawn}"]


def render_observation(o) -> str:
    lines = [f"seat {o.seat}'s view. " + _header(o.round_no, o.phase, o.first_player, o.current_player,
                                                 o.watering_hole, o.deck_size, len(o.discard), o.last_round)]
    for seat, row in enumerate(o.rows):
        if seat == o.seat:
            hand = " ".join(card_name(c) for c in o.hand_codes)
            food = f", food card {card_name(o.food_card)}" if o.food_card >= 0 else ""
            who = f"hand: {hand}{food}"
        else:
            chosen = ", food card chosen" if o.food_chosen[seat] else ""
            who = f"{o.hand_sizes[seat]} cards in hand{chosen}"
        lines.append(f"  seat {seat}: bag {o.bags[seat]}; {who}")
        for i, (body, pop, food, fat, _mask, cards) in enumerate(row):
            lines.append(_species_line(i, body, pop, food, fat, cards))
    if o.history:
        recent = "; ".join(f"{seat}: {_public(move)}" for seat, move in o.history[-6:])
        lines.append(f"  recent moves: {recent}")
    lines += _lot_lines(o.tiebreak)
    return "\n".join(lines)


def _public(move) -> str:
    """Text of a public-history move (a hidden card shows as '?')."""
    if move.verb == FOOD:
        return "food ?"
    if move.verb == TRAIT and move.card < 0:
        return f"trait ? on {move.species}"
    return str(move)
