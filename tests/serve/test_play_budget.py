"""/play's bounds (arena/serve/play.py): the bots of browser games share a memory budget (each
reserves the ladder's player_memory_mb, a game past it is refused, its reservation freed however
its game ends), a whole game has a longest time however often the human moves, and a game's bot
is killed when its game ends.  HumanGames over a small stand-in for the ladder (its cfg is all
``start`` and ``_play`` read) and a SQLite database; the bot a fake ``spawn``'s local player but
in the last test, where it is a real jailed process."""
from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from players.base import Player

MEMORY_MB = 512  # the ladder's player_memory_mb here (not the default 2048)
BOT = '''from players.base import Player


class First(Player):
    def act(self, observation):
        return observation.legal_actions[0]
'''
CONFIG = """name: play
game: origin
seats: 2
players:
  - {{name: random, class: random}}
  - {{name: bot, class: "{bot}:First"}}
time_limits: {{move_seconds: 5, game_seconds: 60}}
player_memory_mb: {memory}
output: {output}
"""


class FakeProcess(Player):
    """What the fake spawn gives: a player of this process (so play_game asks it directly) that
    notes the limits it was spawned with and whether it was killed."""

    def __init__(self, limits):
        self.limits, self.killed = limits, 0

    def act(self, observation):
        assert not self.killed, "asked after it was killed"
        return observation.legal_actions[0]

    def kill(self):
        self.killed += 1


@pytest.fixture
def ladder(tmp_path):
    from arena.runs.config import load_config

    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "first.py").write_text(BOT)
    config = tmp_path / "play.yaml"
    config.write_text(CONFIG.format(bot=bots / "first.py", memory=MEMORY_MB, output=tmp_path / "results"))
    return SimpleNamespace(cfg=load_config(str(config), check_players=False))


@pytest.fixture
def sessions(tmp_path):
    from arena.serve.db import connect

    engine, made = connect(f"sqlite:///{tmp_path / 'play.db'}")
    yield made
    engine.dispose()


@pytest.fixture
def spawned(monkeypatch):
    """Every fake bot process the games spawn, in order (arena.jail.spawn replaced)."""
    import arena.jail

    made = []

    def spawn(spec, params, game, limits):
        made.append(FakeProcess(limits))
        return made[-1]

    monkeypatch.setattr(arena.jail, "spawn", spawn)
    return made


@pytest.fixture
def made_games(ladder, sessions):
    from arena.serve.play import HumanGames

    made = []

    def make(**kwargs):
        made.append(HumanGames(ladder, sessions, **kwargs))
        return made[-1]

    yield make
    for games in made:
        games.stop()


