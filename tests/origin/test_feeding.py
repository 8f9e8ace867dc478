"""§3 phase 3 and §4: taking food, fat, the paired-trait chains and the free traits."""
import pytest

from engine.contract import IllegalActionError
from engine.origin import GAME
from engine.origin.animal import FAT, FLAGS, FOOD, HIBERNATED_LAST, HIBERNATING
from engine.origin.board import CHAIN, FREE_ACTIONS, LINK_USED
from engine.rng import Rng
from tests.origin.builder import Builder, act, legal


def foods(s, seat):
    return [a[FOOD] for a in s.animals[seat]]


def test_take_food_moves_one_red_token_and_ends_the_turn():
    b = Builder()
    b.animal(0)
    b.animal(1)
    s = b.feeding(food=3)
    act(s, "food -> a0")
    assert s.food_bank == 2 and foods(s, 0) == [1] and s.current_player == 1


def test_a_fed_animal_without_fat_tissue_takes_no_more_food():
    b = Builder()
    b.animal(0, food=1)
    b.animal(0)
    assert "food -> a0" not in legal(b.feeding(food=3))


def test_fed_animal_stores_food_as_fat_on_free_fat_tissue():
    b = Builder()
    b.animal(0, "Fat Tissue", "Fat Tissue", food=1, fat=1)
    b.animal(1)
    s = b.feeding(food=3)
    act(s, "food -> a0")
    assert s.animals[0][0][FAT] == 2
    act(s, "pass")
    assert s.current_player == 1  # seat 0 is fed and fat-full: nothing to do, skipped


def test_fat_stays_after_the_turn_food_does_not():
    b = Builder()
    b.animal(0, "Fat Tissue", food=1, fat=1)
    b.animal(1, food=1)
    s = b.feeding(food=0)
    s.apply(s.legal_actions()[-1])  # pass: nobody can act, the turn ends
    assert s.turn == 2 and s.animals[0][0][FOOD] == 0 and s.animals[0][0][FAT] == 1


def test_burning_several_fat_tokens_at_once_is_the_default():
    b = Builder()
    b.animal(0, "Carnivorous", "Fat Tissue", "Fat Tissue@Big/Fat Tissue", fat=2)
    b.animal(1)
    s = b.feeding(food=0)
    assert {a for a in legal(s) if a.startswith("fat")} == {"fat a0 x1", "fat a0 x2"}
    act(s, "fat a0 x2")
    assert s.animals[0][0][FOOD] == 2 and s.animals[0][0][FAT] == 0


def test_burning_one_fat_token_at_a_time_option():
    b = Builder(fat_burning="one")
    b.animal(0, "Carnivorous", "Fat Tissue", "Fat Tissue@Big/Fat Tissue", fat=2)
    assert {a for a in legal(b.feeding()) if a.startswith("fat")} == {"fat a0 x1"}


def test_communication_makes_the_partner_take_red_food_in_a_chain():
    b = Builder()
    for _ in range(3):
        b.animal(0)
    b.link(0, "Communication", 0, 1)
    b.link(0, "Communication", 1, 2)
    b.animal(1)
    s = b.feeding(food=5)
    act(s, "food -> a0")
    assert foods(s, 0) == [1, 1, 1] and s.food_bank == 2


def test_communication_stops_when_the_bank_is_empty():
    b = Builder()
    b.animal(0)
    b.animal(0)
    b.link(0, "Communication", 0, 1)
    b.animal(1, "Fat Tissue", fat=1)  # (seat 1 can still burn fat: the turn goes on)
    s = b.feeding(food=1)
    act(s, "food -> a0")
    assert foods(s, 0) == [1, 0]


def test_cooperation_gives_blue_food_also_after_an_attack():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(0)
    b.link(0, "Cooperation", 0, 1)
    b.animal(1)
    b.animal(1)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert foods(s, 0) == [2, 1] and s.food_bank == 1


