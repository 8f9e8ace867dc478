"""What the ratings read of the games: counts of outcomes and of deals, not the games.

Every rating of the leaderboard is a function of two tallies, whatever the number of games:

- an **outcome** is one game's result as the players' places, ``((place, name), ...)`` sorted
  (the seating does not matter: every statistic here is symmetric in the seats); TrueSkill, the
  draw probability, wins and the head-to-head points are sums over distinct outcomes, each
  weighted by how often it happened;
- a **deal kind** is one deal's rated games (every rotation of the seats of one deal, as
  played), as the sorted tuple of their outcomes; the Elo fit, its bootstrap over deals and the
  SPRT's game pairs are sums over distinct deal kinds, each weighted by how many deals ended
  that way.

A tournament of a million games between a handful of players has some hundreds of outcomes and
some thousands of deal kinds, so the ratings cost what the pairings cost, not what the games do.
The results store keeps these tallies as it appends (``arena.store.tally``); the functions here
make them from a list of records.

>>> games = [{"players": ["a", "b"], "ranks": [1, 2], "deal": 0}, {"players": ["b", "a"], "ranks": [1, 2], "deal": 0},
...          {"players": ["a", "b"], "ranks": [1, 2], "deal": 1}, {"players": ["b", "a"], "ranks": [2, 1], "deal": 1}]
>>> sorted(count_outcomes(games).items())
[(((1, 'a'), (2, 'b')), 3), (((1, 'b'), (2, 'a')), 1)]
>>> [(len(kind), n) for kind, n in sorted(count_deals(games).items())]
[(2, 1), (2, 1)]
"""
from __future__ import annotations

from collections import Counter


def outcome_of(players, ranks) -> tuple | None:
    """A game's outcome, ``((place, name), ...)`` sorted; None for a game without places."""
    if not ranks:
        return None
    return tuple(sorted(zip(ranks, players)))


def count_outcomes(records) -> Counter:
    """Outcome -> how many rated games ended so (records without ranks are left out)."""
    outcomes: Counter = Counter()
    for record in records:
        outcome = outcome_of(record["players"], record.get("ranks"))
        if outcome is not None:
            outcomes[outcome] += 1
    return outcomes


def count_deals(records) -> Counter:
    """Deal kind -> how many deals ended so.  A deal is the records of one pairing (its sorted
    players) with one ``deal`` number (without one, each record is a deal of its own)."""
    deals: dict = {}
    for record in records:
        outcome = outcome_of(record["players"], record.get("ranks"))
        if outcome is not None:
            key = (tuple(sorted(record["players"])), record.get("deal", record.get("id")))
            deals.setdefault(key, []).append(outcome)
    return Counter(tuple(sorted(outcomes)) for outcomes in deals.values())


def points(mine: int, theirs: int) -> float:
    """A seat's points against another from their places: a better place 1, a shared one ½."""
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def pair_results(outcome: tuple):
    """``(a, b, a's points against b)`` for every ordered pair of seats of one outcome."""
    for i, (place, name) in enumerate(outcome):
        for j, (other_place, other) in enumerate(outcome):
            if i != j:
                yield name, other, points(place, other_place)


def pairing_of(kind: tuple) -> tuple:
    """The sorted players of a deal kind (those of its first game)."""
    return tuple(sorted(name for _, name in kind[0]))
