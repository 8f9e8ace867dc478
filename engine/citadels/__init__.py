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

# The built-in search players' defaults here (GameSpec.search_defaults; `class: ismcts` with no
# params plays them, a parameter given overrides its default, `iterations`/`seconds` are one
# budget).  The settings of configs/citadels.yaml, verified by the matches of docs/strength.md
# ("ISMCTS against the rule player, every game"): 0.905 [0.832, 0.948] against the rule player over 100 games at 2 players, 0.831 [0.746, 0.891] over 102 at 3:
#   arena match ismcts rules --game citadels --a-param iterations=100 --a-param rollout_cutoff=20 --a-param rollout=rules --deals 50 --seed 1
#   arena tournament configs/strength/citadels-3p-rules.yaml
# The study of `rollout` alone (docs/tuning.md "The studies behind the games' defaults"), 100 games
# a setting against the rule player: random 0.520, informed 0.860, rules 0.935 [0.869, 0.969]:
#   arena tune --game citadels --players 2 --budget iterations=100 --search rollout --sampler grid --against rules --verify-deals 0
# PIMC: the same search settings with 10 determinizations, as in docs/strength.md's PIMC rows.
ISMCTS_DEFAULTS = {"iterations": 100, "rollout_cutoff": 20, "rollout": "rules"}
SEARCH_DEFAULTS = {"ismcts": ISMCTS_DEFAULTS, "pimc": dict(ISMCTS_DEFAULTS, determinizations=10)}

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
    search_defaults=SEARCH_DEFAULTS,
)