def test_two_cards_between_the_same_animals_feed_the_partner_only_while_it_can_eat():
    """Communication and Cooperation join a0 and a1; a0 takes red food.  In card order
    Communication (played first) makes a1 take red; a1 is then fed and has no Fat Tissue,
    so Cooperation does not fire: no animal ever holds more than its need plus its fat slots."""
    b = Builder(paired_trait_order="card_order")
    b.animal(0)
    b.animal(0)
    b.link(0, "Communication", 0, 1)
    b.link(0, "Cooperation", 0, 1)
    b.animal(1)
    s = b.feeding(food=5)
    act(s, "food -> a0")
    assert foods(s, 0) == [1, 1] and [a[FAT] for a in s.animals[0]] == [0, 0] and s.food_bank == 3
    assert [link[LINK_USED] for link in s.links[0]] == [1, 0]  # Cooperation may still fire this round


def two_cards_to_one_partner(**options):
    """a0 and a1 joined by Communication and Cooperation; a1 can take one token."""
    b = Builder(**options)
    b.animal(0)
    b.animal(0)
    b.link(0, "Communication", 0, 1)
    b.link(0, "Cooperation", 0, 1)
    b.animal(1)
    return b.feeding(food=5)


def test_the_owner_orders_paired_cards_set_off_at_once_when_the_order_matters():
    """[seed002]: the player decides the order of his paired cards.  Cooperation first
    gives a1 a blue token, so Communication cannot fire and the red token stays in the bank."""
    s = two_cards_to_one_partner()
    act(s, "food -> a0")
    assert s.phase == CHAIN and s.current_player == 0
    assert legal(s) == {"trigger Communication a0 -> a1", "trigger Cooperation a0 -> a1"}
    act(s, "trigger Cooperation a0 -> a1")
    assert foods(s, 0) == [1, 1] and s.food_bank == 4 and s.current_player == 1
    assert [link[LINK_USED] for link in s.links[0]] == [0, 1]  # Communication may still fire this round


def test_paired_cards_in_card_order_as_an_option():
    s = two_cards_to_one_partner(paired_trait_order="card_order")
    act(s, "food -> a0")
    assert foods(s, 0) == [1, 1] and s.food_bank == 3 and s.current_player == 1


def test_no_question_when_the_order_of_paired_cards_cannot_matter():
    b = Builder()
    for _ in range(3):
        b.animal(0)
    b.link(0, "Cooperation", 0, 1)
    b.link(0, "Cooperation", 0, 2)
    b.animal(1)
    s = b.feeding(food=5)
    act(s, "food -> a0")
    assert foods(s, 0) == [1, 1, 1] and s.current_player == 1


def test_the_owner_chooses_who_takes_the_last_token_by_communication():
    b = Builder()
    for _ in range(3):
        b.animal(0)
    b.link(0, "Communication", 0, 1)
    b.link(0, "Communication", 0, 2)
    b.animal(1, "Fat Tissue", fat=1)  # (seat 1 can still burn fat: the turn goes on)
    s = b.feeding(food=2)
    act(s, "food -> a0")
    assert legal(s) == {"trigger Communication a0 -> a1", "trigger Communication a0 -> a2"}
    act(s, "trigger Communication a0 -> a2")
    assert foods(s, 0) == [1, 0, 1] and s.food_bank == 0


def test_the_owner_orders_the_chain_of_a_carnivores_meal_and_the_attack_goes_on():
    """The kill's first token feeds the carnivore, whose Cooperation cards to a1 and a2
    fire; a1 and a2 are joined too, so whichever is fed first feeds the other, and the
    carnivore's card to the other stays unused this round.  Then the carnivore, fed,
    takes no second token, and the turn passes."""
    b = Builder()
    b.animal(0, "Carnivorous", food=1)
    b.animal(0)
    b.animal(0)
    b.link(0, "Cooperation", 0, 1)
    b.link(0, "Cooperation", 0, 2)
    b.link(0, "Cooperation", 1, 2)
    b.animal(1)
    b.animal(1)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert legal(s) == {"trigger Cooperation a0 -> a1", "trigger Cooperation a0 -> a2"}
    act(s, "trigger Cooperation a0 -> a2")
    assert foods(s, 0) == [2, 1, 1] and [link[LINK_USED] for link in s.links[0]] == [0, 1, 1]
    assert s.attack is None and len(s.animals[1]) == 1 and s.current_player == 1


