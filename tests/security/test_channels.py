"""Nothing one jail can mark that another can read: two jails alive at once pass no message,
and the system-call filter that closes the kernel's shared state is an allowlist.

The channels (``channel_attackers.Channels``) are first shown to work between two plain
processes on this machine; then both seats of a real toy tournament are the same attacker,
the first to move sending its dealt hand through each of them and the other listening, with
the game master in the tournament's process and on Ray (``test_jail.Run``).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest

from channel_attackers import Channels, hand_code, hand_of, prepare_shared
from test_jail import HERE, Run, json_prefix, replayed, workers  # noqa: F401 - workers: the fixture

CHANNELS = str(HERE / "channel_attackers.py")
# carried between two plain processes on every Linux machine (the page cache needs mincore or a
# readable pagemap, access times a mount that updates them: not asserted)
EVERYWHERE = ("posix_lock", "ofd_lock", "flock", "notify", "devshm", "abstract", "sysv", "memfd_number", "futex")


def exchange_outside(shared, tag: str, hand) -> dict:
    """What a receiver hears of ``hand``, sent by another plain process on this machine, both on
    one CPU (as a game's players are: the kernel hands out some numbers per CPU)."""
    cpu = min(os.sched_getaffinity(0))

    def one_cpu():
        os.sched_setaffinity(0, {cpu})

    devices = {path: os.stat(path) for path in ("/dev/null", "/dev/pts/ptmx") if os.path.exists(path)}
    # (their times are put back: the sender writes its message there)
    receiver = subprocess.Popen([sys.executable, CHANNELS, "receive", str(shared), tag], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True, cwd=HERE, preexec_fn=one_cpu)
    sender = None
    try:
        assert receiver.stdout.readline().strip() == "READY"
        sender = subprocess.Popen([sys.executable, CHANNELS, "send", str(shared), tag, str(hand_code(hand))],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE,
                                  preexec_fn=one_cpu)
        sender.stdout.readline()
        receiver.stdin.write("now\n")
        receiver.stdin.flush()
        heard = json.loads(receiver.stdout.readline())
    finally:
        for process in (sender, receiver):
            if process is not None:
                process.kill()
                process.wait()
        Channels(str(shared), tag).forget()
        for path, device in devices.items():
            try:
                os.utime(path, ns=(device.st_atime_ns, device.st_mtime_ns))
            except OSError:
                pass
    return {name: hand_of(value) if isinstance(value, int) and not isinstance(value, bool) else value
            for name, value in heard.items()}


def test_two_jails_alive_at_once_pass_no_message(tmp_path, workers):
    """Both seats of every game are a Whisperer: seat 0 sends its dealt hand through file locks
    (POSIX, open-file, flock) on files both jails read, inotify, the page cache of a file neither
    has read, access times, /dev/shm, abstract sockets, message queues and System V shared
    memory, and fills the count of queued signals (kept per user); it keeps them held while it
    waits, frozen; seat 1, listening since start(), names no correct hand through any of them
    and can queue a signal.  Between two plain processes the same channels carry it."""
    shared = tmp_path / "shared"
    prepare_shared(str(shared))
    heard = exchange_outside(shared, f"out-{uuid.uuid4().hex[:8]}", [2, 5, 6])
    assert all(heard[name] == [2, 5, 6] for name in EVERYWHERE) and heard["pending"] is True, \
        f"the channels do not work even outside: {heard}"
    tag = uuid.uuid4().hex[:8]  # in the jail, over files of Python's library: every jail binds it
    whisperers = [{"name": name, "class": f"{CHANNELS}:Whisperer", "params": {"shared": "python", "tag": tag}}
                  for name in ("w1", "w2")]
    run = Run(tmp_path, workers, whisperers, games_per_pairing=2)
    try:
        run.play()
    finally:
        Channels("python", tag).forget()
    run.check_complete()
    heard_in = []
    for record in run.records:
        truth = sorted(replayed_deal(record).hands[0])
        reports = [f["detail"] for f in record["faults"] if f["seat"] == 1 and "Report: WHISPER " in f["detail"]]
        assert len(reports) == 1, f"seat 1 did not report in game {record['id']}: {record['faults']}"
        heard = json_prefix(reports[0].split("Report: WHISPER ", 1)[1])
        heard_in += [(record["id"], channel) for channel, claim in heard["claims"].items() if claim == truth]
        heard_in += [(record["id"], channel) for channel in heard["bits"]]
    assert not heard_in, f"a message went from one jail to the other: {heard_in}"


def replayed_deal(record):
    """The state of a recorded game before its first move (the hands as dealt)."""
    return replayed(dict(record, actions=[]))


@pytest.fixture(scope="module")
def refusing_player(tmp_path_factory):
    folder = tmp_path_factory.mktemp("refusing")
    (folder / "fadviser.py").write_text(
        "import os\n"
        "from players.random_player import RandomPlayer\n\n\n"
        "class Fadviser(RandomPlayer):\n"
        "    def act(self, observation):\n"
        "        with open(__file__, 'rb') as f:\n"
        "            os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)\n"
        "        return super().act(observation)\n")
    return folder / "fadviser.py"


def test_a_call_outside_the_allowlist_is_the_players_fault_with_its_name(refusing_player):
    """A player whose move makes a system call the jail refuses is charged with it, and the
    error names the call: ``syscall 221 (fadvise64) refused by the jail``."""
    from typer.testing import CliRunner

    from arena.cli import app
    from arena.jail import seccomp

    number = {name: n for n, name in seccomp.names().items()}["fadvise64"]
    result = CliRunner().invoke(app, ["check-player", f"{refusing_player}:Fadviser", "--game", "origin",
                                      "--games", "1"])
    assert result.exit_code == 2
    assert f"game 1 seat 0: syscall {number} (fadvise64) refused by the jail: OSError at {refusing_player}:8" \
        in result.output, result.output


def test_a_players_folder_too_large_to_copy_into_every_game_is_refused_with_what_to_do(tmp_path):
    """A submitted player's folder is copied into each game's jail; one of more than 64 MiB is
    refused by the checks, naming the folder and what to do (a sparse file: no disk used)."""
    from typer.testing import CliRunner

    from arena.cli import app

    folder = tmp_path / "crowded"
    folder.mkdir()
    (folder / "bot.py").write_text("from players.random_player import RandomPlayer\n\n\nclass Bot(RandomPlayer):\n"
                                   "    pass\n")
    with open(folder / "weights.bin", "wb") as f:
        f.truncate(65 << 20)
    (folder / ".git").mkdir()  # hidden entries are not copied, nor counted
    with open(folder / ".git" / "pack", "wb") as f:
        f.truncate(1 << 30)
    result = CliRunner().invoke(app, ["check-player", f"{folder / 'bot.py'}:Bot", "--game", "origin", "--games", "1"])
    assert result.exit_code == 2
    assert f"the player's folder {folder} holds more than 64 MiB" in result.output
    assert "put the player's files in a folder of their own" in result.output
    (folder / "weights.bin").unlink()
    result = CliRunner().invoke(app, ["check-player", f"{folder / 'bot.py'}:Bot", "--game", "origin", "--games", "1"])
    assert result.exit_code == 0, result.output


def first_move_report(spec: str, word: str, jailed: bool = True):
    """What a ``FirstMoveProber`` reports on its first move, in two games one after the other,
    each in a player process of its own (in the jail, or without it)."""
    import time

    from arena.game.match import PlayerFault
    from arena.jail import Limits
    from arena.jail.process import Jail
    from engine.registry import get_game

    jail = Jail(bwrap=jailed)
    try:
        reports = []
        for _ in range(2):  # the second is forked from a template that has made a player already
            process = jail.spawn(spec, {}, "origin", Limits())
            try:
                process.load()
                process.start("origin", 0, 2, 1, time.monotonic() + 60)
                state = get_game("origin").new_game(2, 1)
                with pytest.raises(PlayerFault) as fault:
                    process.act(state.observation(state.current_player), time.monotonic() + 60, False)
            finally:
                process.kill()
            assert f"Report: {word} " in fault.value.detail, fault.value.detail
            reports.append(json_prefix(fault.value.detail.split(f"Report: {word} ", 1)[1]))
        return reports
    finally:
        jail.close()


def test_a_player_finds_no_process_id_of_the_host_in_its_memory():
    """A jailed player is forked from its template's memory. A host process id reads the
    machine's process counter, which the threads of every player move on: two of them (the
    template's, an earlier player's) told a player how many threads the player of the previous
    game had started, which named its hand (24 of 24 claims right, by our own hostile player).
    The template and the anchor overwrite every id before a player's process is forked from
    them; nothing in the frames above the player's code holds one."""
    for found in first_move_report(f"{CHANNELS}:PidFinder", "PIDS"):
        assert found == [], f"attack succeeded: {found}"


@pytest.mark.parametrize("jailed", [True, False], ids=["jail", "no jail"])
def test_no_file_in_reach_has_metadata_a_player_can_set(tmp_path, jailed):
    """The machine's device nodes, the player's own code, Python's and arena's files: times,
    modes and owners are marks one jail could set and another read (or a way to break every
    later jail: ``chmod 000 /dev/null``).  In the jail every one of them is on a read-only mount;
    without the jail (Landlock does not govern these calls) the allowlist refuses them.  On a
    file of its own outside any jail the same calls work (the check of the attacker itself)."""
    from channel_attackers import MetadataProber

    mine = tmp_path / "mine.txt"
    mine.write_text("x")
    assert len(MetadataProber.probe([str(mine)])) == 3, "the attacker's calls do not work even outside the jail"
    for found in first_move_report(f"{CHANNELS}:MetadataProber", "META", jailed):
        assert found == [], f"attack succeeded: {found}"


def test_a_plugins_folder_gives_a_player_nothing_but_the_plugin(tmp_path):
    """A plugin (a game module the config names) is the operator's, kept wherever they keep
    it: beside their keys, or another tournament's results. The jail holds the plugin's file, not
    its folder (a package plugin: its package without hidden entries)."""
    import shutil

    from test_jail import TOY

    plugins = tmp_path / "home"
    (plugins / ".ssh").mkdir(parents=True)
    (plugins / ".ssh" / "id_rsa").write_text("a key")
    (plugins / "old" / "t").mkdir(parents=True)
    (plugins / "old" / "t" / "games.jsonl").write_text("{}\n")
    (plugins / "notes.txt").write_text("notes")
    shutil.copy(TOY, plugins / "toy_game.py")
    secrets = [str(plugins / ".ssh" / "id_rsa"), str(plugins / "old" / "t" / "games.jsonl"), str(plugins / "notes.txt")]
    reader = {"name": "x", "class": f"{CHANNELS}:FileReader",
              "params": {"paths": secrets + [str(plugins / "toy_game.py")]}}
    run = Run(tmp_path, 0, [{"name": "a", "class": "random"}, reader], plugins=[str(plugins / "toy_game.py")])
    run.play()
    run.check_complete()
    for record, seat in run.games_of("x"):
        details = [f["detail"] for f in record["faults"] if f["seat"] == seat and "Report: READ " in f["detail"]]
        assert len(details) == 1, record["faults"]
        assert json_prefix(details[0].split("Report: READ ", 1)[1]) == [str(plugins / "toy_game.py")], details[0]
