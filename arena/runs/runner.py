"""Running scheduled games: in this process, or on Ray.

Ray (docs/design.md, "The arena"): a local cluster by default
(``ray.init(address="local", num_cpus=workers)``), or an existing cluster with
``address``.  Games go out in batches sized so that a task runs for about
``TASK_SECONDS`` (measured from the games already played, or fixed with
``games_per_task``), two tasks per worker in flight; results stream back with
``ray.wait`` and are handed to ``on_records`` as they arrive, so the caller can
write them at once.

Faults that escape a game.  Where the game's players run in processes of their
own (:mod:`arena.jail`), the game master in the worker keeps every clock
and outlives any player, so a worker that dies or stops answering is no
player's fault: its games are played again, up to ``RETRIES`` times, and
otherwise left out of the log for the next run.  Where they run in the worker
(trusted players):
- a worker that dies (``os._exit``, a signal, out of memory): the batch's games
  are played again one per task with a trace; a game that kills its worker
  again is recorded with a ``crash`` fault for the seat that was thinking.
- a task past its deadline (every seat's ``game_seconds`` of every game, plus a grace; a player
  that defeats the in-game watchdog): cancelled with ``force=True`` and handled
  the same way, with a ``hang`` fault.

On a cluster joined by address:
- each record names the node that played it (``node``: Ray's node name, which is its
  address unless ``ray start --node-name`` says otherwise; the short node id is added
  where two nodes share a name), and what confines a submitted player on every node that
  plays comes back with its first batch (:attr:`RayRunner.node_notes`);
- a node lost with games on it (Ray's ``NodeDiedError``, or a worker that died on a node
  whose raylet no longer answers) is no player's fault: its games are played again, as
  an isolated game's are;
- a head that stops answering for ``HEAD_LOST_SECONDS`` ends the run with
  :class:`ClusterLost` (Ray itself would wait a minute and then end the process).
Ray's own messages to the driver (a dead raylet's last log lines, ...) go to a log file
(``ray_log``), not to the terminal.

Results do not depend on the number of workers or the completion order: each
game is a pure function of its job, and the caller orders games by schedule.
"""
from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

from arena.runs.worker import close_pool, failed_record, isolated, play_batch, play_one, record_from_trace

# A Ray 2.60 worker idles ~6 ms between two tasks on 2 cores even with the next one
# already submitted (timestamps taken inside the tasks), plus 20-40 µs per game of the
# task before (returning the records as one pickle with joined action texts instead
# made no difference): with random players' 2-3 ms games, "Ray's share of wall"
# (arena bench tournament) is 2.3% with 0.4 s tasks and 1.6-2.1% with 1 s ones
TASK_SECONDS = 1.0
BACKSTOP_GRACE = 10.0
STARTUP_ALLOWANCE = 60.0  # seconds a lone game may wait for a worker to start
RETRIES = 3  # plays of an isolated game whose worker was lost, before it is left for the next run


ADDRESS_PROBE_SECONDS = 5.0  # how long a Ray address may take to accept a connection
HEAD_CHECK_SECONDS = 2.0  # how often a run on a cluster checks that its head answers
HEAD_LOST_SECONDS = 10.0  # a head that answers no check for this long is lost


class Interrupted(Exception):
    """Ctrl-C: finished games were handed over; the rest were not played."""


class RayAddressError(ValueError):
    """A Ray address that names no cluster that answers; the message says what to do."""


class RayStartError(RuntimeError):
    """A local Ray that could not start; the message (one line) says why and what to try."""


class ClusterLost(Exception):
    """The head of the Ray cluster at ``address`` stopped answering mid-run; the games
    finished before were handed over."""

    def __init__(self, address: str, seconds: float):
        super().__init__(f"the Ray cluster at {address} was lost (its head has not answered for {seconds:.0f} s)")
        self.address = address


_ALTERNATIVES = ("start one with `ray start --head` and give its host:port, or leave out --address "
                 "(and the config's ray_address) for a Ray cluster of this run's own")


