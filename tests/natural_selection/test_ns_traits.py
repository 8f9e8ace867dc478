"""One test per trait (rules reference §4), each on a small position."""
from engine.natural_selection import reveal
from engine.natural_selection.actions import ATTACK, EAT, INTELLECT, PASS, Move
from engine.natural_selection.attacks import blockers
from engine.natural_selection.board import FAT, FOOD, POP
from engine.natural_selection.cards import (BURROWING, CLIMBING, DEFENSIVE_HERDING, HARD_SHELL, HORNS,
                                            SYMBIOSIS, WARNING_CALL)
from ns_builder import code, position, species


def attack(i, seat, t, negate=-1, card=-1):
    return Move(ATTACK, card, i, seat, t, negate)


def carnivore(body=3, pop=2, traits=(), **kw):
    return species(body=body, pop=pop, traits=("Carnivore",) + tuple(traits), **kw)


def test_carnivore_attacks_and_never_eats_plants():
    s = position([[carnivore()], [species(body=2, pop=2)]], hole=5)
    moves = s.legal_actions()
    assert Move(EAT, -1, 0) not in moves
    assert attack(0, 1, 0) in moves
    s.apply(attack(0, 1, 0))
    assert s.rows[0][0][FOOD] == 2  # meat = prey Body Size 2
    assert s.rows[1][0][POP] == 1
    assert s.watering_hole == 5


def test_carnivore_needs_strictly_larger_body():
    s = position([[carnivore(body=2)], [species(body=2)]], hole=5)
    assert blockers(s, 0, 0, 1, 0) is None


def test_ambush_ignores_warning_call():
    prey_row = [species(body=1), species(body=1, traits=["WarningCall"])]
    s = position([[carnivore()], prey_row])
    assert blockers(s, 0, 0, 1, 0) == [WARNING_CALL]
    s = position([[carnivore(traits=["Ambush"])], prey_row])
    assert blockers(s, 0, 0, 1, 0) == []


def test_warning_call_protects_neighbours_not_itself():
    s = position([[carnivore(body=4)], [species(), species(traits=["WarningCall"]), species()]])
    assert blockers(s, 0, 0, 1, 0) == [WARNING_CALL]
    assert blockers(s, 0, 0, 1, 2) == [WARNING_CALL]
    assert blockers(s, 0, 0, 1, 1) == []


def test_burrowing_safe_only_while_fed():
    s = position([[carnivore()], [species(pop=2, food=2, traits=["Burrowing"])]])
    assert blockers(s, 0, 0, 1, 0) == [BURROWING]
    s.rows[1][0][FOOD] = 1
    assert blockers(s, 0, 0, 1, 0) == []


def test_climbing_needs_a_climbing_carnivore():
    s = position([[carnivore()], [species(traits=["Climbing"])]])
    assert blockers(s, 0, 0, 1, 0) == [CLIMBING]
    s = position([[carnivore(traits=["Climbing"])], [species(traits=["Climbing"])]])
    assert blockers(s, 0, 0, 1, 0) == []


def test_defensive_herding_needs_larger_population():
    s = position([[carnivore(pop=2)], [species(pop=2, traits=["DefensiveHerding"])]])
    assert blockers(s, 0, 0, 1, 0) == [DEFENSIVE_HERDING]
    s.rows[0][0][POP] = 3
    assert blockers(s, 0, 0, 1, 0) == []


def test_hard_shell_adds_4_to_body_size_but_not_to_meat():
    s = position([[carnivore(body=5, pop=6)], [species(body=1, traits=["HardShell"]), species(pop=6)]], hole=9)
    assert blockers(s, 0, 0, 1, 0) == [HARD_SHELL]
    s.rows[0][0][0] = 6
    assert blockers(s, 0, 0, 1, 0) == []
    s.current_player = 0
    s.apply(attack(0, 1, 0))
    assert s.rows[0][0][FOOD] == 1


def test_hard_shell_first_edition_adds_3():
    s = position([[carnivore(body=5)], [species(body=1, traits=["HardShell"])]],
                 options={"hard_shell_bonus": 3})
    assert blockers(s, 0, 0, 1, 0) == []


def test_horns_cost_the_attacker_one_population():
    s = position([[carnivore(pop=3)], [species(body=2, pop=2, traits=["Horns"])]], hole=9)
    s.apply(attack(0, 1, 0))
    assert s.rows[0][0][POP] == 2 and s.rows[0][0][FOOD] == 2
    assert s.rows[1][0][POP] == 1


