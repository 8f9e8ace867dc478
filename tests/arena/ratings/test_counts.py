"""Ratings from counts (arena/ratings/counts.py): the same as from the games, and kept as the
games come (warm-started TrueSkill, arena/ratings/trueskill_batch.py; the store's tally,
arena/store/tally.py)."""
import random

import pytest
import trueskill

from arena.ratings.counts import count_deals, count_outcomes
from arena.ratings.elo import fit_elo, fit_elo_deals
from arena.ratings.rate import rate_games, rate_outcomes
from arena.ratings.sprt import pentanomial, pentanomial_of_deals
from arena.ratings.trueskill_batch import AGREEMENT, messages_from_data, messages_to_data
from arena.ratings.trueskill_game import rate_game
from arena.store.tally import Tally


def random_log(rng, names, seats, deals, tie=0.05):
    """A tournament's records: every pairing of ``seats`` of ``names``, ``deals`` deals each played
    from every rotation; places from noisy strengths, some shared, some games without places."""
    from arena.runs.schedule import pairings

    strength = {n: rng.gauss(0, 1) for n in names}
    records = []
    for pairing in pairings(names, seats):
        for deal in range(deals):
            for rotation in range(seats):
                seating = list(pairing[rotation:] + pairing[:rotation])
                order = sorted(seating, key=lambda n: -(strength[n] + rng.gauss(0, 1)))
                ranks = [order.index(n) + 1 for n in seating]
                if rng.random() < tie:
                    ranks = [1 if r == 2 else r for r in ranks]
                failed = rng.random() < 0.01
                records.append({"id": f"{pairing}-{deal}-{rotation}", "pairing": list(pairing), "deal": deal,
                                "rotation": rotation, "players": seating, "ranks": None if failed else ranks,
                                "scores": [] if failed else [seats - r for r in ranks], "actions": ["x"] * 5})
    rng.shuffle(records)
    return records


@pytest.mark.parametrize("seed", range(3))
def test_one_game_is_rated_as_the_trueskill_package_rates_it_bit_for_bit(seed):
    rng = random.Random(seed)
    for _ in range(200):
        seats = rng.randint(2, 6)
        env = trueskill.TrueSkill(draw_probability=rng.choice([0.001, 0.05, 0.3]), tau=0.0)
        ratings = [(rng.uniform(10, 40), rng.uniform(0.05, 9)) for _ in range(seats)]
        places = sorted(rng.randint(1, seats) for _ in range(seats))
        try:
            theirs = env.rate([(trueskill.Rating(mu, sigma),) for mu, sigma in ratings], ranks=places)
        except FloatingPointError:
            with pytest.raises(FloatingPointError):
                rate_game(env, ratings, places)
            continue
        assert rate_game(env, ratings, places) == [(r.mu, r.sigma) for (r,) in theirs]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_incremental_ratings_equal_the_ratings_from_scratch_on_random_logs(seats):
    """Games folded into a tally batch by batch, TrueSkill warm-started from the last solve each
    time, give the ratings of all the games rated at once: TrueSkill within AGREEMENT, everything
    else (counts, Elo, its bootstrap interval, the pentanomial) exactly."""
    rng = random.Random(seats)
    names = ["ann", "bob", "cat", "dan", "eve"][:seats + 2]
    records = random_log(rng, names, seats, deals=12)
    tally, warm = Tally(), None
    pairings = sorted({tuple(r["pairing"]) for r in records})
    for start in range(0, len(records), 37):
        for number, record in enumerate(records[start:start + 37], start=start + 1):
            tally.add(record, number)
        games = tally.view(pairings)
        incremental = rate_outcomes(games.outcomes(), names, warm=messages_from_data(messages_to_data(warm or {})))
        warm = incremental.messages
        seen = records[:start + 37]
        scratch = rate_games(seen, names)
        for name in names:
            now, then = incremental.players[name], scratch.players[name]
            assert (now.games, now.wins) == (then.games, pytest.approx(then.wins))
            assert now.mu == pytest.approx(then.mu, abs=AGREEMENT)
            assert now.sigma == pytest.approx(then.sigma, abs=AGREEMENT)
        assert incremental.head_to_head == scratch.head_to_head
        assert incremental.draw_probability == scratch.draw_probability
        assert games.deals() == count_deals(seen)
        assert _elo(fit_elo_deals(games.deals(), names, "ann")) == _elo(fit_elo(seen, names, "ann"))


def _elo(fit):
    return fit.elo, fit.low, fit.high


def test_a_warm_start_does_not_change_where_trueskill_ends():
    rng = random.Random(7)
    names = ["a", "b", "c", "d"]
    records = random_log(rng, names, 3, deals=30)
    outcomes = count_outcomes(records)
    cold = rate_outcomes(outcomes, names)
    far = {outcome: tuple((p * 3.0, t * -2.0) for p, t in m) for outcome, m in cold.messages.items()}
    for warm in (cold.messages, far, {}):
        again = rate_outcomes(outcomes, names, warm=warm)
        for name in names:
            assert again.players[name].mu == pytest.approx(cold.players[name].mu, abs=AGREEMENT)
            assert again.players[name].sigma == pytest.approx(cold.players[name].sigma, abs=AGREEMENT)


def test_the_players_mean_skill_is_the_priors_whatever_the_number_of_games():
    # expectation propagation's fixed point keeps the mean of the skills at the prior's (25);
    # plain sweeps approach it only at the prior's share of the precision
    rng = random.Random(3)
    names = ["a", "b", "c"]
    outcomes = count_outcomes(random_log(rng, names, 2, deals=2000))
    players = rate_outcomes(outcomes, names).players
    assert sum(players[n].mu for n in names) / len(names) == pytest.approx(25.0, abs=1e-9)


def test_the_sprt_pairs_and_elo_read_deal_kinds_in_any_order_of_the_games():
    rng = random.Random(11)
    records = [r for r in random_log(rng, ["a", "b"], 2, deals=40) if r["ranks"]]
    deals = count_deals(records)
    assert pentanomial_of_deals(deals, "a") == pentanomial(records, "a")
    assert sum(pentanomial(records, "a")) == sum(n for kind, n in deals.items() if len(kind) == 2)
    shuffled = records[:]
    rng.shuffle(shuffled)
    assert _elo(fit_elo(shuffled, ["a", "b"], "b")) == _elo(fit_elo(records, ["a", "b"], "b"))


def test_the_elo_bootstrap_of_many_deals_costs_what_its_kinds_cost():
    # 50,000 deals of two kinds are two rows for the fit, and their interval narrows as deals grow
    def deals(n):
        win = (((1, "a"), (2, "b")), ((1, "a"), (2, "b")))
        split = (((1, "a"), (2, "b")), ((1, "b"), (2, "a")))
        return {win: 3 * n // 4, split: n - 3 * n // 4}
    small, large = fit_elo_deals(deals(80), ["a", "b"], "b"), fit_elo_deals(deals(50_000), ["a", "b"], "b")
    assert small.elo["a"] == pytest.approx(large.elo["a"], rel=0.05)
    assert large.high["a"] - large.low["a"] < (small.high["a"] - small.low["a"]) / 10
