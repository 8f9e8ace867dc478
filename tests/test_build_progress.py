"""arena build says how far it is while it compiles: at a terminal as a bar, elsewhere (a CI log)
as a line every few seconds (issue 47: it said "67 to compile" and then nothing for minutes)."""
import os
import time

from engine._build import _Watch


def test_the_build_watch_counts_what_cython_and_the_compiler_made(tmp_path):
    c_dir, objects = tmp_path / "c", tmp_path / "tmp"
    (c_dir / "engine").mkdir(parents=True)
    objects.mkdir()
    (c_dir / "engine" / "old.c").write_text("")  # from an earlier build: not counted
    old = time.time() - 100
    os.utime(c_dir / "engine" / "old.c", (old, old))
    told = []
    with _Watch(lambda done, total, what: told.append((done, total, what)), ["a", "b"], time.time() - 1, c_dir,
                objects):
        (c_dir / "engine" / "a.c").write_text("")
        _wait_for(lambda: told and told[-1] == (1, 2, "Cython translating to C"))
        (c_dir / "engine" / "b.c").write_text("")
        (objects / "a.o").write_text("")
        _wait_for(lambda: told[-1] == (1, 2, "compiling C"))
    count = len(told)
    time.sleep(1.5)
    assert len(told) == count  # stopped with the build


def _wait_for(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the watch said nothing new"
        time.sleep(0.05)


def test_away_from_a_terminal_progress_is_a_line_every_few_seconds(capsys, monkeypatch):
    from arena.cli import _Busy

    monkeypatch.setattr(_Busy, "EVERY", 0.0)
    with _Busy("arena build") as busy:
        busy.update(3, 67, "compiling C")
    assert "arena build: compiling C (3/67, " in capsys.readouterr().err
    monkeypatch.setattr(_Busy, "EVERY", 3600.0)
    with _Busy("arena build") as busy:
        busy.update(4, 67, "compiling C")
    assert capsys.readouterr().err == ""  # not more often than EVERY


def test_a_run_away_from_a_terminal_says_how_far_it_is_every_few_seconds(monkeypatch):
    import io

    from arena.runs.runner import Progress

    log = io.StringIO()  # not a terminal: a CI log, nohup
    progress = Progress(10, log)
    progress.add(9)
    progress.add(1)
    assert log.getvalue() == ""  # a run shorter than QUIET_EVERY adds no line
    monkeypatch.setattr(Progress, "QUIET_EVERY", 0.0)
    progress = Progress(10, log, every=0.0)
    progress.add(3)
    lines = log.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("[") and "3/10 games" in lines[0] and "\r" not in log.getvalue()
