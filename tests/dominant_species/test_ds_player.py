"""The rule-based player: legal moves from its observation, and it beats random play."""
import ast

from engine import _compiled
from arena.game.match import play_game
from engine.dominant_species import GAME
from engine.dominant_species.board import SPACE_BY_NAME
from engine.dominant_species.observation import _INTS, _LISTS
from players.loading import make_player
from players.random_player import RandomPlayer
from players.rules.dominant_species import RuleBasedPlayer, evaluate


def test_rules_resolves_per_game_and_beats_random_at_two_players():
    assert isinstance(make_player("rules", game="dominant_species"), RuleBasedPlayer)
    result = play_game("dominant_species", [RuleBasedPlayer(1), RandomPlayer(2)], seed=7)
    assert not result.faults and result.ranks[0] == 1


def test_endangered_species_count_against_a_position():
    s = GAME.new_game(2, 1, {"deal_animals": False})
    before = evaluate(s.observation(0))
    s.elem = [-1] * len(s.elem)  # every species endangered
    assert evaluate(s.observation(0)) < before - 5


def test_domination_is_placed_where_a_tile_pays_us():
    s = GAME.new_game(2, 1, {"deal_animals": False})
    p = RuleBasedPlayer(0)
    p.start("dominant_species", s.current_player, 2, 0)
    action = p.act(s.observation(s.current_player))
    assert action in s.legal_actions()
    obs = s.observation(0)
    assert p._space_value(obs, SPACE_BY_NAME["domination.0"]) > p._space_value(obs, SPACE_BY_NAME["depletion.0"])


def test_the_player_reads_only_the_observations_views():
    """No packed field of an observation (``sp``, ``terrain``, ...) is read off one
    (``obs`` / ``view`` in the player), and no rule module beyond the static board
    tables is imported."""
    # the .py itself (the module may run compiled, without source: engine/_compiled.py)
    tree = ast.parse(_compiled.source_path("players.rules.dominant_species").read_text())
    packed = (set(_LISTS) | set(_INTS)) - {"num_players", "current_player"}
    read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id in ("obs", "view")}
    assert read and not read & packed
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "engine.dominant_species.board", "players.base"}
