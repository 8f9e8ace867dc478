"""The results store: crash-safe log, resuming, refusing changes to played games."""
import json

import pytest
import yaml

from arena.runs.config import ConfigError
from arena.store.results import ResultsError, ResultsStore
from arena.store.secret import LogSigner, load_secret
from arena.runs.tournament import TournamentError, load_tournament
from conftest import player, toy_config
from helpers import log_lines, run

THREE = [player("a"), player("b", seed=1), player("c", seed=2)]


def test_a_tournament_writes_config_log_and_leaderboard(tmp_path):
    outcome = run(toy_config(tmp_path, THREE))
    folder = tmp_path / "results" / "t"
    assert outcome.played == outcome.scheduled == 12
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == ["config.yaml", "games.jsonl", "leaderboard.json",
                                                        "leaderboard.md"]
    record = json.loads(log_lines(folder)[0])
    assert {"id", "index", "seed", "players", "actions", "scores", "ranks", "faults", "timings"} <= set(record)
    from engine.record import GameRecord

    final = GameRecord.from_json(json.dumps(record)).final_state()  # each line replays
    assert final.scores() == record["scores"] and final.ranking() == record["ranks"]
    board = json.loads((folder / "leaderboard.json").read_text())
    assert sum(p["games"] for p in board["players"]) == 12 * 2
    assert "| player" in (folder / "leaderboard.md").read_text()


def test_running_again_plays_nothing_and_keeps_the_log(tmp_path):
    path = toy_config(tmp_path, THREE)
    run(path)
    before = (tmp_path / "results/t/games.jsonl").read_bytes()
    assert run(path).played == 0
    assert (tmp_path / "results/t/games.jsonl").read_bytes() == before


def test_a_torn_last_line_is_dropped_and_replayed(tmp_path):
    path = toy_config(tmp_path, THREE)
    first = run(path)
    log = tmp_path / "results/t/games.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:5]) + lines[5][:30])  # a write cut short by a crash...
    rewind_head(tmp_path / "results/t", lines[:5])  # ...before arena noted it had written a sixth line
    warnings = []
    again = run(path, echo=warnings.append)
    assert any("games.jsonl:6: torn last line" in w for w in warnings)
    assert again.played == 7
    assert len(log_lines(tmp_path / "results/t")) == 12
    assert again.board == first.board


def rewind_head(folder, lines):
    """The log's head as arena left it after writing ``lines``."""
    signer = LogSigner(load_secret(folder))
    signer.verify(folder / "games.jsonl", [line.rstrip(b"\n") for line in lines], head=False)
    signer.write_head(folder)


def test_a_corrupt_line_in_the_middle_is_an_error_and_changes_nothing(tmp_path):
    path = toy_config(tmp_path, THREE)
    run(path)
    log = tmp_path / "results/t/games.jsonl"
    lines = log.read_text().splitlines(keepends=True)
    lines[3] = "{not json\n"
    log.write_text("".join(lines))
    damaged = log.read_bytes()
    with pytest.raises(ResultsError, match=r"games\.jsonl:4: not a game record"):
        run(path)
    with pytest.raises(ResultsError, match=r"games\.jsonl:4"):
        load_tournament(tmp_path / "results/t")
    assert log.read_bytes() == damaged


@pytest.mark.parametrize("key, value, message", [
    ("ranks", "first", "ranks: expected a list of places"),
    ("ranks", [1], "ranks: 1 places for 2 players"),
    ("players", ["a", 3], "players: expected a list of player names"),
    ("faults", [{"seat": 5, "kind": "exception", "detail": "x"}], r"faults\[0\]\.seat"),
    ("deal", "zero", "deal: expected a whole number"),
])
def test_a_valid_json_line_that_is_not_a_usable_record_is_an_error_naming_file_and_line(tmp_path, key, value,
                                                                                          message):
    path = toy_config(tmp_path, THREE)
    run(path)
    log = tmp_path / "results/t/games.jsonl"
    lines = log.read_text().splitlines(keepends=True)
    signer = LogSigner(load_secret(tmp_path / "results/t"))
    for number in (3, len(lines)):  # in the middle, and as the last line (valid JSON is not torn)
        records = [json.loads(line) for line in lines]
        records[number - 1][key] = value
        # signed with the tournament's secret, as if arena itself had written the bad record
        # (a line changed by hand fails its authentication first: the tests above)
        signer.last_tag, signer.lines = "", 0
        log.write_bytes(b"".join(signer.sign({k: v for k, v in r.items() if k != "tag"}) for r in records))
        damaged = log.read_bytes()
        with pytest.raises(ResultsError, match=rf"games\.jsonl:{number}: game '[0-9a-f]+': {message}"):
            run(path)
        with pytest.raises(ResultsError, match=rf"games\.jsonl:{number}"):
            load_tournament(tmp_path / "results/t")
        assert log.read_bytes() == damaged


