"""The options and data that carry the reconstructions (§3.4, §4, §6)."""
import pytest
from typer.testing import CliRunner

from arena.cli import app
from engine.contract import OptionError
from engine.random_mutations import GAME
from engine.random_mutations.cards import (BOX_CARDS, CLIMATE_SUPPLY_MAX, PLACEHOLDER_DECK, TRAIT_SLUGS,
                                           parse_composition)
from engine.registry import get_game


def test_the_placeholder_deck_holds_90_cards_of_16_traits():
    assert sum(n for _, n in PLACEHOLDER_DECK) == BOX_CARDS == 90
    assert len(PLACEHOLDER_DECK) == 16


def test_a_custom_deck_composition_must_sum_to_90():
    assert sum(parse_composition("carnivore=45,big=45")) == 90
    with pytest.raises(OptionError, match="sum to 89"):
        GAME.new_game(2, 0, {"deck_composition": "carnivore=45,big=44"})
    with pytest.raises(OptionError, match="cannot read 'wings=90'"):
        GAME.new_game(2, 0, {"deck_composition": "wings=90"})


def test_a_custom_deck_is_the_only_deck_dealt():
    s = GAME.new_game(2, 3, {"deck_composition": "carnivore=90"})
    assert set(s.deck) == {0} and all(set(d) == {0} for d in s.pdecks)


def test_five_to_eight_players_use_two_boxes():
    s = GAME.new_game(5, 0)
    assert len(s.deck) + sum(map(len, s.pdecks)) + sum(s.buried) == 180
    assert len(s.deck) == 180 - 50


def test_option_player_count_max_four_refuses_five():
    with pytest.raises(OptionError, match="player_count_max"):
        GAME.new_game(5, 0, {"player_count_max": 4})


def test_climate_table_maxima_equal_one_box_at_four_players():
    dice, red_add, green, black, black_add = CLIMATE_SUPPLY_MAX[4]
    assert (6 * dice + red_add, 6 * green, 6 * black + black_add) == (22, 6, 10)


def test_option_extra_exclusions_is_checked():
    with pytest.raises(OptionError, match="extra_exclusions"):
        GAME.new_game(2, 0, {"extra_exclusions": "big-swimming"})


def test_option_first_player_seat0_and_die():
    assert GAME.new_game(3, 11, {"first_player": "seat0"}).first == 0
    assert {GAME.new_game(3, seed).first for seed in range(30)} == {0, 1, 2}


def test_every_reconstruction_is_an_option_marked_as_such():
    names = {o.name for o in GAME.options if o.reconstruction}
    assert {"climate_formula", "deck_composition", "budding", "extremophile", "simplification",
            "developmental_defects", "parasite_scope", "restart", "trait_overflow"} <= names
    assert not next(o for o in GAME.options if o.name == "divergence").reconstruction  # sourced
    assert get_game("random_mutations") is GAME


def test_arena_games_lists_the_options_and_marks_reconstructions():
    out = CliRunner().invoke(app, ["games"]).output
    assert "random_mutations: Evolution: Random Mutations (2-8 players)" in out
    assert "--option climate_formula=supply_max one of ['supply_max', 'base_like'] [reconstruction]" in out
    assert "--option divergence=False\n" in out
    for slug in TRAIT_SLUGS:
        assert slug in out
