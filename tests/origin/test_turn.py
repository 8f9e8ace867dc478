"""§2 setup, §3 phase 2 and 4, §5 end of game, scoring and the tie-break."""
import pytest

from engine.contract import TERMINAL
from engine.origin import GAME
from engine.origin.cards import FOOD_TABLE
from engine.origin.board import DEVELOPMENT, FEEDING
from tests.origin.builder import Builder, act


@pytest.mark.parametrize("players, deck", [(2, 84), (4, 84), (5, 168), (8, 168)])
def test_setup_deals_six_cards_each_and_doubles_the_deck_for_five_or_more(players, deck):
    s = GAME.new_game(players, seed=1)
    assert [sum(h) for h in s.hands] == [6] * players
    assert len(s.deck) + 6 * players == deck
    assert s.phase == DEVELOPMENT and s.current_player == s.first_player


def test_the_first_player_is_chosen_by_die():
    assert len({GAME.new_game(4, seed).first_player for seed in range(40)}) == 4


@pytest.mark.parametrize("players", range(2, 9))
def test_food_bank_follows_the_table(players):
    dice, added = FOOD_TABLE[players]
    seen = set()
    for seed in range(60):
        b = Builder(players=players, seed=seed)
        b.animal(0)
        s = b.development()
        act(s, "pass")
        for _ in range(players - 1):
            act(s, "pass")
        assert s.phase == FEEDING
        seen.add(s.food_bank)
    assert min(seen) >= dice + added and max(seen) <= 6 * dice + added
    assert len(seen) > 3


def test_extinction_discards_the_unfed_animal_with_its_traits_and_pairs():
    b = Builder()
    b.animal(0, "Swimming", food=1)
    b.animal(0, "Running")  # unfed
    b.link(0, "Cooperation", 0, 1)
    b.animal(1, "Parasite", food=3)  # parasite on seat 1's animal, fed
    s = b.feeding(food=0)
    s.apply(s.legal_actions()[-1])
    assert len(s.animals[0]) == 1 and s.links[0] == []
    assert sum(s.discards[0]) == 3  # Running animal, its trait, the Cooperation card
    assert len(s.animals[1]) == 1


def test_drawing_gives_surviving_animals_plus_one_from_the_first_player():
    b = Builder(players=3)
    b.animal(0, food=1)
    b.animal(0, food=1)
    b.animal(1, food=1)
    b.animal(2, food=1)
    s = b.feeding(food=0, first=1)
    s.apply(s.legal_actions()[-1])
    assert [sum(h) for h in s.hands] == [3, 2, 2]
    assert s.first_player == 2 and s.current_player == 2  # the first player passes left


def test_drawing_stops_when_the_deck_runs_out_first_player_first():
    b = Builder(players=2)
    b.animal(0, food=1)
    b.animal(1, food=1)
    s = b.feeding(food=0, first=1, deck=3)
    s.apply(s.legal_actions()[-1])
    assert [sum(h) for h in s.hands] == [1, 2] and s.last_turn


@pytest.mark.parametrize("option, hand, expected", [
    ("evoweb", 0, 6), ("evoweb", 1, 1 + 1), ("six", 1, 1 + 6)])
def test_drawing_for_a_player_without_animals(option, hand, expected):
    b = Builder(draw_without_animals=option)
    if hand:
        b.hand(0, "Swimming")
    b.animal(1, food=1)
    s = b.feeding(food=0)
    s.apply(s.legal_actions()[-1])
    assert sum(s.hands[0]) == expected


def test_the_game_ends_after_the_last_turn():
    b = Builder()
    b.animal(0, food=1)
    b.animal(1, food=1)
    s = b.feeding(food=0, last_turn=True)
    s.apply(s.legal_actions()[-1])
    assert s.current_player == TERMINAL and s.is_terminal() and s.legal_actions() == []


def test_scoring_two_per_animal_one_per_trait_plus_food_bonuses():
    b = Builder()
    b.animal(0, "Carnivorous", "Big", food=3)      # 2 + 2 traits + 2 bonus
    b.animal(0, "Swimming", food=1)                # 2 + 1
    b.link(0, "Symbiosis", 1, 0)                   # + 1
    b.animal(1, "Parasite", food=3)                # 2 + 1 + 2
    s = b.feeding(food=0, last_turn=True)
    assert s.scores() == [10, 5]
    s.apply(s.legal_actions()[-1])
    assert s.scores() == [10, 5] and s.ranking() == [1, 2]


def test_a_tie_goes_to_the_bigger_discard_pile():
    b = Builder()
    b.animal(0, food=1)
    b.animal(1, food=1)
    b.discard(1, 2)
    s = b.feeding(food=0, last_turn=True)
    s.apply(s.legal_actions()[-1])
    assert s.scores() == [2, 2] and s.rank_keys() == [(2, 0), (2, 2)] and s.ranking() == [2, 1]


def test_a_full_tie_shares_the_place():
    b = Builder()
    b.animal(0, food=1)
    b.animal(1, food=1)
    s = b.feeding(food=0, last_turn=True)
    s.apply(s.legal_actions()[-1])
    assert s.ranking() == [1, 1]


def test_state_and_observation_render_as_readable_text():
    b = Builder()
    b.animal(0, "Carnivorous", "Fat Tissue", food=1, fat=1)
    b.animal(0)
    b.animal(1, "Swimming")
    b.link(0, "Symbiosis", 1, 0)
    b.hand(0, "Mimicry")
    s = b.feeding(food=2)
    text = s.render()
    assert "Carnivorous, Fat Tissue; food 1/2 fat 1/1" in text and "Symbiosis a1 -> host a0" in text
    seen = s.observation(1).render()
    assert "a0 [?] Carnivorous" in seen and "p0: hand 1 card," in seen and "Mimicry" not in seen


def test_the_public_history_shows_an_animal_played_face_down():
    """§2: a card played as an animal lies face down; every seat sees that an animal was
    played, not which card it was, and observations carry that public history."""
    from engine.origin.actions import FACE_DOWN_ANIMAL, PlayAnimal

    s = GAME.new_game(2, seed=3)
    seat = s.current_player
    play = next(a for a in s.legal_actions() if type(a) is PlayAnimal)
    s.apply(play)
    for viewer in (0, 1):
        assert s.observation(viewer).history == ((seat, FACE_DOWN_ANIMAL),)
    assert str(FACE_DOWN_ANIMAL) == "animal (face down)"
