"""Elo with error bars (arena/ratings/elo.py), checked against values worked out by hand."""
import math

import pytest

from arena.ratings.elo import EloError, default_anchor, fit_elo


def game(seating, ranks, deal=0):
    return {"players": seating, "ranks": ranks, "deal": deal}


def test_two_players_elo_is_the_logit_of_the_score():
    # a scores 7 of 10 against b: Elo = 400·log10(7/3) = 147.19
    games = [game(["a", "b"], [1, 2], d) for d in range(7)] + [game(["a", "b"], [2, 1], d) for d in range(7, 10)]
    fit = fit_elo(games, ["a", "b"], anchor="b", prior_draws=0)
    assert fit.elo["b"] == 0
    assert fit.elo["a"] == pytest.approx(400 * math.log10(7 / 3), abs=1e-6)
    # LOS = Φ(ln(7/3) · sqrt(n·p·(1-p))) = Φ(0.8473 · sqrt(2.1)) = Φ(1.2278) = 0.8902
    assert fit.los("a", "b") == pytest.approx(0.8902, abs=1e-4)
    assert fit.los("b", "a") == pytest.approx(1 - 0.8902, abs=1e-4)


def test_a_draw_is_half_a_win_each_way():
    # 2 wins, 1 draw, 1 loss: 2.5 of 4, Elo = 400·log10(2.5/1.5) = 88.74
    games = [game(["a", "b"], r, d) for d, r in enumerate([[1, 2], [1, 2], [1, 1], [2, 1]])]
    assert fit_elo(games, ["a", "b"], "b", prior_draws=0).elo["a"] == pytest.approx(88.74, abs=0.01)


def test_a_chain_of_three_adds_up_and_anchors_on_the_named_player():
    # a scores 3 of 4 against b, b 3 of 4 against c, a and c never meet
    games = [game(["a", "b"], [1, 2], d) for d in range(3)] + [game(["b", "a"], [1, 2], 9)]
    games += [game(["b", "c"], [1, 2], d) for d in range(3)] + [game(["c", "b"], [1, 2], 9)]
    fit = fit_elo(games, ["a", "b", "c"], anchor="c", prior_draws=0)
    assert fit.elo["b"] == pytest.approx(400 * math.log10(3), abs=1e-6)  # 190.85
    assert fit.elo["a"] == pytest.approx(800 * math.log10(3), abs=1e-6)  # 381.70
    # Fisher information of each link 4·¾·¼ = 0.75; a−b is one link: Φ(ln 3 · sqrt(0.75)) = 0.8293
    assert fit.los("a", "b") == pytest.approx(0.8293, abs=1e-4)
    moved = fit_elo(games, ["a", "b", "c"], anchor="b", prior_draws=0)
    assert moved.elo["c"] == pytest.approx(-fit.elo["b"]) and moved.elo["a"] == pytest.approx(fit.elo["b"])


def test_three_seats_count_as_their_three_pairs():
    # one game a > b > c is the pairs a>b, a>c, b>c; with its mirror c > b > a everyone is level
    games = [game(["a", "b", "c"], [1, 2, 3], 0), game(["a", "b", "c"], [3, 2, 1], 1)]
    fit = fit_elo(games, ["a", "b", "c"], "a", prior_draws=0)
    assert fit.elo["b"] == pytest.approx(0, abs=1e-9) and fit.elo["c"] == pytest.approx(0, abs=1e-9)


def test_the_bootstrap_keeps_the_rotations_of_a_deal_together():
    # the first seat always wins: every deal is one win each, so every resample of deals is even
    games = []
    for deal in range(20):
        games += [game(["a", "b"], [1, 2], deal), game(["b", "a"], [1, 2], deal)]
    fit = fit_elo(games, ["a", "b"], "a")
    assert fit.elo["b"] == pytest.approx(0, abs=1e-9)
    assert fit.low["b"] == pytest.approx(0, abs=1e-9) and fit.high["b"] == pytest.approx(0, abs=1e-9)


def test_the_interval_holds_the_estimate_and_narrows_with_more_deals():
    def deals(n):
        out = []
        for deal in range(n):  # a wins 3 deals in 4 from both seats, and splits the fourth
            if deal % 4 == 3:
                out += [game(["a", "b"], [1, 2], deal), game(["b", "a"], [1, 2], deal)]
            else:
                out += [game(["a", "b"], [1, 2], deal), game(["b", "a"], [2, 1], deal)]
        return out
    small, large = fit_elo(deals(8), ["a", "b"], "b"), fit_elo(deals(80), ["a", "b"], "b")
    for fit in (small, large):
        assert fit.low["a"] < fit.elo["a"] < fit.high["a"]
    assert large.high["a"] - large.low["a"] < small.high["a"] - small.low["a"]


def test_a_player_who_never_scored_gets_a_finite_rating_from_the_prior_draws():
    games = [game(["a", "b"], [1, 2], d) for d in range(5)]
    assert fit_elo(games, ["a", "b"], "a").elo["b"] < -200
    assert fit_elo(games, ["a", "b"], "a", prior_draws=0, bootstrap=0).elo["b"] is None


def test_the_anchor_must_be_a_player_and_defaults_to_random():
    with pytest.raises(EloError, match="'zed'"):
        fit_elo([], ["a", "b"], "zed")
    assert default_anchor(["rules", "random", "ismcts"]) == "random"
    assert default_anchor(["x", "dice"], {"dice": "random"}) == "dice"
    assert default_anchor(["x", "b"]) == "b"


def test_the_table_keeps_each_pairing_over_its_own_players_and_sums_to_the_pairwise_points():
    import random
    from itertools import combinations

    from arena.ratings.counts import count_deals
    from arena.ratings.elo import deal_table

    rng = random.Random(3)
    names = [f"p{i:02d}" for i in range(12)]
    games = []
    for deal, pairing in enumerate(rng.sample(list(combinations(names, 3)), 40) * 2):
        for rotation in range(3):
            games.append(game(list(pairing[rotation:] + pairing[:rotation]), [rng.randint(1, 3) for _ in range(3)],
                              deal))
    table = deal_table(count_deals(games), names)
    assert all(kinds.points.shape[1:] == (3, 3) for kinds in table.pairings)  # never players × players
    assert len(table.pairings) == 40 and all(kinds.counts.sum() == 2 for kinds in table.pairings)
    points, played = table.totals(len(names))
    expected = {}
    for g in games:
        for (a, ra), (b, rb) in combinations(zip(g["players"], g["ranks"]), 2):
            for x, y, score in ((a, b, 1.0 if ra < rb else 0.5 if ra == rb else 0.0),
                                (b, a, 1.0 if rb < ra else 0.5 if ra == rb else 0.0)):
                pts, n = expected.get((x, y), (0.0, 0))
                expected[(x, y)] = (pts + score, n + 1)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            assert (points[i, j], played[i, j]) == expected.get((a, b), (0.0, 0))
