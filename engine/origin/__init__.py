"""Evolution: The Origin of Species (Rightgames 2010), rules reference
``shared/rules/origin_of_species.md`` (section numbers in comments refer to it).

Modules: ``cards`` (the 84-card deck, traits, food table), ``animal`` (an animal
as a flat int list), ``state`` (the State), ``turn`` (setup and the phase
sequence, extinction, drawing), ``development``, ``feeding`` and ``attack`` (the
rules of each decision), ``rules`` (dispatch), ``actions`` (action values and
their text), ``scoring``, ``observation`` (hidden information and ``sample``),
``render``.

Speed (BENCHMARKS.md): action objects are made once, in tables by kind/seat/position
(``development._FREE`` holds whole per-card blocks of development plays), and the hot
loops are inlined where a comment says so.  ``tests/origin/test_golden.py`` pins the
behaviour (legal lists in order, outcomes, samples): a speed change must keep it; a
deliberate change (a rule fix, a new Rng draw) re-records it with the engine before it;
``tests/origin/golden_replay.py`` and ``profile_playouts.py`` are the tools for more.

Where the sources disagree the choice is a rule option in ``OPTIONS`` below
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

from engine.contract import GameSpec, RuleOption
from engine.origin.actions import action_from_text, action_to_text
from engine.origin.heuristic import heuristic
from engine.origin.state import OriginState
from engine.origin.turn import new_game

OPTIONS = (
    RuleOption("draw_without_animals", "evoweb",
               "cards drawn by a player with no animals (§3 phase 4): 'evoweb' = 6 only if he also "
               "has no cards in hand, else 1 (evoweb); 'six' = always 6 (the Chinese summary)",
               ("evoweb", "six")),
    RuleOption("mimicry_compulsory", False,
               "whether a Mimicry that can redirect must be used (evoweb) instead of taking the attack "
               "(the printed card reads as optional)"),
    RuleOption("running_escape_roll", 4,
               "Running escapes on a die roll of at least this (4: 4-6, evoweb's 50%)",
               (1, 2, 3, 4, 5, 6, 7)),
    RuleOption("fat_burning", "several",
               "Fat Tissue burning: 'several' tokens on one animal at once, as many as the player "
               "chooses up to what it needs (evoweb), or 'one' token per feeding action",
               ("several", "one")),
    RuleOption("piracy_is_feeding_action", False,
               "whether Piracy uses up the player's feeding action (evoweb: no, it is free)"),
    RuleOption("mimicry_excludes_attacked", False,
               "Mimicry's new target (§4 Mimicry): false (default, the reference and evoweb) = any other "
               "own animal the carnivore could attack but the mimic itself and the attacker, so a second "
               "mimic may send the attack back to the first, whose Mimicry is spent; true = never an "
               "animal already attacked in this attack"),
    RuleOption("paired_trait_order", "owner",
               "when one food token sets off several Communication/Cooperation cards at once (§4): "
               "'owner' (default, the Chinese summary: the player orders his paired cards) = the owner "
               "chooses which fires next, asked only when the order can change the outcome; "
               "'card_order' = in the order the cards were played",
               ("owner", "card_order")),
    RuleOption("free_actions_after_feeding", False,
               "whether Grazing, Piracy and Hibernation, which do not use up the feeding action (§3 "
               "phase 3), may also follow it in the same turn (true) or only come before it (false, "
               "default: taking food, attacking or burning fat ends the turn)"),
)

GAME = GameSpec(
    name="origin",
    title="Evolution: The Origin of Species",
    min_players=2,
    max_players=8,
    new_state=new_game,
    action_to_text=action_to_text,
    action_from_text=action_from_text,
    options=OPTIONS,
    default_players=2,
    heuristic=heuristic,
)

__all__ = ["GAME", "OPTIONS", "OriginState"]
