"""The 26 dominance cards (§9), one test each (more for the options)."""
from ds_builder import Position, act, card, corner_element, el, hx, legal_texts, species

from engine.dominant_species import decisions as D
from engine.dominant_species.board import SPACE_BY_NAME


def board(animals=("mammals", "reptiles", "birds"), **options):
    """Sea with tundra off, wetland north, jungle north-west, mountain south."""
    p = Position(animals=animals, **options)
    p.tile((0, 0), "sea").tile((0, -1), "wetland").tile((-1, 0), "jungle").tile((0, 1), "mountain")
    return p


def test_aquatic_adds_a_disc_and_up_to_four_species_to_a_sea_or_wetland():
    s = board().s
    card(s, "aquatic", 0)
    assert legal_texts(s) == ["choose (0,-1)", "choose (0,0)"]
    act(s, "choose (0,0)")
    act(s, "take water")
    act(s, "put (0,0)S/SW")
    assert legal_texts(s)[-1] == "add 4 on (0,0)"
    act(s, "add 4 on (0,0)")
    assert corner_element(s, (0, 0), "S/SW") == "water" and species(s, (0, 0), 0) == 4


def test_aquatic_species_part_without_an_element_and_the_bgf_option():
    p = board()
    s = p.s
    s.bag = [0] * 6
    card(s, "aquatic", 0)
    act(s, "choose (0,-1)")
    assert legal_texts(s)[0] == "add 0 on (0,-1)"
    s2 = board(aquatic_species_without_element=False).s
    s2.bag = [0] * 6
    card(s2, "aquatic", 0)
    assert s2.pk == D.NONE


def test_aquatic_skips_tundra_covered_seas():
    p = board()
    p.s.tundra[hx((0, 0))] = 1
    card(p.s, "aquatic", 0)
    assert legal_texts(p.s) == ["choose (0,-1)"]


def test_biodiversity_one_vp_per_shared_tile():
    p = board()
    for qr, sp in (((0, 0), {0: 1, 1: 1, 2: 1}), ((0, -1), {0: 2, 1: 1}), ((-1, 0), {0: 1})):
        p.tile(qr, "sea" if qr == (0, 0) else ("wetland" if qr == (0, -1) else "jungle"), species=sp)
    card(p.s, "biodiversity", 0)
    assert p.s.vp[0] == 2


def test_biomass_tiles_with_more_species_than_discs_lose_one():
    p = board()
    p.tile((0, 0), "sea", species={0: 1, 1: 1}).tile((0, -1), "wetland", species={1: 2})
    p.element((0, -1), "N/NE", "sun").element((0, -1), "NW/N", "sun")
    p.element((0, 0), "S/SW", "sun")
    s = p.s  # sea: 2 species, 1 disc; wetland: 2 species, 2 discs (none shared with the sea)
    card(s, "biomass", 0)
    assert legal_texts(s) == ["eliminate p0 on (0,0)", "eliminate p1 on (0,0)"]
    act(s, "eliminate p1 on (0,0)")
    assert species(s, (0, 0), 1) == 0 and species(s, (0, -1), 1) == 2  # wetland: 2 species, 2 discs


def test_biomass_on_a_tile_without_discs_and_a_lone_animal():
    p = board().tile((0, 1), "mountain", species={2: 1})
    card(p.s, "biomass", 1)
    assert species(p.s, (0, 1), 2) == 0 and p.s.pk == D.NONE


def test_blight_keeps_one_disc_of_the_tile():
    p = board().element((0, 1), "N/NE", "meat").element((0, 1), "S/SW", "sun").element((0, 1), "SE/S", "seed")
    s = p.s
    bag = sum(s.bag)
    card(s, "blight", 0)
    act(s, "choose (0,1)")
    act(s, "keep disc (0,1)S/SW")
    assert corner_element(s, (0, 1), "S/SW") == "sun" and corner_element(s, (0, 1), "N/NE") is None
    assert sum(s.bag) == bag + 2


def test_catastrophe_one_survivor_on_the_tile_one_loss_on_each_neighbour():
    p = board()
    p.tile((0, 0), "sea", species={0: 3, 1: 2}).tile((0, -1), "wetland", species={1: 1, 2: 2})
    p.tile((0, 1), "mountain", species={2: 1})
    s = p.s
    card(s, "catastrophe", 0)
    act(s, "choose (0,0)")
    assert legal_texts(s) == ["spare p0 on (0,0)", "spare p1 on (0,0)"]
    act(s, "spare p1 on (0,0)")
    assert species(s, (0, 0), 0) == 0 and species(s, (0, 0), 1) == 1
    assert legal_texts(s) == ["eliminate p1 on (0,-1)", "eliminate p2 on (0,-1)"]
    act(s, "eliminate p2 on (0,-1)")
    assert species(s, (0, -1), 2) == 1 and species(s, (0, 1), 2) == 0  # lone bird on the mountain
    assert s.pk == D.NONE