def test_horns_killing_the_attacker_feeds_nobody():
    s = position([[carnivore(pop=1), species()], [species(body=2, pop=2, traits=["Horns"])]], hole=3)
    s.apply(attack(0, 1, 0))
    assert len(s.rows[0]) == 1 and s.rows[0][0][FOOD] == 0  # the carnivore died, took no meat
    assert s.rows[1][0][POP] == 1  # the prey is still wounded
    assert len(s.hands[0]) == 1  # one card drawn for its one trait


def test_symbiosis_safe_while_right_neighbour_is_larger():
    s = position([[carnivore(body=4)], [species(body=1, traits=["Symbiosis"]), species(body=2)]])
    assert blockers(s, 0, 0, 1, 0) == [SYMBIOSIS]
    s.rows[1][1][0] = 1
    assert blockers(s, 0, 0, 1, 0) == []


def test_pack_hunting_adds_population_to_attack_size():
    s = position([[carnivore(body=2, pop=3, traits=["PackHunting"])], [species(body=4)]])
    assert blockers(s, 0, 0, 1, 0) == []
    s = position([[carnivore(body=2, pop=3, traits=["PackHunting"])], [species(body=5)]])
    assert blockers(s, 0, 0, 1, 0) is None


def test_pack_hunting_first_edition_adds_3():
    s = position([[carnivore(body=2, pop=1, traits=["PackHunting"])], [species(body=4)]],
                 options={"pack_hunting": "plus3"})
    assert blockers(s, 0, 0, 1, 0) == []


def test_scavenger_takes_one_meat_after_any_attack():
    s = position([[carnivore()], [species(body=2, pop=2), species(pop=2, traits=["Scavenger"])]], hole=9)
    s.apply(attack(0, 1, 0))
    assert s.rows[1][1][FOOD] == 1


def test_cooperation_passes_one_food_right_in_a_chain():
    row = [species(pop=3, traits=["Cooperation"]), species(pop=3, traits=["Cooperation"]), species(pop=3)]
    s = position([row, [species()]], hole=10)
    s.apply(Move(EAT, -1, 0))
    assert [sp[FOOD] for sp in s.rows[0]] == [1, 1, 1]
    assert s.watering_hole == 7


def test_cooperation_gives_no_plant_food_to_a_carnivore():
    row = [species(pop=3, traits=["Cooperation"]), carnivore()]
    s = position([row, [species()]], hole=10)
    s.apply(Move(EAT, -1, 0))
    assert s.rows[0][1][FOOD] == 0


def test_foraging_takes_two_plant_food():
    for edition in ("every_plant_meal", "eat_action"):
        s = position([[species(pop=3, traits=["Foraging"])], [species()]], hole=10, options={"foraging": edition})
        s.apply(Move(EAT, -1, 0))
        assert s.rows[0][0][FOOD] == 2 and s.watering_hole == 8


def test_foraging_takes_only_what_it_still_needs():
    s = position([[species(pop=2, food=1, traits=["Foraging"])], [species()]], hole=10)
    s.apply(Move(EAT, -1, 0))
    assert s.rows[0][0][FOOD] == 2 and s.watering_hole == 9


def foraging_partner_of_cooperation(edition):
    """Seat 0 eats with a Cooperation species; the Foraging species to its right follows."""
    row = [species(pop=3, traits=["Cooperation"]), species(pop=3, traits=["Foraging"])]
    s = position([row, [species()]], hole=10, options={"foraging": edition})
    s.apply(Move(EAT, -1, 0))
    return [sp[FOOD] for sp in s.rows[0]], s.watering_hole


def test_foraging_second_edition_also_when_cooperation_feeds_it():
    assert foraging_partner_of_cooperation("every_plant_meal") == ([1, 2], 7)


def test_foraging_first_edition_only_on_its_own_feeding_turn():
    assert foraging_partner_of_cooperation("eat_action") == ([1, 1], 8)


def long_neck_forager(edition):
    s = position([[species(pop=3, traits=["LongNeck", "Foraging"])], [species()]], hole=3,
                 options={"foraging": edition})
    reveal.long_neck(s)
    return s.rows[0][0][FOOD], s.watering_hole


def test_foraging_second_edition_also_with_long_neck():
    assert long_neck_forager("every_plant_meal") == (2, 3)  # both from the food bank


