"""Evolution: Random Mutations («Эволюция. Случайные мутации», Rightgames 2013).

Rules: ``shared/rules/random_mutations.md`` (section numbers in comments refer to it);
original text: ``shared/seeds/004`` (the rules in a Ukrainian machine translation).  The
printed rulebook is not available: the verified rules (flow, components, eleven trait
names, scoring, parasite ties) are implemented as sourced; every reconstruction [R] is
a rule option (``options.py``, ``reconstruction=True``) or data (``cards.py``).

Where each point lives:

* ``cards.py``       the 16 traits (+4 alternatives); the deck composition (option ``deck_composition``,
                     §3.4 [R], sum checked = 90); the climate table per player count
                     (option ``climate_formula``, §4 [R]); token supplies.
* ``setup.py``       §2.3; ``first_player``, ``player_count_max`` (two boxes for 5-8).
* ``development.py`` §2.5-2.6 blind plays: new species, trait (and where it moves:
                     ``trait_overflow``, ``moved_trait_needs_single``, ``extra_exclusions``),
                     add an animal (population cap; ``budding``, ``extremophile``),
                     Divergence (``divergence*``), Simplification (``simplification``).
* ``feeding.py``     §4 climate; §2.8 feeding: red (``red_only_on_unfed``), green (Bark
                     Beetle), black, attacks (§3.3: ``carnivore_attacks_when_fed``,
                     ``big_protection``, ``running_escape``, ``developmental_defects``),
                     Scavenger (``scavenger_needs_unfed``), Grazing (``grazing_timing``),
                     passing (``feeding_pass``).
* ``extinction.py``  §2.9 and §5: parasites (``parasite_scope``, ``parasite_victim``,
                     ``parasite_shelter_protects``, ``black_tokens_persist``), hunger,
                     drawing (``drawn_cards_position``), the restart deck (``restart``),
                     the last turn, the final tie-break (``final_tiebreak``).
* ``scoring.py``     §2.10 scores, rank keys, ``rescore``; ``invariants.py`` the contract checks.
* ``observation.py`` §7 hidden information (nobody sees a face-down card, its owner
                     included), ``sample`` and the contract hook ``redeal``.
* ``codec.py``       the fixed integer encoding of actions (OpenSpiel), its bounds argued.
* ``heuristic.py``   for search players: the cut-off value per seat (``GameSpec.heuristic``)
                     and the move ordering of informed rollouts (``move_priorities``).

Fixed readings that are not options (the reference's "other fixed readings"): the cap is
checked only when adding an animal; food beyond the need has no effect; blue tokens are
unlimited; among animals of one species with the same tokens only the first is offered
as a target (they are interchangeable); a feeding seat that cannot act passes without
being asked (the pass counts toward the N passes in a row that end the phase).

Option ``trait_slots_14_16`` (§3.2 [R]) replaces Camouflage, Sharp Vision and Burrowing
with three base-game traits read at species level (``feeding.py``): Poisonous (the
predator that eats one of its animals dies at extinction), Tail Loss (the attacked owner
may discard one trait card of the species instead of an animal; the predator gets one
token, no Scavenger), Mimicry (the owner may send the attack on to another of his
species the predator could attack, once per attack; Running is rolled again there) and
Piracy (a main action: an unfed animal takes one food token, red first, from an animal of
another species that has food but is not fed; once per turn per animal).
"""
from __future__ import annotations

from engine.contract import GameSpec
# state first: in the compiled build the rule modules' .pxd files type the state as RMState,
# so each of them imports engine.random_mutations.state as it starts; state.py's own imports
# of the rule modules must come first (codec and heuristic import feeding)
from engine.random_mutations.state import RMState
from engine.random_mutations.actions import action_from_text, action_to_text
from engine.random_mutations.codec import action_codec
from engine.random_mutations.heuristic import heuristic
from engine.random_mutations.invariants import check as invariants
from engine.random_mutations.observation import redeal
from engine.random_mutations.options import RULE_OPTIONS
from engine.random_mutations.scoring import rescore
from engine.random_mutations.setup import new_game

# The built-in search players' defaults here (GameSpec.search_defaults; `class: ismcts` with no
# params plays them, a parameter given overrides its default, `iterations`/`seconds` are one
# budget).  The settings of configs/random_mutations.yaml, verified by the matches of docs/strength.md
# ("ISMCTS against the rule player, every game"): 0.880 [0.802, 0.930] against the rule player over 100 games at 2 players, 0.897 [0.823, 0.942] over 102 at 3:
#   arena match ismcts rules --game random_mutations --a-param iterations=100 --a-param rollout_cutoff=20 --a-param rollout=informed --a-param cutoff_eval=heuristic --deals 50 --seed 1
#   arena tournament configs/strength/random_mutations-3p-rules.yaml
# The study of `cutoff_eval` alone (docs/tuning.md "The studies behind the games' defaults"), 100
# games a setting against the rule player: heuristic 0.920 [0.850, 0.959], margin 0.870, rank 0.700:
#   arena tune --game random_mutations --players 2 --budget iterations=100 --search cutoff_eval --sampler grid --against rules --verify-deals 0
# The study of `rollout` alone: random 0.630, informed 0.920, rules 0.980 [0.930, 0.994] against the
# rule player, whose moves rules rollouts foresee; head to head rules rollouts are no stronger and think
# 4.8 times longer a move: the study's verification match (SPRT) accepted H0 after 76 games, rules 0.329
# [0.234, 0.441] against these defaults, so `rollout` stays informed:
#   arena tune --game random_mutations --players 2 --budget iterations=100 --search rollout --sampler grid --against rules --verify-deals 100
# PIMC: the same search settings with 10 determinizations, as in docs/strength.md's PIMC rows.
ISMCTS_DEFAULTS = {"iterations": 100, "rollout_cutoff": 20, "rollout": "informed", "cutoff_eval": "heuristic"}
SEARCH_DEFAULTS = {"ismcts": ISMCTS_DEFAULTS, "pimc": dict(ISMCTS_DEFAULTS, determinizations=10)}

GAME = GameSpec(
    name="random_mutations",
    title="Evolution: Random Mutations",
    min_players=2,
    max_players=8,
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

__all__ = ["GAME", "RULE_OPTIONS", "RMState"]