def wait_over(game, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while game.over is None:
        assert time.monotonic() < deadline, "the game did not end"
        game.wait_change(game.turn, 0.2)
    return game.over


def wait_waiting(game, seconds: float = 60.0):
    """Until the human is to move (the bot spawned, started and, if first, moved)."""
    deadline = time.monotonic() + seconds
    while game.waiting is None:
        assert game.over is None, game.over
        assert time.monotonic() < deadline, "the human was never asked"
        game.wait_change(game.turn, 0.2)
    return game.waiting


def play_out(game, pause: float = 0.0, seconds: float = 120.0) -> int:
    """Move for the human (the first legal action, ``pause`` s after being asked) until the end;
    returns how many moves the human made."""
    deadline, moves = time.monotonic() + seconds, 0
    while game.over is None:
        assert time.monotonic() < deadline, "the game did not end"
        with game.changed:
            seen, waiting = game.turn, game.waiting
        if waiting is not None:
            time.sleep(pause)
            game.moves.put(0)
            moves += 1
            while game.turn == seen and game.over is None:  # this move taken before the next is sent
                game.wait_change(seen, 0.2)
        else:
            game.wait_change(seen, 0.2)
    return moves


def reserved(games) -> int:
    return sum(g.memory_mb for g in games.live.values() if g.over is None)


def test_the_budget_refuses_a_game_past_it_while_the_others_hold_theirs_and_takes_one_when_a_game_ends(
        made_games, spawned, monkeypatch):
    from arena.serve import play

    games = made_games(memory_budget_mb=2 * MEMORY_MB + MEMORY_MB // 2)  # room for two jailed bots
    first = games.start("alice", "bot", seat=0)
    second = games.start("bob", "bot", seat=1)
    assert games.get(first).memory_mb == games.get(second).memory_mb == MEMORY_MB
    assert reserved(games) == 2 * MEMORY_MB
    with pytest.raises(OverflowError) as refused:
        games.start("carol", "bot", seat=0)
    assert str(refused.value) == (f"the server's memory for bots in browser games is taken ({2 * MEMORY_MB} of "
                                  f"{games.memory_budget_mb} MiB, by 2 games; bot needs {MEMORY_MB} MiB); "
                                  "try again when a game ends")
    assert games.get(first).over is None and games.get(second).over is None  # refusing ended neither
    builtin = games.start("carol", "random", seat=0)  # arena's own bot, in this process: reserves nothing
    assert games.get(builtin).memory_mb == 0
    monkeypatch.setattr(play, "MAX_LIVE", 3)  # the other limits stay: the server's games ...
    with pytest.raises(OverflowError, match="3 games against bots are being played"):
        games.start("dave", "random", seat=0)
    monkeypatch.setattr(play, "MAX_LIVE", 8)
    more = games.start("carol", "random", seat=1)
    with pytest.raises(OverflowError, match=f"you have {play.PER_USER} games"):  # ... and a user's
        games.start("carol", "random", seat=0)
    for gid in (first, second, builtin, more):
        wait_waiting(games.get(gid))
    assert all(p.limits.memory_mb == MEMORY_MB for p in spawned)  # the jail's limit is the reservation

    play_out(games.get(first))  # alice's game played to its end
    assert games.record(first)["status"] == "over"
    assert reserved(games) == MEMORY_MB
    third = games.start("erin", "bot", seat=0)  # its reservation is free again
    assert reserved(games) == 2 * MEMORY_MB and games.get(third).over is None
    with pytest.raises(OverflowError, match="memory for bots in browser games is taken"):
        games.start("frank", "bot", seat=0)


def test_a_bot_whose_limit_alone_passes_the_budget_is_refused_as_never_playable(made_games, spawned):
    games = made_games(memory_budget_mb=MEMORY_MB - 1)
    with pytest.raises(OverflowError, match=f"bot may use {MEMORY_MB} MiB .* more than the server's memory for "
                                            f"bots in browser games \\({MEMORY_MB - 1} MiB\\)"):
        games.start("alice", "bot", seat=0)
    assert not games.live and not spawned


ENDS = ["over", "idle", "too long", "server stop", "error", "spawn fails", "thread stopped", "database fails"]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
@pytest.mark.parametrize("end", ENDS)
def test_however_a_game_ends_its_bot_is_killed_and_its_reservation_freed(end, made_games, spawned, sessions,
                                                                         monkeypatch):
    import arena.jail
    from arena.serve import play

    games = made_games(memory_budget_mb=MEMORY_MB)  # room for one jailed bot: the next start says if it is free
    if end == "idle":
        monkeypatch.setattr(play, "IDLE_SECONDS", 0.3)
    elif end == "too long":
        monkeypatch.setattr(play, "GAME_SECONDS", 0.5)
    elif end == "error":
        def broken(*args, **kwargs):
            raise RuntimeError("the game broke")
        monkeypatch.setattr(play, "play_game", broken)
    elif end == "spawn fails":
        fake, first = arena.jail.spawn, [True]

        def refused(*args):
            if first.pop() if first else False:  # the game's spawn, not the next game's
                raise arena.jail.SandboxError("no jail today")
            return fake(*args)
        monkeypatch.setattr(arena.jail, "spawn", refused)
    elif end == "thread stopped":
        def leaves(*args, **kwargs):
            raise SystemExit(3)  # not an Exception: the game's except does not take it
        monkeypatch.setattr(play, "play_game", leaves)
    gid = games.start("alice", "bot", seat=0)
    game = games.get(gid)
    assert reserved(games) == MEMORY_MB
    if end == "database fails":
        wait_waiting(game)
        real = games.sessions

        def gone():
            raise OSError("the database is gone")
        games.sessions = gone  # the record cannot be written: the game is over all the same
    if end == "over":
        play_out(game)
    elif end == "server stop":
        wait_waiting(game)
        games.stop()
        assert game.over is not None, "stop() did not wait for the game's end"
    elif end == "database fails":
        game.stopping = True
    over = wait_over(game, 30)
    if end == "database fails":
        games.sessions = real
    assert over is not None and game.over is over
    if end != "spawn fails":
        assert len(spawned) == 1 and spawned[0].killed == 1, "the bot's process was not killed once"
    else:
        assert not spawned
    assert reserved(games) == 0
    stored = games.record(gid)
    if end == "database fails":
        assert stored["status"] == "playing"  # as written at the start; a restarted server says abandoned
    else:
        assert stored["status"] == ("over" if end in ("over", "idle", "too long", "server stop") else "failed")
        faults = stored["record"]["faults"]
        why = {"idle": "no move for 0.3 s", "too long": "the game passed 0.5 s", "server stop": "the server stopped",
               "error": "RuntimeError: the game broke", "spawn fails": "SandboxError: no jail today",
               "thread stopped": "the game's thread was stopped"}.get(end)
        if why is None:
            assert faults == []
        else:
            assert any(why in f["detail"] for f in faults), faults
    again = games.start("bob", "bot", seat=0)  # the whole budget again
    assert games.get(again).memory_mb == MEMORY_MB and games.get(again).over is None


def test_a_whole_game_ends_at_its_longest_however_often_the_human_moves(made_games, spawned, monkeypatch):
    from arena.serve import play

    monkeypatch.setattr(play, "IDLE_SECONDS", 0.5)
    monkeypatch.setattr(play, "GAME_SECONDS", 1.5)
    games = made_games(memory_budget_mb=MEMORY_MB)
    began = time.monotonic()
    gid = games.start("alice", "bot", seat=1)
    game = games.get(gid)
    moves = play_out(game, pause=0.2)  # well within the idle limit every move; origin takes ~80 of them
    took = time.monotonic() - began
    assert moves >= 4 and 1.5 <= took < 10, (moves, took)
    faults = game.over["faults"]
    assert [f["seat"] for f in faults] == [1] and "the game passed 1.5 s" in faults[0]["detail"], faults
    assert not any("no move for" in f["detail"] for f in faults)
    assert spawned[0].killed == 1 and reserved(games) == 0


def _memory_limit(cgroup) -> int:
    for path in cgroup.dirs:
        for name in ("memory.limit_in_bytes", "memory.max"):
            if (path / name).exists():
                return int((path / name).read_text())
    raise AssertionError(f"no memory limit file in {cgroup.dirs}")


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")  # a zombie holds no memory


def test_a_jailed_bot_runs_under_the_ladders_memory_limit_and_its_processes_are_gone_when_its_game_ends(
        made_games, monkeypatch):
    import arena.jail
    from arena.jail import jail_problem
    from arena.serve import play

    problem = jail_problem()
    if problem is not None:
        pytest.skip(f"no jail here: {problem}")
    real, processes = arena.jail.spawn, []

    def spawn(*args):
        processes.append(real(*args))
        return processes[-1]

    monkeypatch.setattr(arena.jail, "spawn", spawn)
    monkeypatch.setattr(play, "IDLE_SECONDS", 1.0)
    games = made_games(memory_budget_mb=MEMORY_MB)
    gid = games.start("alice", "bot", seat=1)  # the bot moves first, in its jail
    game = games.get(gid)
    wait_waiting(game, 120)
    process = processes[0]
    assert process.alive and process.limits.memory_mb == MEMORY_MB
    pid, cgroup = process.pid, process.cgroup
    if cgroup is not None:  # its whole tree capped at the ladder's limit
        assert _memory_limit(cgroup) == MEMORY_MB << 20
        assert cgroup.pids()
    assert not _gone(pid)
    with pytest.raises(OverflowError, match="memory for bots in browser games is taken"):
        games.start("bob", "bot", seat=1)
    over = wait_over(game, 60)  # the human does not move: resigned after IDLE_SECONDS
    assert any("no move for 1 s" in f["detail"] for f in over["faults"]), over["faults"]
    assert not process.alive and process.cgroup is None
    if cgroup is not None:
        assert not any(d.exists() for d in cgroup.dirs), "the bot's cgroup is left"
    deadline = time.monotonic() + 10
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(pid), f"the bot's process {pid} is alive after its game"
    assert reserved(games) == 0
    second = games.start("bob", "bot", seat=1)  # its memory free again
    assert games.get(second).memory_mb == MEMORY_MB
    games.get(second).stopping = True
    wait_over(games.get(second), 120)
    assert not processes[1].alive
