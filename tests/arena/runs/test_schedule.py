"""The schedule: round robin, seats rotated per deal, stable when players are added."""
from itertools import combinations

from arena.runs.config import PlayerEntry, TournamentConfig
from arena.runs.schedule import build_schedule


def config(names, seats=2, games=3, seed=5):
    return TournamentConfig("t", "toy", seats, [PlayerEntry(n, "random") for n in names],
                            games_per_pairing=games, seed=seed)


def test_every_pairing_plays_every_deal_from_every_seat():
    schedule = build_schedule(config("abcd", seats=3, games=2))
    assert len(schedule) == 4 * 2 * 3  # C(4,3) pairings x deals x rotations
    for pairing in combinations("abcd", 3):
        games = [g for g in schedule if g.pairing == pairing]
        for deal in range(2):
            rotations = [g for g in games if g.deal == deal]
            assert len({g.seed for g in rotations}) == 1  # one deal, replayed
            assert {g.players[0] for g in rotations} == set(pairing)  # each player opens once
    assert len({g.id for g in schedule}) == len(schedule)
    assert [g.index for g in schedule] == list(range(len(schedule)))


def test_schedule_is_a_pure_function_of_the_config():
    assert build_schedule(config("abc")) == build_schedule(config("abc"))
    assert build_schedule(config("abc", seed=6))[0].seed != build_schedule(config("abc"))[0].seed


def test_adding_a_player_keeps_every_existing_game():
    before = build_schedule(config("abc", seats=3))
    after = build_schedule(config("abcd", seats=3))
    assert after[:len(before)] == before  # same id, seed, seating and index
    assert all("d" in g.pairing for g in after[len(before):])


def test_seeds_come_from_names_not_positions():
    one = {g.id: g for g in build_schedule(config("abc"))}
    other = {g.id: g for g in build_schedule(config("cab"))}
    assert one.keys() == other.keys()
    assert all(one[i].seed == other[i].seed and one[i].players == other[i].players for i in one)
