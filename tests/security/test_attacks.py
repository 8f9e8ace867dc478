"""Each attack of issue 13, played by a submitted player in a real small tournament,
with the game in the driver (``workers: 0``) and on Ray workers.

Every test asserts what matters: the attacker learned nothing hidden (its claims
are checked against the true game), the fault, if any, is charged to the
attacker alone, and every game it was not part of is identical, byte for byte
(less timings and the log's chained tags), to the same game played without it.
A few attacks are also played with ``isolation: none``, where they succeed: the
checks would catch them.
"""
import json
import os
from pathlib import Path

import pytest
import yaml

from arena.runs.config import load_config
from arena.store.results import ResultsError, ResultsStore
from arena.jail.confine import DEFAULT_TASKS, landlock_abi
from arena.runs.schedule import build_schedule
from arena.store.secret import load_secret
from arena.runs.tournament import game_setup, job_for, load_tournament
from arena.runs.worker import play_one
from engine.registry import get_game
from helpers import run, without_timings

HERE = Path(__file__).resolve().parent
ATTACKERS = str(HERE / "attackers.py")
TOY = str(HERE.parent / "toy_game.py")


@pytest.fixture(params=[0, 2], ids=["in-process", "ray"])
def workers(request):
    """The game master in the driver (workers: 0), or on two Ray workers."""
    if request.param:
        request.getfixturevalue("ray_local")
    return request.param

landlock = pytest.mark.skipif(landlock_abi() < 1, reason="this kernel has no Landlock (the run says so)")


class Tournament:
    """One small toy tournament: a, b (built-in random players) and the attacker."""

    def __init__(self, tmp_path, cls, workers, params=None, **extra):
        self.folder = tmp_path / "results" / "t"
        self.path = tmp_path / "t.yaml"
        attacker = {"name": "x", "class": f"{ATTACKERS}:{cls}"}
        if params:
            attacker["params"] = params
        data = {"name": "t", "game": "toy", "plugins": [TOY], "seats": 2, "games_per_pairing": 1, "seed": 11,
                "players": [{"name": "a", "class": "random"}, {"name": "b", "class": "random",
                                                                 "params": {"seed": 1}}, attacker],
                "output": str(tmp_path / "results"), "workers": workers,
                "time_limits": {"game_seconds": 20}}
        data.update(extra)
        self.path.write_text(yaml.safe_dump(data, sort_keys=False))

    def play(self, check_players=True):
        self.outcome = run(self.path, check_players=check_players)
        self.cfg = load_config(self.path, check_players=False)
        self.key = load_secret(self.folder)
        self.records = {r["id"]: r for r in ResultsStore(self.folder).load_games()}
        self.schedule = build_schedule(self.cfg, self.key)
        assert len(self.records) == len(self.schedule) == 6
        return self

    def attacked(self):
        return [(self.records[g.id], g.players.index("x")) for g in self.schedule if "x" in g.players]

    def check_others_untouched(self):
        """The games without the attacker are the games a clean process plays."""
        for game in self.schedule:
            if "x" not in game.players:
                record = self.records[game.id]
                clean = play_one(game_setup(self.cfg), job_for(self.cfg, game, self.key))
                assert without_timings([json.dumps(record)]) == without_timings([json.dumps(clean)])

    def check_faults_are_the_attackers(self, kinds):
        for record, seat in self.attacked():
            assert [(f["seat"], f["kind"]) for f in record["faults"]] == [(seat, record["faults"][0]["kind"])]
            assert record["faults"][0]["kind"] in kinds, record["faults"]
            assert record["ranks"][seat] == 2 and record["ranks"][1 - seat] == 1
        board = {p["name"]: p for p in self.outcome.board["players"]}
        assert board["a"]["faults"] == board["b"]["faults"] == 0
        assert board["x"]["games"] == 4  # rated, its losses kept


def true_opponent_hand(record, seat):
    """The opponent's hand at the moment the attacker was asked to move."""
    state = get_game("toy").new_game(2, record["seed"], record["options"])
    spec = get_game("toy")
    for text in record["actions"]:
        state.apply(spec.action_from_text(text))
    return sorted(state.hands[1 - seat])


def claims(tournament):
    """(claim, truth) per attacked game, from the attacker's report in the log."""
    out = []
    for record, seat in tournament.attacked():
        detail = record["faults"][0]["detail"]
        assert "Report: " in detail, detail
        word, _, rest = detail.split("Report: ", 1)[1].partition(" ")
        found = json.loads(rest.split(" at ")[0]) if word == "FOUND" else None
        out.append((found, true_opponent_hand(record, seat)))
    return out


SPIES = ["FrameWalker", "StackInspector", "GcScanner"]


