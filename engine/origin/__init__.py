"""Evolution: The Origin of Species (Rightgames 2010), rules reference
``docs/rules/origin_of_species.md`` (section numbers in comments refer to it).

Modules (the skeleton of ``engine/README.md``): ``options`` (the rule options),
``cards`` (the 84-card deck, traits, food table), ``animal`` (an animal as a flat int
list), ``board`` (phases, paired-trait links, the attack in progress), ``actions``
(action values and their text), ``state`` (the State), ``setup`` (§2, ``new_game``),
``turn`` (the phase sequence, extinction, drawing), ``development``, ``feeding`` and
``attack`` (the rules of each decision), ``dispatch`` (legal actions and handlers by
phase and action type), ``scoring``, ``observation`` (hidden information, the views
for players, ``sample``), ``render``.

Speed (docs/benchmarks.md): action objects are made once, in tables by kind/seat/position
(``development._FREE`` holds whole per-card blocks of development plays), and the hot
loops are inlined where a comment says so.  ``tests/origin/test_golden.py`` pins the
behaviour (legal lists in order, outcomes, samples): a speed change must keep it; a
deliberate change (a rule fix, a new Rng draw) re-records it with the engine before it;
``tests/origin/golden_replay.py`` and ``profile_playouts.py`` are the tools for more.

Where the sources disagree the choice is a rule option in ``options.RULE_OPTIONS``
(documented again where each is implemented):

* ``draw_without_animals``: ``turn.cards_wanted``.
* ``mimicry_compulsory`` and ``mimicry_excludes_attacked`` (who may be Mimicry's new
  target): ``attack.defence_actions``, ``attack.mimic``.
* ``running_escape_roll``: ``attack.run``.
* ``fat_burning``: ``feeding.burn_fat_actions``.
* ``piracy_is_feeding_action``: ``feeding.pirate``.
* ``paired_trait_order`` (who orders the Communication / Cooperation cards one token
  sets off at once): ``feeding.give_food``, ``feeding.resolve_chain`` (phase CHAIN,
  action ``Trigger``).
* ``free_actions_after_feeding`` (Grazing, Piracy, Hibernation also after the feeding
  action): ``feeding.end_feeding_action`` (phase FREE_ACTIONS).

Resolutions that are not options:

* Feeding "pass" is per round; the phase ends after a full round in which nobody
  acted.  A seat with nothing to do but pass is skipped without being asked, and a
  seat's turn ends by itself when after a free action (Grazing, Piracy,
  Hibernation) nothing is left to do.
* Communication / Cooperation chains fire depth first (a card's chain is over before
  the next card fires), once per card per round, and only while the partner can take
  the token (two cards between the same animals do not feed it past its need and its
  Fat Tissue); Running, Mimicry, Tail Loss and the Scavenger recipient are the
  owner's decisions.
* An animal tries Running once per attack, even when Mimicry brings the attack back.
* Tail Loss may drop any single trait card or a paired card of the animal.
* A hibernating animal takes no food, cannot attack or burn fat, and counts as fed;
  Burrowing protects it (it counts as fed).
* Tail Loss ends the attack without a kill, so Poisonous does not trigger.
"""
from __future__ import annotations

from engine.contract import GameSpec
from engine.origin.codec import action_codec
from engine.origin.heuristic import heuristic
from engine.origin.actions import action_from_text, action_to_text
from engine.origin.observation import redeal
from engine.origin.options import RULE_OPTIONS
from engine.origin.scoring import rescore
from engine.origin.state import OriginState, invariants
from engine.origin.setup import new_game

# The built-in search players' defaults here (GameSpec.search_defaults; `class: ismcts` with no
# params plays them, a parameter given overrides its default, `iterations`/`seconds` are one
# budget).  The settings of configs/origin.yaml, verified by the matches of docs/strength.md
# ("ISMCTS against the rule player, every game"): 0.660 [0.563, 0.745] against the rule player over 100 games at 2 players, 0.775 [0.684, 0.845] over 102 at 3:
#   arena match ismcts rules --game origin --a-param iterations=200 --a-param rollout_cutoff=20 --a-name ismcts-200 --deals 50 --seed 1
#   arena tournament configs/strength/origin-3p-rules.yaml
# PIMC: the same search settings with 10 determinizations, as in docs/strength.md's PIMC rows.
ISMCTS_DEFAULTS = {"iterations": 200, "rollout_cutoff": 20}
SEARCH_DEFAULTS = {"ismcts": ISMCTS_DEFAULTS, "pimc": dict(ISMCTS_DEFAULTS, determinizations=10)}

GAME = GameSpec(
    name="origin",
    title="Evolution: The Origin of Species",
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

__all__ = ["GAME", "RULE_OPTIONS", "OriginState"]
