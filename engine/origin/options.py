"""The rule options of Origin of Species: where the sources disagree or are silent
(``docs/rules/origin_of_species.md``), each with its documented default; each is
documented again where it is implemented."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.contract import RuleOption

RULE_OPTIONS = (
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


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved rule options of one game, one field per ``RULE_OPTIONS`` entry
    (shared by every state of these options, never changed)."""
    draw_without_animals: str = "evoweb"
    mimicry_compulsory: bool = False
    running_escape_roll: int = 4
    fat_burning: str = "several"
    piracy_is_feeding_action: bool = False
    mimicry_excludes_attacked: bool = False
    paired_trait_order: str = "owner"
    free_actions_after_feeding: bool = False
    # the same as a dict, made once (every observation copies it)
    values: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        object.__setattr__(self, "values", {o.name: getattr(self, o.name) for o in RULE_OPTIONS})