def resolve_address(address: str, probe_seconds: float = ADDRESS_PROBE_SECONDS) -> str:
    """The ``host:port`` of the Ray cluster ``address`` names (``auto``: ``RAY_ADDRESS``, else
    the cluster last started here with ``ray start``), once its port accepts a connection
    within ``probe_seconds``; :class:`RayAddressError` otherwise (at once, instead of Ray's
    retries and warnings: ``ray.init`` waits a minute or more on an address that does not
    answer).  ``auto`` never picks a Ray instance that was not started with ``ray start``
    (another run's own local cluster)."""
    import socket

    given = address
    where = ""
    if address == "auto":
        address = os.environ.get("RAY_ADDRESS", "").strip()
        where = " (from RAY_ADDRESS)"
        if not address or address == "auto":
            address, where = _last_started_cluster(), " (the cluster last started here with `ray start`)"
        if not address:
            raise RayAddressError(f"--address auto: no Ray cluster was started on this machine with "
                                  f"`ray start` and RAY_ADDRESS is not set; {_ALTERNATIVES}")
    address = address.strip()
    if address.startswith("ray://"):
        return address  # Ray Client: its own protocol and its own errors
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayAddressError(f"Ray address {given!r}: expected host:port (e.g. 127.0.0.1:6379) or auto")
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=probe_seconds):
            pass
    except OSError as exc:
        why = f"no answer within {probe_seconds:g} s" if isinstance(exc, socket.timeout) else \
            (exc.strerror or type(exc).__name__).lower()
        raise RayAddressError(f"no Ray cluster answers at {address}{where} ({why}); {_ALTERNATIVES}") from None
    return address


def _last_started_cluster() -> str | None:
    try:
        from ray._private.utils import read_ray_address

        return read_ray_address(None)
    except Exception:  # noqa: BLE001 - Ray's private helper moved: read its file ourselves
        path = Path(os.environ.get("RAY_TMPDIR") or "/tmp") / "ray" / "ray_current_cluster"
        return path.read_text().strip() if path.is_file() else None


class Progress:
    """done/total, games/s and time left: at a terminal one line redrawn every ``every`` seconds;
    elsewhere (a log) a line every ``QUIET_EVERY`` seconds, so a run shorter than that adds none."""

    QUIET_EVERY = 10.0

    def __init__(self, total: int, stream=None, every: float = 0.25):
        self.total, self.done = total, 0
        self.stream = stream or sys.stderr
        self.tty = getattr(self.stream, "isatty", lambda: False)()
        self.began = self.shown = time.monotonic()
        self.every = every if self.tty else max(every, self.QUIET_EVERY)

    def restart(self) -> None:
        """Start the clock again (after Ray's start-up, which is not game time)."""
        self.began = self.shown = time.monotonic()

    def add(self, count: int, force: bool = False) -> None:
        self.done += count
        now = time.monotonic()
        if force or now - self.shown >= self.every or (self.tty and self.done == self.total):
            self.shown = now
            self.stream.write(("\r" if self.tty else "") + self.line(now) + ("" if self.tty else "\n"))
            self.stream.flush()

    def line(self, now: float) -> str:
        spent = max(now - self.began, 1e-9)
        rate = self.done / spent
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        eta = "--:--" if left == float("inf") else f"{int(left) // 60}:{int(left) % 60:02d}"
        width = 24
        filled = int(width * self.done / max(self.total, 1))
        return (f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games "
                f"{rate:7.1f} games/s  left {eta}")

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def run_in_process(setup: dict, jobs: list, on_records, progress: Progress | None = None) -> None:
    """Every game here, one after another (``workers: 0``; also the baseline of ``bench``)."""
    try:
        for job in jobs:
            on_records([play_one(setup, job)])
            if progress:
                progress.add(1)
    except KeyboardInterrupt:
        raise Interrupted() from None
    finally:
        close_pool()