def test_cold_snap_others_lose_one_on_each_tundra():
    p = board().tile((0, 0), "sea", species={0: 2, 1: 2, 2: 1}, tundra=True)
    card(p.s, "cold-snap", 0)
    assert [species(p.s, (0, 0), x) for x in range(3)] == [2, 1, 0]


def test_disease_animals_with_more_elements_lose_an_added_one():
    p = board().display(1, "grass").display(2, "grub", "water")
    s = p.s  # mammals 2, reptiles 3, birds 4
    card(s, "disease", 0)
    assert s.disp[6 + el("grass")] == 0  # reptiles' only added disc, automatically
    assert s.pseat == 2 and legal_texts(s) == ["lose water", "lose grub"]
    act(s, "lose grub")
    assert s.disp[12 + el("grub")] == 0 and s.disp[12 + el("water")] == 1


def test_ecodiversity_one_vp_per_earth_disc_of_a_type_you_have():
    p = board().element((0, 0), "N/NE", "meat").element((0, 0), "S/SW", "meat").element((0, 1), "S/SW", "sun")
    card(p.s, "ecodiversity", 0)
    assert p.s.vp == [2, 0, 0]
    q = board(ecodiversity_all_animals=True).element((0, 0), "N/NE", "meat").element((0, 1), "S/SW", "sun")
    card(q.s, "ecodiversity", 0)
    assert q.s.vp == [1, 1, 0]


def test_evolution_replaces_up_to_two_other_animals_species():
    p = board().tile((0, 0), "sea", species={1: 2, 2: 1})
    s = p.s
    gene = s.gene[:]
    card(s, "evolution", 0)
    act(s, "evolve p1 on (0,0)")
    assert "evolve p1 on (0,0)" not in legal_texts(s)  # two different animals
    act(s, "evolve p2 on (0,0)")
    assert [species(s, (0, 0), x) for x in range(3)] == [2, 1, 0]
    assert s.gene == [gene[0] - 2, gene[1] + 1, gene[2] + 1] and s.pk == D.NONE


def test_evolution_victim_to_box_option():
    p = board(evolution_victim_to_box=True).tile((0, 0), "sea", species={1: 2})
    card(p.s, "evolution", 0)
    act(p.s, "evolve p1 on (0,0)")
    assert p.s.elim[1] == 1


def test_fecundity_one_species_on_each_occupied_tile():
    p = board().tile((0, 0), "sea", species={0: 1}).tile((0, 1), "mountain", species={0: 1})
    s = p.s
    card(s, "fecundity", 0)
    act(s, "add 1 on (0,0)")
    assert legal_texts(s) == ["add 1 on (0,1)", "pass"]
    act(s, "add 1 on (0,1)")
    assert species(s, (0, 0), 0) == 2 and species(s, (0, 1), 0) == 2


def test_fertile_vps_for_all_species_on_one_tile_you_occupy():
    p = board().tile((0, 0), "sea", species={0: 1, 1: 3, 2: 2})
    card(p.s, "fertile", 0)
    act(p.s, "choose (0,0)")
    assert p.s.vp[0] == 6


def test_habitat_a_chosen_bag_element_on_any_vacant_corner():
    s = board().s
    card(s, "habitat", 1)
    act(s, "take grub")
    act(s, "put (0,1)S/SW")
    assert corner_element(s, (0, 1), "S/SW") == "grub"


def test_hibernation_returns_eliminated_species_immune_to_this_extinction():
    from engine.dominant_species.reset import extinction
    p = board()
    s = p.s
    s.elim[0] = 4
    s.gene[0] -= 4
    card(s, "hibernation", 0)
    act(s, "choose (0,1)")
    assert legal_texts(s)[-1] == "add 4 on (0,1)"
    act(s, "add 3 on (0,1)")
    assert species(s, (0, 1), 0) == 3 and s.elim[0] == 1
    extinction(s, -1)  # no disc on the mountain: endangered, but hibernating
    assert species(s, (0, 1), 0) == 3 and s.hib == [0] * len(s.hib)


def test_ice_sheet_is_a_glaciation():
    p = board().tile((0, 0), "sea", tundra=True)
    s = p.s
    card(s, "ice-sheet", 1)
    assert legal_texts(s) == ["glaciate (-1,0)", "glaciate (0,-1)", "glaciate (0,1)"]
    act(s, "glaciate (0,1)")
    assert s.tundra[hx((0, 1))] and s.vp[1] == 1