def test_a_trigger_reads_back_from_its_text():
    s = two_cards_to_one_partner()
    act(s, "food -> a0")
    for action in s.legal_actions():
        assert GAME.action_from_text(str(action)) == action


def test_a_chain_waiting_for_its_owner_survives_clone_and_sample():
    s = two_cards_to_one_partner()
    act(s, "food -> a0")
    sampled = s.observation(0).sample(Rng(3))
    sampled.cached = None  # (recomputed from the sampled state itself)
    for t in (s.clone(), sampled):
        assert legal(t) == legal(s)
        act(t, "trigger Communication a0 -> a1")
        assert foods(t, 0) == [1, 1] and t.food_bank == 3 and t.current_player == 1


def test_a_trigger_that_is_not_offered_is_illegal_and_changes_nothing():
    s = two_cards_to_one_partner()
    act(s, "food -> a0")
    before = s.snapshot()
    with pytest.raises(IllegalActionError):
        s.apply(GAME.action_from_text("trigger Cooperation a1 -> a0"))
    assert s.snapshot() == before and len(s.history) == 1


def test_paired_cards_fire_once_per_round():
    b = Builder()
    b.animal(0, "Fat Tissue", "Fat Tissue@Big/Fat Tissue")
    b.animal(0, "Fat Tissue", "Fat Tissue@Big/Fat Tissue")
    b.link(0, "Cooperation", 0, 1)
    b.animal(1, "Carnivorous", "Big", "Fat Tissue", "Fat Tissue@Big/Fat Tissue")
    s = b.feeding(food=9)
    act(s, "food -> a0")
    assert foods(s, 0) == [1, 1]
    act(s, "food -> a0")  # seat 1
    act(s, "food -> a0")  # round 2: the Cooperation card fires again
    assert [a[FAT] for a in s.animals[0]] == [1, 1]


def test_fat_burning_triggers_no_cooperation():
    b = Builder()
    b.animal(0, "Fat Tissue", fat=1)
    b.animal(0)
    b.link(0, "Cooperation", 0, 1)
    b.animal(1)
    s = b.feeding(food=1)
    act(s, "fat a0 x1")
    assert foods(s, 0) == [1, 0]


def test_symbiont_eats_only_once_its_host_is_fed():
    b = Builder()
    b.animal(0)
    b.animal(0)
    b.link(0, "Symbiosis", 0, 1)  # a0 symbiont of host a1
    b.animal(1)
    s = b.feeding(food=5)
    assert "food -> a0" not in legal(s)
    act(s, "food -> a1")
    act(s, "food -> a0")  # seat 1
    assert "food -> a0" in legal(s)


def test_grazing_destroys_food_and_does_not_end_the_turn():
    b = Builder()
    b.animal(0, "Grazing")
    b.animal(1)
    s = b.feeding(food=5)
    act(s, "graze a0")
    assert s.food_bank == 4 and s.current_player == 0 and "graze a0" not in legal(s)
    act(s, "food -> a0")
    act(s, "food -> a0")  # seat 1
    assert "graze a0" in legal(s)  # next round


def grazer_and_sleeper(**options):
    b = Builder(**options)
    b.animal(0, "Grazing")
    b.animal(0, "Hibernation")
    b.animal(1)
    return b.feeding(food=5)


def test_free_actions_only_before_the_feeding_action_by_default():
    s = grazer_and_sleeper()
    act(s, "food -> a0")
    assert s.current_player == 1


