"""Option ``trait_slots_14_16`` (§3.2 [R]): Poisonous, Tail Loss, Mimicry and Piracy (base-game
texts read at species level) in place of Camouflage, Sharp Vision and Burrowing."""
from engine.random_mutations import GAME
from engine.random_mutations.actions import ATTACK, MIMIC, PASS, PIRATE, TAIL, VICTIM
from engine.random_mutations.cards import (BIG, BURROWING, CAMOUFLAGE, MIMICRY, PIRACY, POISONOUS, SHARP_VISION,
                                           TAIL_LOSS)
from engine.random_mutations.extinction import start_extinction
from engine.random_mutations.phases import VICTIM as VICTIM_PHASE
from rm_builder import Builder

ALT = "poisonous_tail_loss_mimicry"


def animal(s, seat, si, a=0):
    return s.rows[seat][si][4][a * 5:a * 5 + 5]


def test_the_alternative_slots_take_the_placeholder_copies():
    box = GAME.new_game(2, 0, {"trait_slots_14_16": ALT}).opts.box
    assert box[POISONOUS] == box[TAIL_LOSS] == box[MIMICRY] == 6 and sum(box) == 90
    assert box[CAMOUFLAGE] == box[SHARP_VISION] == box[BURROWING] == 0
    box = GAME.new_game(2, 0, {"trait_slots_14_16": "poisonous_tail_loss_piracy"}).opts.box
    assert box[PIRACY] == 6 and box[MIMICRY] == 0


def test_poisonous_the_predator_that_eats_it_dies_at_extinction():
    b = Builder(trait_slots_14_16=ALT)
    b.species(0, "carnivore")
    b.species(0, tokens=[(1, 0, 0, 0, 0)])
    b.species(1, "poisonous", animals=2)
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert animal(s, 0, 0) == [0, 2, 0, 0, 1 | 4]  # fed, but poisoned
    start_extinction(s)
    assert len(s.rows[0]) == 1 and s.rows[0][0][2] == ()


def test_tail_loss_the_owner_drops_a_trait_card_and_the_predator_gets_one_token():
    b2 = Builder(trait_slots_14_16=ALT, big_protection=False)
    b2.species(0, "carnivore")
    b2.species(1, "tail_loss", "big")
    s = b2.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert s.phase == VICTIM_PHASE and s.legal_actions() == [(VICTIM, 0), (TAIL, TAIL_LOSS), (TAIL, BIG)]
    s.apply((TAIL, BIG))
    assert s.rows[1][0][2] == (TAIL_LOSS,) and len(s.rows[1][0][4]) == 5 and s.discards[1] == 1
    assert animal(s, 0, 0)[1] == 1
    GAME.invariants(s)


def test_mimicry_redirects_the_attack_to_another_species_of_the_owner_once():
    b = Builder(trait_slots_14_16=ALT)
    b.species(0, "carnivore")
    b.species(1, "mimicry")
    b.species(1, "big")      # a plain Carnivore may not attack Big: no redirect there
    b.species(1, "mimicry")
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, -1))
    assert s.current_player == 1 and s.legal_actions() == [(VICTIM, 0), (MIMIC, 2)]
    s.apply((MIMIC, 2))
    # the second Mimicry species cannot send it on again: its only animal is eaten
    assert len(s.rows[1]) == 2 and s.rows[1][1][2] == (BIG,) and animal(s, 0, 0)[1] == 2
    GAME.invariants(s)


def test_developmental_defects_can_name_tail_loss_or_poisonous():
    b = Builder(trait_slots_14_16=ALT)
    b.species(0, "carnivore")
    b.species(1, "defects", "tail_loss", "poisonous")
    s = b.feeding(red=9)
    ignores = sorted(a[5] for a in s.legal_actions() if a[0] == ATTACK)
    assert ignores == sorted([-1, TAIL_LOSS, POISONOUS])
    s.apply((ATTACK, 0, 0, 1, 0, POISONOUS))  # Tail Loss still offered: the owner keeps his animal
    s.apply((TAIL, POISONOUS))
    assert animal(s, 0, 0) == [0, 1, 0, 0, 1]
    b = Builder(trait_slots_14_16=ALT)
    b.species(0, "carnivore")
    b.species(1, "defects", "poisonous", animals=2)
    s = b.feeding(red=9)
    s.apply((ATTACK, 0, 0, 1, 0, POISONOUS))
    assert animal(s, 0, 0) == [0, 2, 0, 0, 1]  # ate it, not poisoned


def test_piracy_takes_a_food_token_from_an_animal_that_is_not_fed():
    b = Builder(trait_slots_14_16="poisonous_tail_loss_piracy")
    b.species(0, "piracy")
    b.species(1, "big", tokens=[(1, 0, 0, 0, 0)])
    b.species(1, tokens=[(1, 0, 0, 0, 0)])  # fed: safe from pirates
    s = b.feeding(red=9)
    pirates = [a for a in s.legal_actions() if a[0] == PIRATE]
    assert pirates == [(PIRATE, 0, 0, 1, 0, 0)]
    s.apply(pirates[0])
    assert animal(s, 0, 0) == [1, 0, 0, 0, 8] and animal(s, 1, 0)[0] == 0
    s.apply((PASS,))
    assert not any(a[0] == PIRATE for a in s.legal_actions())  # fed now, and once per turn
    GAME.invariants(s)