def test_foraging_first_edition_not_with_long_neck():
    assert long_neck_forager("eat_action") == (1, 3)


def test_foraging_second_edition_also_with_intelligence_first_edition_not():
    for edition, eaten in (("every_plant_meal", 3), ("eat_action", 2)):
        s = position([[species(pop=5, traits=["Intelligence", "Foraging"])], [species()]], hands=[["Horns"]],
                     hole=5, options={"foraging": edition})
        s.apply(Move(INTELLECT, code("Horns:1"), 0))
        assert s.rows[0][0][FOOD] == eaten and s.watering_hole == 5  # from the food bank


def test_foraging_gives_a_carnivore_no_meat_bonus():
    s = position([[carnivore(traits=["Foraging"], pop=3)], [species(body=1, pop=2)]], hole=5)
    s.apply(attack(0, 1, 0))
    assert s.rows[0][0][FOOD] == 1  # meat = prey Body Size 1


def test_fat_tissue_stores_food_up_to_body_size():
    s = position([[species(body=2, pop=1, food=1, traits=["FatTissue"])], [species()]], hole=10)
    assert Move(EAT, -1, 0) in s.legal_actions() and Move(PASS) in s.legal_actions()
    s.apply(Move(EAT, -1, 0))
    assert s.rows[0][0][FAT] == 1


def test_fat_tissue_moves_stored_food_at_reveal():
    s = position([[species(body=4, pop=2, fat=3, traits=["FatTissue"])]], hole=0)
    reveal.fat_tissue(s)
    assert s.rows[0][0][FOOD] == 2 and s.rows[0][0][FAT] == 1


def test_fertile_grows_when_the_watering_hole_has_food():
    s = position([[species(pop=2, traits=["Fertile"])], [species()]], hole=0)
    reveal.fertile(s)
    assert s.rows[0][0][POP] == 2
    s.watering_hole = 1
    reveal.fertile(s)
    assert s.rows[0][0][POP] == 3


def test_fertile_first_edition_always_grows():
    s = position([[species(pop=2, traits=["Fertile"])], [species()]], hole=0,
                 options={"fertile_needs_food": False})
    reveal.fertile(s)
    assert s.rows[0][0][POP] == 3


def test_long_neck_takes_from_the_food_bank_and_triggers_cooperation():
    row = [species(pop=2, traits=["LongNeck", "Cooperation"]), species(pop=2)]
    s = position([row, [species()]], hole=3)
    reveal.long_neck(s)
    assert [sp[FOOD] for sp in s.rows[0]] == [1, 1]
    assert s.watering_hole == 3


def test_long_neck_gives_a_carnivore_nothing():
    s = position([[carnivore(traits=["LongNeck"])], [species()]], hole=3)
    reveal.long_neck(s)
    assert s.rows[0][0][FOOD] == 0


def test_intelligence_herbivore_discards_for_two_bank_food():
    s = position([[species(pop=3, traits=["Intelligence"])], [species()]], hands=[["Horns", "Climbing"]])
    move = Move(INTELLECT, code("Horns:1"), 0)
    assert move in s.legal_actions()
    s.apply(move)
    assert s.rows[0][0][FOOD] == 2 and s.hands[0] == [code("Climbing:1")] and code("Horns:1") in s.discard


def test_intelligence_carnivore_negates_one_protecting_trait():
    s = position([[carnivore(traits=["Intelligence"])], [species(traits=["Climbing"]), species()]],
                 hands=[["Horns"]], hole=9)
    plain, clever = attack(0, 1, 0), attack(0, 1, 0, CLIMBING, code("Horns:1"))
    assert plain not in s.legal_actions() and clever in s.legal_actions()
    s.apply(clever)
    assert s.rows[0][0][FOOD] == 1 and s.hands[0] == []


def test_intelligence_carnivore_may_negate_horns():
    s = position([[carnivore(pop=3, traits=["Intelligence"])], [species(body=2, pop=2, traits=["Horns"])]],
                 hands=[["Climbing"]], hole=9)
    s.apply(attack(0, 1, 0, HORNS, code("Climbing:1")))
    assert s.rows[0][0][POP] == 3 and s.rows[0][0][FOOD] == 2


def test_intelligence_cannot_negate_two_traits():
    s = position([[carnivore(traits=["Intelligence"])], [species(traits=["Climbing", "HardShell"])]],
                 hands=[["Horns"]])
    assert [m for m in s.legal_actions() if m.verb == ATTACK] == []