def test_free_actions_may_follow_the_feeding_action_as_an_option():
    s = grazer_and_sleeper(free_actions_after_feeding=True)
    act(s, "food -> a0")
    assert s.phase == FREE_ACTIONS and s.current_player == 0
    assert legal(s) == {"graze a0", "hibernate a1", "pass"}  # no second feeding action
    act(s, "graze a0")
    assert legal(s) == {"hibernate a1", "pass"}
    act(s, "hibernate a1")  # nothing left to do: the turn passes by itself
    assert s.current_player == 1 and s.food_bank == 3


def test_a_carnivore_may_graze_after_its_attack_as_an_option():
    for option, still_to_move in ((False, 1), (True, 0)):
        b = Builder(free_actions_after_feeding=option)
        b.animal(0, "Carnivorous", "Grazing")
        b.animal(1)
        b.animal(1)
        s = b.feeding(food=3)
        act(s, "attack a0 -> p1.a0")
        assert s.current_player == still_to_move
        if option:
            assert legal(s) == {"graze a0", "pass"}


def test_piracy_as_a_feeding_action_may_be_followed_by_free_actions_as_an_option():
    b = Builder(piracy_is_feeding_action=True, free_actions_after_feeding=True)
    b.animal(0, "Piracy", "Grazing")
    b.animal(1, "Big", food=1)
    s = b.feeding(food=2)
    act(s, "piracy a0 -> p1.a0")
    assert legal(s) == {"graze a0", "pass"}
    act(s, "pass")
    assert s.current_player == 1


def test_piracy_steals_from_an_unfed_animal_once_per_turn():
    b = Builder()
    b.animal(0, "Piracy")
    b.animal(1, "Big", "Fat Tissue", food=1, fat=1)
    b.animal(1, food=1)  # fed: cannot be robbed
    s = b.feeding(food=0)
    assert {a for a in legal(s) if a.startswith("piracy")} == {"piracy a0 -> p1.a0"}
    act(s, "piracy a0 -> p1.a0")
    assert foods(s, 0) == [1] and foods(s, 1) == [0, 1]


def test_piracy_is_free_by_default_and_a_feeding_action_as_an_option():
    for option, still_to_move in ((False, 0), (True, 1)):
        b = Builder(piracy_is_feeding_action=option)
        b.animal(0, "Piracy", "Carnivorous")
        b.animal(1, "Big", food=1)
        s = b.feeding(food=2)
        act(s, "piracy a0 -> p1.a0")
        assert s.current_player == still_to_move


def test_hibernation_counts_as_fed():
    b = Builder()
    b.animal(0, "Hibernation")
    b.animal(1, food=1)
    s = b.feeding(food=0)
    act(s, "hibernate a0")
    assert s.turn == 2 and len(s.animals[0]) == 1
    assert s.animals[0][0][FLAGS] == HIBERNATED_LAST


def test_hibernation_not_two_turns_in_a_row():
    b = Builder()
    b.animal(0, "Hibernation", flags=HIBERNATED_LAST)
    b.animal(1)
    assert "hibernate a0" not in legal(b.feeding(food=1))


def test_hibernation_not_in_the_last_turn():
    b = Builder()
    b.animal(0, "Hibernation")
    b.animal(1)
    assert "hibernate a0" not in legal(b.feeding(food=1, last_turn=True))


def test_a_hibernating_animal_takes_no_food():
    b = Builder()
    b.animal(0, "Hibernation", flags=HIBERNATING)
    b.animal(0)
    assert "food -> a0" not in legal(b.feeding(food=1))


def test_the_phase_ends_after_a_round_in_which_nobody_acts():
    b = Builder()
    b.animal(0)
    b.animal(1)
    s = b.feeding(food=5)
    act(s, "pass")
    act(s, "pass")
    assert s.turn == 2 and s.animals == [[], []]  # both starved
