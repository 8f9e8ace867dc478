"""Rule options (reference §6).  Every point the sources leave open is one option here,
marked ``reconstruction=True``; the default is the reference's first value.  The
``Options`` value is built once per game from the resolved dict and shared by every
clone and sample of that game (it never changes)."""
from __future__ import annotations

from dataclasses import dataclass, fields

from engine.contract import OptionError, RuleOption
from engine.random_mutations.cards import (BIG, BIT, BOX_CARDS, CARNIVORE, CARNIVORE_TRIPLE, CLIMATE_TABLES,
                                           METABOLIC, NUM_TRAITS, OBLIGATE, SLUG_TRAIT, TRAIT_SLOTS, TRAIT_SLUGS,
                                           parse_composition)

R = True  # reconstruction

RULE_OPTIONS = (
    RuleOption("first_player", "die", "who starts (§2.3): 'die' = a die roll [wiki]; 'seat0' = seat 0",
               ("die", "seat0"), reconstruction=R),
    RuleOption("player_count_max", 8, "most players (§0): 8 (two boxes for 5+, the seed names no limit); "
               "4 refuses 5+ players", (4, 8), reconstruction=R),
    RuleOption("climate_formula", "supply_max",
               "climate dice -> tokens (§4, no source): 'supply_max' red (N-1)d6+4, green d6, black d6+2(N-2) "
               "(maxima = one box's supply at 4 players); 'base_like' red (N-1)d6+2", tuple(CLIMATE_TABLES),
               reconstruction=R),
    RuleOption("deck_composition", "placeholder",
               "cards per trait in one box (§3.4, not found): 'placeholder' = 6 each of ten traits, 5 each of six; "
               "or 'trait=count,...' summing to 90 (traits: " + ", ".join(TRAIT_SLUGS) + ")",
               reconstruction=R),
    RuleOption("trait_slots_14_16", "camouflage",
               "the three unknown trait slots (§3.2): 'camouflage' = Camouflage, Sharp Vision, Burrowing; or three "
               "base-game traits at species level: 'poisonous_tail_loss_mimicry' / 'poisonous_tail_loss_piracy' "
               "(they take the placeholder deck's copies of the three)", tuple(TRAIT_SLOTS), reconstruction=R),
    RuleOption("carnivore_food_bonus", 1, "'+N' food mark of Carnivore (§3.1; also its bonus VP)",
               (0, 1, 2, 3), reconstruction=R),
    RuleOption("obligate_food_bonus", 1, "'+N' food mark of Obligate Carnivore (§3.1)", (0, 1, 2, 3),
               reconstruction=R),
    RuleOption("metabolic_food_bonus", 2, "'+N' food mark of Metabolic Syndrome (§3.1)", (0, 1, 2, 3),
               reconstruction=R),
    RuleOption("trait_overflow", "new_species",
               "a revealed trait no species to the right can take (§2.6): 'new_species' at the right end "
               "(public identity); 'wrap' continue from the left end up to the announced species, then a new "
               "species; 'discard' to the owner's discard pile", ("new_species", "wrap", "discard"),
               reconstruction=R),
    RuleOption("moved_trait_needs_single", True,
               "a trait moving right skips species of population > 1 (§2.6)", reconstruction=R),
    RuleOption("extra_exclusions", "",
               "more pairs of traits that may not share a species (§2.6, [spiel] names none): "
               "'a/b;c/d' in trait slugs", reconstruction=R),
    RuleOption("red_only_on_unfed", True, "red food only onto an animal that is not yet fed (§2.8)",
               reconstruction=R),
    RuleOption("feeding_pass", "round", "a feeding pass skips 'round' (this round only; the phase ends "
               "after N passes in a row) or is 'final' for the phase (§2.8)", ("round", "final"),
               reconstruction=R),
    RuleOption("carnivore_attacks_when_fed", False, "a fed predator animal may still attack (§2.8)",
               reconstruction=R),
    RuleOption("big_protection", True, "only a Big predator may attack a Big species (§3.1)", reconstruction=R),
    RuleOption("running_escape", 4, "Running escapes on a d6 roll of at least this (§3.1: 4 = 4-6)", (4, 5),
               reconstruction=R),
    RuleOption("scavenger_needs_unfed", False,
               "Scavenger (§3.1): false = the seed's text, the attacking player takes the blue token if he has a "
               "Scavenger species, fed or not, and picks the animal (no general rule of this game keeps a fed "
               "animal from a blue token: the passage is lost); true = only an unfed Scavenger animal takes it "
               "(the base game's 'a fed animal takes no more food'), a player without one is skipped",
               reconstruction=R),
    RuleOption("grazing_timing", "after", "Grazing in a feeding turn: 'after' or 'before' the main action "
               "(§3.1)", ("after", "before"), reconstruction=R),
    RuleOption("budding", "no_cap",
               "Budding (§3.1): 'no_cap' adding animals ignores the population cap; 'free_bud' once per "
               "development phase a 'bud' play adds an animal beyond the cap; 'auto_bud' each of his "
               "development turns adds one animal to every Budding species first", ("no_cap", "free_bud",
                                                                                     "auto_bud"),
               reconstruction=R),
    RuleOption("extremophile", "cost_one_card",
               "Extremophile (§3.1): 'cost_one_card' adding an animal needs 2 deck cards and discards the next "
               "one unseen; 'literal' only forbids adding with the last card", ("cost_one_card", "literal"),
               reconstruction=R),
    RuleOption("simplification", "discard_choice",
               "Simplification on landing (§3.1): 'discard_choice' the owner discards another trait of his "
               "choice; 'discard_latest' the latest other trait; 'split_to_species' the latest other trait and "
               "Simplification both become new species", ("discard_choice", "discard_latest",
                                                          "split_to_species"), reconstruction=R),
    RuleOption("developmental_defects", "name",
               "Developmental Defects (§3.1): 'name' the attacker names one trait to ignore; 'auto' the trait "
               "that blocks the attack is ignored by itself", ("name", "auto"), reconstruction=R),
    RuleOption("parasite_scope", "global",
               "parasites at extinction (§5): 'global' the species with the most black tokens on the table "
               "lose one animal, each tied player one; 'per_player' each player loses one from his own "
               "most parasitised species", ("global", "per_player"), reconstruction=R),
    RuleOption("parasite_victim", "any", "the animal a parasite kills (§5): 'any' of the species (owner "
               "chooses), 'carrier' one carrying a black token", ("any", "carrier"), reconstruction=R),
    RuleOption("parasite_shelter_protects", False, "a green token saves an animal from parasites (§5)",
               reconstruction=R),
    RuleOption("black_tokens_persist", False, "black tokens stay on animals after extinction (§5)",
               reconstruction=R),
    RuleOption("restart", "ten_deck",
               "a player left with no animal and no card (§2.9): 'ten_deck' 10 cards into his deck at the next "
               "turn; 'setup_like' 3 of them as new species, 7 as deck; 'ten_plus_draw' also draws the normal 2",
               ("ten_deck", "setup_like", "ten_plus_draw"), reconstruction=R),
    RuleOption("divergence", False, "the expert Divergence play (§2.5 M4) [seed004]"),
    RuleOption("divergence_place", "right_of_parent", "where a diverged species goes: 'right_of_parent' or "
               "'right_end'", ("right_of_parent", "right_end"), reconstruction=R),
    RuleOption("divergence_inherited", "no_vp",
               "a diverged species' copied traits (no cards): 'no_vp' they act but score nothing; 'score' they "
               "score like cards", ("no_vp", "score"), reconstruction=R),
    RuleOption("divergence_cap", False, "divergence needs the parent to meet the population cap (§2.5)",
               reconstruction=R),
    RuleOption("final_tiebreak", "die", "after VP and discard pile: 'die' tied players roll (re-roll ties); "
               "'shared' a shared place (§2.10)", ("die", "shared"), reconstruction=R),
    RuleOption("drawn_cards_position", "bottom", "drawn cards go to the 'bottom' or 'top' of the personal deck "
               "(§6; irrelevant to play)", ("bottom", "top"), reconstruction=R),
)