def test_a_config_that_changes_played_games_is_refused(tmp_path):
    path = toy_config(tmp_path, THREE)
    run(path)
    data = yaml.safe_load(path.read_text())
    data["players"][1]["params"] = {"seed": 99}
    data["seed"] = 12
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(TournamentError) as caught:
        run(path)
    message = str(caught.value)
    assert "seed: 11 -> 12" in message and "players[1] (b): params" in message and "--fresh" in message
    assert len(log_lines(tmp_path / "results/t")) == 12


def test_fresh_moves_the_old_results_aside(tmp_path):
    path = toy_config(tmp_path, THREE)
    run(path)
    data = yaml.safe_load(path.read_text())
    data["seed"] = 12
    path.write_text(yaml.safe_dump(data))
    assert run(path, fresh=True).played == 12
    old = [p for p in (tmp_path / "results").iterdir() if p.name.startswith("t.old-")]
    assert len(old) == 1 and len(log_lines(old[0])) == 12


def test_changing_only_the_time_limits_or_workers_resumes(tmp_path):
    path = toy_config(tmp_path, THREE)
    run(path)
    data = yaml.safe_load(path.read_text())
    data.update(time_limits={"move_seconds": 5}, workers=0, games_per_pairing=3)
    path.write_text(yaml.safe_dump(data))
    assert run(path).played == 6  # only the new deals


def test_the_leaderboard_is_reprinted_from_the_log(tmp_path):
    outcome = run(toy_config(tmp_path, THREE))
    cfg, board = load_tournament(tmp_path / "results/t")
    assert board == outcome.board


def test_a_folder_without_config_is_named(tmp_path):
    with pytest.raises(ResultsError, match="no config.yaml here"):
        load_tournament(tmp_path)


def test_a_bad_player_stops_before_any_game(tmp_path):
    path = toy_config(tmp_path, THREE + [player("d", "nowhere.py:Bot")])
    from arena.runs.config import load_config

    with pytest.raises(ConfigError, match=r"players\[3\]\.class: .*no file nowhere\.py"):
        load_config(path)
    assert not (tmp_path / "results").exists()


def test_store_appends_whole_lines(tmp_path):
    store = ResultsStore(tmp_path)
    store.append([{"id": "a", "players": ["p", "q"]}, {"id": "b", "players": ["p", "q"]}])
    store.append([{"id": "c", "players": ["p", "q"]}])
    store.close()
    assert [r["id"] for r in store.load_games()] == ["a", "b", "c"]


def test_two_runs_cannot_write_one_tournament(tmp_path):
    path = toy_config(tmp_path, THREE)
    other = ResultsStore(tmp_path / "results/t")
    assert other.try_lock()
    try:
        with pytest.raises(TournamentError, match=r"in use by another arena run"):
            run(path)
    finally:
        other.unlock()
    assert run(path).played == 12


def tamper(log, how):
    lines = log.read_bytes().splitlines(keepends=True)
    if how == "changed":  # the game's result turned round
        swap = {b'"ranks":[1,2]': b'"ranks":[2,1]', b'"ranks":[2,1]': b'"ranks":[1,2]'}
        old = next(k for k in swap if k in lines[2])
        lines[2] = lines[2].replace(old, swap[old])
    elif how == "added":
        lines.insert(3, lines[1])  # a copy of a genuine line
    elif how == "removed":
        del lines[2]
    elif how == "removed at the end":
        del lines[-1]
    log.write_bytes(b"".join(lines))


@pytest.mark.parametrize("how, line", [("changed", 3), ("added", 4), ("removed", 3), ("removed at the end", 12)])
def test_a_log_changed_outside_arena_is_refused_naming_file_and_line(tmp_path, how, line):
    path = toy_config(tmp_path, THREE)
    run(path)
    log = tmp_path / "results/t/games.jsonl"
    tamper(log, how)
    damaged = log.read_bytes()
    with pytest.raises(ResultsError, match=rf"games\.jsonl:{line}: "):
        run(path)
    with pytest.raises(ResultsError, match=rf"games\.jsonl:{line}: "):
        load_tournament(tmp_path / "results/t")
    assert log.read_bytes() == damaged


