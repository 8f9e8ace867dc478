"""Ratings and the leaderboard's statistics."""
import random

import pytest

from arena.ratings.rate import estimate_draw_probability, rate_games
from arena.ratings.stats import wilson_interval
from arena.runs.tournament import submit_player
from conftest import player, toy_config
from helpers import run, share_secret


def game(players, ranks, scores=None):
    return {"players": players, "ranks": ranks, "scores": scores or [0] * len(players), "faults": []}


def test_the_winner_of_every_game_is_rated_first():
    ratings = rate_games([game(["a", "b", "c"], [1, 2, 3])] * 10, ["a", "b", "c"])
    mus = {n: s.mu for n, s in ratings.players.items()}
    assert mus["a"] > mus["b"] > mus["c"]
    assert ratings.players["a"].wins == 10 and ratings.players["b"].wins == 0


def test_a_shared_first_place_splits_the_win_and_counts_as_a_draw():
    ratings = rate_games([game(["a", "b"], [1, 1])], ["a", "b"])
    assert ratings.players["a"].wins == ratings.players["b"].wins == 0.5
    assert ratings.players["a"].mu == pytest.approx(ratings.players["b"].mu)
    assert ratings.head_to_head[("a", "b")] == [0.5, 1]


def test_draw_probability_follows_the_games():
    assert estimate_draw_probability([game(["a", "b"], [1, 2])]) == 0.001
    assert estimate_draw_probability([game(["a", "b"], [1, 1]), game(["a", "b"], [1, 2])]) == 0.5


def test_games_without_a_result_are_not_rated():
    failed = {"players": ["a", "b"], "ranks": None, "scores": [], "faults": []}
    assert rate_games([failed], ["a", "b"]).rated == 0


def test_wilson_interval_holds_the_observed_rate_even_at_none_and_all():
    for n in range(1, 60):
        for wins in range(n + 1):
            low, high = wilson_interval(wins, n)
            assert low <= wins / n <= high, (wins, n)


def test_wilson_interval_bounds():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.192, abs=0.002)


def test_a_three_seat_tournament_rates_everyone(tmp_path):
    players = [player("a"), player("b", seed=1), player("c", seed=2), player("d", seed=3)]
    outcome = run(toy_config(tmp_path, players, seats=3, games=2))
    assert outcome.played == 4 * 2 * 3
    board = outcome.board
    assert [p["games"] for p in board["players"]] == [18] * 4
    assert board["head_to_head"]["a"]["b"]["games"] == 2 * 2 * 3  # the two pairings with a and b
    conservative = [p["conservative"] for p in board["players"]]
    assert conservative == sorted(conservative, reverse=True)


def won(winner, loser):
    return game([winner, loser], [1, 2])


def test_ratings_do_not_depend_on_the_order_of_games_seats_or_players():
    rng = random.Random(5)
    names = ["ann", "bob", "cat", "dan"]
    games = []
    for _ in range(60):  # three seats, shared places included
        seating = rng.sample(names, 3)
        games.append(game(seating, [rng.choice([1, 2, 3]) for _ in seating]))
    reference = rate_games(games, names)
    for _ in range(4):
        shuffled = games[:]
        rng.shuffle(shuffled)
        turned = [game(g["players"][::-1], g["ranks"][::-1]) for g in shuffled]  # seats in another order
        again = rate_games(turned, rng.sample(names, len(names)))
        for name in names:
            assert again.players[name].mu == reference.players[name].mu
            assert again.players[name].sigma == reference.players[name].sigma


def test_a_player_who_beats_another_every_time_and_wins_more_overall_is_ranked_above_it():
    # played in this order, game-by-game TrueSkill put bob above ann: his wins over cat came last
    games = [won("ann", "bob")] * 3 + [won("ann", "cat")] * 4 + [won("cat", "ann")] * 6 + \
        [won("cat", "bob")] * 7 + [won("bob", "cat")] * 3
    ratings = rate_games(games, ["ann", "bob", "cat"]).players
    assert ratings["ann"].wins > ratings["bob"].wins
    assert ratings["ann"].conservative > ratings["bob"].conservative
    assert ratings["ann"].mu > ratings["bob"].mu


def standings(board):
    return [(p["name"], p["mu"], p["sigma"]) for p in board["players"]]


def test_the_leaderboard_is_the_same_for_any_config_order_and_submission_order(tmp_path):
    four = [player("a"), player("b", seed=1), player("c", seed=2), player("d", seed=3)]
    first = run(toy_config(tmp_path, four, name="one", filename="one.yaml")).board
    results = tmp_path / "results"
    share_secret(results / "one", results / "two")  # the same deals in every folder
    share_secret(results / "one", results / "three")
    reordered = run(toy_config(tmp_path, [four[2], four[0], four[3], four[1]], name="two", filename="two.yaml")).board
    assert standings(reordered) == standings(first)
    run(toy_config(tmp_path, [four[3], four[1], four[0]], name="three", filename="three.yaml"))
    submitted, _ = submit_player(tmp_path / "results" / "three", "random", "c", {"seed": 2},
                                 echo=lambda *_: None, grace=1.0)
    assert standings(submitted.board) == standings(first)
