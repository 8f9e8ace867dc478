"""OpenSpiel's ISMCTS and MCTS as players of ours (the openspiel-ismcts and
openspiel-mcts specs).  Needs the `openspiel` extra, which CI installs."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra (pip install -e '.[openspiel]')")

from arena.runs.config import config_from_dict  # noqa: E402
from arena.game.match import play_game  # noqa: E402
from arena.interop.openspiel import OpenSpielISMCTSPlayer, OpenSpielMCTSPlayer  # noqa: E402
from arena.store.results import ResultsStore  # noqa: E402
from arena.runs.tournament import run_tournament  # noqa: E402
from players.loading import PlayerSpecError, make_player  # noqa: E402
from players.random_player import RandomPlayer  # noqa: E402

FAST = {"max_simulations": 10, "evaluator": "engine_rollout"}
PLAYERS_DIR = Path(__file__).resolve().parents[2] / "players"


def test_the_specs_resolve_to_openspiels_players():
    assert isinstance(make_player("openspiel-ismcts", {"max_simulations": 5}, "origin"), OpenSpielISMCTSPlayer)
    assert isinstance(make_player("openspiel-mcts", None, "origin"), OpenSpielMCTSPlayer)
    with pytest.raises(PlayerSpecError, match="evaluator must be one of"):
        make_player("openspiel-ismcts", {"evaluator": "psychic"}, "origin")


@pytest.mark.parametrize("spec", ["openspiel-ismcts", "openspiel-mcts"])
@pytest.mark.parametrize("name", ["origin", "citadels", "natural_selection", "random_mutations"])
def test_a_game_against_random_has_no_fault_and_replays_the_same_for_its_seed(spec, name):
    def play():
        return play_game(name, [make_player(spec, FAST, name), RandomPlayer(seed=1)], 4)
    first = play()
    assert first.faults == []
    assert play().actions == first.actions  # the seeded resampler: no clock anywhere


def test_a_time_budget_stops_the_search_before_max_simulations():
    """``seconds``: OpenSpiel's ISMCTS stops at the deadline (a search of a million simulations
    would not end within the test), after at least one; without it, max_simulations run."""
    from engine.registry import get_game

    state = get_game("origin").new_game(2, 4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    timed = OpenSpielISMCTSPlayer(max_simulations=10**6, seconds=0.05, evaluator="engine_rollout")
    timed.start("origin", seat, 2, 4)
    assert timed.act(state.observation(seat)) in state.legal_actions()
    assert 1 <= timed.last_iterations < 10**6
    counted = OpenSpielISMCTSPlayer(max_simulations=7, evaluator="engine_rollout")
    counted.start("origin", seat, 2, 4)
    counted.act(state.observation(seat))
    assert counted.last_iterations == 7
    for bad in (0, -1.0, True, "1"):
        with pytest.raises(PlayerSpecError, match="seconds must be a positive number"):
            make_player("openspiel-ismcts", {"seconds": bad}, "origin")


def test_stock_random_rollouts_through_pyspiel_play_too():
    result = play_game("citadels", [OpenSpielISMCTSPlayer(max_simulations=3), RandomPlayer()], 2,
                       options={"rounds": 1})
    assert result.faults == []


def test_openspiel_ismcts_finishes_a_tournament_game_through_the_runner(tmp_path):
    cfg = config_from_dict({
        "name": "os", "game": "origin", "seats": 2, "games_per_pairing": 1, "output": str(tmp_path),
        "players": [{"name": "os-ismcts", "class": "openspiel-ismcts", "params": FAST},
                    {"name": "random", "class": "random"}]}, "test")
    outcome = run_tournament(cfg, echo=lambda *_: None)
    games = ResultsStore(tmp_path / "os").load_games()
    assert len(games) == outcome.scheduled == 2
    assert all(g["faults"] == [] for g in games)
    assert outcome.board["faults"] == []


def test_nothing_in_players_imports_arena():
    for path in PLAYERS_DIR.rglob("*.py"):
        for node in ast.parse(path.read_text()).body:  # module level: what runs at import time
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n == "arena" or n.startswith("arena.") for n in names), path
    script = ("import pkgutil, importlib, sys, players; "
              "[importlib.import_module(m.name) for m in pkgutil.walk_packages(players.__path__, 'players.')]; "
              "print(sorted(m for m in sys.modules if m == 'arena' or m.startswith('arena.')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
