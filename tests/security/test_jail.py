"""The jail, attacked: each attack of ``jail_attackers.py`` played by a submitted player in a
real small toy tournament, with the game master in the tournament's process (``workers: 0``)
and on the session's Ray (``workers: 2``).

Every tournament runs in a process of its own (``python -c RUNNER``, a driver like ``arena
tournament``; on Ray it joins the session's cluster), watched from here: it must finish in
time (a game master blocked on a FIFO must not hang the tests), its game masters must not
grow past ``MASTER_MIB`` (one that does is killed, and the test fails), and what the attack
did is measured from the outside (``/proc``, the disk, the Ray node) while it runs and after
it returns, before the driver exits.  Assertions are on the true game (``games.jsonl``
replayed with the engine, the schedule rebuilt with the secret) and on what the machine shows,
never on the jail's own modules.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import yaml

import arena
from arena.runs.config import load_config
from arena.runs.schedule import build_schedule
from arena.store.secret import load_secret
from engine.registry import get_game

HERE = Path(__file__).resolve().parent
JAIL = str(HERE / "jail_attackers.py")
TOY = str(HERE.parent / "toy_game.py")
CHECKOUT = str(Path(arena.__file__).resolve().parent.parent)  # the arena this test imports
MASTER_MIB = 1024  # a game master (the driver in process, a Ray worker) beyond it has "exploded"
CLK_TCK = os.sysconf("SC_CLK_TCK")

# The driver: plays the tournament, writes what it returned, says so on stdout, then waits
# (its Ray job alive) until the test has looked at the machine and closes its stdin.
RUNNER = r"""
import io, json, os, sys, traceback
args = json.loads(sys.argv[1])
if args["ray"]:
    import ray
    ray.init(address=args["ray"], log_to_driver=False, logging_level="ERROR",
             runtime_env={"env_vars": args["ray_env"]})
from arena.runs.config import load_config
from arena.runs.tournament import run_tournament
echo, progress = [], io.StringIO()
try:
    outcome = run_tournament(load_config(args["config"]), echo=echo.append, progress_stream=progress,
                             grace=1.0, report=args["report"])
    status = {"ok": True, "played": outcome.played, "scheduled": outcome.scheduled,
              "interrupted": outcome.interrupted}
