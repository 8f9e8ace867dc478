"""The phase dispatch of a move: whose rules list the legal moves and play one (the phases
of rules reference §3: select food, play cards, feeding), the public record of a move, and
the loop of ``NaturalSelectionState.random_moves``.

These live here, not in ``state``, for the compiled build: the state module cannot cimport
the phase modules (each of them cimports it, for the State's type), this module can, so
its calls of ``legal_moves`` and ``apply_move`` are C calls; the State's methods hand off
to it (one Python call each, and one per random playout).
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError

from engine.natural_selection import feeding, food_select, play
from engine.natural_selection.actions import FOOD, SPECIES_MOVES, TRAIT, Move, species_moves
from engine.natural_selection.board import FEEDING, PLAY, SELECT_FOOD


def legal_moves(state) -> list:
    """The legal moves of the seat to act, by phase ([] once the game is over)."""
    phase = state.phase
    if phase == FEEDING:
        return feeding.legal_moves(state, state.current_player)
    if phase == PLAY:
        return play.legal_moves(state, state.current_player)
    if phase == SELECT_FOOD:
        return food_select.legal_moves(state, state.current_player)
    return []


def play_move(state, action) -> None:
    """Play a legal move by its phase's rules and record it (``public_move``)."""
    state.cached = None
    phase = state.phase
    seat = state.current_player
    if phase == FEEDING:
        feeding.apply_move(state, action)
    elif phase == PLAY:
        play.apply_move(state, action)
    elif phase == SELECT_FOOD:
        food_select.apply_move(state, action)
    else:
        raise IllegalActionError("the game is over")
    state.history.append((seat, public_move(action)))


def random_moves(state, rand, end: int) -> int:
    """``State.random_moves`` (``end``: the move limit, -1 for none): every move drawn from
    the legal list, so played without the legality check of ``apply``."""
    moves = 0
    while state.current_player != TERMINAL and moves != end:
        legal = state.cached
        if legal is None:
            legal = legal_moves(state)
        play_move(state, legal[int(rand() * len(legal))])
        moves += 1
    return moves


_HIDDEN_FOOD = Move(FOOD)


def public_move(move):
    """The move as the other seats see it: a food card or a trait played face down
    shows no card (§3 Phase 2-3); everything else is played in the open."""
    verb = move.verb
    if verb == FOOD:
        return _HIDDEN_FOOD
    if verb == TRAIT:
        i = move.species
        if 0 <= i < len(SPECIES_MOVES):
            return SPECIES_MOVES[i][1]  # Move(TRAIT, -1, i), kept
        return species_moves(i + 1)[i][1] if i >= 0 else Move(TRAIT, -1, i)
    return move