@pytest.mark.parametrize("spy", SPIES)
def test_a_spy_finds_no_hidden_card(tmp_path, workers, spy):
    t = Tournament(tmp_path, spy, workers).play()
    for found, truth in claims(t):
        assert found is None, (found, truth)
    t.check_faults_are_the_attackers({"exception"})
    t.check_others_untouched()


@pytest.mark.parametrize("spy", ["FrameWalker", "GcScanner"])
def test_without_isolation_the_same_spy_reads_the_hidden_cards(tmp_path, spy):
    t = Tournament(tmp_path, spy, 0, isolation="none").play()
    assert all(found == truth for found, truth in claims(t))
    assert json.loads((t.folder / "leaderboard.json").read_text())["isolation"]["isolation"] == "none"


def test_the_config_does_not_give_away_the_deals(tmp_path, workers):
    t = Tournament(tmp_path, "SeedReconstructor", workers)
    config_text = t.path.read_text()  # the config is public: the attacker gets it whole
    t = Tournament(tmp_path, "SeedReconstructor", workers,
                   params={"config_text": config_text, "results": str(tmp_path / "results" / "t")}).play()
    for found, truth in claims(t):
        assert found is None, (found, truth)
    t.check_others_untouched()


def test_with_the_secret_the_seeds_would_give_the_deals_away(tmp_path):
    t = Tournament(tmp_path, "SeedReconstructor", 0)
    config_text = t.path.read_text()
    t = Tournament(tmp_path, "SeedReconstructor", 0, isolation="none",
                   params={"config_text": config_text, "results": str(tmp_path / "results" / "t")}).play()
    assert all(found == truth for found, truth in claims(t))


def test_patching_the_engine_changes_no_other_game(tmp_path, workers):
    t = Tournament(tmp_path, "EnginePatcher", workers).play()
    for record, seat in t.attacked():  # its own games are scored by the true rules
        assert record["faults"] == []
        state = get_game("toy").new_game(2, record["seed"], record["options"])
        for text in record["actions"]:
            state.apply(get_game("toy").action_from_text(text))
        assert record["scores"] == state.scores() and min(record["scores"]) >= 0
    t.check_others_untouched()


def test_an_opponents_act_cannot_be_replaced(tmp_path, workers):
    t = Tournament(tmp_path, "ActReplacer", workers).play()
    assert all(r["faults"] == [] for r in t.records.values())
    t.check_others_untouched()


@landlock
def test_results_folder_config_and_secret_are_out_of_reach(tmp_path, workers):
    t = Tournament(tmp_path, "FileWriter", workers,
                   params={"results": str(tmp_path / "results" / "t"), "config": str(tmp_path / "t.yaml")})
    before = t.path.read_text()
    t.play()
    for record, seat in t.attacked():
        assert record["faults"][0]["detail"].startswith("Report: DID []"), record["faults"]
    assert t.path.read_text() == before
    assert not (t.folder / "evil.txt").exists()
    assert all("forged" not in line for line in (t.folder / "games.jsonl").read_text().splitlines())
    t.check_faults_are_the_attackers({"exception"})
    t.check_others_untouched()


def test_a_line_forged_into_the_log_is_named_by_the_leaderboard(tmp_path):
    t = Tournament(tmp_path, "FileWriter", 0, isolation="none")
    t = Tournament(tmp_path, "FileWriter", 0, isolation="none",
                   params={"results": str(tmp_path / "results" / "t"), "config": str(tmp_path / "other.yaml")})
    (tmp_path / "other.yaml").write_text("")
    with pytest.raises(ResultsError, match=r"games\.jsonl:\d+: no authentication tag"):
        t.play()
    with pytest.raises(ResultsError, match=r"games\.jsonl:\d+: no authentication tag"):
        load_tournament(t.folder)


@pytest.mark.parametrize("what", ["BaseException", "KeyboardInterrupt", "SystemExit"])
def test_any_base_exception_is_the_attackers_fault(tmp_path, workers, what):
    t = Tournament(tmp_path, "Raises", workers, params={"what": what}).play()
    t.check_faults_are_the_attackers({"exception"})
    details = [r["faults"][0]["detail"] for r, _ in t.attacked()]
    assert all(("Sneaky" if what == "BaseException" else what) in d for d in details), details
    t.check_others_untouched()


def test_a_constructor_that_fails_in_the_game_faults_that_seat(tmp_path, workers):
    t = Tournament(tmp_path, "BrokenConstructor", workers).play(check_players=False)
    faulted = [r for r, _ in t.attacked() if r["faults"]]
    assert len(faulted) == 4 and all("only fails in the game's process" in r["faults"][0]["detail"]
                                     for r in faulted)
    for record, seat in t.attacked():
        assert all(f["seat"] == seat for f in record["faults"])
    assert all(r["ranks"] is not None for r in t.records.values())
    t.check_others_untouched()


