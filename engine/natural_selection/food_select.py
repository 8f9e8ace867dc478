"""Phase 2 — select food (rules reference §3 Phase 2).

Everyone places one card face down on the watering hole at the same time.  The
engine asks the seats one after the other from the first player; a chosen card
stays hidden from the others (``food_cards`` is not in their observation)
until it is revealed at the start of feeding, so the order gives no information.
"""
from __future__ import annotations

from engine.natural_selection.actions import FOOD, FOOD_MOVES
from engine.natural_selection.board import PLAY
from engine.contract import IllegalActionError


def legal_moves(state, seat: int) -> list:
    food = FOOD_MOVES  # Move(FOOD, card), kept by card code
    moves = []
    last = -1
    for c in sorted(state.hands[seat]):
        if c != last:  # each distinct card once (the sorted hand, not a set: cheaper in both builds)
            moves.append(food[c])
            last = c
    return moves


def apply_move(state, move) -> None:
    seat = state.current_player
    hand = state.hands[seat]
    if move.verb != FOOD or move.card not in hand:
        raise IllegalActionError(f"{move} is not a food card choice of seat {seat}")
    hand.remove(move.card)
    state.food_cards[seat] = move.card
    state.turn += 1
    next_chooser(state)


def next_chooser(state) -> None:
    """The next seat (in turn order from the first player) that still chooses;
    a seat with an empty hand has nothing to place.  After the last one, Phase 3."""
    n = state.num_players
    while state.turn < n:
        seat = (state.first_player + state.turn) % n
        if state.hands[seat]:
            state.current_player = seat
            return
        state.turn += 1
    state.phase = PLAY
    state.turn = 0
    state.current_player = state.first_player