def test_a_results_folder_from_before_authenticated_logs_says_what_to_do(tmp_path):
    path = toy_config(tmp_path, THREE)
    run(path)
    folder = tmp_path / "results/t"
    (folder / ".secret").unlink()
    (folder / ".games.head").unlink()
    with pytest.raises(ResultsError, match=r"no authentication tags .* --fresh"):
        run(path)
    with pytest.raises(ResultsError, match=r"no authentication tags"):
        load_tournament(folder)
    assert run(path, fresh=True).played == 12


def _verify_cli(folder, *flags):
    from typer.testing import CliRunner

    from arena.cli import app

    return CliRunner().invoke(app, ["verify", str(folder), *flags])


@pytest.mark.parametrize("cut", ["half a line", "a whole line"])
def test_a_tail_cut_after_it_was_written_is_reported_as_such_and_repair_drops_only_it(tmp_path, cut):
    path = toy_config(tmp_path, THREE)
    first = run(path)
    folder = tmp_path / "results/t"
    log = folder / "games.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    last_id = json.loads(lines[-1])["id"]
    log.write_bytes(b"".join(lines[:-1]) + (lines[-1][:len(lines[-1]) // 2] if cut == "half a line" else b""))
    damaged = log.read_bytes()
    expected = (rf"games\.jsonl:12: the last line is cut short \(\d+ bytes left of a line arena wrote whole, game "
                rf"{last_id}\)" if cut == "half a line" else
                r"games\.jsonl:12: 1 line missing from the end \(arena wrote 12, the log holds 11\)")
    for attempt in (lambda: run(path), lambda: load_tournament(folder)):
        with pytest.raises(ResultsError, match=expected) as caught:
            attempt()
        assert "nothing was changed" in str(caught.value) and "arena verify" in str(caught.value)
        assert log.read_bytes() == damaged  # a tournament run (the lock holder) changes nothing either
    plain = _verify_cli(folder)
    assert plain.exit_code == 2 and "--repair" in plain.output and log.read_bytes() == damaged
    repaired = _verify_cli(folder, "--repair")
    assert repaired.exit_code == 0, repaired.output
    assert ("dropped" if cut == "half a line" else "accepted as lost") in repaired.output
    assert (last_id in repaired.output) == (cut == "half a line")
    assert log.read_bytes() == b"".join(lines[:-1])  # the 11 whole lines kept, byte for byte
    assert _verify_cli(folder).exit_code == 0
    again = run(path)
    assert again.played == 1 and again.board == first.board
    replayed = json.loads(log.read_bytes().splitlines()[-1])
    assert {k: v for k, v in replayed.items() if k not in ("timings", "tag")} == \
        {k: v for k, v in json.loads(lines[-1]).items() if k not in ("timings", "tag")}  # the same game again


def test_export_gives_the_games_in_schedule_order_without_what_varies_between_runs(tmp_path):
    from typer.testing import CliRunner

    from arena.cli import app

    path = toy_config(tmp_path, THREE)
    run(path)
    folder = tmp_path / "results/t"
    first = CliRunner().invoke(app, ["export", str(folder)])
    assert first.exit_code == 0
    exported = [json.loads(line) for line in first.stdout.splitlines()]
    assert [g["index"] for g in exported] == list(range(12))
    assert not {"timings", "tag"} & set(exported[0]) and "actions" in exported[0]
    # another run of the same config: the games in another order (as Ray finishes them), other timings
    records = [json.loads(line) for line in (folder / "games.jsonl").read_bytes().splitlines()]
    signer = LogSigner(load_secret(folder))
    shuffled = [{**{k: v for k, v in r.items() if k != "tag"}, "timings": {"seconds": i}, "node": "n"}
                for i, r in enumerate(reversed(records))]
    (folder / "games.jsonl").write_bytes(b"".join(signer.sign(r) for r in shuffled))
    signer.write_head(folder)
    again = CliRunner().invoke(app, ["export", str(folder)])
    assert again.exit_code == 0 and again.stdout == first.stdout
