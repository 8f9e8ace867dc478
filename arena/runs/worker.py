"""The worker side of a tournament: play scheduled games, return log records.

The same code runs in a Ray worker process and, for ``workers: 0``, in the
driver.  Each game gets freshly built players (a fresh jail for each submitted
one), so nothing of one game is there for the next, and no result depends on
which worker played which games.
An error outside the players' code (an engine bug) becomes a *failed* game
record; it does not stop the batch.

With a ``trace`` file, the worker writes who is about to think and every action
applied, unbuffered, so that if the process dies (``os._exit``, a signal) the
driver can tell the culprit seat and rebuild the position at that moment
(:func:`record_from_trace`).  On a cluster (``setup["record_node"]``) each record, and
each trace's first line, names the Ray node that played the game (its id: the driver
writes its name), so that a game lost with its node is told from one its player lost.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import asdict

from arena.jail.affinity import pinned
from arena.game.match import Fault, faulted_ranks, play_game

_classes: dict = {}  # (spec, game) -> Player class, per process
_ready_paths: set = set()


def isolated(setup: dict, names) -> bool:
    """Whether a game's players run in jails of their own: unless the config says
    ``isolation: none``, or every player of the game is one of arena's own."""
    from arena.game.plugins import is_builtin

    if setup.get("isolation") == "none":
        return False
    return not all(is_builtin(*setup["players"][name]) for name in names)


def jail_limits(setup: dict):
    """The limits of the setup's jailed players."""
    from arena.jail import Limits

    limits = setup.get("limits") or {}
    return Limits(memory_mb=limits.get("memory_mb") or Limits.memory_mb,
                  disk_mb=limits.get("disk_mb") or Limits.disk_mb,
                  private=list(limits.get("private", [])), plugins=list(setup.get("plugins", [])))


def close_pool() -> None:
    """Stop this process's jail templates (a worker that is done with a tournament)."""
    from arena.jail import close_jail

    close_jail()


def prepare_process(setup: dict) -> None:
    """Make this process able to load the game and players (paths, plugins)."""
    for path in setup.get("sys_path", ()):
        if path not in _ready_paths:
            _ready_paths.add(path)
            if path not in sys.path:
                sys.path.append(path)
    from arena.game.plugins import import_plugins

    import_plugins(setup.get("plugins", ()))


def build_player(setup: dict, name: str):
    from players.loading import resolve_class

    spec, params = setup["players"][name]
    key = (spec, setup["game"])
    cls = _classes.get(key)
    if cls is None:
        cls = _classes[key] = resolve_class(spec, setup["game"])
    return cls(**params)


def play_one(setup: dict, job: dict, trace_path: str | None = None) -> dict:
    """Play one scheduled game and return its log record.  Each seat's player runs in
    a process of its own (:func:`isolated`) or, when trusted, in this one."""
    prepare_process(setup)
    with pinned():  # the game's processes on one CPU (arena.jail.affinity)
        return _play_one(setup, job, trace_path)


def _play_one(setup: dict, job: dict, trace_path: str | None) -> dict:
    began = time.perf_counter()
    trace = _Trace.open(trace_path, setup["game"], node_id() if setup.get("record_node") else None)
    processes = []
    try:
        if isolated(setup, job["players"]):  # a fresh jailed player per seat, for this game only
            from arena.jail import spawn

            limits = jail_limits(setup)
            for name in job["players"]:
                processes.append(spawn(*setup["players"][name], setup["game"], limits))
            players = processes
        else:
            players = [_built_or_broken(setup, name) for name in job["players"]]
        result = play_game(setup["game"], players, job["seed"], setup["options"], names=list(job["players"]),
                           move_seconds=setup.get("move_seconds"), game_seconds=setup.get("game_seconds"),
                           on_step=trace.step if trace else None, on_turn=trace.turn if trace else None,
                           player_seeds=job.get("player_seeds"))
    except Exception as exc:  # noqa: BLE001 - an engine or setup bug fails this game only
        return failed_record(job, "error", f"{type(exc).__name__}: {exc}", time.perf_counter() - began)
    finally:
        if trace:
            trace.close()
        for process in processes:  # every process of every player of this game
            process.kill()
    return make_record(job, result.actions, result.scores, result.ranks, [asdict(f) for f in result.faults],
                       result.moves, {"seconds": round(time.perf_counter() - began, 6),
                                      "think_seconds": [round(t, 6) for t in result.think_seconds],
                                      "max_move_seconds": [round(t, 6) for t in result.max_move_seconds]})


def _built_or_broken(setup: dict, name: str):
    """The player, or one whose ``start`` raises what its constructor raised here (a
    constructor that fails only in a worker is that seat's fault, not the game's)."""
    try:
        return build_player(setup, name)
    except Exception as exc:  # noqa: BLE001
        return _Unbuilt(f"{type(exc).__name__}: {exc}")


