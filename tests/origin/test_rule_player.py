"""The rule-based Origin of Species player beats random play by a wide margin
and only ever returns legal actions."""
from engine.origin import GAME
from players.random_player import RandomPlayer
from players.rules.origin import RuleBasedPlayer


def play(seed, players):
    s = GAME.new_game(len(players), seed)
    for seat, p in enumerate(players):
        p.start("origin", seat, len(players), seed)
    while not s.is_terminal():
        seat = s.current_player
        obs = s.observation(seat)
        action = players[seat].act(obs)
        assert action in obs.legal_actions, f"illegal {action} from seat {seat}"
        s.apply(action)
    return s


def test_rule_player_beats_random_with_seats_swapped():
    wins = 0
    for seed in range(20):
        for rule_seat in (0, 1):
            players = [RandomPlayer(seed), RandomPlayer(seed)]
            players[rule_seat] = RuleBasedPlayer(seed)
            ranking = play(seed, players).ranking()
            wins += ranking[rule_seat] == 1 and ranking[1 - rule_seat] == 2
    assert wins >= 32  # >= 80% of 40 games


def test_rule_player_plays_legally_with_more_players():
    for seed in range(4):
        players = [RuleBasedPlayer(seed) for _ in range(3)] + [RandomPlayer(seed) for _ in range(2)]
        assert play(100 + seed, players).is_terminal()


def test_rule_player_is_deterministic_for_a_seed():
    a = play(7, [RuleBasedPlayer(1), RandomPlayer(2)]).snapshot()
    b = play(7, [RuleBasedPlayer(1), RandomPlayer(2)]).snapshot()
    assert a == b
