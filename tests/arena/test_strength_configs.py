"""The strength table's configs (configs/strength/): each loads with every player built."""
from pathlib import Path

import pytest

from arena.config import load_config
from arena.schedule import build_schedule
from engine.registry import get_game

CONFIGS = sorted((Path(__file__).resolve().parents[2] / "configs" / "strength").glob("*.yaml"))


def test_every_game_has_a_config_at_two_and_three_players():
    names = {path.stem for path in CONFIGS}
    for game in ("origin", "citadels", "natural_selection"):
        assert {f"{game}-2p", f"{game}-3p"} <= names
        if get_game(game).max_players >= 4:
            assert f"{game}-4p" in names


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_a_strength_config_sets_ismcts_against_rules_pimc_and_random(path):
    cfg = load_config(path)
    assert [p.name for p in cfg.players] == ["ismcts", "rules", "pimc", "random"]
    assert cfg.elo_anchor == "random" and f"{cfg.seats}p" in path.stem and cfg.game in path.stem
    assert len(build_schedule(cfg)) > 0