class _Unbuilt:
    def __init__(self, error: str):
        self.error = error

    def start(self, *args):
        raise RuntimeError(f"the player could not be built in this process: {self.error}")

    def act(self, observation):
        raise RuntimeError(self.error)

    def end(self, result):
        pass


def play_batch(setup: dict, jobs: list, trace_path: str | None = None) -> list:
    """The batch's records; on a cluster each names its node, and the first carries what
    confines a submitted player on that node (``node_probe``, :func:`probe_isolation`: the
    driver takes it out of the record), so that every node that played is probed, even one
    lost as soon as it answered."""
    records = [play_one(setup, job, trace_path) for job in jobs]
    if setup.get("record_node"):
        node = node_id()
        for record in records:
            record["node"] = node
        if records:
            records[0]["node_probe"] = _node_probe(setup)
    return records


_probed: list = []  # this process's probe, made once


def _node_probe(setup: dict):
    if not _probed:
        _probed.append(probe_isolation(setup)[1])
    return _probed[0]


def node_id() -> str | None:
    """The id of the Ray node this process runs on (None outside Ray)."""
    try:
        import ray

        return ray.get_runtime_context().get_node_id()
    except Exception:  # noqa: BLE001 - not in a Ray worker
        return None


def probe_isolation(setup: dict) -> tuple:
    """``(node id, what confines a submitted player here)`` (:func:`arena.jail.probe`), run on
    each node of a cluster that plays."""
    from arena.jail import probe

    limits = setup.get("limits") or {}
    return node_id(), probe(limits.get("memory_mb"), limits.get("disk_mb"))


def make_record(job, actions, scores, ranks, faults, moves, timings) -> dict:
    return {"id": job["id"], "index": job["index"], "pairing": job["pairing"], "deal": job["deal"],
            "rotation": job["rotation"], "game": job.get("game"), "options": job.get("options", {}),
            "num_players": len(job["players"]), "seed": job["seed"], "players": list(job["players"]),
            "actions": list(actions), "scores": list(scores), "ranks": ranks, "faults": faults,
            "moves": list(moves), "timings": timings}


def failed_record(job, kind, detail, seconds=0.0) -> dict:
    """A game with no result (it cannot be rated); the reason is kept as a fault."""
    record = make_record(job, [], [], None, [{"seat": None, "kind": kind, "detail": detail}],
                         [0] * len(job["players"]), {"seconds": round(seconds, 6)})
    record["failed"] = detail
    return record


class _Trace:
    """Who is thinking and what was played, written straight to a file."""

    @classmethod
    def open(cls, path, game, node=None):
        """A trace, or None where there is none to write (not asked, or no shared disk)."""
        if not path:
            return None
        try:
            return cls(path, game, node)
        except OSError:
            return None

    def __init__(self, path, game, node=None):
        from engine.registry import get_game

        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        self.to_text = get_game(game).action_to_text
        if node:
            os.write(self.fd, f"node {node}\n".encode())

    def turn(self, seat):
        os.write(self.fd, f"turn {seat}\n".encode())

    def step(self, state, seat, action):
        os.write(self.fd, f"action {self.to_text(action)}\n".encode())

    def close(self):
        os.close(self.fd)


def record_from_trace(setup: dict, job: dict, trace_text: str | None, kind: str, detail: str) -> dict:
    """The record of a game whose worker died or was stopped: the seat that was
    thinking gets the fault and is placed last, the others are ranked on the
    position reached (the same outcome as a fault caught inside the game)."""
    if not trace_text:
        return failed_record(job, kind, f"{detail} (the seat at fault cannot be told)")
    from engine.registry import get_game

    spec = get_game(setup["game"])
    state = spec.new_game(len(job["players"]), job["seed"], setup["options"])
    seat, actions, moves = None, [], [0] * len(job["players"])
    try:
        for line in trace_text.splitlines():
            word, _, rest = line.partition(" ")
            if word == "turn" and rest.isdigit():
                seat = int(rest)
            elif word == "action" and seat is not None:
                state.apply(spec.action_from_text(rest))
                actions.append(rest)
                moves[seat] += 1
    except Exception as exc:  # noqa: BLE001 - a trace cut short by the crash itself
        return failed_record(job, kind, f"{detail} (its trace could not be replayed: {exc})")
    if seat is None:
        return failed_record(job, kind, f"{detail} (before any player was called)")
    fault = Fault(seat, kind, detail)
    return make_record(job, actions, list(state.scores()), faulted_ranks(state, {seat}), [asdict(fault)],
                       moves, {"seconds": None})
