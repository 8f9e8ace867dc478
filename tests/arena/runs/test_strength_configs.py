"""The strength table's configs (configs/strength/): each loads with every player built."""
from pathlib import Path

import pytest

from arena.runs.config import load_config
from arena.runs.schedule import build_schedule
from engine.registry import get_game

ALL = sorted((Path(__file__).resolve().parents[3] / "configs" / "strength").glob("*.yaml"))
CONFIGS = [path for path in ALL if not path.stem.endswith("-rules")]  # the four players
AGAINST_RULES = [path for path in ALL if path.stem.endswith("-rules")]  # ISMCTS and two rule players


def test_every_game_has_a_config_at_two_and_three_players():
    names = {path.stem for path in CONFIGS}
    for game in ("origin", "citadels", "natural_selection", "random_mutations", "dominant_species"):
        assert {f"{game}-2p", f"{game}-3p"} <= names
        if get_game(game).max_players >= 4:
            assert f"{game}-4p" in names


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_a_strength_config_sets_ismcts_against_rules_pimc_and_random(path):
    cfg = load_config(path)
    assert [p.name for p in cfg.players] == ["ismcts", "rules", "pimc", "random"]
    assert cfg.elo_anchor == "random" and f"{cfg.seats}p" in path.stem and cfg.game in path.stem
    assert len(build_schedule(cfg)) > 0


def test_each_game_has_a_three_seat_config_of_ismcts_against_two_rule_players():
    games = ("origin", "citadels", "natural_selection", "random_mutations", "dominant_species")
    assert {path.stem for path in AGAINST_RULES} == {f"{g}-3p-rules" for g in games}


@pytest.mark.parametrize("path", AGAINST_RULES, ids=lambda p: p.stem)
def test_ismcts_sits_in_every_seat_equally_often_against_two_rule_players(path):
    cfg = load_config(path)
    assert [p.spec for p in cfg.players] == ["ismcts", "rules", "rules"] and cfg.seats == 3
    table = path.parent / f"{cfg.game}-3p.yaml"  # the budget of the four-player table, or of the example config
    twin = load_config(table).players[0] if table.exists() else next(
        p for p in load_config(path.parents[1] / f"{cfg.game}.yaml").players if p.name.startswith("ismcts"))
    assert cfg.players[0].params == twin.params
    schedule = build_schedule(cfg)
    seats = [game.players.index("ismcts") for game in schedule]
    assert len(schedule) >= 100 and all(seats.count(s) == len(schedule) // 3 for s in range(3))
