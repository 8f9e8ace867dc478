"""§3 phase 1, development: what may be played where."""
from engine.origin.board import FEEDING
from tests.origin.builder import Builder, act, legal


def test_a_card_can_be_played_as_an_animal_or_either_trait_of_a_dual_card():
    b = Builder()
    b.animal(0)
    b.hand(0, "Hibernation/Carnivorous")
    s = b.development()
    assert legal(s) == {"animal Hibernation/Carnivorous", "pass",
                        "trait Hibernation (Hibernation/Carnivorous) -> p0.a0",
                        "trait Carnivorous (Hibernation/Carnivorous) -> p0.a0"}
    act(s, "trait Carnivorous (Hibernation/Carnivorous) -> p0.a0")
    assert s.animals[0][0][4] == 2  # Carnivorous: +1 food


def test_an_animal_may_not_hold_the_same_trait_twice():
    b = Builder()
    b.animal(0, "Swimming")
    b.hand(0, "Swimming")
    assert "trait Swimming (Swimming) -> p0.a0" not in legal(b.development())


def test_fat_tissue_may_be_stacked():
    b = Builder()
    b.animal(0, "Fat Tissue")
    b.hand(0, "Burrowing/Fat Tissue")
    s = b.development()
    act(s, "trait Fat Tissue (Burrowing/Fat Tissue) -> p0.a0")
    assert s.animals[0][0][3] == 2  # two fat slots


def test_carnivorous_and_scavenger_never_share_an_animal():
    b = Builder()
    b.animal(0, "Carnivorous")
    b.animal(0, "Scavenger")
    b.hand(0, "Scavenger", "Big/Carnivorous")
    s = b.development()
    assert "trait Scavenger (Scavenger) -> p0.a0" not in legal(s)
    assert "trait Carnivorous (Big/Carnivorous) -> p0.a1" not in legal(s)


def test_parasite_only_on_an_opponents_animal():
    b = Builder()
    b.animal(0)
    b.animal(1)
    b.hand(0, "Parasite/Fat Tissue")
    s = b.development()
    assert "trait Parasite (Parasite/Fat Tissue) -> p0.a0" not in legal(s)
    act(s, "trait Parasite (Parasite/Fat Tissue) -> p1.a0")
    assert s.animals[1][0][4] == 3  # Parasite: +2 food for the victim


def test_other_traits_only_on_own_animals():
    b = Builder()
    b.animal(1)
    b.hand(0, "Swimming")
    assert legal(b.development()) == {"animal Swimming", "pass"}


def test_paired_traits_join_two_different_own_animals_once_per_type():
    b = Builder()
    b.animal(0)
    b.animal(0)
    b.animal(1)
    b.link(0, "Cooperation", 0, 1)
    b.hand(0, "Cooperation/Carnivorous", "Communication/Carnivorous")
    s = b.development()
    pairs = {a for a in legal(s) if a.startswith("pair")}
    assert pairs == {"pair Communication (Communication/Carnivorous) a0 + a1"}


def test_symbiosis_is_directional():
    b = Builder()
    b.animal(0)
    b.animal(0)
    b.hand(0, "Symbiosis")
    s = b.development()
    pairs = {a for a in legal(s) if a.startswith("pair")}
    assert pairs == {"pair Symbiosis (Symbiosis) a0 on host a1", "pair Symbiosis (Symbiosis) a1 on host a0"}


def test_a_player_who_passes_plays_no_more_this_phase():
    b = Builder()
    b.hand(0, "Swimming", "Swimming")
    b.hand(1, "Running", "Running", "Running")
    s = b.development()
    act(s, "pass")
    act(s, "animal Running")
    assert s.current_player == 1
    act(s, "animal Running")
    assert s.current_player == 1
    act(s, "pass")
    assert s.phase == FEEDING


def test_an_empty_hand_passes_by_itself():
    b = Builder()
    b.hand(0, "Swimming")
    b.hand(1, "Running", "Running")
    s = b.development()
    act(s, "animal Swimming")
    act(s, "animal Running")
    assert s.current_player == 1
