"""Dominant Species (GMT Games 2010, Chad Jensen): the full game for 2-6 players.

Sources: shared/rules/dominant_species.md (the rules reference; section numbers
§1-§12 in comments refer to it) and shared/seeds/003 (the Domination action,
its Appendix A).  Every open point of the reference is a named rule option
(``options.py``) with the reference's proposed default; where each is read:

* ``rim_corners`` -- board.Geometry (which corners exist);
* ``vp_marker_from_gene_pool`` -- setup.gene_pool_start;
* ``removed_elements_to_bag`` -- earth.return_disc / remove_disc;
* ``tundra_hides_terrain`` -- execution._type_keys (Competition), dominance._aquatic_tiles;
* ``glaciation_place_leftmost`` -- planning.vacant_spaces;
* ``bonus_cap``, ``bgf_bonus_bug`` -- board.bonus_vps;
* ``arachnid_competition_any_type`` -- execution._competition_targets;
* ``initiative_optional`` -- execution.run_step;
* ``aquatic_species_without_element`` -- dominance.aquatic;
* ``ecodiversity_all_animals``, ``evolution_victim_to_box``, ``instinct_from_supply``
  -- dominance.ecodiversity / _evolve / instinct;
* ``insect_free_speciation`` -- setup (the free space exists or not);
* ``food_chain_tiebreak`` -- scoring.rank_keys; ``max_turns`` -- reset.finish;
* ``deal_animals`` -- setup.new_game.

Further [inf] points, fixed as the reference proposes (no option: the
alternative is unplayable or changes nothing):

* the Bird two-step move needs a tile between (§3.4, execution._migration_moves);
* a Survival total of 0 never qualifies (reset.survival);
* Mass Exodus and Blight may pick a tile where they change nothing (§10.3);
* Symbiotic draws for you first, then in food-chain order (dominance.symbiotic);
* Immigrants' "lose an AP" needs an AP in supply (dominance._legal_immigrants);
* Instinct never takes a free-AP space, even an emptied one (planning.vacant_spaces);
* Glaciation APs slide fully left at Reset (reset.reseed);
* a random draw from an empty bag yields nothing (earth.draw_random);
* APs that find no vacant space stay in supply (planning.next_placement);
* the advanced Initiative AP must be re-placed, or returns if nothing is vacant;
* Hibernation places 1-5 cubes or passes; Fecundity adds one cube per chosen tile.

Modules: ``board`` (geometry and static data), ``cards``, ``options``,
``actions`` (values and text), ``decisions`` (pending-decision kinds), ``state``,
``setup``, ``flow`` (the turn), ``planning``, ``execution`` (the twelve
actions), ``dominance`` (the cards), ``reset``, ``earth`` (shared queries),
``scoring``, ``observation`` (and the ``redeal`` hook), ``render``, ``checks``
(invariants), ``codec`` (the fixed action ids for OpenSpiel).
"""
from __future__ import annotations

from engine.contract import GameSpec
# the State first: in the compiled build every typed rule module (earth included) imports it
# at its start, and state.py's own imports reach every rule module (flow.pxd says more)
from engine.dominant_species import state  # noqa: F401
from engine.dominant_species.actions import action_from_text, action_to_text
from engine.dominant_species.checks import invariants
from engine.dominant_species.codec import action_codec
from engine.dominant_species.heuristic import heuristic
from engine.dominant_species.observation import redeal
from engine.dominant_species.options import RULE_OPTIONS
from engine.dominant_species.scoring import rescore
from engine.dominant_species.setup import new_game

# The built-in search players' defaults here (GameSpec.search_defaults; `class: ismcts` with no
# params plays them, a parameter given overrides its default, `iterations`/`seconds` are one
# budget).  The settings of configs/dominant_species.yaml, verified by the matches of docs/strength.md
# ("ISMCTS against the rule player, every game"): 0.700 [0.604, 0.781] against the rule player over 100 games at 2 players, 0.632 [0.536, 0.720] over 102 at 3;
#   `expand: ordered` +104 Elo [+25, +195] over 54 games against random expansion:
#   arena match ismcts rules --game dominant_species --a-param iterations=60 --a-param rollout_cutoff=20 --a-param rollout=informed --a-param cutoff_eval=heuristic --a-param expand=ordered --a-name ismcts-60-ordered --deals 50 --seed 1
#   arena tournament configs/strength/dominant_species-3p-rules.yaml
# At 0.2 s a move (`{seconds: 0.2, iterations: null}`, docs/strength.md "The search defaults at 0.2 s a move"):
#   0.794 [0.706, 0.861] over 102 games against two rule players, 0.787 [0.697, 0.856] over 100 against three:
#   arena tournament configs/defaults/dominant_species-3p-rules-0.2s.yaml
#   arena tournament configs/defaults/dominant_species-4p-rules-0.2s.yaml
# The study of `expand` alone (docs/tuning.md "The studies behind the games' defaults"), 100 games
# a setting against the rule player: random 0.590 [0.492, 0.681], ordered 0.710 [0.615, 0.790]:
#   arena tune --game dominant_species --players 2 --budget iterations=60 --search expand --sampler grid --against rules --verify-deals 0
# The studies of `rollout` and `cutoff_eval` alone, the same way: rollout random 0.430 [0.337, 0.528],
# informed 0.710 [0.615, 0.790] (rules: 3-4 s a move at 60 iterations, out of the trial's 300 s a game
# in each of its 3 games, not played out); cutoff_eval heuristic 0.710, margin 0.390, rank 0.140:
#   arena tune --game dominant_species --players 2 --budget iterations=60 --search rollout --sampler grid --against rules --verify-deals 0
#   arena tune --game dominant_species --players 2 --budget iterations=60 --search cutoff_eval --sampler grid --against rules --verify-deals 0
# PIMC: the same search settings with 10 determinizations, as in docs/strength.md's PIMC rows.
ISMCTS_DEFAULTS = {"iterations": 60, "rollout_cutoff": 20, "rollout": "informed", "cutoff_eval": "heuristic",
                   "expand": "ordered"}
SEARCH_DEFAULTS = {"ismcts": ISMCTS_DEFAULTS, "pimc": dict(ISMCTS_DEFAULTS, determinizations=10)}

GAME = GameSpec(
    name="dominant_species",
    title="Dominant Species",
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
