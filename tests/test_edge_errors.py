"""Clear errors at the edges: one line naming what and where, a non-zero exit, no traceback,
and nothing appended once a damaged closed segment is found.

- Ray that cannot start (arena/runs/runner.py: start_ray raises RayStartError);
- a closed segment of the log damaged on disk (arena/store/results.py: check_segments before a
  resume plays, records_at for `arena leaderboard`);
- a --database that cannot be opened (arena/serve/server.py: open_database, before any server).
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

import arena.store.results as results_module
from arena.cli import app
from arena.store.log_files import segments_on_disk

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
TOY = str(TESTS / "toy_game.py")
SEGMENT = 5  # lines per closed segment here (SEGMENT_LINES is 1000)


def toy_config(tmp_path, games=2, players=3):
    """A toy-game tournament of ``players`` random players, 2 seats; its config's path."""
    data = {"name": "t", "game": "toy", "plugins": [TOY], "seats": 2,
            "players": [{"name": "abc"[i], "class": "random", "params": {"seed": i}} for i in range(players)],
            "games_per_pairing": games, "seed": 11, "output": str(tmp_path / "results")}
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def error_lines(output: str) -> list:
    return [line for line in output.splitlines() if line.strip()]


def log_bytes(folder: Path) -> dict:
    """Every file of the game log (closed segments, games.jsonl, checkpoint, head) by name."""
    files = [folder / "games.jsonl", folder / ".checkpoint", folder / ".games.head"] + segments_on_disk(folder)
    return {p.name: p.read_bytes() for p in files if p.exists()}


# --- Ray that cannot start ------------------------------------------------------------------------

@pytest.fixture
def ray_that_times_out(monkeypatch):
    """ray.init failing as it does on a loaded machine after 30 s; what start_ray shut down."""
    import ray

    def timed_out(*args, **kwargs):
        raise Exception("The current node timed out during startup. This could happen because some of the "
                        "raylet failed to startup or the GCS has become overloaded.\nsecond line of Ray's")

    shut = []
    monkeypatch.setattr(ray, "init", timed_out)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "shutdown", lambda *a, **k: shut.append(True))  # never a session's real Ray
    return shut


def assert_ray_start_line(result):
    assert result.exit_code not in (0, None) and "Traceback" not in result.output, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    lines = error_lines(result.output)
    said = [line for line in lines if line.startswith("error:")]
    assert len(said) == 1, result.output
    line = said[0]
    assert "Ray could not start" in line and "timed out during startup" in line, line
    assert "second line of Ray's" not in result.output  # Ray's text cut to one line
    assert "--workers 0" in line and "ray stop" in line, line  # what to try
    return line


def test_tournament_whose_ray_cannot_start_says_so_in_one_line_and_plays_nothing(tmp_path, ray_that_times_out):
    path = toy_config(tmp_path)
    result = CliRunner().invoke(app, ["tournament", str(path), "--workers", "2"])
    assert_ray_start_line(result)
    assert result.exit_code == 2  # as every error of `arena tournament` (ConfigError, ResultsError, ...)
    assert ray_that_times_out, "what Ray had started of itself is shut down"
    folder = tmp_path / "results" / "t"
    assert not (folder / "games.jsonl").exists() and not segments_on_disk(folder)


def test_match_whose_ray_cannot_start_says_so_in_one_line(tmp_path, ray_that_times_out):
    result = CliRunner().invoke(app, ["match", "random", "random", "--b-param", "seed=1", "--game", "toy", "--deals", "1", "--workers", "2",
                                      "--output", str(tmp_path / "results"), "--quiet"])
    assert_ray_start_line(result)
    assert result.exit_code == 2


def test_a_real_ray_start_failure_in_a_subprocess_is_one_line(tmp_path):
    """Ray's own start failing (its temporary folder cannot be made), `arena` as a user runs it."""
    path = toy_config(tmp_path, games=1)
    env = dict(os.environ, RAY_TMPDIR=str(path / "not-a-folder"), RAY_USAGE_STATS_ENABLED="0")
    env.pop("RAY_ADDRESS", None)
    done = subprocess.run([sys.executable, "-c", "from arena.cli import main; main()", "tournament", str(path),
                           "--workers", "2"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr + done.stdout, done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(said) == 1 and "Ray could not start" in said[0] and "not-a-folder" in said[0], done.stderr
    assert not (tmp_path / "results" / "t" / "games.jsonl").exists()


# --- a damaged closed segment ---------------------------------------------------------------------

@pytest.fixture
def small_segments(monkeypatch):
    monkeypatch.setattr(results_module, "SEGMENT_LINES", SEGMENT)


def segment_the_report_reads(folder: Path, monkeypatch) -> Path:
    """The closed segment holding a game `arena leaderboard` reads whole (for its viewer pages)."""
    read = []
    real = results_module.ResultsStore.records_at

    def spy(store, numbers):
        numbers = list(numbers)
        read.extend((store, n) for n in numbers)
        return real(store, numbers)

    monkeypatch.setattr(results_module.ResultsStore, "records_at", spy)
    assert CliRunner().invoke(app, ["leaderboard", str(folder)]).exit_code == 0
    monkeypatch.setattr(results_module.ResultsStore, "records_at", real)
    files = {Path(store.where(n).rsplit(":", 1)[0]) for store, n in read}
    closed = sorted(p for p in files if p.name.endswith(".jsonl.gz"))
    assert closed, f"the report read no closed segment: {files}"
    return closed[0]


def flip_a_byte_in_the_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))  # the same size: the checkpoint still "fits"


