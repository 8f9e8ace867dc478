"""*Evolution* (North Star Games, 2014; «Эволюция. Естественный отбор») on the engine contract.

Rules: ``docs/rules/natural_selection.md``.  Modules (the skeleton of
``engine/README.md``): ``options`` (rule options, documented where each is
implemented), ``cards`` (the 129-card deck and food numbers), ``board`` (the species
board, the phase numbers), ``actions`` (action values and their text), ``state``,
``setup`` (``new_game``), the phases ``deal``, ``food_select``, ``play``, ``reveal``,
``feeding`` and ``attacks``, ``turns`` (the phase dispatch of a move, and the random-playout
loop), ``scoring``, ``observation``, ``render``.

Rule options (``options.RULE_OPTIONS``, each documented there and at its code):
``food_values`` (``cards.build_deck``), ``carnivore_must_attack``
(``feeding.feeding_moves``), ``attack_own_species``, ``hard_shell_bonus`` and
``pack_hunting`` (``attacks.blockers``, ``attacks.attack_size``), ``prey_surplus``
(``attacks.wound``), ``fertile_needs_food`` (``reveal.fertile``), ``foraging`` (2nd or
1st edition: ``feeding.take_food``, ``feeding.apply_move``), ``two_player_trait_limit``
(``play.legal_moves``, ``play.apply_move``), ``last_round_trigger`` (``deal.draw``),
``final_tiebreak`` (``scoring.draw_lots``, ``scoring.rank_keys``).
"""
from __future__ import annotations

from engine.contract import GameSpec
from engine.natural_selection.codec import action_codec
from engine.natural_selection.heuristic import heuristic

from engine.natural_selection.actions import Move, action_from_text, action_to_text
from engine.natural_selection.options import RULE_OPTIONS
from engine.natural_selection.observation import redeal
from engine.natural_selection.scoring import rescore
from engine.natural_selection.setup import new_game
from engine.natural_selection.state import NaturalSelectionState, invariants

# The built-in search players' defaults here (GameSpec.search_defaults; `class: ismcts` with no
# params plays them, a parameter given overrides its default, `iterations`/`seconds` are one
# budget).  Informed rollouts cut at 20 with the heuristic at the cutoff, the settings of
# docs/strength.md's "ISMCTS against the rule player, every game" (there with `expand: random`):
# 1.000 [0.963, 1.000] against the rule player over 100 games at 2 players, 0.865 [0.786, 0.918]
# over 102 at 3:
#   arena match ismcts rules --game natural_selection --a-param iterations=200 --a-param rollout_cutoff=20 --a-param rollout=informed --a-param cutoff_eval=heuristic --a-param expand=random --deals 50 --seed 1
#   arena tournament configs/strength/natural_selection-3p-rules.yaml
# `expand: ordered` (a node tries first the moves the informed rollouts' ordering puts first): at
# 4 seats and 0.2 s a move it scored 0.610 [0.512, 0.700] against the same settings with
# `expand: random` over 100 games at one table with two rule players:
#   arena tournament configs/experiments/natural_selection-4p-ordered-vs-defaults-0.2s.yaml
# The defaults at 0.2 s a move (`{seconds: 0.2, iterations: null}`) against the rule players,
# docs/strength.md "The search defaults at 0.2 s a move": 0.960 [0.902, 0.984] over 100 games at
# 2 players, 0.873 [0.794, 0.924] over 102 at 3 seats (0.833 [0.749, 0.893] with `expand:
# random`), 0.667 [0.570, 0.751] over 100 at 4 (0.583 [0.485, 0.675] with `expand: random`):
#   arena match ismcts rules --game natural_selection --a-param seconds=0.2 --a-param iterations=null --a-name ismcts-0.2s --deals 50 --seed 1
#   arena tournament configs/defaults/natural_selection-3p-rules-0.2s.yaml
#   arena tournament configs/defaults/natural_selection-4p-rules-0.2s.yaml
# The study of `expand` alone at 4 seats and 0.2 s a move (docs/tuning.md "The studies behind the
# games' defaults"), 100 games a setting against three rule players: random 0.617 [0.519, 0.706],
# ordered 0.643 [0.546, 0.730] (apart by less than the noise; the head-to-head match above decides):
#   arena tune --game natural_selection --players 4 --budget seconds=0.2 --search expand --sampler grid --against rules --verify-deals 0
# The study of `rollout` alone, the same way: random 0.177, informed 0.690 [0.594, 0.772], rules 0.620:
#   arena tune --game natural_selection --players 4 --budget seconds=0.2 --search rollout --sampler grid --against rules --verify-deals 0
# And of `cutoff_eval` alone: heuristic 0.657 [0.559, 0.742], margin 0.577, rank 0.533:
#   arena tune --game natural_selection --players 4 --budget seconds=0.2 --search cutoff_eval --sampler grid --against rules --verify-deals 0
# PIMC: the same search settings with 10 determinizations, as in docs/strength.md's PIMC rows.
ISMCTS_DEFAULTS = {
    "iterations": 200,
    "rollout_cutoff": 20,
    "rollout": "informed",
    "cutoff_eval": "heuristic",
    "expand": "ordered",
}
SEARCH_DEFAULTS = {"ismcts": ISMCTS_DEFAULTS, "pimc": dict(ISMCTS_DEFAULTS, determinizations=10)}

GAME = GameSpec(
    name="natural_selection",
    title="Evolution: Natural Selection (North Star Games, 2014)",
    min_players=2,
    max_players=6,
    new_state=new_game,
    action_to_text=action_to_text,
    action_from_text=action_from_text,
    options=RULE_OPTIONS,
    default_players=4,
    invariants=invariants,
    rescore=rescore,
    redeal=redeal,
    action_codec=action_codec,
    heuristic=heuristic,
    search_defaults=SEARCH_DEFAULTS,
)

__all__ = ["GAME", "Move", "NaturalSelectionState"]
