"""``arena match``: a two-player tournament played until the SPRT decides (arena/runs/head_to_head.py, arena/ratings/sprt.py)."""
import math

import pytest
from typer.testing import CliRunner

from arena.cli import app
from arena.runs.config import PlayerEntry
from arena.runs.head_to_head import match_config, player_name, run_match
from arena.ratings.sprt import SCORES, Sprt, SprtError, closest_with_mean, expected_score, pentanomial


def quiet(*_):
    pass


def test_wald_bounds_and_the_logistic_score():
    test = Sprt(elo0=0, elo1=10, alpha=0.05, beta=0.05)
    assert test.upper == pytest.approx(math.log(0.95 / 0.05)) and test.lower == pytest.approx(-test.upper)
    assert expected_score(0) == 0.5 and expected_score(400) == pytest.approx(10 / 11)


def test_the_closest_distribution_has_the_hypothesis_mean_and_is_the_data_when_it_already_has_it():
    observed = [0.1, 0.2, 0.4, 0.2, 0.1]
    assert closest_with_mean(observed, 0.5) == pytest.approx(observed)
    moved = closest_with_mean(observed, 0.6)
    assert sum(moved) == pytest.approx(1) and sum(p * a for p, a in zip(moved, SCORES)) == pytest.approx(0.6)
    # with the data's own mean under H0 the LLR is the log-likelihood of H1's fit against the data's
    counts = [1, 2, 4, 2, 1]
    p1 = closest_with_mean(observed, expected_score(100))
    expected = sum(n * math.log(b / a) for n, a, b in zip(counts, observed, p1))
    assert Sprt(0, 100).llr(counts) == pytest.approx(expected) and expected < 0


def test_pairs_are_counted_by_the_first_players_points_over_both_seats():
    def game(seating, ranks, deal):
        return {"players": seating, "ranks": ranks, "deal": deal}
    records = [game(["a", "b"], [1, 2], 0), game(["b", "a"], [2, 1], 0),  # 2 points
               game(["a", "b"], [1, 1], 1), game(["b", "a"], [1, 2], 1),  # ½
               game(["a", "b"], [2, 1], 2)]  # an unfinished pair is not counted
    assert pentanomial(records, "a") == [0, 1, 0, 0, 1]


def test_settings_that_make_no_test_are_refused():
    with pytest.raises(SprtError, match="elo0"):
        Sprt(elo0=10, elo1=0)
    with pytest.raises(SprtError, match="gamma"):
        Sprt.parse({"gamma": "1"})
    with pytest.raises(SprtError, match="'ten'"):
        Sprt.parse({"elo1": "ten"})


def test_names_come_from_the_specs_and_stay_distinct():
    assert player_name("bots/my_bot.py:MyBot") == "MyBot"
    assert player_name("random", taken="random") == "random-2"


def match(tmp_path, a, b, **params):
    cfg = match_config(PlayerEntry(player_name(a), a, params), PlayerEntry(player_name(b, player_name(a)), b, {}),
                       "origin", seed=3, output=str(tmp_path), workers=0)
    folder = tmp_path / cfg.name  # a fixed secret: the same deals and player seeds on every run of the test
    if not folder.exists():
        folder.mkdir(mode=0o700)
        (folder / ".secret").write_text("5e" * 32 + "\n")
        (folder / ".secret").chmod(0o600)
    return cfg


def test_sprt_stops_early_and_accepts_h1_for_ismcts_against_random(tmp_path):
    lines = []
    cfg = match(tmp_path, "ismcts", "random", iterations=10)
    outcome = run_match(cfg, deals=40, sprt=Sprt(elo0=0, elo1=200), echo=lines.append, report=False)
    assert outcome.status.state == "H1 accepted"
    assert outcome.status.deals < 20
    assert outcome.status.elo > 200 and outcome.status.los > 0.99
    assert all("LLR" in line for line in lines) and lines[-1].endswith("H1 accepted")
    assert (tmp_path / cfg.name / "games.jsonl").is_file()


def test_sprt_does_not_accept_h1_for_two_identical_players(tmp_path):
    cfg = match(tmp_path, "random", "random")
    outcome = run_match(cfg, deals=60, sprt=Sprt(elo0=0, elo1=200), echo=quiet, report=False)
    assert outcome.status.state != "H1 accepted"
    assert outcome.status.state == "H0 accepted" or outcome.status.deals == 60


def test_a_fixed_match_plays_its_deals_and_resumes(tmp_path):
    cfg = match(tmp_path, "random", "rules")
    assert run_match(cfg, deals=6, echo=quiet, report=False).status.games == 12
    lines = []
    again = run_match(match(tmp_path, "random", "rules"), deals=8, echo=lines.append, report=False)
    assert again.status.games == 16 and len(lines) == 1  # the 6 deals played are kept


def test_match_command_prints_the_sprt_state(tmp_path):
    result = CliRunner().invoke(app, ["match", "rules", "random", "--game", "origin", "--workers", "0",
                                      "--output", str(tmp_path), "--sprt", "elo0=0", "elo1=300", "--deals", "30"])
    assert result.exit_code == 0, result.output
    assert "H1 accepted" in result.output and "LOS" in result.output


def test_match_command_needs_sprt_for_sprt_settings(tmp_path):
    result = CliRunner().invoke(app, ["match", "rules", "random", "--game", "origin", "elo1=5"])
    assert result.exit_code == 2 and "need --sprt" in result.output