def test_a_damaged_closed_segment_is_one_line_and_a_resume_plays_and_appends_nothing(
        tmp_path, small_segments, monkeypatch):
    path = toy_config(tmp_path, games=4)  # 3 pairings x 4 deals x 2 seatings: 24 games, 4 closed segments
    runner = CliRunner()
    first = runner.invoke(app, ["tournament", str(path), "--workers", "0", "--quiet"])
    assert first.exit_code == 0, first.output
    folder = tmp_path / "results" / "t"
    assert len(segments_on_disk(folder)) == 24 // SEGMENT
    segment = segment_the_report_reads(folder, monkeypatch)
    flip_a_byte_in_the_middle(segment)
    before = log_bytes(folder)

    shown = runner.invoke(app, ["leaderboard", str(folder)])
    assert shown.exit_code == 2 and "Traceback" not in shown.output, shown.output
    assert isinstance(shown.exception, SystemExit), repr(shown.exception)  # not an uncaught CheckpointError
    lines = error_lines(shown.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), shown.output
    assert str(segment) in lines[0] and "arena verify" in lines[0], lines[0]

    played = []
    import arena.runs.playing as playing

    real_keep = playing.Playing.keep
    monkeypatch.setattr(playing.Playing, "keep", lambda self, batch: (played.extend(batch), real_keep(self, batch)))
    path.write_text(path.read_text().replace("games_per_pairing: 4", "games_per_pairing: 6"))
    resumed = runner.invoke(app, ["tournament", str(path), "--workers", "0"])
    assert resumed.exit_code == 2 and "Traceback" not in resumed.output, resumed.output
    assert isinstance(resumed.exception, SystemExit), repr(resumed.exception)
    lines = error_lines(resumed.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), resumed.output
    assert str(segment) in lines[0] and "damaged" in lines[0] and "arena verify" in lines[0], lines[0]
    assert "to play" not in resumed.output  # it stopped before it began
    assert played == [] and log_bytes(folder) == before  # nothing played, nothing appended or rewritten
    assert (folder / "config.yaml").read_text().count("games_per_pairing: 4") == 1  # nor the config replaced


# --- a database that cannot be opened -------------------------------------------------------------

def test_serve_with_a_database_that_cannot_be_opened_is_one_line_before_any_server(tmp_path):
    path = toy_config(tmp_path, games=1)
    assert CliRunner().invoke(app, ["tournament", str(path), "--workers", "0", "--quiet"]).exit_code == 0
    folder = tmp_path / "results" / "t"
    url = f"sqlite:///{tmp_path}/no/such/dir/x.db"
    done = subprocess.run([sys.executable, "-c", "from arena.cli import main; main()", "serve", str(folder),
                           "--database", url, "--port", "0", "--workers", "0", "--uploads", str(tmp_path / "up")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    output = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in output, output
    lines = error_lines(output)
    assert len(lines) == 1 and lines[0].startswith("error: database ") and "x.db" in lines[0], output
    assert "cannot be opened" in lines[0] and "arena serve:" not in output  # no server was started
    assert not (tmp_path / "up").exists()  # it stopped before anything else was made


def test_a_closed_segment_that_cannot_be_read_stops_a_resume_in_one_line(tmp_path, small_segments, monkeypatch):
    """A segment the disk fails to give back (EIO) is said as damage is, before anything is played."""
    import builtins
    import errno

    path = toy_config(tmp_path, games=2)  # 12 games: 2 closed segments
    runner = CliRunner()
    assert runner.invoke(app, ["tournament", str(path), "--workers", "0", "--quiet"]).exit_code == 0
    folder = tmp_path / "results" / "t"
    segment = segments_on_disk(folder)[0]
    before = log_bytes(folder)

    def failing_disk(file, *args, **kwargs):
        if str(file) == str(segment):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(file))
        return builtins.open(file, *args, **kwargs)

    monkeypatch.setattr(results_module, "open", failing_disk, raising=False)
    path.write_text(path.read_text().replace("games_per_pairing: 2", "games_per_pairing: 3"))
    resumed = runner.invoke(app, ["tournament", str(path), "--workers", "0"])
    assert resumed.exit_code == 2 and isinstance(resumed.exception, SystemExit), resumed.output
    lines = error_lines(resumed.output)
    assert len(lines) == 1 and str(segment) in lines[0] and "cannot be read" in lines[0], resumed.output
    assert "Input/output error" in lines[0] and "nothing was played or appended" in lines[0]
    assert log_bytes(folder) == before
