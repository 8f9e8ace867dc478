"""Rule options: every point the rules reference leaves open (§3, §4, §8).

Each option is documented here and again at the code that implements it.
:class:`Rules` is the parsed, immutable form a State shares with its clones.
"""
from __future__ import annotations

from engine.contract import RuleOption

from .cards import build_deck

OPTIONS = (
    RuleOption(
        "food_values", "js_a",
        "Food numbers printed on the cards (§1.1, unverified): 'js_a' (default, the [js-A] table) "
        "or 'js_b' (same but Foraging 0,3,3,4,4,5,5).",
        choices=("js_a", "js_b")),
    RuleOption(
        "carnivore_must_attack", True,
        "§3 'Must a carnivore attack?': the must-feed rule also forces an attack when a hungry "
        "carnivore has a legal target (default true). False: a player may pass instead of attacking.",
    ),
    RuleOption(
        "attack_own_species", True,
        "A carnivore may attack its owner's other species ([biblio], default true).",
    ),
    RuleOption(
        "prey_surplus", "owner_bag",
        "§3 attack step 2: food on a prey (or a Horns-wounded attacker) above its new Population "
        "goes to 'owner_bag' (default, [inf]: already eaten), 'attacker_bag' (one review), or "
        "'discard' (back to the food bank).",
        choices=("owner_bag", "attacker_bag", "discard")),
    RuleOption(
        "hard_shell_bonus", 4,
        "Body Size Hard Shell adds against attacks: 4 (2nd edition, default) or 3 (1st edition).",
        choices=(3, 4)),
    RuleOption(
        "pack_hunting", "population",
        "Pack Hunting adds the species' 'population' (2nd edition, default) or 'plus3' (1st edition) "
        "to its Body Size when attacking.",
        choices=("population", "plus3")),
    RuleOption(
        "fertile_needs_food", True,
        "Fertile grows only if the watering hole holds food before the food cards are revealed "
        "(2nd edition, default true); false: always (1st edition).",
    ),
    RuleOption(
        "foraging", "every_plant_meal",
        "§4 Foraging: 'every_plant_meal' (2nd edition, default): 1 more plant food from the same "
        "source whenever the species eats plant food (its feeding turn, Long Neck, Cooperation, "
        "Intelligence); 'eat_action' (1st edition): only when it eats from the watering hole on its "
        "feeding turn (2 instead of 1).",
        choices=("every_plant_meal", "eat_action")),
    RuleOption(
        "two_player_trait_limit", 2,
        "Most traits per species in a 2-player game ([modelret][bga-doc], default 2; 3 = as with more players).",
        choices=(2, 3)),
)

PREY_SURPLUS = {"owner_bag": 0, "attacker_bag": 1, "discard": 2}


class Rules:
    """Parsed options plus the deck they imply; immutable and shared by clones."""

    __slots__ = ("options", "deck", "carnivore_must_attack", "attack_own_species", "prey_surplus",
                 "hard_shell_bonus", "pack_hunting_plus3", "fertile_needs_food", "foraging_every_meal",
                 "trait_limit")

    def __init__(self, num_players: int, options: dict):
        self.options = dict(options)
        self.deck = build_deck(options["food_values"])
        self.carnivore_must_attack = bool(options["carnivore_must_attack"])
        self.attack_own_species = bool(options["attack_own_species"])
        self.prey_surplus = PREY_SURPLUS[options["prey_surplus"]]
        self.hard_shell_bonus = int(options["hard_shell_bonus"])
        self.pack_hunting_plus3 = options["pack_hunting"] == "plus3"
        self.fertile_needs_food = bool(options["fertile_needs_food"])
        self.foraging_every_meal = options["foraging"] == "every_plant_meal"
        # §3 Phase 3: at most 3 traits per species, 2 in a 2-player game.
        self.trait_limit = int(options["two_player_trait_limit"]) if num_players == 2 else 3

    def __eq__(self, other):
        return isinstance(other, Rules) and self.options == other.options and self.trait_limit == other.trait_limit

    def __hash__(self):
        return hash((tuple(sorted(self.options.items())), self.trait_limit))

    def __repr__(self):
        return f"Rules({self.options}, trait_limit={self.trait_limit})"

    def __setattr__(self, name, value):
        if hasattr(self, "trait_limit"):
            raise AttributeError("Rules are immutable")
        object.__setattr__(self, name, value)


def default_options() -> dict:
    return {o.name: o.default for o in OPTIONS}
