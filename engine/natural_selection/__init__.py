"""*Evolution* (North Star Games, 2014; «Эволюция. Естественный отбор») on the engine contract.

Rules: ``shared/rules/natural_selection.md``.  Modules, one concern each:
``cards`` (the 129-card deck and food numbers), ``options`` (rule options),
``board`` (the species board), ``state``, the phases ``deal``,
``food_select``, ``play``, ``reveal``, ``feeding`` and ``attacks``,
``scoring``, ``observation``, ``render``, ``actions``.
"""
from __future__ import annotations

from engine.contract import GameSpec

from .actions import Move, move_from_text, move_to_text
from .codec import action_codec
from .options import OPTIONS
from .state import NaturalSelectionState, new_state

GAME = GameSpec(
    name="natural_selection",
    title="Evolution: Natural Selection (North Star Games, 2014)",
    min_players=2,
    max_players=6,
    new_state=new_state,
    action_to_text=move_to_text,
    action_from_text=move_from_text,
    options=OPTIONS,
    default_players=4,
    action_codec=action_codec,
)

__all__ = ["GAME", "Move", "NaturalSelectionState"]
