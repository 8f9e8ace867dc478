"""Phase 1 — deal cards, and every other draw from the deck (rules reference §3 Phase 1, §5)."""
from __future__ import annotations

from engine.natural_selection.board import SELECT_FOOD, new_species
from engine.natural_selection import food_select  # (used at call time)


def draw(state, seat: int, count: int, dealing: bool) -> None:
    """Draw ``count`` cards at random from the deck into ``seat``'s hand.

    §3 Phase 1 / §5: when the deck runs out the discard pile is shuffled into a
    new deck; if that happens while dealing, this round is the last, otherwise
    (cards drawn for an extinction) the next round is the last.  With deck and
    discard both empty the player simply gets fewer cards.

    What "runs out" means is the option ``last_round_trigger``.  [seed000], Phase 1:
    «Если при этом колода заканчивается, то сброс карт перемешивается и делается новая
    колода но этот ход считается последним» ("if the deck runs out during this, the
    discard pile is shuffled into a new deck, but this round counts as the last"), and
    §5: «Если карты в колоде закончились в любой другой момент игры, ... следующий ход
    становится последним».  'deck_emptied' (default): the deck has run out as soon as
    a draw takes its last card, so a deal that takes the last card exactly ends the game
    after this round; 'card_needed': only a draw that finds the deck empty counts (then
    a deal that takes the last card exactly leaves the next round's deal to find the deck
    empty, one round later).  The discard pile is turned into the new deck when the next
    card is needed, not at once: the deck is an unordered multiset, so the only
    difference would be whether cards discarded in between join it, and a card drawn in
    the last round (for an extinction) never scores.  For extinction draws both readings
    make the next round the last (its deal finds the deck empty); 'deck_emptied' says so
    at once (``next_round_last``)."""
    deck = state.deck
    hand = state.hands[seat]
    rng = state.rng
    emptied_ends = state.rules.deck_emptied_ends
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
        if emptied_ends and not deck:  # the draw took the last card: the deck has run out
            if dealing:
                state.last_round = True
            else:
                state.next_round_last = True


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
