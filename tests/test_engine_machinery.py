"""The shared engine machinery: RNG, options, registry, records, the game loop.
(The contract every game keeps is checked in tests/contract/.)"""
import pytest

from arena.game.match import play_game, player_seed
from engine.contract import OptionError, places_from_keys
from engine.record import GameRecord
from engine.registry import UnknownGameError, get_game
from engine.rng import Rng
from players.random_player import RandomPlayer


def test_rng_is_a_pure_function_of_seed_and_counter():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    c = a.copy()
    assert a.next64() == c.next64()
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_dice_are_fair_enough():
    r = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def test_places_share_ties():
    assert places_from_keys([(1, 0), (1, 0), (0, 5)]) == [1, 1, 3]
    assert places_from_keys([(2, 1), (2, 3)]) == [2, 1]


def test_unknown_option_is_named():
    with pytest.raises(OptionError, match="no option 'nope'"):
        get_game("toy").new_game(2, 0, {"nope": 1})


def test_option_values_are_parsed_and_checked():
    assert get_game("toy").resolve_options({"unused": "yes"}) == {"unused": True}
    with pytest.raises(OptionError, match="unused"):
        get_game("toy").resolve_options({"unused": "maybe"})


def test_player_count_is_checked():
    with pytest.raises(OptionError, match="2-4 players"):
        get_game("toy").new_game(5, 0)


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGameError, match="no game named 'chess'"):
        get_game("chess")


def test_record_replays_exactly():
    result = play_game("toy", [RandomPlayer(1), RandomPlayer(2)], seed=9)
    record = GameRecord.from_json(GameRecord("toy", 2, 9, {}, result.actions).to_json())
    final = record.final_state()
    assert final.scores() == result.scores
    assert final.ranking() == result.ranks


def test_same_seed_same_game():
    runs = [play_game("toy", [RandomPlayer(1), RandomPlayer(2)], seed=4).actions for _ in range(2)]
    assert runs[0] == runs[1]
    assert player_seed(4, 0) != player_seed(4, 1)


class _Raiser(RandomPlayer):
    def act(self, observation):
        raise RuntimeError("boom")


class _Cheater(RandomPlayer):
    def act(self, observation):
        return 99


def test_a_raising_player_loses_with_the_reason():
    result = play_game("toy", [_Raiser(), RandomPlayer(2)], seed=1)
    assert result.ranks == [2, 1]
    assert result.faults[0].kind == "exception" and "boom" in result.faults[0].detail


def test_an_illegal_action_loses():
    result = play_game("toy", [RandomPlayer(2), _Cheater()], seed=1)
    assert result.ranks == [1, 2]
    assert result.faults[0].kind == "illegal"


def test_rng_draws_are_splitmix64_of_seed_and_counter():
    from engine.rng import _GOLDEN, _MASK, mix64

    r = Rng(11)
    seed = r.seed
    assert [r.next64() for _ in range(3)] == [mix64(seed ^ ((c * _GOLDEN) & _MASK)) for c in (1, 2, 3)]