OPTION_NAMES = tuple(o.name for o in RULE_OPTIONS)


@dataclass(frozen=True)
class Options:
    """The resolved options as typed attributes, plus what is derived from them."""
    first_player: str
    player_count_max: int
    climate_formula: str
    deck_composition: str
    trait_slots_14_16: str
    carnivore_food_bonus: int
    obligate_food_bonus: int
    metabolic_food_bonus: int
    trait_overflow: str
    moved_trait_needs_single: bool
    extra_exclusions: str
    red_only_on_unfed: bool
    feeding_pass: str
    carnivore_attacks_when_fed: bool
    big_protection: bool
    running_escape: int
    scavenger_needs_unfed: bool
    grazing_timing: str
    budding: str
    extremophile: str
    simplification: str
    developmental_defects: str
    parasite_scope: str
    parasite_victim: str
    parasite_shelter_protects: bool
    black_tokens_persist: bool
    restart: str
    divergence: bool
    divergence_place: str
    divergence_inherited: str
    divergence_cap: bool
    final_tiebreak: str
    drawn_cards_position: str
    # derived
    box: tuple = ()            # per-trait counts of one box
    bonus: tuple = ()          # per-trait '+N' food mark
    exclusions: tuple = ()     # per trait: the bitmask of traits it may not share a species with
    values: dict = None        # the resolved dict (for observations and records)

    @classmethod
    def from_dict(cls, values: dict) -> "Options":
        try:
            box = parse_composition(values["deck_composition"], values["trait_slots_14_16"])
        except ValueError as exc:
            raise OptionError(f"option 'deck_composition': {exc}") from None
        bonus = [0] * NUM_TRAITS
        bonus[BIG] = 1  # verified: the seed's example
        bonus[CARNIVORE] = values["carnivore_food_bonus"]
        bonus[OBLIGATE] = values["obligate_food_bonus"]
        bonus[METABOLIC] = values["metabolic_food_bonus"]
        excl = [0] * NUM_TRAITS
        for k in range(NUM_TRAITS):
            if BIT[k] & CARNIVORE_TRIPLE:
                excl[k] |= CARNIVORE_TRIPLE & ~BIT[k]
        for pair in values["extra_exclusions"].split(";"):
            if not pair.strip():
                continue
            names = [n.strip().lower() for n in pair.split("/")]
            if len(names) != 2 or any(n not in SLUG_TRAIT for n in names):
                raise OptionError(f"option 'extra_exclusions': cannot read {pair.strip()!r} "
                                  f"(expected 'trait/trait', traits: {', '.join(TRAIT_SLUGS)})")
            a, b = SLUG_TRAIT[names[0]], SLUG_TRAIT[names[1]]
            if a != b:
                excl[a] |= BIT[b]
                excl[b] |= BIT[a]
        assert sum(box) == BOX_CARDS
        plain = {f.name: values[f.name] for f in fields(cls) if f.name in values}
        return cls(**plain, box=box, bonus=tuple(bonus), exclusions=tuple(excl), values=dict(values))


def default_values() -> dict:
    return {o.name: o.default for o in RULE_OPTIONS}
