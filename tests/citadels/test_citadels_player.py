"""The rule-based Citadels player: always legal, and clearly better than random."""
from engine.citadels import GAME
from players.random_player import RandomPlayer
from players.rules.citadels import RuleBasedPlayer


def _play(seed, players):
    n = len(players)
    s = GAME.new_game(n, seed)
    for seat, p in enumerate(players):
        p.start("citadels", seat, n, seed * 10 + seat)
    while not s.is_terminal():
        o = s.observation(s.current_player)
        action = players[s.current_player].act(o)
        assert action in o.legal_actions, f"illegal {action} in\n{o.render()}"
        s.apply(action)
    return s.ranking()


def test_the_rule_player_never_plays_an_illegal_action_and_beats_random():
    wins = 0
    for g in range(40):
        n = 2 + g % 2
        seat = (g // 2) % n  # seats rotated
        players = [RuleBasedPlayer(g) if i == seat else RandomPlayer(i) for i in range(n)]
        ranking = _play(500 + g, players)
        wins += ranking[seat] == 1
    assert wins >= 30  # >= 75% of 40 games


def test_the_rule_player_is_deterministic_for_a_seed():
    a = _play(3, [RuleBasedPlayer(1), RuleBasedPlayer(2)])
    b = _play(3, [RuleBasedPlayer(1), RuleBasedPlayer(2)])
    assert a == b


def test_rule_players_against_each_other_finish_three_player_games():
    for g in range(4):
        _play(g, [RuleBasedPlayer(i) for i in range(3)])