def test_immigrants_each_animal_loses_an_element_an_ap_or_its_extra_species():
    p = board().display(0, "grass").tile((0, 0), "sea", species={1: 3}).tile((0, 1), "mountain", species={1: 2})
    s = p.s
    card(s, "immigrants", 2)
    assert s.pseat == 0 and legal_texts(s) == ["lose grass", "lose ap", "reduce"]
    act(s, "lose grass")
    aps = s.aps[1]
    act(s, "reduce")
    assert species(s, (0, 0), 1) == 1 and species(s, (0, 1), 1) == 1 and s.elim[1] == 3 and s.aps[1] == aps
    act(s, "lose ap")
    assert s.pk == D.NONE and s.aps[2] == s.supply[2] == 5  # 3 players: 6 APs each


def test_instinct_places_an_ap_from_supply():
    s = board().s
    supply = s.supply[0]
    card(s, "instinct", 0)
    assert "place initiative" not in legal_texts(s)
    act(s, "place domination.4")
    assert s.ap[SPACE_BY_NAME["domination.4"]] == 0 and s.supply[0] == supply - 1


def test_instinct_bgf_option_adds_an_ap():
    s = board(instinct_from_supply=False).s
    supply, aps = s.supply[0], s.aps[0]
    card(s, "instinct", 0)
    act(s, "place domination.4")
    assert s.supply[0] == supply and s.aps[0] == aps + 1


def test_intelligence_you_and_animals_above_gain_an_ap():
    s = board().s
    before = s.aps[:]
    card(s, "intelligence", 1)
    assert [a - b for a, b in zip(s.aps, before)] == [1, 1, 0]


def test_parasitism_you_and_animals_below_gain_an_ap():
    s = board().s
    before = s.supply[:]
    card(s, "parasitism", 1)
    assert [a - b for a, b in zip(s.supply, before)] == [0, 1, 1]


def test_omnivore_gains_an_ap():
    s = board().s
    card(s, "omnivore", 2)
    assert s.aps[2] == 7 and s.supply[2] == 7


def test_mass_exodus_moves_every_species_off_the_tile():
    p = board().tile((0, 0), "sea", species={0: 1, 2: 1})
    s = p.s
    card(s, "mass-exodus", 1)
    act(s, "choose (0,0)")
    act(s, "send p0 -> (0,1)")
    act(s, "send p2 -> (-1,0)")
    assert s.pk == D.NONE and species(s, (0, 1), 0) == 1 and species(s, (-1, 0), 2) == 1


def test_metamorphosis_swaps_an_added_element_for_a_bag_type():
    p = board().display(0, "grass")
    s = p.s
    card(s, "metamorphosis", 0)
    act(s, "lose grass")
    act(s, "take meat")
    assert s.disp[0:6] == [3, 0, 0, 0, 0, 0]


def test_niche_biomes_richer_animals_lose_the_first_place_value_floor_zero():
    p = board()
    s = p.s
    s.vp = [2, 12, 5]
    s.last_scored = hx((0, 0))  # sea: 9
    card(s, "niche-biomes", 0)
    assert s.vp == [2, 3, 0]


def test_nocturnal_moves_your_initiative_marker_forward():
    s = board().s
    s.order = [2, 1, 0]
    card(s, "nocturnal", 0)
    assert s.order == [2, 0, 1]


def test_predator_eliminates_one_opposing_species_where_you_are():
    p = board().tile((0, 0), "sea", species={0: 1, 1: 1, 2: 1}).tile((0, 1), "mountain", species={0: 1, 2: 2})
    s = p.s
    card(s, "predator", 0)
    assert legal_texts(s) == ["eliminate p1 on (0,0)", "eliminate p2 on (0,0)"]
    act(s, "eliminate p1 on (0,0)")
    assert species(s, (0, 1), 2) == 1 and s.elim == [0, 1, 1]


def test_symbiotic_you_and_animals_with_fewer_elements_draw_one():
    p = board().display(0, "grass")  # mammals 3, reptiles 2, birds 2
    s = p.s
    card(s, "symbiotic", 0)
    assert [sum(s.disp[x * 6:x * 6 + 6]) for x in range(3)] == [4, 3, 3]
    t = board().s
    card(t, "symbiotic", 2)  # nobody has fewer than 2
    assert [sum(t.disp[x * 6:x * 6 + 6]) for x in range(3)] == [2, 2, 3]


def test_ice_age_bonus_for_tiles_dominated_and_the_game_ends_after_the_turn():
    p = board().tile((0, 0), "sea", species={0: 1}).tile((0, 1), "mountain", species={0: 1})
    p.tile((0, -1), "wetland", species={1: 1}).element((0, 0), "S/SW", "meat").element((0, -1), "N/NE", "sun")
    s = p.s
    card(s, "ice-age", 1)
    assert s.vp == [3, 1, 0] and s.ice_age