except BaseException as exc:
    status = {"ok": False, "error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()[-4000:]}
with open(args["out"], "w") as f:
    json.dump(dict(status, echo=echo, progress=progress.getvalue()), f)
print("RETURNED", flush=True)
sys.stdin.read()
os._exit(0)  # the Ray job ends with its driver; no need to wait for Ray's own shutdown
"""


@pytest.fixture(params=[0, 2], ids=["in-process", "ray"])
def workers(request):
    """The game master in the tournament's process (workers: 0), or on two Ray workers."""
    if request.param:
        request.getfixturevalue("ray_local")
    return request.param


def in_process_and_ray(name: str, values: list, on_ray: list) -> pytest.MarkDecorator:
    """Parametrize ``workers`` and ``name``: every value in process, those of ``on_ray`` on Ray
    too.  The others read and parse what the player wrote with the same code on Ray as in
    process, so a Ray run of each would only repeat a Ray start (seconds each); those kept
    on Ray are the ones where Ray's side differs (its workers' environment, the secret's path)."""
    params = [pytest.param(0, value, id=f"in-process-{value}") for value in values]
    params += [pytest.param(2, value, id=f"ray-{value}") for value in on_ray]
    return pytest.mark.parametrize(("workers", name), params, indirect=["workers"])


# --- what the machine shows ----------------------------------------------------------------

def stat_of(pid, tid=None):
    """(comm, state, ppid, utime + stime in seconds) of a process or thread, or None."""
    path = f"/proc/{pid}/task/{tid}/stat" if tid else f"/proc/{pid}/stat"
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    comm = text[text.index("(") + 1:text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()
    return comm, fields[0], int(fields[1]), (int(fields[11]) + int(fields[12])) / CLK_TCK


def live_pids():
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def named(comm: str) -> list:
    """Live (not zombie) processes whose name is ``comm``."""
    found = []
    for pid in live_pids():
        s = stat_of(pid)
        if s and s[0] == comm and s[1] not in "ZX":
            found.append(pid)
    return found


def threads_named(pids, comm: str) -> list:
    """(pid, tid) of the threads named ``comm`` of the processes ``pids``."""
    out = []
    for pid in pids:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            s = stat_of(pid, tid)
            if s and s[0] == comm:
                out.append((pid, int(tid)))
    return out


def status_kib(pid, field: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def pss_kib(pid) -> int:
    """Proportional set size: pages shared after a fork counted once over the sharers."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def kill_named(*comms) -> None:
    """The test's clean-up: the processes its attackers named (and those holding threads so
    named), killed by pid, so that nothing an attack left behind outlives its test."""
    for _ in range(3):
        victims = set()
        for pid in live_pids():
            s = stat_of(pid)
            if not s or s[1] in "ZX":
                continue
            if s[0] in comms or ("arena-thief" in comms and threads_named([pid], "arena-thief")):
                victims.add(pid)
        for pid in victims:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if not victims:
            return
        time.sleep(0.1)


def raylet_of(gcs_address: str):
    """(pid, session folder) of the raylet of the Ray cluster at ``gcs_address``."""
    for pid in live_pids():
        s = stat_of(pid)
        if not s or s[0] != "raylet":
            continue
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
        except OSError:
            continue
        if f"--gcs-address={gcs_address}" in " ".join(args):
            for arg in args:
                if arg.startswith("--raylet_socket_name="):
                    return pid, os.path.dirname(os.path.dirname(arg.partition("=")[2]))
    return None, None


class Sampler(threading.Thread):
    """Calls ``probe()`` every ``every`` seconds until stopped."""

    def __init__(self, probe, every: float):
        super().__init__(daemon=True)
        self.probe, self.every = probe, every
        self.halt = threading.Event()

    def run(self):
        while not self.halt.is_set():
            try:
                self.probe()
            except Exception:  # noqa: BLE001 - a process that went away mid-read
                pass
            self.halt.wait(self.every)

    def stop(self):
        self.halt.set()
        self.join(5)


class MasterGuard:
    """The game masters' memory: the driver (in process) or the Ray workers of the session's
    raylet, sampled every 20 ms; one beyond ``MASTER_MIB`` is killed (a machine with a game
    master reading /dev/zero would otherwise run out of memory) and noted."""

    def __init__(self, driver: int, raylet: int | None):
        self.driver, self.raylet = driver, raylet
        self.peak_mib, self.killed = 0.0, []
        self.known, self.probes, self.seen = [driver], 0, set()
        self.environ: set = set()  # the masters' environment entries (KEY=VALUE), as the OS shows them
        self.sampler = Sampler(self.probe, 0.02)

    def probe(self):
        if self.raylet is not None and self.probes % 10 == 0:  # Ray starts workers as it goes
            self.known = [pid for pid in live_pids() if (stat_of(pid) or ("", "", 0))[2] == self.raylet]
        self.probes += 1
        for pid in self.known:
            if pid not in self.seen:
                try:  # empty until the process's exec has laid out its new stack: read again next time
                    entries = [e for e in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                               if b"=" in e and len(e) >= 16]
                except OSError:
                    entries = []
                    self.seen.add(pid)
                if entries:
                    self.seen.add(pid)
                    self.environ.update(entries)
            mib = status_kib(pid, "VmRSS") / 1024
            self.peak_mib = max(self.peak_mib, mib)
            if mib > MASTER_MIB:
                self.killed.append(f"pid {pid} ({(stat_of(pid) or ['?'])[0]}) at {mib:.0f} MiB")
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass


# --- one tournament ------------------------------------------------------------------------

_PYTHONPATH = []


def driver_pythonpath() -> str:
    """What the driver (and, on Ray, its workers) need on ``PYTHONPATH`` to import the arena
    this test imports: nothing where the installed one is it (the console script's case), the
    checkout otherwise (a copy of the tree run in place)."""
    if not _PYTHONPATH:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        found = subprocess.run([sys.executable, "-c", "import arena; print(arena.__file__)"], cwd="/", env=env,
                               capture_output=True, text=True, timeout=60).stdout.strip()
        same = found and str(Path(found).resolve().parent.parent) == CHECKOUT
        _PYTHONPATH.append("" if same else CHECKOUT)
    return _PYTHONPATH[0]


def submitted(name: str, cls: str, **params) -> dict:
    entry = {"name": name, "class": f"{JAIL}:{cls}"}
    if params:
        entry["params"] = params
    return entry


RANDOMS = [{"name": "a", "class": "random"}, {"name": "b", "class": "random", "params": {"seed": 1}}]


class Run:
    """One small toy tournament ``t`` under ``tmp_path`` (results in ``tmp_path/results/t``),
    played by a driver process of its own with ``tmp_path`` as its working folder."""

    def __init__(self, tmp_path, workers: int, players: list, **extra):
        self.tmp = tmp_path
        self.output = tmp_path / "results"
        self.folder = self.output / "t"
        self.path = tmp_path / "t.yaml"
        self.workers = workers
        data = {"name": "t", "game": "toy", "plugins": [TOY], "seats": 2, "games_per_pairing": 1, "seed": 11,
                "players": players, "output": str(self.output), "workers": workers,
                "time_limits": {"game_seconds": 10}}
        data.update(extra)
        self.path.write_text(yaml.safe_dump(data, sort_keys=False))
        self.env_marker = "envmark-" + uuid.uuid4().hex  # in the game masters' environment only

    def play(self, timeout: float = 90, report: bool = False, samplers=(), after_return=None) -> "Run":
        gcs = None
        if self.workers:
            import ray

            gcs = ray.get_runtime_context().gcs_address
        self.raylet, self.session = raylet_of(gcs) if gcs else (None, None)
        out = self.tmp / "runner.json"
        env = dict(os.environ, ARENA_JAIL_MARKER=self.env_marker)
        env.pop("PYTHONPATH", None)
        ray_env = {"ARENA_JAIL_MARKER": self.env_marker}
        if driver_pythonpath():
            env["PYTHONPATH"] = ray_env["PYTHONPATH"] = driver_pythonpath()
        args = {"config": str(self.path), "report": report, "out": str(out), "ray": gcs, "ray_env": ray_env}
        stderr = open(self.tmp / "runner.stderr", "wb")
        proc = subprocess.Popen([sys.executable, "-c", RUNNER, json.dumps(args)], cwd=self.tmp, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                start_new_session=True)
        self.guard = MasterGuard(proc.pid, self.raylet)
        returned = threading.Event()

        def watch_stdout():
            for line in proc.stdout:
                if line.strip() == b"RETURNED":
                    returned.set()

        threading.Thread(target=watch_stdout, daemon=True).start()
        watchers = [self.guard.sampler] + list(samplers)
        for sampler in watchers:
            sampler.start()
        began, timed_out = time.monotonic(), False
        try:
            while not returned.wait(0.1):
                if proc.poll() is not None:
                    break
                if time.monotonic() - began > timeout:
                    timed_out = True
                    break
            self.seconds = time.monotonic() - began
            if returned.is_set() and after_return is not None:
                after_return()
        finally:
            if not returned.is_set():
                self._kill(proc)
            else:
                proc.stdin.close()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    self._kill(proc)
            for sampler in watchers:
                sampler.stop()
            stderr.close()
        tail = (self.tmp / "runner.stderr").read_bytes().decode(errors="replace")[-1500:]
        assert not self.guard.killed, f"a game master's memory exploded (killed: {self.guard.killed})"
        assert returned.is_set(), (f"the tournament did not finish: "
                                   f"{f'still running after {timeout}s' if timed_out else 'its process died'}"
                                   f" (exit {proc.returncode}); its stderr ends: {tail}")
        self.result = json.loads(out.read_text())
        assert self.result["ok"], f"the tournament failed: {self.result['error']}\n{self.result.get('traceback', '')}"
        self.cfg = load_config(self.path, check_players=False)
        self.key = load_secret(self.folder)
        self.records = [json.loads(line) for line in (self.folder / "games.jsonl").read_text().splitlines()
                        if line.strip()]
        self.by_id = {r["id"]: r for r in self.records}
        self.schedule = build_schedule(self.cfg, self.key)
        return self

    @staticmethod
    def _kill(proc):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            pass

    # --- the true game
    def check_complete(self):
        """Every scheduled game recorded once and rated: none dropped as failed for no player's
        reason, none left for a next run."""
        ids = [r["id"] for r in self.records]
        failed = [r["id"] for r in self.records if r.get("failed")]
        missing = [g.id for g in self.schedule if g.id not in self.by_id]
        warnings = [line for line in self.result["echo"] if "failed for no player's reason" in line]
        assert not failed and not missing and len(ids) == len(set(ids)) == len(self.schedule), \
            (f"{len(missing)} of {len(self.schedule)} games not recorded, {len(failed)} failed: "
             f"{warnings or [r.get('failed') for r in self.records if r.get('failed')]}")
        assert all(r["ranks"] is not None and len(r["ranks"]) == r["num_players"] for r in self.records)

    def games_of(self, name: str) -> list:
        """(record, seat) of every game ``name`` played."""
        return [(self.by_id[g.id], g.players.index(name)) for g in self.schedule
                if name in g.players and g.id in self.by_id]

    def check_faults_only(self, name: str, kinds=None):
        """Every fault of every game is ``name``'s (and of one of ``kinds``)."""
        for record in self.records:
            for fault in record["faults"]:
                assert fault["seat"] is not None and record["players"][fault["seat"]] == name, \
                    (record["id"], record["players"], record["faults"])
                if kinds is not None:
                    assert fault["kind"] in kinds, fault

    def details(self, name: str) -> list:
        return [f["detail"] for record, seat in self.games_of(name) for f in record["faults"] if f["seat"] == seat]

    def reports(self, name: str, word: str) -> list:
        """The text after ``Report: WORD`` in ``name``'s fault details (its trailing " at file:line"
        left on)."""
        out = []
        for detail in self.details(name):
            if f"Report: {word}" in detail:
                out.append(detail.split(f"Report: {word}", 1)[1].strip())
        return out

    def check_reported(self, name: str, word: str) -> list:
        """``name``'s reports ``word``: one in every game it played, unless the jail killed it
        first (a crash or memory fault: then it could not have done more than it did)."""
        for record, seat in self.games_of(name):
            mine = [f for f in record["faults"] if f["seat"] == seat]
            assert any(f"Report: {word}" in f["detail"] or f["kind"] in ("crash", "memory") for f in mine), \
                f"{name} did not report in game {record['id']}: {mine}"
        return self.reports(name, word)

    def board(self) -> dict:
        return {p["name"]: p for p in json.loads((self.folder / "leaderboard.json").read_text())["players"]}


def replayed(record):
    """The true state of a recorded game after its actions."""
    spec = get_game(record["game"])
    state = spec.new_game(record["num_players"], record["seed"], record["options"])
    for text in record["actions"]:
        state.apply(spec.action_from_text(text))
    return state


def json_prefix(text: str):
    """The JSON value at the start of ``text`` (a report's tail), or None."""
    try:
        value, _ = json.JSONDecoder().raw_decode(text)
        return value
    except ValueError:
        return None


@pytest.fixture
def leftovers():
    """Kills, after the test, whatever its attackers named and left behind."""
    yield
    kill_named("arena-outlive", "arena-memtree", "arena-thief", "arena-jailmem")


# --- 1. the game master reopening a file ---------------------------------------------------

@in_process_and_ray("target", ["secret", "fifo", "zero", "environ"], on_ray=["secret", "environ"])
def test_a_file_the_game_master_opens_again_gives_nothing_away(tmp_path, workers, target):
    """The thief replaces its stderr file (and every other file it can reach) with a symlink
    and dies: the secret, the game master's environment, a FIFO's block or /dev/zero's
    endless bytes must reach neither the results nor the run's output, and nothing hangs."""
    run = Run(tmp_path, workers, RANDOMS + [submitted("x", "ReopenThief", target=target,
                                                      secret=str(tmp_path / "results" / "t" / ".secret"))],
              time_limits={"game_seconds": 5})
    run.play(timeout=40, report=True)
    key = load_secret(run.folder)
    forbidden = {"the secret (hex)": key.hex().encode(), "the secret (HEX)": key.hex().upper().encode(),
                 "the secret (raw)": key, "the game master's environment": run.env_marker.encode()}
    assert run.guard.environ, "the game masters' environment was not read"
    forbidden.update((f"the game master's {entry.partition(b'=')[0].decode(errors='replace')}", entry)
                     for entry in run.guard.environ)
    places = {str(p.relative_to(run.folder)): p.read_bytes() for p in run.folder.rglob("*")
              if p.is_file() and p.name != ".secret"}
    assert {"games.jsonl", "leaderboard.md", "leaderboard.json", "report.html"} <= set(places)
    places["the run's echo"] = "\n".join(run.result["echo"]).encode()
    places["the run's progress"] = run.result["progress"].encode()
    leaks = {}
    for what, needle in forbidden.items():
        for where, data in places.items():
            if needle in data:
                leaks.setdefault(what, []).append(where)
    assert not leaks, "attack succeeded: " + "; ".join(f"{what} in {', '.join(where)}"
                                                       for what, where in leaks.items())
    run.check_complete()
    for record, seat in run.games_of("x"):
        assert [(f["seat"], f["kind"]) for f in record["faults"]] == [(seat, "crash")], record["faults"]
    run.check_faults_only("x")


# --- 2. another seat's fault detail through end() ------------------------------------------

ALLOWED_WORDS = {"scores", "ranks", "faults", "seat", "seats", "kind", "kinds"}


def words_in(value) -> set:
    """Every string (keys too) anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(map(str, value)) | set().union(*(words_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(words_in(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_end_tells_no_player_another_seats_fault_detail(tmp_path, workers, leftovers):
    """A second entry of the same author keeps what ``end()`` gave it (in its process, and in
    every channel it can find to a later process) and reports it in its next game (with a fresh
    process per game and nothing shared, it has nothing to report: a pass).  What end() gives
    is scores, ranks and fault kinds by seat: never a detail."""
    from jail_attackers import Memory

    marker, tag = "LEAK-" + uuid.uuid4().hex[:12], uuid.uuid4().hex[:12]
    run = Run(tmp_path, workers, [RANDOMS[0], submitted("x1", "Leaker", marker=marker),
                                  submitted("x2", "EndCollector", tag=tag)],
              games_per_pairing=2, games_per_task=100)  # on Ray: one task, games in schedule order
    try:
        run.play()
    finally:
        Memory(tag).forget()
    run.check_complete()
    others = [f["detail"] for r in run.records for f in r["faults"]
              if r["players"][f["seat"]] != "x2" and len(f["detail"]) >= 12]
    for text in run.reports("x2", "END"):
        assert marker not in text and not any(d in text for d in others), f"attack succeeded: end() gave {text}"
        assert '"detail"' not in text, f"end() gave a fault's detail: {text}"
        received = json_prefix(text)
        if received is not None:  # a report cut short is checked by the lines above only
            strange = {w for w in words_in(received) if w not in ALLOWED_WORDS and not w.isdigit()
                       and not re.fullmatch(r"[a-z]{3,12}", w)}
            assert not strange, f"end() gave more than scores, ranks and fault kinds: {strange} in {text}"


# --- 3. a malformed reply as a veto --------------------------------------------------------

KINDS = ["recursion", "huge", "garbage"]
PHASES = {"xs": "start", "xa": "act", "xe": "end"}  # one attacker per phase of the game it writes in


def true_ranks(record) -> list:
    """The places the rules give: the game replayed; a faulted seat last, the others ranked on
    the position reached (README, "Faults")."""
    state = replayed(record)
    faulty = {f["seat"] for f in record["faults"] if f["seat"] is not None}
    if not faulty:
        assert state.is_terminal(), f"{record['id']}: no fault, yet the game did not end"
        return list(state.ranking())
    keys, n = state.rank_keys(), record["num_players"]
    return [n - len(faulty) + 1 if seat in faulty else
            1 + sum(1 for other in range(n) if other not in faulty and keys[other] > keys[seat]) for seat in range(n)]


@in_process_and_ray("kind", KINDS, on_ray=["huge"])
def test_a_malformed_reply_is_no_veto(tmp_path, workers, kind):
    """Three attackers write a malformed reply (``kind``) on every pipe they can write to: from
    ``start()`` (xs), from their first ``act()`` (xa), from ``end()`` after a loss (xe).  Every
    scheduled game is recorded and rated (none dropped as failed for no player's reason), every
    fault is an attacker's, every game is ranked as its true replay says, and each attacker's
    win rate on the leaderboard is its true one (its losses stay losses: never a 100% made of
    vetoes)."""
    attackers = [submitted(name, "Vetoer", kind=kind, when=when) for name, when in PHASES.items()]
    run = Run(tmp_path, workers, [RANDOMS[0]] + attackers, time_limits={"game_seconds": 5})
    run.play(timeout=90)
    try:
        run.check_complete()
    except AssertionError as exc:
        dropped = sorted({name for g in run.schedule if g.id not in run.by_id for name in g.players if name in PHASES})
        raise AssertionError(f"attack succeeded: games of {', '.join(f'{n} ({PHASES[n]})' for n in dropped)} "
                             f"were dropped: {exc}") from None
    for record in run.records:
        for fault in record["faults"]:
            assert record["players"][fault["seat"]] in PHASES, (record["players"], record["faults"])
        assert record["ranks"] == true_ranks(record), (record["id"], record["players"], record["ranks"],
                                                       record["faults"])
    board = run.board()
    for name, when in PHASES.items():
        games = run.games_of(name)
        wins = sum(1 for record, seat in games if record["ranks"][seat] == 1 and record["ranks"].count(1) == 1)
        assert board[name]["games"] == len(games) and abs(board[name]["win_rate"] - wins / len(games)) < 1e-3, \
            f"attack succeeded: {name} ({when}) is shown {board[name]}, its true record is {wins} of {len(games)}"


def invoke_cli(args, seconds: float = 60):
    """``arena ARGS`` through typer's runner, in a thread so that a hang fails the test."""
    from typer.testing import CliRunner

    from arena.cli import app

    done = {}
    thread = threading.Thread(target=lambda: done.setdefault("result", CliRunner().invoke(app, args)),
                              daemon=True)
    thread.start()
    thread.join(seconds)
    assert "result" in done, f"arena {' '.join(args)} still running after {seconds}s"
    return done["result"]


def clean_error(result) -> str:
    output = result.output + (getattr(result, "stderr", "") if not result.output else "")
    lines = [line for line in output.splitlines() if line.strip()]
    problems = []
    if result.exit_code != 2:
        problems.append(f"exit code {result.exit_code} (exception: {result.exception!r})")
    if "Traceback" in output or not isinstance(result.exception, (SystemExit, type(None))):
        problems.append("a traceback")
    if len(lines) != 1 or not lines[0].startswith("error:"):
        problems.append(f"{len(lines)} lines, not one error line")
    return "; ".join(problems) + f"\noutput:\n{output[-1500:]}" if problems else ""


@pytest.mark.parametrize("kind", KINDS)
def test_a_malformed_reply_from_start_is_a_clean_error_of_the_checks(tmp_path, kind):
    """``arena check-player`` and the config check of ``arena tournament`` build the player and
    start it: a malformed reply there is a one-line error (exit 2), not a traceback."""
    spec = f"{JAIL}:Vetoer"
    problem = clean_error(invoke_cli(["check-player", spec, "--game", "origin", "--games", "1",
                                      "--param", f"kind={kind}", "--param", "when=start", "--param", "always=true",
                                      "--game-seconds", "10"]))
    assert not problem, f"arena check-player: {problem}"
    path = tmp_path / "t.yaml"
    path.write_text(yaml.safe_dump({
        "name": "t", "game": "toy", "plugins": [TOY], "seats": 2, "output": str(tmp_path / "results"),
        "players": [RANDOMS[0], submitted("x", "Vetoer", kind=kind, when="start", always=True)],
        "time_limits": {"game_seconds": 10}}, sort_keys=False))
    problem = clean_error(invoke_cli(["tournament", str(path)]))
    assert not problem, f"arena tournament (config check): {problem}"
    assert not (tmp_path / "results" / "t" / "games.jsonl").exists()


# --- 4. remembering the other rotation -----------------------------------------------------

def fresh_notepad(path: Path) -> None:
    """A file of random bytes none of whose pages is cached (for ``PageNotes``)."""
    from channel_attackers import PageNotes

    with open(path, "wb") as f:
        f.write(os.urandom(PageNotes.size()))
        f.flush()
        os.fsync(f.fileno())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


def test_nothing_is_remembered_from_one_rotation_of_a_deal_to_the_other(tmp_path, workers, leftovers):
    """Both rotations of a deal are dealt alike: what the attacker held from one seat, its
    opponent holds from the other.  Whatever it stores (globals, files, /tmp, /dev/shm, SysV
    shared memory, an abstract socket held by a child, the kernel's user key ring, which pages
    of a large file of its own folder are cached), it claims no correct hand.  The page-cache
    notes work outside the jail (the check of the attacker itself)."""
    from channel_attackers import PageNotes
    from jail_attackers import Memory

    fresh_notepad(tmp_path / "outside.bin")
    notes = PageNotes(str(tmp_path / "outside.bin"))
    assert notes.append({"seat": 1, "hand": [1, 4, 6], "seen": [3]}) and \
        [e["hand"] for e in notes.load()[1]] == [[1, 4, 6]], "the page-cache notes do not work even outside the jail"
    attacker = tmp_path / "attacker"  # the attacker's own folder: its code and a large file, none of it cached
    attacker.mkdir()
    for name in ("attackers.py", "jail_attackers.py", "channel_attackers.py"):
        shutil.copy(HERE / name, attacker / name)
    fresh_notepad(attacker / "notepad.bin")
    tag = uuid.uuid4().hex[:12]
    rememberer = {"name": "x", "class": f"{attacker / 'jail_attackers.py'}:Rememberer", "params": {"tag": tag}}
    run = Run(tmp_path, workers, RANDOMS + [rememberer], games_per_pairing=2)
    try:
        run.play()
    finally:
        Memory(tag).forget()
    run.check_complete()
    games = {(g.pairing, g.deal) for g in run.schedule if "x" in g.players}
    assert all(sum(1 for g in run.schedule if (g.pairing, g.deal) == key) == 2 for key in games)
    correct, claims = [], 0
    for record, seat in run.games_of("x"):
        for fault in record["faults"]:
            if fault["seat"] == seat and "Report: FOUND " in fault["detail"]:
                claims += 1
                claim = json_prefix(fault["detail"].split("Report: FOUND ", 1)[1])
                truth = sorted(replayed(record).hands[1 - seat])
                if isinstance(claim, dict) and sorted(claim.get("hand", [])) == truth:
                    correct.append((record["id"], claim))
    assert not correct, f"attack succeeded: {len(correct)} of {claims} claims were the opponent's hand: {correct}"
    run.check_faults_only("x")


def test_the_page_cache_can_be_neither_read_nor_cleared_from_the_jail(tmp_path):
    """Which pages of a readable file are cached is state every process of the machine shares:
    set or cleared in one game, read in the next.  In the jail every way to read it without
    timing (mincore, cachestat, preadv2 with RWF_NOWAIT, /proc/self/pagemap after a fault,
    major-fault counts from getrusage or /proc/self/stat) or to drop it (fadvise, readahead,
    madvise and process_madvise with MADV_PAGEOUT or MADV_COLD) is refused; the same calls
    outside the jail work (the check of the attacker itself)."""
    from jail_attackers import CacheProber

    assert len(CacheProber.probe()) >= 8, "the attacker's calls do not work even outside the jail"
    run = Run(tmp_path, 0, [RANDOMS[0], submitted("x", "CacheProber")], games_per_pairing=1)
    run.play()
    run.check_complete()
    reports = [fault["detail"] for record, seat in run.games_of("x") for fault in record["faults"]
               if fault["seat"] == seat and "Report: CACHE " in fault["detail"]]
    assert len(reports) == 2, f"the attacker did not report: {run.records}"
    for detail in reports:
        assert json_prefix(detail.split("Report: CACHE ", 1)[1]) == [], f"attack succeeded: {detail}"


# --- 5. reading beside the grants ----------------------------------------------------------

def test_nothing_beside_the_results_folder_is_readable(tmp_path, workers):
    """A decoy results folder and a moved-aside copy (``--fresh``) beside the tournament's, with
    the driver's working folder above them (Ray puts it on its workers' ``sys.path``): the
    attacker reads no secret, log or tournament config, and lists nothing under the output."""
    marks = {}
    for folder, names in {"decoy": (".secret", "config.yaml"),
                          "t.old-20260101": (".secret", "config.yaml", "games.jsonl")}.items():
        (tmp_path / "results" / folder).mkdir(parents=True)
        for name in names:
            mark = f"MARK{len(marks):02d}{uuid.uuid4().hex[:6]}"  # 12 characters: reported whole
            marks[mark] = f"{folder}/{name}"
            text = mark + ("\ngame: toy\nplayers: []\n" if name == "config.yaml" else "\n")
            (tmp_path / "results" / folder / name).write_text(text)
    run = Run(tmp_path, workers, RANDOMS + [submitted("x", "BesideReader", output=str(tmp_path / "results"),
                                                      guesses=["decoy", "t.old-20260101", "t"],
                                                      files=[str(tmp_path / "t.yaml")])])
    run.play()
    run.check_complete()
    for text in run.check_reported("x", "SEEN"):
        numbers = dict(re.findall(r"(read|listed)=(\d+)", text))
        found = [where for mark, where in marks.items() if mark in text]
        assert numbers.get("read") == "0" and numbers.get("listed") == "0" and not found, \
            f"attack succeeded: {text} (decoys named: {found})"
    run.check_faults_only("x")


LINK_READER = """from players.random_player import RandomPlayer


class LinkReader(RandomPlayer):
    \"\"\"Reads every path it is given (links it made beside the results folder) and reports
    what each began with.\"\"\"

    def __init__(self, seed=0, paths=()):
        super().__init__(seed)
        self.paths = list(paths)

    def act(self, observation):
        seen = []
        for path in self.paths:
            try:
                with open(path, "rb") as f:
                    seen.append(f"{path}={f.read(80).hex()}")
            except OSError as exc:
                seen.append(f"{path}:{type(exc).__name__}")
        raise RuntimeError("LINKS " + " ".join(seen))
"""


def test_a_link_beside_the_results_folder_leads_nowhere(tmp_path, workers):
    """The player's file in the folder that holds the results (the README's way: mybot.py where
    arena runs), and beside it a symbolic link to the results folder, one to /, and a hard link
    of a private file: the folder is shown entry by entry, each link made again inside the jail,
    where it resolves to nothing private; the hard link is not there."""
    (tmp_path / "linker.py").write_text(LINK_READER)
    (tmp_path / "results" / "t").mkdir(parents=True)
    os.symlink("results/t", tmp_path / "s")
    os.symlink("/", tmp_path / "root")
    private = tmp_path / "results" / "private.txt"
    private.write_text("PRIVATEMARK")
    os.link(private, tmp_path / "hard.txt")
    paths = [str(tmp_path / "s" / ".secret"), str(tmp_path / "s" / "games.jsonl"), str(tmp_path / "hard.txt"),
             str(tmp_path / "root" / str(tmp_path).lstrip("/") / "results" / "t" / ".secret"),
             str(tmp_path / "root" / "etc" / "hostname")]
    run = Run(tmp_path, workers, RANDOMS + [{"name": "x", "class": f"{tmp_path}/linker.py:LinkReader",
                                             "params": {"paths": paths}}])
    run.play()
    run.check_complete()
    key = load_secret(run.folder).hex()
    details = run.details("x")
    assert details and all("LINKS " in d for d in details), details
    for detail in details:
        assert key not in detail and "PRIVATEMARK".encode().hex() not in detail, detail
        assert "=" not in detail.split("LINKS ", 1)[1], f"a link led somewhere: {detail}"
    run.check_faults_only("x")


def test_the_view_makes_links_again_and_leaves_out_hard_links_of_private_files(tmp_path):
    from arena.jail.view import View

    code = tmp_path / "code"
    (code / "results").mkdir(parents=True)
    (code / "results" / ".secret").write_text("s")
    (code / "bot.py").write_text("x = 1\n")
    os.symlink("results", code / "s")
    os.link(code / "results" / ".secret", code / "copy")
    view = View(code=[str(code)], private=[str(code / "results")])
    assert str(code / "bot.py") in view.paths
    assert not any(p.startswith(str(code / "s")) or p == str(code / "copy") or "results" in p
                   for p in view.paths if p.startswith(str(code))), view.paths
    assert view.links == [("results", str(code / "s"))]
    args = view.bwrap()
    assert ["--symlink", "results", str(code / "s")] == args[args.index(str(code / "s")) - 2:][:3]
    assert str(code / "copy") not in args


# --- 6. stealing the opponent's time -------------------------------------------------------

# the victim's iterations against the thief, as a share of those against the calm player.  A thief
# whose 10 spinners ran during the victim's moves would leave it about a sixth of a core on this
# 2-core machine (a share near 0.2); with them frozen the share is 1 less the machine's noise: 0.97
# or more on a quiet machine, 0.79 seen with the whole suite and two other jobs beside it.  0.6 keeps
# the attack far below and the load's noise above.
SHARE = 0.6


def shares(samples: dict) -> dict:
    """The victim's iterations per move against the thief as a share of those against the calm
    player, two ways, both at the victim's best (what it gets when nothing else on the machine
    gets in the way): its 5 best moves of the run on each side, and the median over the deals
    of its best move on each side of a deal (a deal's games are played one after another, the
    calm ones first).  This machine's CPUs vary by a quarter from one 50 ms to the next (two
    vCPUs that share a core: whatever runs on one slows the other) and a busy spell (another
    test run beside this one) slows a second or two of moves; such noise can spoil one way now
    and then, never both in one run (28 runs of the jail: the better of the two ≥ 0.97), while a
    thief that runs during the victim's moves lowers every move, so both."""
    sides = {who: sorted(x for deal in samples.values() for x in deal.get(who, [])) for who in ("calm", "thief")}
    best = statistics.mean(sides["thief"][-5:]) / statistics.mean(sides["calm"][-5:])
    by_deal = statistics.median(max(deal["thief"]) / max(deal["calm"]) for deal in samples.values())
    return {"best moves": round(best, 3), "by deal": round(by_deal, 3)}


def test_a_thief_steals_no_time_from_its_opponent(tmp_path, workers, leftovers):
    """The thief leaves 7 spinning children and 3 spinning threads after its first move.  The
    victim (ISMCTS on 0.05 s a move, measuring on one fixed position) gets as many iterations
    per move against it as against a calm random player in the same run (≥ ``SHARE``, compared
    at its best, see ``shares``), never overruns a 0.5 s move clock, and the thief's spinners get
    no more CPU than the thief's own thinking time allows (they are frozen while it is not
    asked).  The CPU check also catches spinners that go on between games (they would slow
    the calm games as much as the thief's)."""
    players = [{"name": "calm", "class": "players.random_player:RandomPlayer"},
               submitted("victim", "TimedVictim", seconds=0.05, report_at=3),
               submitted("thief", "TimeThief")]
    spent = {}  # (pid, tid) -> CPU seconds, for every task named "arena-thief"
    parents = set()

    def probe():
        spinners = named("arena-thief")
        for pid in spinners:
            s = stat_of(pid)
            if s:
                spent[(pid, None)] = s[3]
                parents.add(s[2])
        for pid, tid in threads_named(parents, "arena-thief"):
            s = stat_of(pid, tid)
            if s:
                spent[(pid, tid)] = s[3]

    run = Run(tmp_path, workers, players, games_per_pairing=8, games_per_task=100,  # on Ray too: in deal order
              time_limits={"move_seconds": 0.5, "game_seconds": 20})
    run.play(timeout=120, samplers=[Sampler(probe, 0.25)])  # rarely: the sampling must not slow the victim
    run.check_complete()
    samples = {}
    for record, seat in run.games_of("victim"):
        opponent = record["players"][1 - seat]
        faults = [f for f in record["faults"] if f["seat"] == seat]
        assert not [f for f in faults if f["kind"] in ("overrun", "hang")], f"the victim ran out of time: {faults}"
        reported = [json_prefix(f["detail"].split("Report: ITER ", 1)[1]) for f in faults
                    if "Report: ITER " in f["detail"]]
        assert len(reported) == 1 and reported[0], f"the victim did not report its iterations: {faults}"
        samples.setdefault(record["deal"], {}).setdefault(opponent, []).extend(reported[0])
    assert len(samples) == 8 and all(deal.get("calm") and deal.get("thief") for deal in samples.values()), \
        f"the victim's reports: {samples}"
    measured = shares(samples)
    share = max(measured.values())
    medians = {who: statistics.median(x for deal in samples.values() for x in deal[who]) for who in ("calm", "thief")}
    assert share >= SHARE, (f"attack succeeded: against the thief the victim got {share:.0%} of the iterations per "
                            f"move it got against the calm player ({measured}; medians {medians})")
    thinking = sum(r["timings"]["think_seconds"][s] for r, s in run.games_of("thief"))
    stolen = sum(spent.values())
    assert spent, "the thief's spinners were never seen"
    assert stolen <= 2 * thinking + 0.5, (f"attack succeeded: the thief's {len(spent)} spinners used {stolen:.2f} "
                                          f"CPU seconds, its own moves took {thinking:.2f} s (the victim's share "
                                          f"{measured}, medians {medians})")


def test_a_player_that_runs_the_clock_down_gets_no_opponent_charged(tmp_path):
    """The thief spends its time in moves just under the move limit and hands the turn over
    just before the game's time would run out.  Each seat's time for the game is its own (a
    chess clock), so neither a slow opponent in the game's process (ISMCTS on 0.1 s a move)
    nor a jailed one (0.1 s a move) is ever charged: every fault is the thief's."""
    players = [{"name": "local", "class": "ismcts", "params": {"seconds": 0.1, "iterations": None}},
               submitted("jailed", "Slow", sleep=0.1),
               submitted("thief", "ClockThief", game_seconds=1.0, move_seconds=0.5)]
    run = Run(tmp_path, 0, players, games_per_pairing=1,
              time_limits={"move_seconds": 0.5, "game_seconds": 1.0})
    run.play(timeout=120)
    run.check_complete()
    assert len(run.games_of("thief")) == 4  # from each seat against each opponent
    run.check_faults_only("thief", kinds=("hang",))


# --- 7. outliving the tournament -----------------------------------------------------------

def test_no_process_of_a_player_outlives_the_tournament(tmp_path, workers, leftovers):
    """Grandchildren in sessions of their own, one deaf to SIGTERM and SIGHUP: once the
    tournament has returned (its driver, and on Ray its workers, still alive) none is left."""
    left = []

    def look():
        deadline = time.monotonic() + 2.0
        while True:
            left[:] = named("arena-outlive")
            if not left or time.monotonic() > deadline:
                return
            time.sleep(0.1)

    seen = set()
    run = Run(tmp_path, workers, RANDOMS + [submitted("x", "Outliver")])
    run.play(samplers=[Sampler(lambda: seen.update(named("arena-outlive")), 0.05)], after_return=look)
    run.check_complete()
    assert seen, "the attacker's grandchildren were never seen (the attack did not run)"
    assert not left, f"attack succeeded: {len(left)} processes named arena-outlive outlived the tournament: {left}"


# --- 8. memory without bounds --------------------------------------------------------------

def test_a_players_whole_tree_is_held_to_its_memory(tmp_path, workers, leftovers):
    """player_memory_mb 256; the attacker forks 5 children that each take 200 MiB.  The
    memory (PSS, summed over each tree of processes named arena-memtree, sampled every 20 ms)
    stays within 256 MiB (+32), or every game of the attacker is charged memory (or crash).
    Every game is still recorded and rated.  The slack: a jailed player starts as a fork of
    its jail's template, and its share of the pages it still shares with the template (about
    20 MiB resident, charged to the game master's cgroup, not the player's) is in its PSS.
    The processes are read one after the other, not at one instant: a child read just before
    the kernel killed it and one read after it had taken the freed memory add up to more
    than the tree ever held (a loaded machine saw 303 MiB so), so each process counts with
    the least of two readings in a row; a tree held over its limit shows in both."""
    peak = {"mib": 0.0}

    def probe():
        tree = {}
        members = {pid: stat_of(pid) for pid in named("arena-memtree")}
        first = {pid: pss_kib(pid) for pid in members}
        for pid, s in members.items():
            if not s:
                continue
            root = pid
            while members.get(root) and members[root][2] in members:
                root = members[root][2]
            tree[root] = tree.get(root, 0) + min(first[pid], pss_kib(pid))
        if tree:
            peak["mib"] = max(peak["mib"], max(tree.values()) / 1024)

    run = Run(tmp_path, workers, RANDOMS + [submitted("x", "MemoryTree", children=5, mib=200)],
              player_memory_mb=256)
    run.play(samplers=[Sampler(probe, 0.02)])
    run.check_complete()
    run.check_faults_only("x")
    charged = all(any(f["seat"] == seat and f["kind"] in ("memory", "crash") for f in record["faults"])
                  for record, seat in run.games_of("x"))
    assert peak["mib"] > 0, "no process named arena-memtree was seen (the attack did not run)"
    assert peak["mib"] <= 256 + 32 or charged, \
        f"attack succeeded: one player's processes held {peak['mib']:.0f} MiB (limit 256), and it was not charged"


# --- 9. disk without bounds ----------------------------------------------------------------

def test_a_player_writes_no_more_than_its_disk_share(tmp_path, workers):
    """player_disk_mb 64 (a config key the jail adds); the attacker writes 6 files of 255 MiB.
    It manages at most 64 MiB (+1), and the machine's free disk never drops by more than 100 MiB."""
    lowest = {}

    def probe():
        for where in ("/", "/tmp"):
            free = shutil.disk_usage(where).free
            lowest[where] = min(lowest.get(where, free), free)

    before = {where: shutil.disk_usage(where).free for where in ("/", "/tmp")}
    run = Run(tmp_path, workers, [RANDOMS[0], submitted("x", "DiskFiller", files=6, mib=255)],
              player_disk_mb=64, time_limits={"game_seconds": 30})
    run.play(timeout=120, samplers=[Sampler(probe, 0.05)])
    run.check_complete()
    run.check_faults_only("x")
    for text in run.reports("x", "WROTE"):
        wrote = int(text.split()[0])
        assert wrote <= 65 << 20, f"attack succeeded: the player wrote {wrote / 2**20:.0f} MiB (share 64 MiB)"
    for where, free in before.items():
        drop = (free - lowest.get(where, free)) / 2**20
        assert drop <= 100, f"attack succeeded: free space on {where} dropped by {drop:.0f} MiB during the run"


# --- 10. the Ray node (last: a jail that lets it through takes the session's Ray down) ------

def test_a_player_cannot_reach_the_ray_node(tmp_path, ray_local):
    """The attacker connects to every unix socket and TCP port of the Ray node it can find and
    sends each a message of an unknown type (a raylet that gets one stops: "Received unexpected
    message type").  It connects to nothing, every game is recorded, and Ray still works."""
    from arena.runs.runner import start_ray

    gcs = ray_local.get_runtime_context().gcs_address
    raylet, session = raylet_of(gcs)
    assert session, "the session's raylet was not found"
    run = Run(tmp_path, 2, RANDOMS + [submitted("x", "RayNodeProber", scope=session)])
    try:
        try:
            run.play(timeout=120)
        finally:
            state = stat_of(raylet)
            assert state and state[1] not in "ZX", f"attack succeeded: the session's raylet (pid {raylet}) died"
        run.check_complete()
        for text in run.check_reported("x", "CONNECTED"):
            assert text.startswith("n=0 "), f"attack succeeded: the player connected to the Ray node: {text}"
        assert ray_local.get(ray_local.remote(lambda: 1).remote(), timeout=60) == 1
    finally:
        try:
            ray_local.get(ray_local.remote(lambda: 1).remote(), timeout=20)
        except Exception:  # noqa: BLE001 - the attack took the node down: a new one for the tests after
            ray_local.shutdown()
            start_ray(2)
