"""Citadels of Evolution («Цитадели эволюции»): tile laying, a role draft and
creatures, for 2-3 players over 6 rounds.

Source: the in-app help of the game, in Russian ("seed 001" in the rules reference);
every gap it leaves is resolved as docs/rules/citadels_of_evolution.md proposes; the section codes
in comments (A1, B4, D3, ...) refer to that document.

Modules (the skeleton of ``engine/README.md``): ``options`` (the rule options),
``tiles`` (catalogue, rotation, matching), ``traits``, ``roles``, ``board`` (phases,
creature tokens), ``actions`` (action values and text), ``state``, ``setup``
(``new_game``), ``rounds`` (the flow of a round and the rules of each phase, by
phase), ``draft`` (round start and the role draft), ``map_phase``, ``action_phase``,
``creatures``, ``feeding``, ``scoring``, ``observation``, ``render``.
"""
from __future__ import annotations

from engine.contract import GameSpec
from engine.citadels.codec import action_codec
from engine.citadels.heuristic import heuristic
from engine.citadels.actions import action_from_text, action_to_text
from engine.citadels.observation import redeal
from engine.citadels.options import RULE_OPTIONS
from engine.citadels.scoring import rescore
from engine.citadels.setup import new_game
from engine.citadels.state import invariants

GAME = GameSpec(
    name="citadels",
    title="Citadels of Evolution",
    min_players=2,
    max_players=3,
    new_state=new_game,
    action_to_text=action_to_text,
    action_from_text=action_from_text,
    options=RULE_OPTIONS,
    default_players=2,
    invariants=invariants,
    rescore=rescore,
    redeal=redeal,
    action_codec=action_codec,
    heuristic=heuristic,
)
