"""The rule-based player: always legal, and clearly better than random."""
from engine.natural_selection import GAME
from players.random_player import RandomPlayer
from players.rules.natural_selection import RuleBasedPlayer


def play(seed, classes):
    n = len(classes)
    s = GAME.new_game(n, seed)
    players = [cls(seed=seat) for seat, cls in enumerate(classes)]
    for seat, p in enumerate(players):
        p.start("natural_selection", seat, n, seed * 10 + seat)
    while not s.is_terminal():
        obs = s.observation(s.current_player)
        move = players[s.current_player].act(obs)
        assert move in obs.legal_actions, (move, obs.render())
        s.apply(move)
    return s.ranking()


def test_rule_based_player_only_plays_legal_actions():
    for game in range(15):
        n = 2 + game % 5
        classes = [RuleBasedPlayer if seat % 2 == 0 else RandomPlayer for seat in range(n)]
        play(game, classes)
        play(game, [RuleBasedPlayer] * n)


def test_rule_based_player_beats_random():
    wins = 0
    for game in range(40):
        seat = game % 2  # the same deal with seats swapped
        classes = [RandomPlayer, RandomPlayer]
        classes[seat] = RuleBasedPlayer
        wins += play(1000 + game // 2, classes)[seat] == 1
    assert wins >= 30, wins
