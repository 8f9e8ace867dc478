"""A tournament on a Ray cluster of several nodes, all on this machine (Ray's own
``ray.cluster_utils.Cluster``): a node lost mid-run, the head lost mid-run, and the node
that played each game.  The driver is ``arena tournament --address ...`` in a process of
its own, as a user runs it."""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import types
from collections import deque
from contextlib import contextmanager

import pytest

from conftest import REPO, player, toy_config
from helpers import log_lines

ray = pytest.importorskip("ray")


@pytest.fixture
def ray_tmp(monkeypatch):
    """A Ray temp dir of this test's own (short: Ray's socket paths are limited), so that the
    clusters started here write no ``ray_current_cluster`` where another run's ``--address
    auto`` would read it."""
    folder = tempfile.mkdtemp(prefix="rc", dir="/tmp")
    monkeypatch.setenv("RAY_TMPDIR", folder)
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    return folder


@contextmanager
def cluster(**head):
    from ray.cluster_utils import Cluster

    head = {"num_cpus": 1, "node_name": "head", "include_dashboard": False, **head}
    nodes = Cluster(initialize_head=True, head_node_args=head)
    try:
        yield nodes
    finally:
        nodes.shutdown()


def tournament(config, address, *more):
    return subprocess.Popen([sys.executable, "-m", "arena.cli", "tournament", str(config), "--address", address,
                             *more], cwd=REPO, env=dict(os.environ), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


def wait_for_lines(log, driver, enough) -> list:
    """The log's records once ``enough(records)`` (the driver must still be running)."""
    while True:
        assert driver.poll() is None, driver.stdout.read()
        records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
        if enough(records):
            return records
        time.sleep(0.1)


def test_a_node_lost_midway_costs_no_game_and_no_player_a_fault(tmp_path, ray_tmp):
    # trusted players (isolation: none): a worker that dies while one of them thinks is
    # charged to it; a worker that dies with its node must not be
    players = [player("a"), player("s1", "Sleepy", sleep=0.01), player("s2", "Sleepy", seed=3, sleep=0.01)]
    path = toy_config(tmp_path, players, games=10, isolation="none")  # 60 games
    folder = tmp_path / "results/t"
    with cluster() as nodes:
        lost = nodes.add_node(num_cpus=1, node_name="node-b")
        driver = tournament(path, nodes.address)
        wait_for_lines(folder / "games.jsonl", driver,
                       lambda records: len(records) >= 10 and any(r.get("node") == "node-b" for r in records))
        nodes.remove_node(lost, allow_graceful=False)
        output, _ = driver.communicate(timeout=240)
    assert driver.returncode == 0, output
    records = [json.loads(line) for line in log_lines(folder)]
    assert len(records) == len({r["id"] for r in records}) == 60  # every game once
    assert [r for r in records if r["faults"]] == []  # none charged to a player
    assert {r["node"] for r in records} == {"head", "node-b"}
    board = json.loads((folder / "leaderboard.json").read_text())
    assert board["games_recorded"] == 60 and board["games_failed"] == 0
    assert all(p["faults"] == 0 for p in board["players"])
    report = (folder / "report.html").read_text()
    nodes_section = report[report.index("<h2>Nodes</h2>"):]
    on_b = sum(1 for r in records if r["node"] == "node-b")
    assert f"<td class=name>node-b</td><td>{on_b}</td>" in nodes_section
    assert f"<td class=name>head</td><td>{60 - on_b}</td>" in nodes_section
    from arena.store.results import ResultsStore
    from arena.runs.tournament import NODES

    store = ResultsStore(folder)
    store.open()
    assert set(store.read_private(NODES)) == {"head", "node-b"}  # the jail probed on each node that played
    # Ray's message about the dead raylet (its last 20 log lines): in ray.log, not on the terminal
    assert "[state-dump]" not in output and "Raylet is terminated" in (folder / "ray.log").read_text()


def test_a_lost_head_ends_the_run_with_what_was_kept_and_the_same_command_resumes(tmp_path, ray_tmp):
    import psutil

    from arena.runs.runner import HEAD_LOST_SECONDS

    # jailed players (the default): the jail is probed on the node that plays
    players = [player("a"), player("s1", "Sleepy", sleep=0.01), player("s2", "Sleepy", seed=3, sleep=0.01)]
    path = toy_config(tmp_path, players, games=10)
    folder = tmp_path / "results/t"
    with socket_port() as port:
        pass
    with cluster(num_cpus=2, gcs_server_port=port) as nodes:
        address = nodes.address
        driver = tournament(path, address)
        wait_for_lines(folder / "games.jsonl", driver, lambda records: len(records) >= 5)
        nodes.remove_node(nodes.head_node, allow_graceful=False)
        lost_at = time.monotonic()
        process = psutil.Process(driver.pid)
        cpu_before = sum(process.cpu_times()[:2])
        time.sleep(HEAD_LOST_SECONDS / 2)  # the driver is waiting for the head now
        cpu_waiting = sum(process.cpu_times()[:2]) - cpu_before
        output, _ = driver.communicate(timeout=120)
        took = time.monotonic() - lost_at
    assert driver.returncode == 1, output
    assert took < 30, output
    assert cpu_waiting < HEAD_LOST_SECONDS / 4, cpu_waiting  # no core spinning while it waits (Ray's spun one)
    kept = len(log_lines(folder))
    assert 5 <= kept < 60
    assert f"the Ray cluster at {address} was lost" in output
    assert f"{kept} of 60 games kept ({kept} played by this run)" in output
    assert json.loads((folder / "leaderboard.json").read_text())["games_recorded"] == kept
    assert "Failed to connect to GCS" not in output
    with cluster(num_cpus=2, gcs_server_port=port) as nodes:  # the head back at its address
        again = tournament(path, address)
        output, _ = again.communicate(timeout=180)
    assert again.returncode == 0, output
    assert f"{60 - kept} of 60 games to play ({kept} already recorded)" in output
    records = [json.loads(line) for line in log_lines(folder)]
    assert len(records) == len({r["id"] for r in records}) == 60
    assert {r["node"] for r in records} == {"head"}
    board = json.loads((folder / "leaderboard.json").read_text())
    assert set(board["isolation"]["nodes"]) == {"head"}  # probed there, not on the driver
    assert "<h2>Nodes</h2>" in (folder / "report.html").read_text()


@contextmanager
def socket_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        yield s.getsockname()[1]


# --- a single game's task lost: its node or its player? (Ray stubbed) ----------------------------
@pytest.fixture
def lone_game(tmp_path, monkeypatch):
    """A runner on a cluster with one traced game in flight whose trace says node ``n1`` ran
    it and seat 1 was thinking; Ray stubbed but for its exceptions."""
    import ray.exceptions

    from arena.runs import runner as runner_module
    from arena.runs.config import load_config
    from arena.runs.tournament import game_setup, job_for
    from arena.runs.schedule import pending_games
    from arena.store.tally import Tally

    fake = types.SimpleNamespace(exceptions=ray.exceptions, put=lambda value: value,
                                 remote=lambda **options: (lambda function: function),
                                 nodes=lambda: [{"NodeID": "n1", "NodeName": "node-b", "Alive": True,
                                                 "NodeManagerAddress": "127.0.0.1", "NodeManagerPort": 1}])
    monkeypatch.setitem(sys.modules, "ray", fake)
    cfg = load_config(toy_config(tmp_path, [player("a"), player("b", seed=1)], isolation="none"))
    setup = game_setup(cfg)
    job = job_for(cfg, next(iter(pending_games(cfg, None, Tally().missing))))
    kept = []
    runner = runner_module.RayRunner(setup, 1, kept.extend, cluster="127.0.0.1:1")
    trace = runner.trace_dir / f"{job['id']}.trace"
    trace.write_text("node n1\nturn 1\n")
    runner.in_flight["task"] = ([job], time.monotonic() + 60, str(trace))

    def lose(error):
        def get(ref):
            raise error
        fake.get = get
        singles = deque()
        runner._collect("task", singles)
        return kept, singles

    yield types.SimpleNamespace(lose=lose, fake=fake, job=job)
    shutil.rmtree(runner.trace_dir)


def test_a_lone_game_lost_with_its_node_is_played_again_and_charged_to_no_one(lone_game):
    import ray.exceptions

    kept, singles = lone_game.lose(ray.exceptions.NodeDiedError(
        "Task failed because the node it was running on is dead or unavailable. Node IP: 127.0.0.1, node ID: n1."))
    assert kept == [] and [job["id"] for job in singles] == [lone_game.job["id"]]


def test_a_lone_game_whose_worker_died_on_a_node_that_no_longer_answers_is_charged_to_no_one(lone_game):
    import ray.exceptions

    # port 1 of 127.0.0.1 refuses: the raylet of the node the trace names is gone
    kept, singles = lone_game.lose(ray.exceptions.WorkerCrashedError())
    assert kept == [] and len(singles) == 1


def test_a_lone_game_whose_worker_died_on_a_live_node_is_charged_to_the_seat_thinking(lone_game, monkeypatch):
    import ray.exceptions

    from arena.runs import runner as runner_module

    monkeypatch.setattr(runner_module, "_answers", lambda host, port, timeout=1.0: True)  # the raylet answers
    kept, singles = lone_game.lose(ray.exceptions.WorkerCrashedError())
    assert not singles and len(kept) == 1
    assert [(f["seat"], f["kind"]) for f in kept[0]["faults"]] == [(1, "crash")]
    assert kept[0]["node"] == "node-b" and list(kept[0])[-2:] == ["node", "timings"]


# --- ray job submit ------------------------------------------------------------------------------
def test_a_job_s_results_go_where_output_says_and_never_into_ray_s_copy(tmp_path, ray_tmp):
    """``ray job submit --working-dir . -- arena tournament ...`` against a head started as a user
    starts one (``ray[default]``: the cluster extra): a results folder in Ray's copy of the
    working directory is refused; ``--output`` puts them on a path of the user's."""
    pytest.importorskip("aiohttp", reason="ray job submit needs ray[default]: pip install -e '.[cluster]'")
    with socket_port() as port, socket_port() as dashboard:
        pass
    env = dict(os.environ)
    log = tmp_path / "head.log"
    with open(log, "w") as out:
        head = subprocess.Popen(["ray", "start", "--head", f"--port={port}", "--num-cpus=1", "--dashboard-host=127.0.0.1",
                                 f"--dashboard-port={dashboard}", "--block"], env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    project = tmp_path / "project"
    project.mkdir()
    toy_config(project, [player("a"), player("b", seed=1)], games=3, filename="tiny.yaml", output="results")

    shared = tmp_path / "shared"
    # one job, two drivers one after the other (a job's start costs seconds): the results left
    # in Ray's copy (refused), then with --output
    arena = f"{shlex.quote(sys.executable)} -m arena.cli tournament tiny.yaml"
    script = f"{arena}; echo refused-exit=$?; {arena} --output {shlex.quote(str(shared))}"

    def submit():
        # the head's job agent comes up after "Ray runtime started"; on a busy machine seconds after:
        # until then a submission is answered "No available agent to submit job" (and nothing runs)
        deadline = time.monotonic() + 120
        while True:
            done = subprocess.run(["ray", "job", "submit", "--address", f"http://127.0.0.1:{dashboard}",
                                   "--working-dir", ".", "--", "sh", "-c", script], cwd=project, env=env,
                                  capture_output=True, text=True, timeout=180)
            if "No available agent to submit job" not in done.stdout + done.stderr or time.monotonic() > deadline:
                return done
            time.sleep(2)
    try:
        deadline = time.monotonic() + 90
        while "Ray runtime started" not in log.read_text():
            assert head.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        done = submit()
        said = done.stdout + done.stderr
        exit_line = re.search(r"^refused-exit=(\d+)$", said, re.MULTILINE)  # (not the command's echo)
        assert exit_line and exit_line.group(1) != "0", said
        refused, kept = said[:exit_line.start()], said[exit_line.end():]
        assert "inside the copy of the working directory that `ray job submit --working-dir` made" in refused, said
        assert "--output /shared/arena-results" in refused
        assert done.returncode == 0, said
        assert f"6 of 6 games to play (0 already recorded) on Ray at" in kept and f":{port}" in kept
    finally:
        stop(head, ray_tmp)
    records = [json.loads(line) for line in log_lines(shared / "t")]
    assert len(records) == 6 and all(r["node"] for r in records)
    assert (shared / "t" / ".secret").exists() and (shared / "t" / "leaderboard.json").exists()
    assert not (project / "results").exists()


def stop(head, temp_dir) -> None:
    """This head only (never `ray stop`, which stops every Ray on the machine): its process group,
    then whatever still names its temp dir."""
    import signal
    from pathlib import Path

    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(head.pid, sig)
            head.wait(timeout=10)
            break
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and temp_dir.encode() in (entry / "cmdline").read_bytes():
                os.kill(int(entry.name), signal.SIGKILL)
        except OSError:
            pass


def test_a_job_s_relative_output_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    """A job's driver runs where the head was started, not where the job was submitted from."""
    from helpers import run

    from arena.runs.tournament import JOB_ENV, TournamentError

    monkeypatch.setenv(JOB_ENV, "{}")
    monkeypatch.chdir(tmp_path)
    path = toy_config(tmp_path, [player("a"), player("b", seed=1)], output="results")
    with pytest.raises(TournamentError, match="relative to where the Ray job runs on the head"):
        run(path)
    assert not (tmp_path / "results").exists()


# --- the node column in the log ------------------------------------------------------------------
def test_games_and_seconds_per_node_survive_segments_checkpoints_and_verify(tmp_path):
    """The tally's games and seconds per node are the same whether the lines were appended,
    read from the checkpoint and the lines since, or read one by one (``arena verify``)."""
    from arena.runs.worker import make_record
    from arena.store.log_files import SEGMENT_LINES
    from arena.store.results import ResultsStore

    def record(i, node):
        job = {"id": f"g{i}", "index": i, "pairing": ["a", "b"], "deal": i // 2, "rotation": i % 2,
               "players": ["a", "b"] if i % 2 == 0 else ["b", "a"], "seed": i, "game": "toy"}
        made = make_record(job, ["1", "2"], [1, 0], [1, 2], [], [1, 1],
                           {"seconds": 0.001 * (i % 7) + 0.0001, "think_seconds": [0.0, 0.0]})
        if node is None:  # as before nodes were recorded
            return made
        timings = made.pop("timings")
        return dict(made, node=node, timings=timings)

    nodes = ["head", "node-b", None]
    records = [record(i, nodes[i % 3]) for i in range(SEGMENT_LINES + 300)]
    store = ResultsStore(tmp_path / "t")
    store.try_lock()
    store.append(records[:SEGMENT_LINES + 100])  # a closed segment, its checkpoint, 100 lines since
    store.close()
    reopened = ResultsStore(tmp_path / "t")
    reopened.open()
    reopened.append(records[SEGMENT_LINES + 100:])
    reopened.close()
    expected = {}
    for r in records:
        if r.get("node"):
            games, seconds = expected.get(r["node"], (0, 0.0))
            expected[r["node"]] = (games + 1, seconds + r["timings"]["seconds"])
    for tally in (reopened.tally, ResultsStore(tmp_path / "t").open()):
        assert {name: (games, pytest.approx(seconds)) for name, (games, seconds) in tally.nodes.items()} == expected
    audit = ResultsStore(tmp_path / "t")
    assert audit.verify()["checkpoint"] is True
    assert audit.tally.nodes == ResultsStore(tmp_path / "t").open().nodes
