"""§4 Carnivorous: who may attack whom, the defences, Poisonous and Scavenger."""
import pytest

from engine.origin.animal import FAT, FLAGS, FOOD, POISONED
from engine.origin.board import DEFENCE, SCAVENGE
from tests.origin.builder import Builder, act, legal


def attacks(s):
    return {a for a in legal(s) if a.startswith("attack")}


def can_attack(attacker_traits, target_traits, target_food=0):
    b = Builder()
    b.animal(0, *attacker_traits)
    b.animal(1, *target_traits, food=target_food)
    return "attack a0 -> p1.a0" in legal(b.feeding(food=3))


def test_a_carnivore_attacks_own_and_other_animals_but_never_itself():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(0)
    b.animal(1)
    assert attacks(b.feeding(food=1)) == {"attack a0 -> p0.a1", "attack a0 -> p1.a0"}


def test_a_successful_attack_kills_the_prey_and_gives_two_food():
    b = Builder()
    b.animal(0, "Carnivorous", "Fat Tissue")
    b.animal(1)
    b.animal(1)  # (so that the turn goes on: seat 1 may still feed)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert len(s.animals[1]) == 1 and sum(s.discards[1]) == 1
    assert s.animals[0][0][FOOD] == 2 and s.animals[0][0][FAT] == 0


def test_big_only_by_a_big_carnivore():
    assert not can_attack(["Carnivorous"], ["Big"])
    assert can_attack(["Carnivorous", "Big"], ["Big"])


def test_swimming_only_by_swimmers_and_swimmers_only_on_swimmers():
    assert not can_attack(["Carnivorous"], ["Swimming"])
    assert not can_attack(["Carnivorous", "Swimming"], [])
    assert can_attack(["Carnivorous", "Swimming"], ["Swimming"])


def test_camouflage_only_by_sharp_vision():
    assert not can_attack(["Carnivorous"], ["Camouflage"])
    assert can_attack(["Carnivorous", "Sharp Vision"], ["Camouflage"])


def test_burrowing_safe_only_when_fed():
    assert can_attack(["Carnivorous"], ["Burrowing"], target_food=0)
    assert not can_attack(["Carnivorous"], ["Burrowing"], target_food=1)


def test_a_symbiont_is_safe_while_its_host_lives():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(1)
    b.animal(1)
    b.link(1, "Symbiosis", 0, 1)  # a0 symbiont, a1 host
    assert attacks(b.feeding(food=1)) == {"attack a0 -> p1.a1"}


def test_one_attack_per_carnivore_per_turn():
    b = Builder()
    b.animal(0, "Carnivorous", "Big")
    b.animal(1)
    b.animal(1)
    s = b.feeding(food=5)
    act(s, "attack a0 -> p1.a0")
    act(s, "food -> a0")  # seat 1 feeds
    assert attacks(s) == set()


def test_a_full_carnivore_cannot_attack():
    b = Builder()
    b.animal(0, "Carnivorous", food=2)
    b.animal(1)
    assert attacks(b.feeding(food=1)) == set()


def test_running_escape_uses_up_the_attack():
    b = Builder(running_escape_roll=1)  # always escapes
    b.animal(0, "Carnivorous")
    b.animal(1, "Running")
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert s.phase == DEFENCE and s.current_player == 1 and legal(s) == {"run", "accept"}
    act(s, "run")
    assert len(s.animals[1]) == 1 and s.animals[0][0][FOOD] == 0


def test_running_failure_then_the_attack_goes_through():
    b = Builder(running_escape_roll=7)  # never escapes
    b.animal(0, "Carnivorous")
    b.animal(1, "Running")
    b.animal(1)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    act(s, "run")
    assert len(s.animals[1]) == 1 and s.animals[0][0][FOOD] == 2


def test_mimicry_redirects_to_another_legal_target_of_the_owner():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(1, "Mimicry")
    b.animal(1)
    b.animal(1, "Swimming")  # not a legal target for this carnivore
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert legal(s) == {"mimic -> a1", "accept"}
    act(s, "mimic -> a1")
    assert len(s.animals[1]) == 2 and s.animals[1][0][FLAGS] & 16


