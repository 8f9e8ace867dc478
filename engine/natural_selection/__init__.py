"""*Evolution* (North Star Games, 2014; «Эволюция. Естественный отбор») on the engine contract.

Rules: ``shared/rules/natural_selection.md``.  Modules, one concern each:
``cards`` (the 129-card deck and food numbers), ``options`` (rule options),
``board`` (the species board), ``state``, the phases ``deal``,
``food_select``, ``play``, ``reveal``, ``feeding`` and ``attacks``,
``scoring``, ``observation``, ``render``, ``actions``.

Rule options (``options.OPTIONS``, each documented there and at its code):
``food_values`` (``cards.build_deck``), ``carnivore_must_attack``
(``feeding.feeding_moves``), ``attack_own_species``, ``hard_shell_bonus`` and
``pack_hunting`` (``attacks.blockers``, ``attacks.attack_size``), ``prey_surplus``
(``attacks.wound``), ``fertile_needs_food`` (``reveal.fertile``), ``foraging`` (2nd or
1st edition: ``feeding.take_food``, ``feeding.apply_move``), ``two_player_trait_limit``
(``play.legal_moves``, ``play.apply_move``).
"""
from __future__ import annotations

from engine.contract import GameSpec

from .actions import Move, move_from_text, move_to_text
from .heuristic import heuristic
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
    heuristic=heuristic,
)

__all__ = ["GAME", "Move", "NaturalSelectionState"]
