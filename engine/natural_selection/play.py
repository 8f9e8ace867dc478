"""Phase 3 — play cards (rules reference §3 Phase 3).

On his turn a player plays any number of cards, one action each, then ``done``:
a trait face down on one of his species (no duplicate trait, at most 3 traits,
2 in a 2-player game), a new species at the left or right end of his row, +1
Body Size or +1 Population (at most 6), or he discards a face-up trait from one
of his species.  After the last player's turn every new trait is revealed at
once (``reveal``).
"""
from __future__ import annotations

from engine.contract import IllegalActionError

from engine.natural_selection.actions import (BODY, CARD_PLAYS, DONE, DROP, NEW_LEFT, NEW_RIGHT, POP,
                                              SPECIES_MOVES, TRAIT, Move, card_plays, species_moves)
from engine.natural_selection.board import BODY as S_BODY
from engine.natural_selection.board import FACE_DOWN, FAT, FAT_BIT, FIRST_CARD, MASK, MAX_SIZE, new_species
from engine.natural_selection.board import POP as S_POP
from engine.natural_selection import reveal  # (used at call time)

_DONE = Move(DONE)


def legal_moves(state, seat: int) -> list:
    row = state.rows[seat]
    limit = state.rules.trait_limit
    moves = []
    append = moves.append
    positions = len(row)
    # per species: (position, the traits it holds as bits (-1: no room for another), can grow
    # body, can grow population)
    boards = []
    for i, sp in enumerate(row):
        held = -1
        if len(sp) - FIRST_CARD < limit:
            held = 0
            for c in sp[FIRST_CARD:]:
                held |= 1 << ((c & ~FACE_DOWN) >> 4)
        boards.append((i, held, sp[S_BODY] < MAX_SIZE, sp[S_POP] < MAX_SIZE))
    last = -1
    for card in sorted(state.hands[seat]):
        if card == last:  # each distinct card once (the sorted hand, not a set: cheaper in both builds)
            continue
        last = card
        trait = card >> 4
        plays = CARD_PLAYS[card]  # its kept moves (actions.card_plays): none is made here
        if plays is None or len(plays) < positions + 2:
            plays = card_plays(card, positions)
        for i, held, body, pop in boards:
            at = plays[i + 2]
            if held >= 0 and not held >> trait & 1:
                append(at[0])
            if body:
                append(at[1])
            if pop:
                append(at[2])
        append(plays[0])
        append(plays[1])
    kinds = SPECIES_MOVES if len(SPECIES_MOVES) >= positions else species_moves(positions)
    for i, sp in enumerate(row):
        drops = kinds[i][2]
        for c in sp[FIRST_CARD:]:
            if not c & FACE_DOWN:
                append(drops[c >> 4])
    append(_DONE)
    return moves


def _has_card_of(sp: list, trait: int) -> bool:
    """Any card of this trait on the species, face up or face down (no duplicates, §3 Phase 3)."""
    for c in sp[FIRST_CARD:]:
        if (c & ~FACE_DOWN) >> 4 == trait:
            return True
    return False


def apply_move(state, move) -> None:
    seat = state.current_player
    verb = move.verb
    if verb == DONE:
        return _end_turn(state)
    i = move.species  # (each field of the move read once: an attribute look-up in both builds)
    if verb == DROP:
        return _drop_trait(state, seat, i, move.trait)
    card = move.card
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalActionError(f"{move}: seat {seat} holds no such card")
    row = state.rows[seat]
    if verb == NEW_LEFT or verb == NEW_RIGHT:
        row.insert(0 if verb == NEW_LEFT else len(row), new_species())
        state.discard.append(card)
    else:
        if not 0 <= i < len(row):
            raise IllegalActionError(f"{move}: no species {i}")
        sp = row[i]
        if verb == TRAIT:
            if len(sp) - FIRST_CARD >= state.rules.trait_limit or _has_card_of(sp, card >> 4):
                raise IllegalActionError(f"{move}: trait limit or duplicate trait")
            sp.append(card | FACE_DOWN)
        elif verb == BODY or verb == POP:
            field = S_BODY if verb == BODY else S_POP
            if sp[field] >= MAX_SIZE:
                raise IllegalActionError(f"{move}: already at {MAX_SIZE}")
            sp[field] += 1
            state.discard.append(card)
        else:
            raise IllegalActionError(f"{move} is not a play-cards action")
    hand.remove(card)


def _drop_trait(state, seat: int, i: int, trait: int) -> None:
    """Discard a face-up trait from one's own species (§3 Phase 3).  Dropping Fat
    Tissue loses the food stored on it (it returns to the food bank)."""
    row = state.rows[seat]
    if not 0 <= i < len(row):
        raise IllegalActionError(f"drop: no species {i}")
    sp = row[i]
    for k in range(FIRST_CARD, len(sp)):
        c = sp[k]
        if not c & FACE_DOWN and c >> 4 == trait:
            del sp[k]
            sp[MASK] &= ~(1 << trait)
            if not sp[MASK] & FAT_BIT:
                sp[FAT] = 0
            state.discard.append(c)
            return
    raise IllegalActionError(f"drop: species {i} has no face-up trait {trait}")


def _end_turn(state) -> None:
    n = state.num_players
    state.turn += 1
    if state.turn < n:
        state.current_player = (state.first_player + state.turn) % n
        return
    reveal.reveal_and_feed(state)
