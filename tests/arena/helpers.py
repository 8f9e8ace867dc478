"""Running small tournaments quietly, and comparing their logs."""
import io
import json

from arena.runs.config import load_config
from arena.store.results import ResultsStore
from arena.runs.tournament import run_tournament


def run(path, check_players=True, **kwargs):
    kwargs.setdefault("echo", lambda *_: None)
    kwargs.setdefault("progress_stream", io.StringIO())
    kwargs.setdefault("grace", 1.0)
    kwargs.setdefault("report", False)  # drawing the charts takes a second; tests/arena/reports/test_report.py draws them
    return run_tournament(load_config(path, check_players=check_players), **kwargs)


def share_secret(source, target) -> None:
    """Give the results folder ``target`` the secret of ``source`` (the documented way to
    play the same games elsewhere), so that the two play the same deals."""
    from arena.store.secret import SECRET

    target.mkdir(parents=True, exist_ok=True)
    (target / SECRET).write_bytes((source / SECRET).read_bytes())
    (target / SECRET).chmod(0o600)


def log_lines(folder) -> list:
    return (folder / "games.jsonl").read_text().splitlines()


def without_timings(lines) -> set:
    out = set()
    for line in lines:
        record = json.loads(line)
        record.pop("timings")
        record.pop("tag", None)  # chained in the order games finished
        out.add(json.dumps(record, sort_keys=True))
    return out


def records(folder) -> dict:
    return {r["id"]: r for r in ResultsStore(folder).load_games()}
