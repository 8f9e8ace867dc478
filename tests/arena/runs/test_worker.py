"""The worker side: one game to one record, and the record of a game whose worker died."""
from arena.runs.config import load_config
from arena.runs.schedule import build_schedule
from arena.runs.tournament import game_setup, job_for
from arena.runs.worker import play_one, record_from_trace
from conftest import player, toy_config


def setup_and_job(tmp_path):
    cfg = load_config(toy_config(tmp_path, [player("a"), player("b", seed=1)], games=1))
    return game_setup(cfg), job_for(cfg, build_schedule(cfg)[0])


def test_a_trace_gives_the_culprit_and_the_position_it_reached(tmp_path):
    setup, job = setup_and_job(tmp_path)
    clean = play_one(setup, job)
    first = clean["actions"][0]
    trace = f"turn 0\nturn 1\nturn 0\naction {first}\nturn 1\n"  # died while seat 1 thought
    record = record_from_trace(setup, job, trace, "crash", "the worker process died")
    assert record["faults"] == [{"seat": 1, "kind": "crash", "detail": "the worker process died"}]
    assert record["actions"] == [first] and record["ranks"] == [1, 2] and record["moves"] == [1, 0]


def test_without_a_trace_the_game_is_failed_not_rated(tmp_path):
    setup, job = setup_and_job(tmp_path)
    record = record_from_trace(setup, job, None, "crash", "the worker process died")
    assert record["ranks"] is None and "cannot be told" in record["failed"]
    assert record_from_trace(setup, job, "turn 0\naction 99\n", "crash", "x")["ranks"] is None


def test_an_engine_error_fails_only_that_game(tmp_path):
    setup, job = setup_and_job(tmp_path)
    record = play_one(dict(setup, options={"nope": 1}), job)
    assert record["ranks"] is None and record["faults"][0]["kind"] == "error" and "nope" in record["failed"]
