"""Citadels of Evolution («Цитадели эволюции»): tile laying, a role draft and
creatures, for 2-3 players over 6 rounds.

Source: shared/seeds/001 (the in-app help, in Russian); every gap it leaves is
resolved as shared/rules/citadels_of_evolution.md proposes; the section codes
in comments (A1, B4, D3, ...) refer to that document.

Modules: ``tiles`` (catalogue, rotation, matching), ``traits``, ``roles``,
``moves`` (action values and text), ``state``, ``draft`` (round start and the
role draft), ``map_phase``, ``action_phase``, ``creatures``, ``feeding``,
``scoring``, ``rounds`` (setup and the flow), ``observation``, ``render``.
"""
from __future__ import annotations

from engine.contract import GameSpec, RuleOption
from engine.citadels.heuristic import heuristic
from engine.citadels.moves import move_from_text, move_to_text
from engine.citadels.rounds import new_state

OPTIONS = (
    RuleOption(
        "two_roles_in_2p", False,
        "A1: with 2 players each takes two roles (draft crown, other, crown, other) "
        "instead of one; a player goes at his lower role number and the Mage blocks "
        "both roles of the player he names. Default off: one role each, the rest inactive."),
    RuleOption(
        "merchant_point_per_survivor", False,
        "A10: the seed's scoring list gives the Merchant 1 point per surviving creature; "
        "its role text gives 1 point if at least one survives. Default off: the role text."),
    RuleOption(
        "rounds", 6,
        "Number of rounds (seed: 6). Fewer rounds make short games for tests and search."),
)

GAME = GameSpec(
    name="citadels",
    title="Citadels of Evolution",
    min_players=2,
    max_players=3,
    new_state=new_state,
    action_to_text=move_to_text,
    action_from_text=move_from_text,
    options=OPTIONS,
    default_players=2,
    heuristic=heuristic,
)