def test_mimicry_compulsory_option():
    b = Builder(mimicry_compulsory=True)
    b.animal(0, "Carnivorous")
    b.animal(1, "Mimicry")
    b.animal(1)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert legal(s) == {"mimic -> a1"}


def two_mimics(**options):
    """Seat 1's a0 (Mimicry, Running that always fails) and a1 (Mimicry) are attacked."""
    b = Builder(running_escape_roll=7, **options)
    b.animal(0, "Carnivorous")
    b.animal(1, "Mimicry", "Running")
    b.animal(1, "Mimicry")
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    act(s, "run")  # fails
    act(s, "mimic -> a1")
    return s


def test_a_second_mimic_may_send_the_attack_back_to_the_first():
    """The reference: the new target is any other own animal but the attacker.  Back at
    a0, its Mimicry is spent and it has tried Running in this attack: it is eaten."""
    s = two_mimics()
    assert legal(s) == {"mimic -> a0", "accept"}
    act(s, "mimic -> a0")
    assert [len(a) for a in s.animals[1]] == [8] and s.animals[0][0][FOOD] == 2  # a1 (one trait) lives


def test_mimicry_never_to_an_animal_already_attacked_as_an_option():
    s = two_mimics(mimicry_excludes_attacked=True)
    assert s.phase != DEFENCE  # a1 has nowhere to send it: eaten at once
    assert [len(a) for a in s.animals[1]] == [9] and s.animals[0][0][FOOD] == 2  # a0 (two traits) lives


def test_tail_loss_drops_a_chosen_trait_and_feeds_one():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(1, "Tail Loss", "Fat Tissue", "Big@Big/Fat Tissue")
    b.animal(0, "Carnivorous", "Big")
    s = b.feeding(food=1)
    act(s, "attack a1 -> p1.a0")
    assert legal(s) == {"tail Tail Loss", "tail Fat Tissue", "tail Big", "accept"}
    act(s, "tail Big")
    assert len(s.animals[1]) == 1 and s.animals[1][0][4] == 1 and sum(s.discards[1]) == 1
    assert s.animals[0][1][FOOD] == 1


def test_defences_in_the_order_the_defender_likes():
    b = Builder(running_escape_roll=7)
    b.animal(0, "Carnivorous")
    b.animal(1, "Running", "Tail Loss")
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert legal(s) == {"run", "tail Running", "tail Tail Loss", "accept"}
    act(s, "run")  # fails
    assert legal(s) == {"tail Running", "tail Tail Loss", "accept"}
    act(s, "tail Running")
    assert len(s.animals[1]) == 1 and s.current_player == 1  # seat 1's feeding turn


def test_a_carnivore_that_eats_a_poisonous_animal_dies_at_extinction():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(1, "Poisonous")
    b.animal(1)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert s.animals[0][0][FLAGS] & POISONED and s.animals[0][0][FOOD] == 2
    act(s, "food -> a0")
    assert s.turn == 2 and s.animals[0] == []  # fed, but dead of poison


@pytest.mark.parametrize("attacker_scavenges", [True, False])
def test_scavenger_priority_starts_with_the_attacker(attacker_scavenges):
    b = Builder(players=3)
    b.animal(0, "Carnivorous")
    if attacker_scavenges:
        b.animal(0, "Scavenger")
    b.animal(1)
    b.animal(1)
    b.animal(2, "Scavenger")
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert (s.animals[0][-1][FOOD] == 1) == attacker_scavenges
    assert s.animals[2][0][FOOD] == (0 if attacker_scavenges else 1)


def test_the_owner_of_several_scavengers_chooses_one():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(1)
    b.animal(1, "Scavenger")
    b.animal(1, "Scavenger")
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert s.phase == SCAVENGE and s.current_player == 1
    assert legal(s) == {"scavenge a0", "scavenge a1"}
    act(s, "scavenge a1")
    assert [a[FOOD] for a in s.animals[1]] == [0, 1]


def test_tail_loss_may_drop_a_paired_card():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(1, "Tail Loss")
    b.animal(1)
    b.link(1, "Cooperation", 0, 1)
    s = b.feeding(food=1)
    act(s, "attack a0 -> p1.a0")
    assert legal(s) == {"tail Tail Loss", "tail Cooperation a1", "accept"}
    act(s, "tail Cooperation a1")
    assert s.links[1] == [] and sum(s.discards[1]) == 1
