"""The configs that check the games' search defaults at a time budget (configs/defaults/, issue
31's bar in docs/tuning.md) and the experiments beside them (configs/experiments/): each loads
with every player built, and a check seats the defaults against the rule player only, in every
seat equally often, over 100 games or more."""
from pathlib import Path

import pytest

from arena.runs.config import load_config
from arena.runs.schedule import build_schedule
from engine.registry import get_game

CONFIGS = Path(__file__).resolve().parents[3] / "configs"
DEFAULTS = sorted((CONFIGS / "defaults").glob("*.yaml"))
EXPERIMENTS = sorted((CONFIGS / "experiments").glob("*.yaml"))
GAMES = ("origin", "citadels", "natural_selection", "random_mutations", "dominant_species")


def test_every_game_and_seat_count_beyond_two_has_a_check():
    expected = {f"{g}-{n}p-rules-0.2s" for g in GAMES for n in range(3, min(get_game(g).max_players, 4) + 1)}
    assert {path.stem for path in DEFAULTS} == expected


@pytest.mark.parametrize("path", DEFAULTS, ids=lambda p: p.stem)
def test_a_check_seats_the_defaults_at_0_2_s_against_rule_players_in_every_seat(path):
    cfg = load_config(path)
    subject, *others = cfg.players
    defaults = dict(get_game(cfg.game).search_defaults["ismcts"], seconds=0.2, iterations=None)
    assert subject.spec == "ismcts" and subject.params == defaults  # the game's own, at 0.2 s a move
    assert [p.spec for p in others] == ["rules"] * (cfg.seats - 1) and f"{cfg.seats}p" in path.stem
    schedule = build_schedule(cfg)
    seats = [game.players.index(subject.name) for game in schedule]
    assert len(schedule) >= 100 and all(seats.count(s) == len(schedule) // cfg.seats for s in range(cfg.seats))


@pytest.mark.parametrize("path", EXPERIMENTS, ids=lambda p: p.stem)
def test_an_experiment_loads_and_schedules_its_games(path):
    cfg = load_config(path)
    assert cfg.game in path.stem and f"{cfg.seats}p" in path.stem
    assert len(build_schedule(cfg)) > 0
