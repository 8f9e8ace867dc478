"""Submissions checked apart from the ladder's games: a bounded pool of checks, each in a process
of its own with a deadline.

A check is ``arena submit``'s (:func:`arena.runs.tournament.check_new_player`: the player built
in its jail and two games against random players under the ladder's clocks), run by
:func:`main` in a process and session of its own, so that

- the ladder's loop plays and records games while a slow player is being checked;
- a check that passes its deadline (:func:`check_deadline`, from the ladder's clocks) is killed
  with every process it started, and the players it left in the jail are swept;
- the server's process never imports submitted code nor shares its jail with a check.

:class:`Checks` runs at most ``workers`` checks at once (``arena serve --check-workers``,
default 1) and at most one per user; which submission is checked next, and what its verdict
changes, is the ladder's (:class:`arena.serve.ladder.Ladder`).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CHECK_GAMES = 2  # check_new_player's games
START_SECONDS = 60.0  # a check's own start: Python, the engine, the jail's template, the player's build
UNTIMED_GAME_SECONDS = 600.0  # a check game's bound where the ladder has no game clock


def check_deadline(cfg) -> float:
    """How long one check may take: its start, and each check game at every seat's game clock
    (the random players' time is the newcomer's seat's at most), with a quarter to spare."""
    per_game = cfg.game_seconds or (cfg.move_seconds or 0) * 300 or UNTIMED_GAME_SECONDS
    return START_SECONDS + CHECK_GAMES * per_game * 1.25


def run_check(cfg, entry, deadline: float, started=None) -> str:
    """Check ``entry`` (a PlayerEntry) against ``cfg`` in a process of its own: '' when it passes,
    else what is wrong (one paragraph for its owner).  ``started(process)``: told the process (the
    pool kills it when the server stops)."""
    request = json.dumps({"config": cfg.to_dict(), "output": str(cfg.output), "name": cfg.name,
                          "source": str(cfg.source), "entry": {"name": entry.name, "spec": entry.spec,
                                                               "params": entry.params}})
    # not `-m`: it would put the server's working folder first on sys.path, where a folder named
    # players/ (or arena/) would stand for arena's own packages in the check and its jail
    boot = "import sys; del sys.path[0]; from arena.serve.checking import main; main()"
    proc = subprocess.Popen([sys.executable, "-c", boot], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    if started is not None:
        started(proc)
    try:
        out, err = proc.communicate(request.encode(), timeout=deadline)
    except subprocess.TimeoutExpired:
        kill(proc)
        return (f"the check took longer than {deadline:g} s, all the ladder's clocks allow for its "
                f"{CHECK_GAMES} games and its start; the player was stopped")
    finally:
        kill(proc)
    lines = out.decode(errors="replace").strip().splitlines()
    try:
        return str(json.loads(lines[-1])["problem"])
    except (IndexError, ValueError, KeyError, TypeError):
        said = err.decode(errors="replace").strip().splitlines()
        return ("the check could not be made (its process ended with "
                f"{'signal ' + str(-proc.returncode) if proc.returncode < 0 else 'status ' + str(proc.returncode)}"
                f"{': ' + said[-1][:200] if said else ''})")


def kill(proc) -> None:
    """A check's process and every process of its session; then what its jail left behind."""
    if proc.poll() is None or _session_alive(proc.pid):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        proc.wait()
        from arena.jail import sweep

        sweep()  # its players' cgroups: their game master is gone


def _session_alive(pid: int) -> bool:
    try:
        os.killpg(pid, 0)
        return True
    except OSError:
        return False


class Checks:
    """At most ``workers`` checks at once; :meth:`start` one, :meth:`done` the finished ones."""

    def __init__(self, workers: int = 1):
        self.workers = max(1, int(workers))
        self.pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="check")
        self.running: dict = {}  # submission id -> (owner, future)
        self.procs: dict = {}  # submission id -> its check's process
        self.last: dict = {}  # owner -> when their last check began
        self.lock = threading.Lock()
        self.closed = False

    def free(self) -> int:
        return self.workers - len(self.running)

    def owners(self) -> set:
        return {owner for owner, _ in self.running.values()}

    def start(self, sub_id: int, owner: str, cfg, entry, deadline: float) -> None:
        self.last[owner] = time.monotonic()
        self.running[sub_id] = (owner, self.pool.submit(run_check, cfg, entry, deadline,
                                                        lambda proc: self._started(sub_id, proc)))

    def next_of(self, queued: list):
        """Of ``queued`` submissions (oldest first), the one to check next: of the owner whose last
        check began longest ago (never first), so that one user's queue waits its turn."""
        return min(queued, key=lambda sub: self.last.get(sub.owner, 0.0), default=None)

    def _started(self, sub_id: int, proc) -> None:
        with self.lock:
            self.procs[sub_id] = proc
            closed = self.closed
        if closed:
            kill(proc)

    def stop(self, sub_id: int) -> None:
        """Kill the check of ``sub_id`` (retired while it is checked): its slot is free at once."""
        with self.lock:
            proc = self.procs.get(sub_id)
        if proc is not None:
            kill(proc)

    def done(self) -> list:
        """``[(submission id, problem)]`` of the checks finished since the last call ('' passed)."""
        finished = [(sid, future) for sid, (_, future) in self.running.items() if future.done()]
        for sid, _ in finished:
            del self.running[sid]
        with self.lock:
            for sid, _ in finished:
                self.procs.pop(sid, None)
        return [(sid, _verdict(future)) for sid, future in finished]

    def wait(self) -> None:
        for _, future in list(self.running.values()):
            future.exception()

    def close(self) -> None:
        """Kill every check under way (its submission stays 'checking': a restart checks it again)."""
        with self.lock:
            self.closed = True
            procs = list(self.procs.values())
        for proc in procs:
            kill(proc)
        self.pool.shutdown(wait=True, cancel_futures=True)


def _verdict(future) -> str:
    if future.cancelled():
        return "the check was stopped"
    exc = future.exception()
    if exc is not None:
        return f"the check could not be made ({type(exc).__name__}: {str(exc)[:200]})"
    return future.result()


def main() -> None:
    """The check's process: a request (JSON) on stdin, ``{"problem": ...}`` on stdout's last line."""
    from arena.runs.config import ConfigError, PlayerEntry, config_from_dict
    from arena.runs.tournament import TournamentError, check_new_player

    request = json.loads(sys.stdin.read())
    entry = PlayerEntry(**request["entry"])
    where = f"{Path(request['output']) / request['name']}/config.yaml (with {entry.name!r})"
    problem = ""
    try:
        cfg = config_from_dict(request["config"], request["source"], game_defaults=False)
        cfg.output, cfg.name = request["output"], request["name"]
        config_from_dict(dict(cfg.to_dict(), players=cfg.to_dict()["players"] + [entry.to_dict()]), where)
    except ConfigError as exc:
        problem = str(exc)
    if not problem:
        try:
            check_new_player(entry, cfg)
        except TournamentError as exc:
            problem = str(exc)
        except Exception as exc:  # noqa: BLE001 - whatever else one upload causes is that upload's
            problem = f"the check could not be made ({type(exc).__name__}: {str(exc)[:200]})"
    sys.stdout.write("\n" + json.dumps({"problem": problem}) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
