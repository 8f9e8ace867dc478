"""The rule-based Random Mutations player: always legal under every option set, better
than random, deterministic."""
import pytest

from engine.random_mutations import GAME
from engine.random_mutations.observation import VIEWS
from engine.registry import get_game
from players.loading import make_player
from players.random_player import RandomPlayer
from players.rules.random_mutations import RuleBasedPlayer
from test_rm_properties import OPTION_SETS


class ViewsOnly:
    """An observation that answers only its named views (``observation.VIEWS``)."""

    def __init__(self, observation):
        self._observation = observation

    def __getattr__(self, name):
        if name not in VIEWS:
            raise AttributeError(f"{name!r} is not one of the observation's named views")
        return getattr(self._observation, name)


def _play(seed, players, options=None, views_only=False):
    n = len(players)
    s = GAME.new_game(n, seed, options)
    for seat, p in enumerate(players):
        p.start("random_mutations", seat, n, seed * 10 + seat)
    while not s.is_terminal():
        o = s.observation(s.current_player)
        action = players[s.current_player].act(ViewsOnly(o) if views_only else o)
        assert action in o.legal_actions, f"illegal {action} in\n{o.render()}"
        s.apply(action)
    return s.ranking()


def test_the_rule_player_never_plays_an_illegal_action_and_beats_random():
    wins = 0
    for g in range(30):
        n = 2 + g % 3
        seat = (g // 3) % n
        players = [RuleBasedPlayer(g) if i == seat else RandomPlayer(i) for i in range(n)]
        wins += _play(700 + g, players)[seat] == 1
    assert wins >= 25  # measured ~95% over 600 games (README)


def test_rule_players_finish_games_under_every_option_set_and_player_count():
    for g, options in enumerate(OPTION_SETS):
        for n in (2, 4, 6):
            _play(g, [RuleBasedPlayer(i) for i in range(n)], options)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{len(o)} options")
def test_the_rule_player_reads_the_observation_only_through_its_named_views(options):
    for seed in range(6):  # these games include victim choices (the ``attack`` view)
        _play(seed, [RuleBasedPlayer(i) for i in range(3)], options, views_only=True)
    with pytest.raises(AttributeError, match="named views"):
        ViewsOnly(GAME.new_game(2, 1).observation(0)).rows


def test_the_rule_player_is_deterministic_for_a_seed():
    assert _play(3, [RuleBasedPlayer(1), RuleBasedPlayer(2)]) == _play(3, [RuleBasedPlayer(1), RuleBasedPlayer(2)])


def test_the_rules_spec_resolves_to_this_player():
    assert get_game("random_mutations") is GAME
    assert isinstance(make_player("rules", game="random_mutations"), RuleBasedPlayer)
