"""Rule options: every open point of shared/rules/dominant_species.md (§10.1 and
the [inf]/[verify] points it names) with the reference's proposed default.

``Options`` is the frozen, attribute-style form the rules read (``s.opt.rim_corners``).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.contract import RuleOption

RULE_OPTIONS = (
    RuleOption("rim_corners", True,
               "§3.3 [inf][verify]: every corner of every area hex exists, rim ones included (92); "
               "false: only corners whose three positions are all inside the area (50, the BGF client).",
               reconstruction=True),
    RuleOption("vp_marker_from_gene_pool", True,
               "§4 [aid][verify]: the VP marker cube comes out of the allotment (gene pool = allotment - 5); "
               "false: allotment - 4."),
    RuleOption("removed_elements_to_bag", True,
               "§6.6 [inf][verify]: every disc that leaves Earth, a display or a box returns to the bag; "
               "false: BGF's list (Regression, the Wasteland sweep, Glaciation, Blight, Disease, Immigrants "
               "and Metamorphosis put their discs out of the game).", reconstruction=True),
    RuleOption("tundra_hides_terrain", True,
               "§6.5 [inf][verify]: a tundra-covered tile is only 'tundra' (Competition, Aquatic); "
               "false: its printed terrain still counts (BGF).", reconstruction=True),
    RuleOption("glaciation_place_leftmost", True,
               "§7.2 [inf][verify]: an AP put on Glaciation takes the leftmost vacant space; false: any "
               "vacant space, and an empty leftmost space means nobody glaciates (BGF).", reconstruction=True),
    RuleOption("bonus_cap", 9,
               "§6.4 [verify]: the bonus table stops at n = 9 (45 VPs); 0: no cap, n(n+1)/2."),
    RuleOption("bgf_bonus_bug", False, "§6.4: true pays 4 instead of 6 for n = 3 (BGF)."),
    RuleOption("arachnid_competition_any_type", True,
               "§5 [verify]: the Arachnid Competition space takes one tile of every terrain and tundra "
               "(up to 8); false: one tile of any terrain in total."),
    RuleOption("initiative_optional", True,
               "§7.3.1 [inf]: the Initiative AP's owner may decline; false: automatic (BGF).",
               reconstruction=True),
    RuleOption("aquatic_species_without_element", True,
               "§9 Aquatic [ubg]: with no vacant sea/wetland corner or an empty bag the species part "
               "still happens; false: the whole card is skipped (BGF)."),
    RuleOption("ecodiversity_all_animals", False,
               "§9 Ecodiversity [verify]: only you score; true: every animal (BGF code)."),
    RuleOption("evolution_victim_to_box", False,
               "§9 Evolution [verify]: the replaced cube returns to its owner's gene pool (BGF); "
               "true: it is eliminated."),
    RuleOption("instinct_from_supply", True,
               "§9 Instinct [inf][verify]: the AP comes from your supply and stays until executed; "
               "false: a new AP, not from the supply (BGF, +1 AP net).", reconstruction=True),
    RuleOption("insect_free_speciation", True,
               "§5/§10.3 [verify]: the Insect free AP places 1 species on any tile; false: the free "
               "space does not exist."),
    RuleOption("food_chain_tiebreak", True,
               "§8.2 [verify]: tied VPs are broken by the food chain (BGF); false: tied seats share a place."),
    RuleOption("deal_animals", True,
               "§4 step 1: animals dealt to the seats at random from the seed (BGF); false: seat i "
               "plays the i-th animal of the food chain (mammals, reptiles, ...)."),
    RuleOption("max_turns", 40,
               "§8.2 [inf]: the game ends after this turn's Extinction and Survival if Ice Age has not "
               "been taken (a safeguard, at least 1: nothing else ends a game whose players never take Ice "
               "Age, so a game without it could run forever).", reconstruction=True, minimum=1),
)


@dataclass(frozen=True)
class Options:
    rim_corners: bool = True
    vp_marker_from_gene_pool: bool = True
    removed_elements_to_bag: bool = True
    tundra_hides_terrain: bool = True
    glaciation_place_leftmost: bool = True
    bonus_cap: int = 9
    bgf_bonus_bug: bool = False
    arachnid_competition_any_type: bool = True
    initiative_optional: bool = True
    aquatic_species_without_element: bool = True
    ecodiversity_all_animals: bool = False
    evolution_victim_to_box: bool = False
    instinct_from_supply: bool = True
    insect_free_speciation: bool = True
    food_chain_tiebreak: bool = True
    deal_animals: bool = True
    max_turns: int = 40

    @classmethod
    def from_dict(cls, options: dict) -> "Options":
        return cls(**{o.name: options.get(o.name, o.default) for o in RULE_OPTIONS})
