"""`arena bench serve`: the synthesized ladder is one `arena serve` takes, and a tiny run measures
every figure with no error."""
from __future__ import annotations

import numbers

import pytest

from arena.bench.serve import KINDS, bench_serve, display_rows, ladder_config, ladder_players, old_game_ids, synthesize

GAMES, PLAYERS, SEATS = 60, 3, 3


@pytest.fixture(scope="module")
def synthesized(tmp_path_factory):
    base = tmp_path_factory.mktemp("bench-serve")
    return base, synthesize(base, GAMES, PLAYERS, SEATS)


def test_players_are_built_in_and_named_like_versions():
    players = ladder_players(8)
    assert [p.name for p in players] == ["alice", "alice.v2", "bob", "bob.v2", "carol", "carol.v2", "dave",
                                         "dave.v2"]
    assert [p.spec for p in players] == ["random", "random", "random", "rules"] * 2
    assert len({p.name for p in ladder_players(60)}) == 60  # past the list of users: alice2, ...


def test_the_synthesized_ladder_is_servable(synthesized, tmp_path):
    from arena.runs.playing import tournament_key
    from arena.runs.tournament import check_log_against_schedule, stored_config
    from arena.serve.ladder import Ladder
    from arena.serve.server import open_database
    from arena.store.results import ResultsError, ResultsStore

    _, results = synthesized
    cfg = stored_config(results)
    assert cfg.seeds == "secret" and cfg.isolation != "none"
    assert ResultsStore(results).verify()["games"] == GAMES
    store = ResultsStore(results)
    store.open(for_check=True)
    assert check_log_against_schedule(cfg, store, tournament_key(cfg, store), print) == 0
    store.open(for_check=True)
    with pytest.raises(ResultsError, match="seed"):  # the seeds are the secret's, not the config's alone
        check_log_against_schedule(cfg, store, None, print)
    logged = {r["id"] for r in ResultsStore(results).load_games()}
    assert set(old_game_ids(ladder_config(results, GAMES, PLAYERS, SEATS), GAMES, count=20)) <= logged
    engine, sessions = open_database(results, f"sqlite:///{tmp_path / 'db.sqlite'}")
    try:
        ladder = Ladder(results, sessions, workers=0, echo=lambda m: None, uploads=tmp_path / "uploads")
        assert ladder.store.tally.recorded == GAMES
        ladder.close()
    finally:
        engine.dispose()


def test_a_tiny_run_measures_every_figure_without_error(synthesized, tmp_path):
    """One run of the writer and a reader on a database they share (SQLite on this machine, or
    ARENA_TEST_POSTGRES's): every figure measured, the load on the reader alone."""
    from serve_helpers import database_for, drop_test_database

    from arena.store.results import ResultsStore

    base, results = synthesized
    url = database_for(tmp_path) or f"sqlite:///{tmp_path / 'shared.sqlite'}"
    try:
        out = bench_serve(GAMES, players=PLAYERS, seats=SEATS, seconds=2, clients=4, think=0, folder=base,
                          database=url, readers=1)
    finally:
        drop_test_database(url if url.startswith("postgresql") else None)
    assert out["synthesis_s"] is None  # the folder's ladder, used again
    assert out["errors"] == 0, out["error_samples"]
    for key in ("first_open_s", "index_done_s", "rated_s", "stop_s", "restart_s", "server_cpu_s", "client_cpu_s",
                "rss_peak_mib", "rss_end_mib", "rss_hwm_mib", "games_during", "requests", "requests_per_s",
                "readers_cpu_s", "reader_rss_peak_mib"):
        assert isinstance(out[key], numbers.Real) and out[key] >= 0, key
    assert 0 < out["first_open_s"] <= out["index_done_s"] and out["restart_s"] > 0 and out["rss_peak_mib"] > 50
    assert out["readers"] == 1 and out["readers_cpu_s"] > 0 and out["reader_rss_peak_mib"] > 50
    for kind in [*KINDS, "all"]:
        assert out[f"{kind}_requests"] > 0, kind
        assert 0 < out[f"{kind}_p50_ms"] <= out[f"{kind}_p95_ms"] <= out[f"{kind}_p99_ms"] <= out[f"{kind}_max_ms"]
    assert out["requests"] == out["all_requests"] == sum(out[f"{k}_requests"] for k in KINDS)
    assert ResultsStore(results).open().recorded == GAMES  # a copy was served: the ladder's own log is as made
    assert not (base / "served").exists()
    assert {r["what"] for r in display_rows(out)} >= {"first_open_s", "all p50/p95/p99/max ms"}


def test_cli_refuses_seats_it_does_not_bench():
    from typer.testing import CliRunner

    from arena.cli import app

    for args in (["--seats", "7"], ["--seats", "3", "--players", "2"], ["--games", "0"]):
        result = CliRunner().invoke(app, ["bench", "serve", *args])
        assert result.exit_code != 0 and "--seats" in result.output, (args, result.output)
    result = CliRunner().invoke(app, ["bench", "serve", "--readers", "2"])
    assert result.exit_code != 0 and "--database" in result.output, result.output

