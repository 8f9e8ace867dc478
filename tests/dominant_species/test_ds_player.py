"""The rule-based player: legal moves from its observation, and it beats random play."""
from arena.match import play_game
from engine.dominant_species import GAME
from engine.dominant_species.board import SPACE_BY_NAME
from players.loading import make_player
from players.random_player import RandomPlayer
from players.rules.dominant_species import RuleBasedPlayer, evaluate


def test_rules_resolves_per_game_and_beats_random_at_two_players():
    assert isinstance(make_player("rules", game="dominant_species"), RuleBasedPlayer)
    result = play_game("dominant_species", [RuleBasedPlayer(1), RandomPlayer(2)], seed=7)
    assert not result.faults and result.ranks[0] == 1


def test_endangered_species_count_against_a_position():
    s = GAME.new_game(2, 1, {"deal_animals": False})
    before = evaluate(s, 0)
    s.elem = [-1] * len(s.elem)  # every species endangered
    assert evaluate(s, 0) < before - 5


def test_domination_is_placed_where_a_tile_pays_us():
    s = GAME.new_game(2, 1, {"deal_animals": False})
    p = RuleBasedPlayer(0)
    p.start("dominant_species", s.current_player, 2, 0)
    action = p.act(s.observation(s.current_player))
    assert action in s.legal_actions()
    assert p._space_value(s, 0, SPACE_BY_NAME["domination.0"]) > p._space_value(s, 0, SPACE_BY_NAME["depletion.0"])
