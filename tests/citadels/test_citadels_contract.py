"""Citadels on the engine contract: registry, options, text form, records."""
import pytest

from engine.contract import IllegalActionError, OptionError
from engine.record import GameRecord
from engine.registry import get_game
from engine.rng import Rng


def test_the_registry_loads_citadels_with_its_options():
    spec = get_game("citadels")
    assert (spec.min_players, spec.max_players) == (2, 3)
    assert {o.name: o.default for o in spec.options} == {
        "two_roles_in_2p": False, "merchant_point_per_survivor": False, "rounds": 6}


def test_bad_options_and_player_counts_are_refused():
    spec = get_game("citadels")
    with pytest.raises(OptionError):
        spec.new_game(2, 1, {"no_such_option": True})
    with pytest.raises(OptionError):
        spec.new_game(4, 1)
    assert spec.new_game(2, 1, {"two_roles_in_2p": "yes"}).options.two_roles_in_2p is True


def test_unreadable_action_text_is_an_error():
    spec = get_game("citadels")
    for text in ("fly 1,2", "lay x,y r0", "attack 0,0 -> q1.1,0", ""):
        with pytest.raises(IllegalActionError):
            spec.action_from_text(text)


def test_a_game_record_replays_to_the_same_result():
    spec = get_game("citadels")
    s = spec.new_game(3, 42)
    rng = Rng(5)
    texts = []
    while not s.is_terminal():
        legal = s.legal_actions()
        action = legal[rng.below(len(legal))]
        texts.append(spec.action_to_text(action))
        s.apply(action)
    record = GameRecord.from_json(GameRecord("citadels", 3, 42, {}, texts).to_json())
    final = record.final_state()
    assert final.scores() == s.scores() and final.ranking() == s.ranking()


def test_the_game_is_over_after_the_last_round():
    spec = get_game("citadels")
    s = spec.new_game(2, 1, {"rounds": 1})
    rng = Rng(2)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert s.current_player == -1 and s.legal_actions() == []
    assert s.observation(0).is_terminal and s.observation(0).legal_actions == []
    with pytest.raises(IllegalActionError):
        s.apply(spec.action_from_text("end"))
