"""A log that scales: closed compressed segments, a checkpoint, and reading only what is new
(arena/store/results.py, arena/store/log_files.py, arena/store/tally.py)."""
import gzip
import json

import pytest
from typer.testing import CliRunner

import arena.store.results as results_module
from arena.cli import app
from arena.store.log_files import CHECKPOINT, segments_on_disk, summary
from arena.store.results import ResultsError, ResultsStore
from arena.store.secret import LogSigner, load_secret
from arena.runs.tournament import load_tournament
from conftest import player, toy_config
from helpers import run

FOUR = [player("a"), player("b", seed=1), player("c", seed=2), player("d", seed=3)]
SEGMENT = 7  # lines per closed segment in these tests


@pytest.fixture
def small_segments(monkeypatch):
    monkeypatch.setattr(results_module, "SEGMENT_LINES", SEGMENT)


def tournament(tmp_path, games=4):
    """A toy tournament of 4 players, 2 seats: 6 pairings x ``games`` deals x 2 rotations."""
    path = toy_config(tmp_path, FOUR, games=games)
    outcome = run(path)
    return path, tmp_path / "results" / "t", outcome


def all_lines(folder):
    """Every line of the log, in order, as (file, line number in it, bytes)."""
    out = []
    for segment in segments_on_disk(folder):
        for n, line in enumerate(gzip.decompress(segment.read_bytes()).splitlines(), start=1):
            out.append((segment, n, line))
    for n, line in enumerate((folder / "games.jsonl").read_bytes().splitlines(), start=1):
        out.append((folder / "games.jsonl", n, line))
    return out


def rewrite(path, number, change):
    """Line ``number`` of ``path`` (a segment or games.jsonl) changed by ``change(bytes)``."""
    packed = path.suffix == ".gz"
    lines = (gzip.decompress(path.read_bytes()) if packed else path.read_bytes()).splitlines(keepends=True)
    lines[number - 1] = change(lines[number - 1])
    data = b"".join(lines)
    path.write_bytes(gzip.compress(data, mtime=0) if packed else data)


def turned_round(line):
    """The game's result turned round (what a cheat would change)."""
    record = json.loads(line)
    record["ranks"] = record["ranks"][::-1]
    return json.dumps(record, separators=(",", ":")).encode() + b"\n"


def test_a_long_log_closes_into_compressed_segments_and_reads_the_same(tmp_path, small_segments):
    path, folder, outcome = tournament(tmp_path)
    segments = segments_on_disk(folder)
    assert outcome.played == 48 and len(segments) >= 5 and (folder / CHECKPOINT).exists()
    lines = all_lines(folder)
    assert len(lines) == 48 and len((folder / "games.jsonl").read_bytes().splitlines()) < SEGMENT
    assert len({json.loads(line)["id"] for _, _, line in lines}) == 48
    # the whole log read line by line gives the tally the checkpoint and games.jsonl give
    whole = ResultsStore(folder)
    assert len(whole.load_games()) == 48
    opened = ResultsStore(folder)
    assert opened.open().to_data() == whole.tally.to_data()
    assert run(path).played == 0 and load_tournament(folder)[1] == outcome.board


def test_a_rerun_reads_the_checkpoint_and_games_jsonl_not_the_closed_segments(tmp_path, small_segments):
    _, folder, _ = tournament(tmp_path)
    for segment in segments_on_disk(folder):  # unreadable, but the size the checkpoint lists
        segment.write_bytes(b"\0" * segment.stat().st_size)
    store = ResultsStore(folder)
    assert store.open().recorded == 48
    with pytest.raises(ResultsError, match=r"log/000001\.jsonl\.gz: not a whole gzip file"):
        ResultsStore(folder).verify()


def test_a_line_changed_anywhere_is_caught_by_verify_naming_its_file_and_line(tmp_path, small_segments):
    _, folder, _ = tournament(tmp_path)
    pristine = {p: p.read_bytes() for p in segments_on_disk(folder) + [folder / "games.jsonl"]}
    assert CliRunner().invoke(app, ["verify", str(folder)]).exit_code == 0
    for file, number, _ in all_lines(folder):
        rewrite(file, number, turned_round)
        result = CliRunner().invoke(app, ["verify", str(folder)])
        assert result.exit_code == 2, (file, number)
        assert f"{file}:{number}: authentication failed" in " ".join(result.output.split()), result.output
        file.write_bytes(pristine[file])


def test_a_line_changed_after_the_checkpoint_is_caught_by_a_rerun(tmp_path, small_segments):
    path, folder, _ = tournament(tmp_path)
    log = folder / "games.jsonl"
    pristine = log.read_bytes()
    count = len(pristine.splitlines())
    assert count >= 1
    for number in range(1, count + 1):
        rewrite(log, number, turned_round)
        with pytest.raises(ResultsError, match=rf"games\.jsonl:{number}: authentication failed"):
            run(path)
        with pytest.raises(ResultsError, match=rf"games\.jsonl:{number}: authentication failed"):
            load_tournament(folder)
        log.write_bytes(pristine)
    assert run(path).played == 0