def test_a_forged_machine_failure_is_the_attackers_fault(tmp_path, workers):
    t = Tournament(tmp_path, "ForgedAnswer", workers).play()  # every game recorded, none dropped
    t.check_faults_are_the_attackers({"illegal"})
    # the forged answer read alone, or with the move it sent after it: the protocol broken either way
    assert all(("answered sandbox" in d or "more than one answer" in d)
               for d in (r["faults"][0]["detail"] for r, _ in t.attacked()))
    t.check_others_untouched()


def test_os_exit_is_a_crash_of_the_attacker(tmp_path, workers):
    t = Tournament(tmp_path, "Exiter", workers).play()
    t.check_faults_are_the_attackers({"crash"})
    t.check_others_untouched()


def test_a_memory_bomb_is_stopped_by_the_address_space_limit(tmp_path, workers):
    t = Tournament(tmp_path, "MemoryBomb", workers, player_memory_mb=512).play()
    t.check_faults_are_the_attackers({"memory", "crash"})
    t.check_others_untouched()


def test_a_fork_loop_gets_a_few_children_and_leaves_none(tmp_path, workers):
    from arena.jail.cgroups import find_layout

    layout = find_layout()
    if layout is None or "pids" not in layout.features:
        pytest.skip("no pids cgroup here (the run says so)")
    t = Tournament(tmp_path, "ForkLoop", workers).play()
    t.check_faults_are_the_attackers({"exception"})
    for record, _ in t.attacked():
        pids = json.loads(record["faults"][0]["detail"].split("Report: FORKED ", 1)[1].split(" at ")[0])
        assert len(pids) < DEFAULT_TASKS
    assert processes_named("arena-forkloop") == []  # killed with their player's cgroup
    t.check_others_untouched()


def processes_named(comm: str) -> list:
    """The live (not zombie) processes of this machine whose ``comm`` is ``comm``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "comm").read_text().strip() == comm \
                    and (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_a_player_deaf_to_signals_is_killed_at_the_games_time_limit(tmp_path, workers):
    t = Tournament(tmp_path, "Deaf", workers, time_limits={"game_seconds": 1.0}).play()
    t.check_faults_are_the_attackers({"hang"})
    t.check_others_untouched()


def test_the_sandbox_is_said_once_and_recorded(tmp_path):
    lines = []
    t = Tournament(tmp_path, "Exiter", 0)
    run(t.path, echo=lines.append)
    said = [line for line in lines if line.startswith(("players:", "WARNING: "))]
    assert len(said) == 1 and "a jail of its own" in said[0]
    board = json.loads((t.folder / "leaderboard.json").read_text())
    from arena.jail import jail_problem

    assert board["isolation"]["isolation"] == ("jail" if jail_problem() is None else "process")
    assert "filesystem" in board["isolation"] and "processes" in board["isolation"]


def test_the_secret_is_private_to_its_owner(tmp_path):
    t = Tournament(tmp_path, "Exiter", 0).play()
    assert (t.folder / ".secret").stat().st_mode & 0o777 == 0o600
    assert t.folder.stat().st_mode & 0o777 == 0o700


def test_check_player_never_hangs(tmp_path):
    from typer.testing import CliRunner

    from arena.cli import app

    result = CliRunner().invoke(app, ["check-player", f"{ATTACKERS}:Deaf", "--game", "origin", "--game-seconds", "1"])
    assert result.exit_code == 2 and "hang" in result.output, result.output


def test_play_without_a_seed_picks_a_random_one_and_prints_it():
    from typer.testing import CliRunner

    from arena.cli import app

    seeds = set()
    for _ in range(2):
        result = CliRunner().invoke(app, ["play", "origin", "--quiet"])
        assert result.exit_code == 0, result.output
        seeds.add(result.output.split()[1])
    assert len(seeds) == 2 and all(int(s) > 10_000 for s in seeds)



@landlock
def test_no_way_out_of_the_player_process():
    import socket

    from arena.runs.checks import check_player
    from players.loading import PlayerSpecError

    marker = f"arena-escaper-{os.getpid()}"
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        with pytest.raises(PlayerSpecError) as caught:
            check_player(f"{ATTACKERS}:Escaper", {"port": port, "master": os.getpid(), "marker": marker},
                         "toy", games=1)
    assert "Report: DID []" in str(caught.value), str(caught.value)
    assert not os.path.exists(f"/tmp/{marker}")  # its /tmp is its own
