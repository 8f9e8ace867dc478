"""Rule options: every point the rules reference leaves open (§3, §4, §5, §8).

Each option is documented here and again at the code that implements it.
:class:`Options` is the parsed, immutable form a State shares with its clones.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.contract import RuleOption
from engine.natural_selection.cards import build_deck

RULE_OPTIONS = (
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
    RuleOption(
        "last_round_trigger", "deck_emptied",
        "§3 Phase 1 / §5 [seed000] 'Если при этом колода заканчивается, то сброс карт перемешивается и "
        "делается новая колода но этот ход считается последним': 'deck_emptied' (default) the round whose "
        "deal takes the deck's last card (or needs one more) is the last; 'card_needed' only a deal that "
        "needs a card from an empty deck makes its round the last (a deal that takes the last card exactly "
        "leaves the next deal to end the game, one round later).",
        choices=("deck_emptied", "card_needed")),
    RuleOption(
        "final_tiebreak", "lot",
        "§5 [seed000] '...3. общим числом популяции. 4. жребий': a tie on points, traits and Population is "
        "decided 'lot' (default: drawn from the game's own random numbers when it ends) or 'shared' (the "
        "tied seats share the place, for tournaments that prefer draws).",
        choices=("lot", "shared")),
)

@dataclass(frozen=True, slots=True)
class Options:
    """The resolved rule options of one game, one field per ``RULE_OPTIONS`` entry, plus
    what they imply for ``num_players`` players (the deck, the trait limit); immutable
    and shared by a State, its clones and its samples.  ``Options.of(n, values)``."""
    num_players: int
    food_values: str = "js_a"
    carnivore_must_attack: bool = True
    attack_own_species: bool = True
    prey_surplus: str = "owner_bag"
    hard_shell_bonus: int = 4
    pack_hunting: str = "population"
    fertile_needs_food: bool = True
    foraging: str = "every_plant_meal"
    two_player_trait_limit: int = 2
    last_round_trigger: str = "deck_emptied"
    final_tiebreak: str = "lot"
    # implied
    deck: tuple = field(init=False, repr=False)
    pack_hunting_plus3: bool = field(init=False, repr=False)
    foraging_every_meal: bool = field(init=False, repr=False)
    trait_limit: int = field(init=False, repr=False)
    deck_emptied_ends: bool = field(init=False, repr=False)
    tiebreak_by_lot: bool = field(init=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "deck", tuple(build_deck(self.food_values)))
        object.__setattr__(self, "pack_hunting_plus3", self.pack_hunting == "plus3")
        object.__setattr__(self, "foraging_every_meal", self.foraging == "every_plant_meal")
        # §3 Phase 3: at most 3 traits per species, 2 in a 2-player game.
        object.__setattr__(self, "trait_limit", self.two_player_trait_limit if self.num_players == 2 else 3)
        object.__setattr__(self, "deck_emptied_ends", self.last_round_trigger == "deck_emptied")
        object.__setattr__(self, "tiebreak_by_lot", self.final_tiebreak == "lot")

    @classmethod
    def of(cls, num_players: int, values: dict) -> "Options":
        """From the dict ``GameSpec.resolve_options`` gives."""
        return cls(num_players, **values)

    @property
    def values(self) -> dict:
        """The rule options as the dict ``GameSpec.resolve_options`` gives."""
        return {o.name: getattr(self, o.name) for o in RULE_OPTIONS}


def default_options() -> dict:
    return {o.name: o.default for o in RULE_OPTIONS}
