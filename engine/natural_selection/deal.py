"""Phase 1 — deal cards, and every other draw from the deck (rules reference §3 Phase 1, §5)."""
from __future__ import annotations

from engine.natural_selection.board import SELECT_FOOD, new_species
from engine.natural_selection import food_select  # (used at call time)


def draw(state, seat: int, count: int, dealing: bool) -> None:
    """Draw ``count`` cards at random from the deck into ``seat``'s hand.

    §3 Phase 1 / §5: when the deck runs out the discard pile is shuffled into a
    new deck; if that happens while dealing, this round is the last, otherwise
    (cards drawn for an extinction) the next round is the last.  With deck and
    discard both empty the player simply gets fewer cards."""
    deck = state.deck
    hand = state.hands[seat]
    rng = state.rng
    for _ in range(count):
        if not deck:
            if dealing:
                state.last_round = True
            else:
                state.next_round_last = True
            if not state.discard:
                return
            deck.extend(state.discard)
            state.discard.clear()
        i = rng.below(len(deck))
        hand.append(deck[i])
        deck[i] = deck[-1]
        deck.pop()


def start_round(state) -> None:
    """§3 Phase 1: a player without species gets a new one; everyone draws 3 + species,
    in turn order from the first player; then Phase 2 begins."""
    state.round_no += 1
    if state.next_round_last:
        state.last_round = True
    n = state.num_players
    for k in range(n):
        seat = (state.first_player + k) % n
        if not state.rows[seat]:
            state.rows[seat].append(new_species())
        draw(state, seat, 3 + len(state.rows[seat]), dealing=True)
    state.phase = SELECT_FOOD
    state.turn = 0
    food_select.next_chooser(state)