def test_a_segment_compressed_again_or_removed_is_caught(tmp_path, small_segments):
    _, folder, _ = tournament(tmp_path)
    first, second = segments_on_disk(folder)[:2]
    pristine = first.read_bytes()
    first.write_bytes(gzip.compress(gzip.decompress(pristine), compresslevel=1, mtime=0))  # same lines
    with pytest.raises(ResultsError, match=r"000001\.jsonl\.gz: not the segment the checkpoint lists"):
        ResultsStore(folder).verify()
    first.write_bytes(pristine)
    saved = second.read_bytes()
    second.unlink()  # a whole segment gone: the chain breaks at the first line of the next
    with pytest.raises(ResultsError, match=r"000003\.jsonl\.gz:1: authentication failed"):
        ResultsStore(folder).open()
    second.write_bytes(saved)
    assert ResultsStore(folder).verify()["checkpoint"]


@pytest.mark.parametrize("stopped", ["after the segment", "after the checkpoint"])
def test_a_close_stopped_half_way_is_finished_or_undone_by_the_next_reader(tmp_path, small_segments, stopped):
    path, folder, outcome = tournament(tmp_path, games=2)
    store = ResultsStore(folder)
    store.open()
    log, before = folder / "games.jsonl", len(segments_on_disk(folder))
    data, checkpoint = log.read_bytes(), (folder / CHECKPOINT).read_bytes()
    store.close_segment()  # then undo the steps a crash would not have done
    if stopped == "after the segment":
        (folder / CHECKPOINT).write_bytes(checkpoint)
    log.write_bytes(data)
    assert len(segments_on_disk(folder)) == before + 1
    assert ResultsStore(folder).open(repair=False).recorded == 24  # read only: nothing changed
    assert run(path).played == 0 and load_tournament(folder)[1] == outcome.board
    assert len(segments_on_disk(folder)) == before + (stopped == "after the checkpoint")
    assert log.read_bytes() == (data if stopped == "after the segment" else b"")
    assert ResultsStore(folder).verify()["games"] == 24


def test_a_torn_line_after_the_segments_is_dropped_and_its_game_played_again(tmp_path, small_segments):
    path, folder, outcome = tournament(tmp_path)
    log = folder / "games.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:-1]) + lines[-1][:40])  # a write cut short by a crash...
    kept = [line for _, _, line in all_lines(folder)][:47]
    signer = LogSigner(load_secret(folder), json.loads(kept[-1])["tag"], 47)
    signer.write_head(folder)  # ...before arena noted it had written that line
    warnings = []
    again = run(path, echo=warnings.append)
    assert any(f"games.jsonl:{len(lines)}: torn last line" in w for w in warnings) and again.played == 1
    assert again.board == outcome.board


def test_a_folder_written_before_segments_is_read_and_closed_by_its_next_run(tmp_path, monkeypatch):
    path, folder, outcome = tournament(tmp_path)  # one games.jsonl of 48 lines, no checkpoint
    assert not segments_on_disk(folder) and not (folder / CHECKPOINT).exists()
    monkeypatch.setattr(results_module, "SEGMENT_LINES", SEGMENT)
    assert load_tournament(folder)[1] == outcome.board  # read as it is
    bigger = toy_config(tmp_path, FOUR, games=5)
    assert run(bigger).played == 12
    assert len(gzip.decompress(segments_on_disk(folder)[0].read_bytes()).splitlines()) >= 48
    assert ResultsStore(folder).verify()["games"] == 60


@pytest.mark.parametrize("actions", [[], ["a"], ["a \"]\" b", "c\\\\", "\"]", "x\",\"y"], ["é 漢", "]\\\"", ""]])
def test_a_lines_summary_is_the_record_with_the_number_of_its_moves(actions):
    record = {"id": "g", "options": {"x": "\"actions\":["}, "actions": actions, "scores": [1, 2]}
    line = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    expected = {k: v for k, v in record.items() if k != "actions"}
    assert summary(line) == dict(expected, action_count=len(actions))
    plain = json.dumps({"id": "g", "actions": actions}).encode()
    assert summary(plain) == {"id": "g", "action_count": len(actions)}


@pytest.mark.parametrize("change", ["seed", "seats"])
def test_a_game_the_schedule_does_not_give_is_refused_by_a_rerun_naming_its_line(tmp_path, change):
    path, folder, _ = tournament(tmp_path)
    log = folder / "games.jsonl"
    records = [json.loads(line) for line in log.read_bytes().splitlines()]
    if change == "seed":
        records[4]["seed"] += 1
    else:
        records[4]["players"] = records[4]["players"][::-1]
    signer = LogSigner(load_secret(folder))  # as if arena itself had written it
    log.write_bytes(b"".join(signer.sign({k: v for k, v in r.items() if k != "tag"}) for r in records))
    signer.write_head(folder)
    with pytest.raises(ResultsError, match=rf"games\.jsonl:5: game {records[4]['id']} was played with seed "
                                           rf"{records[4]['seed']} and seats .* is this the right results folder"):
        run(path)
    assert load_tournament(folder)[1]["games_recorded"] == 48  # reading it is not refused


def test_arena_leaderboard_writes_the_checkpoint_a_folder_lacked(tmp_path, small_segments, monkeypatch):
    """Without .checkpoint, `arena leaderboard` wrote .trueskill but no checkpoint, so every later open
    read every segment again."""
    path, folder, _ = tournament(tmp_path)
    expected = (folder / CHECKPOINT).read_bytes()
    (folder / CHECKPOINT).unlink()
    assert CliRunner().invoke(app, ["leaderboard", str(folder)]).exit_code == 0
    assert (folder / CHECKPOINT).read_bytes() == expected  # what the close of the last segment wrote
    read = []
    original = results_module.read_segment
    monkeypatch.setattr(results_module, "read_segment", lambda p: read.append(p) or original(p))
    ResultsStore(folder).open()
    assert read == []  # the next open reads no segment