def start_ray(workers: int, address: str | None = None, echo=None, log: str | None = None) -> int:
    """Start (or join) Ray; returns the number of CPUs to keep busy.  Joining a cluster
    (``address``: host:port, or ``auto``), ``echo`` is told which one.  Ray's messages to
    the driver go to the file ``log`` (appended), or nowhere."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address:
        address = resolve_address(address)  # before Ray: it would retry for minutes
    import ray

    _ray_messages_to(log)
    if ray.is_initialized():
        return _cpus(ray, workers)
    import atexit

    from arena.jail import sweep

    atexit.register(sweep)  # after Ray's own exit hook: the workers' player cgroups and scratch
    if address:
        try:
            with _stderr_silenced():  # Ray's C++ client logs each retry to fd 2 (~20 s where no GCS answers)
                ray.init(address=address, log_to_driver=False, logging_level="ERROR")
        except Exception as exc:  # noqa: BLE001 - the port answered, but not as a Ray cluster would
            raise RayAddressError(f"cannot join the Ray cluster at {address}: {_first_line(exc)}; "
                                  f"{_ALTERNATIVES}") from None
        if echo is not None:
            cpus = int(ray.cluster_resources().get("CPU", 0))
            echo(f"joined the Ray cluster at {_joined(ray, address)} ({cpus} CPU{'' if cpus == 1 else 's'})")
    else:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        try:
            ray.init(address="local", num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False,
                     logging_level="ERROR", configure_logging=False)
        except Exception as exc:  # noqa: BLE001 - Ray's own start (a timeout, a full /tmp, ...), said in one line
            try:
                ray.shutdown()  # what it had started of itself
            except Exception:  # noqa: BLE001
                pass
            raise RayStartError(f"Ray could not start on this machine ({type(exc).__name__}: {_first_line(exc)}); "
                                "try again with fewer --workers, after `ray stop` (a Ray left running), with "
                                "more free memory and /tmp, or with --workers 0 (games in this process)") from None
    return _cpus(ray, workers)


_RAY_LOG: list = [None]  # where Ray's messages to this driver go (the path of a file), or nowhere


def _ray_messages_to(path: str | None) -> None:
    """Ray's messages to the driver (a task's worker died, a raylet's last 20 log lines as it
    died: its ``[state-dump]``) into the file ``path`` instead of stdout (None: stdout).  Ray prints them from
    a thread of its own (``listen_error_messages``) whatever ``log_to_driver`` says, and that
    thread spins a whole core once the head is gone (its poll then returns at once): ours
    writes them to the file and waits a second after an empty poll."""
    _RAY_LOG[0] = path
    try:
        import ray._private.worker as ray_worker
    except Exception:  # noqa: BLE001 - not the Ray this was written for (or Ray stubbed): leave it
        return
    if getattr(ray_worker, "listen_error_messages", None) is not None:
        ray_worker.listen_error_messages = _listen_error_messages


def _listen_error_messages(worker, threads_stopped) -> None:
    try:
        worker.gcs_error_subscriber.subscribe()
        while not threads_stopped.is_set():
            _, data = worker.gcs_error_subscriber.poll()
            if data is None:
                threads_stopped.wait(1.0)
                continue
            path, message = _RAY_LOG[0], data.get("error_message", "")
            if path:
                with open(path, "a") as log:
                    log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {message}\n")
            else:  # no run's folder to hold them: where Ray prints them
                print(message, file=sys.stdout, flush=True)
    except Exception:  # noqa: BLE001 - the subscriber's connection failed: Ray's own thread ends then too
        return


class _stderr_silenced:
    """fd 2 on /dev/null for a while (the C++ side of Ray writes there directly)."""

    def __enter__(self):
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
        except OSError:
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            os.dup2(self.saved, 2)
            os.close(self.saved)


def _joined(ray, address: str) -> str:
    try:
        return ray.get_runtime_context().gcs_address or address
    except Exception:  # noqa: BLE001
        return address


def _cpus(ray, workers):
    available = int(ray.cluster_resources().get("CPU", 1))
    return max(1, min(workers, available)) if workers else available


class RayRunner:
    """Feeds batches of games to Ray workers and collects the records."""

    def __init__(self, setup: dict, workers: int, on_records, progress: Progress | None = None,
                 games_per_task: int | None = None, grace: float = BACKSTOP_GRACE, cluster: str | None = None):
        """``cluster``: the address of the cluster joined (records then name their node, the
        nodes are probed, the head is watched); None for a Ray of this run's own."""
        import ray

        self.ray = ray
        self.cluster = cluster
        self.setup = dict(setup, sys_path=[p for p in sys.path if p and os.path.isdir(p)])
        if cluster:
            self.setup["record_node"] = True
        self.setup_ref = ray.put(self.setup)
        self.node_notes: dict = {}  # node name -> its jail probe (arena.jail.probe), on a cluster
        self._names: dict = {}  # node id -> name
        self._head = _HeadWatch(cluster) if cluster and not cluster.startswith("ray://") else None
        self.workers = workers
        self.on_records = on_records
        self.progress = progress
        self.fixed_batch = games_per_task
        self.grace = grace
        self.remote = ray.remote(num_cpus=1, max_retries=0)(play_batch)
        self.trace_dir = Path(tempfile.mkdtemp(prefix="arena-trace-"))
        self.measured = [0.0, 0]  # seconds, games
        self.in_flight: dict = {}  # ref -> (jobs, deadline, trace path or None)
        self.tries: dict = {}  # game id -> plays lost with their worker
        self.started: dict = {}  # ref -> when its trace appeared

    def run(self, jobs: list) -> None:
        queue, singles = deque(jobs), deque()
        try:
            while queue or singles or self.in_flight:
                # two tasks per worker: the next one waits in Ray's queue, so a worker that
                # finishes a batch starts the next at once instead of idling for a round trip
                while len(self.in_flight) < 2 * self.workers and (singles or queue):
                    if singles:
                        self._submit([singles.popleft()], traced=True)
                    else:
                        self._submit(self._next_batch(queue), traced=False)
                ready, _ = self.ray.wait(list(self.in_flight), num_returns=1, timeout=0.5)
                for ref in ready:
                    self._collect(ref, singles)
                self._stop_overdue(singles)
                if self._head is not None:
                    self._head.check()
        except KeyboardInterrupt:
            # The games in flight are left to end with this driver (ray.shutdown stops a local
            # Ray's workers; a cluster ends a job's tasks when its driver leaves): force-
            # cancelling them here raced their replies, and Ray's core worker aborted the
            # driver ("Tried to complete task that was not pending", exit 1, no summary).
            raise Interrupted() from None
        finally:
            for path in self.trace_dir.glob("*"):
                path.unlink()
            self.trace_dir.rmdir()

    def _next_batch(self, queue: deque) -> list:
        size = self.fixed_batch or self._batch_size(len(queue))
        return [queue.popleft() for _ in range(min(size, len(queue)))]

    def _batch_size(self, remaining: int) -> int:
        seconds, games = self.measured
        if games == 0:
            return 1  # the first wave measures how long a game takes
        per_game = max(seconds / games, 1e-6)
        balanced = -(-remaining // (2 * self.workers))  # keep every worker busy to the end
        return max(1, min(int(TASK_SECONDS / per_game) + 1, balanced))

    def _submit(self, jobs: list, traced: bool) -> None:
        trace = str(self.trace_dir / f"{jobs[0]['id']}.trace") if traced else None
        ref = self.remote.remote(self.setup_ref, jobs, trace)
        budget = sum(_game_bound(self.setup, job) for job in jobs) + self.grace
        if any(isolated(self.setup, job["players"]) for job in jobs):  # player processes start, end() calls
            budget += STARTUP_ALLOWANCE + len(jobs) * 5.0
        self.in_flight[ref] = (jobs, time.monotonic() + budget, trace)

    def _collect(self, ref, singles: deque) -> None:
        jobs, _, trace = self.in_flight.pop(ref)
        self.started.pop(ref, None)
        try:
            records = self.ray.get(ref)
        except self.ray.exceptions.RayTaskError as exc:  # the task raised: not a player's fault
            self._hand_over([failed_record(job, "error", _first_line(exc)) for job in jobs])
            return
        except self.ray.exceptions.RayError as exc:
            node = self._node_lost(exc, trace) if self.cluster else None
            if node is not None:
                self._lost(jobs, trace, singles, "lost", f"the Ray node {node} was lost", node_lost=True)
                return
            self._lost(jobs, trace, singles, "crash",
                       f"the worker process died while this seat was thinking ({_first_line(exc)})")
            return
        self.measured[0] += sum(r["timings"]["seconds"] or 0.0 for r in records)
        self.measured[1] += len(records)
        if self.cluster:
            for record in records:
                if "node_probe" in record:  # the node's jail probe (worker.play_batch), not for the log
                    self.node_notes[self._node_name(record["node"])] = record.pop("node_probe")
            records = [self._named(r) for r in records]
        self._hand_over(records)

    def _stop_overdue(self, singles: deque) -> None:
        now = time.monotonic()
        for ref, (jobs, deadline, trace) in list(self.in_flight.items()):
            if trace is not None:
                deadline = self._traced_deadline(ref, deadline, trace, now)
            if now > deadline:
                self.ray.cancel(ref, force=True)
                del self.in_flight[ref]
                self.started.pop(ref, None)
                limit = self.setup["game_seconds"]
                self._lost(jobs, trace, singles, "hang",
                           f"still thinking past its time for the game ({limit}s) and did not stop; worker killed")

    def _traced_deadline(self, ref, deadline, trace, now) -> float:
        """A lone game's clock starts when its trace appears (a worker may take seconds to
        start on a busy machine); without a shared disk it never appears: a wider limit."""
        if os.path.exists(trace):
            started = self.started.setdefault(ref, now)
            return started + _game_bound(self.setup, self.in_flight[ref][0][0]) + self.grace
        return deadline + STARTUP_ALLOWANCE

    def _lost(self, jobs, trace, singles: deque, kind: str, detail: str, node_lost: bool = False) -> None:
        """A task that gave no result: play its games again one by one, or record the culprit.
        A game lost with its node, or with a worker of an isolated game, is no one's fault."""
        if node_lost or all(isolated(self.setup, job["players"]) for job in jobs):
            from arena.jail import sweep

            sweep()  # what the lost worker's player processes left
            again = []
            for job in jobs:  # no player can take its worker (or its node) down: no one's fault
                self.tries[job["id"]] = self.tries.get(job["id"], 0) + 1
                if self.tries[job["id"]] < RETRIES:
                    again.append(job)
                else:
                    self._hand_over([failed_record(job, "lost", f"its worker was lost {RETRIES} times ({detail})")])
            singles.extend(again)
            return
        if trace is None:
            singles.extend(jobs)
            return
        text = Path(trace).read_text() if os.path.exists(trace) else None
        record = record_from_trace(self.setup, jobs[0], text, kind, detail)
        node = _trace_node(text) if self.cluster else None
        self._hand_over([self._named(dict(record, node=node)) if node else record])

    # --- on a cluster: which node, and whether it is still there ---------------------------
    def _node_name(self, node_id: str) -> str:
        """Ray's name of a node (its address unless ``--node-name`` said otherwise), with the
        first 6 digits of its id where another node has the same name."""
        if node_id not in self._names:
            nodes = self.ray.nodes()
            names = [n.get("NodeName") or n.get("NodeManagerAddress") or "?" for n in nodes]
            for node, name in zip(nodes, names):
                if node["NodeID"] not in self._names:
                    self._names[node["NodeID"]] = f"{name}/{node['NodeID'][:6]}" if names.count(name) > 1 else name
            self._names.setdefault(node_id, node_id[:6])
        return self._names[node_id]

    def _named(self, record: dict) -> dict:
        """The record with its node's name for its id, the ``node`` key before ``timings``
        (a reader of the log skips what follows ``timings``: arena.store.log_files.summary)."""
        node = record.get("node")
        if not node:
            return record
        out = {k: v for k, v in record.items() if k not in ("node", "timings")}
        out["node"] = self._node_name(node)
        if "timings" in record:
            out["timings"] = record["timings"]
        return out

    def _node_lost(self, exc, trace) -> str | None:
        """The name of the node a failed task was lost with, or None where its node is alive
        (then the worker died: a trusted player's doing, or the machine's)."""
        if isinstance(exc, getattr(self.ray.exceptions, "NodeDiedError", ())):
            found = re.search(r"node ID: ([0-9a-f]+)", str(exc))
            return self._node_name(found.group(1)) if found else "?"
        node = _trace_node(Path(trace).read_text()) if trace and os.path.exists(trace) else None
        if node is None:
            return None
        entry = next((n for n in self.ray.nodes() if n["NodeID"] == node), None)
        if entry is not None and entry.get("Alive") and _answers(entry.get("NodeManagerAddress"),
                                                                 entry.get("NodeManagerPort")):
            return None
        return self._node_name(node)

    def _hand_over(self, records: list) -> None:
        self.on_records(records)
        if self.progress:
            self.progress.add(len(records))


def run_on_ray(setup: dict, jobs: list, on_records, workers: int, address: str | None = None,
               progress: Progress | None = None, games_per_task: int | None = None,
               grace: float = BACKSTOP_GRACE, echo=None, ray_log: str | None = None,
               node_notes: dict | None = None, on_started=None) -> None:
    """Play ``jobs`` on Ray (see :class:`RayRunner`); on a cluster, ``node_notes`` (a dict) is
    given each node's jail probe, by name, also when the run ends with :class:`ClusterLost`.
    ``on_started()``: called once Ray has started (its start replaces the SIGTERM handler)."""
    cpus = start_ray(workers, address, echo, log=ray_log)
    if on_started is not None:
        on_started()
    if progress:
        progress.restart()
    import ray

    cluster = _joined(ray, address) if address else None
    runner = RayRunner(setup, cpus, on_records, progress, games_per_task, grace, cluster=cluster)
    try:
        runner.run(jobs)
    finally:
        if node_notes is not None:
            node_notes.update(runner.node_notes)


class _HeadWatch:
    """Whether the head of a cluster still answers: its GCS port is tried every
    ``HEAD_CHECK_SECONDS``; :class:`ClusterLost` once none answered for ``HEAD_LOST_SECONDS``."""

    def __init__(self, address: str):
        self.address = address
        host, _, port = address.rpartition(":")
        self.host, self.port = host.strip("[]"), int(port) if port.isdigit() else 0
        self.checked = self.answered = time.monotonic()

    def check(self) -> None:
        now = time.monotonic()
        if now - self.checked < HEAD_CHECK_SECONDS or not self.port:
            return
        self.checked = now
        if _answers(self.host, self.port, timeout=1.0):
            self.answered = now
        elif now - self.answered >= HEAD_LOST_SECONDS:
            raise ClusterLost(self.address, now - self.answered)


def _answers(host, port, timeout: float = 1.0) -> bool:
    """Whether ``host:port`` accepts a connection within ``timeout``."""
    import socket

    if not host or not port:
        return False
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            return True
    except OSError:
        return False


def _trace_node(text: str | None) -> str | None:
    """The node id a trace's first line names (``node <id>``), or None."""
    if text and text.startswith("node "):
        return text.split("\n", 1)[0][5:].strip() or None
    return None


def _first_line(exc) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:120] if text else type(exc).__name__


def _game_bound(setup: dict, job: dict) -> float:
    """How long one game may take: every seat's time for the game (a chess clock each)."""
    return len(job["players"]) * setup["game_seconds"]
