"""The system calls and files a jailed player uses: the evidence behind the jail's allowlists
(the system calls of arena/jail/seccomp.py, the /proc and /sys files of arena/jail/template.py).

    python tools/trace_jail_syscalls.py [--games origin,citadels] [--strace strace]

Plays a short tournament per game (workers 0, every seat a submitted player, so every player
runs in the jail) under ``strace -f``: jailed copies of arena's own players (random, the game's
rule player, ISMCTS and PIMC at 30 iterations), the README's example players (Origin), the
example greedy player, and a player that imports numpy and runs an ONNX model with onnxruntime
every move (where onnxruntime and onnx are installed).  It counts every system call the
players' processes made after their filter was installed (the host, its threads and children),
and prints each with its count and the filter's answer; then the files under /proc, /sys and
/dev they opened.  A call the filter refuses shows up as ``REFUSED``: the allowlist or the
library that made the call needs a look.  Needs strace (``apt-get install strace``) and the jail.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from arena.jail.seccomp import REFUSED  # noqa: E402

GAMES = ("origin", "natural_selection", "citadels", "dominant_species", "random_mutations")
HERE = Path(__file__).resolve().parent.parent

BOTS = '''
import importlib
import numpy
from players.ismcts import ISMCTSPlayer
from players.pimc import PIMCPlayer
from players.random_player import RandomPlayer


class Ismcts(ISMCTSPlayer):
    def __init__(self, **kw):
        kw.setdefault("iterations", 30)
        super().__init__(**kw)


class Pimc(PIMCPlayer):
    def __init__(self, **kw):
        kw.setdefault("iterations", 30)
        super().__init__(**kw)


class Rules:
    """The game's rule player, found when the game starts."""

    def __init__(self, **kw):
        self.kw = kw

    def start(self, game, seat, num_players, seed):
        cls = importlib.import_module(f"players.rules.{game}").RuleBasedPlayer
        self.player = cls(**self.kw)
        self.player.start(game, seat, num_players, seed)

    def act(self, observation):
        return self.player.act(observation)


class Onnx(RandomPlayer):
    """numpy and onnxruntime: a one-node model run every move."""

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        import onnxruntime
        from onnx import TensorProto, helper

        x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])
        y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])
        graph = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [x], [y])
        self.session = onnxruntime.InferenceSession(helper.make_model(graph).SerializeToString())

    def act(self, observation):
        self.session.run(None, {"x": numpy.ones((1, 4), dtype=numpy.float32)})
        return super().act(observation)
'''


def readme_players(folder: Path) -> list:
    """The README's two example players, written to ``folder``: [(file, class)]."""
    text = (HERE / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    out = []
    for block in blocks:
        name = re.search(r"^class (\w+)\(", block, re.M)
        if name:
            path = folder / f"{name.group(1).lower()}.py"
            path.write_text(block)
            out.append((path, name.group(1)))
    return out


def players_for(game: str, folder: Path) -> list:
    bots = folder / "bots.py"
    players = [("random", f"{bots}:RandomPlayer"), ("rules", f"{bots}:Rules"), ("ismcts", f"{bots}:Ismcts"),
               ("pimc", f"{bots}:Pimc"), ("greedy", f"{HERE}/players/examples/greedy.py:GreedyPlayer")]
    try:
        import onnx  # noqa: F401
        import onnxruntime  # noqa: F401
        players.append(("onnx", f"{bots}:Onnx"))
    except ImportError:
        print("onnxruntime or onnx is not installed: no ONNX player", file=sys.stderr)
    if game == "origin":
        players += [(cls.lower(), f"{path}:{cls}") for path, cls in readme_players(folder)]
    return players


def config(game: str, folder: Path, work: Path) -> Path:
    import yaml

    players = [{"name": name, "class": spec} for name, spec in players_for(game, folder)]
    output = work / "results"
    path = work / f"{game}.yaml"
    path.write_text(yaml.safe_dump({
        "name": f"trace-{game}", "game": game, "seats": 2, "players": players, "games_per_pairing": 1,
        "seed": 1, "workers": 0, "output": str(output),
        "time_limits": {"move_seconds": 60, "game_seconds": 600}}, sort_keys=False))
    return path


LINE = re.compile(r"^(\d+)\s+(?:<\.\.\. (\w+) resumed>|(\w+)\()(.*)$")
EXIT = re.compile(r"^(\d+)\s+\+\+\+ (?:exited|killed)")
RESULT = re.compile(r"=\s+(-?\d+|\?)(?:\s+(\w+))?[^=]*$")


# the argument that says which mode of a call the allowlist checks (its index)
MODES = {"fcntl": 1, "ioctl": 1, "prctl": 0, "madvise": 2, "socket": 0, "clone": 0, "wait4": 3, "waitid": 4,
         "mmap": 3}


def mode_of(name: str, rest: str) -> str:
    """`` F_SETLK``-like: the mode of a call whose mode the filter checks."""
    if name not in MODES:
        return ""
    depth, args, current = 0, [], ""
    for char in rest:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                break
            depth -= 1
        if char == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += char
    args.append(current.strip())
    index = MODES[name]
    if index >= len(args):
        return ""
    value = args[index]
    if name == "clone":
        value = "|".join(f for f in value.replace("flags=", "").split("|") if f.startswith("CLONE_NEW"))
    return f" {value[:40]}" if value else ""


def parse(trace: Path):
    """(calls, files): Counter of (name, outcome) made by jailed processes, and the paths under
    /proc, /sys and /dev they opened (with their outcome)."""
    jailed: set = set()
    calls: collections.Counter = collections.Counter()
    files: collections.Counter = collections.Counter()
    pending: dict = {}  # pid -> the first half of an unfinished line
    with open(trace, errors="replace") as f:
        for raw in f:
            gone = EXIT.match(raw)
            if gone:  # its pid may be used again by a process outside the jail
                jailed.discard(int(gone.group(1)))
                continue
            match = LINE.match(raw)
            if not match:
                continue
            pid, resumed, name, rest = int(match.group(1)), match.group(2), match.group(3), match.group(4)
            if rest.endswith("<unfinished ...>"):
                pending[pid] = (name, rest[:-len("<unfinished ...>")])
                continue
            if resumed:
                name, first = pending.pop(pid, (resumed, ""))
                rest = first + rest
            result = RESULT.search(rest)
            value, error = (result.group(1), result.group(2)) if result else ("?", None)
            if pid in jailed:
                outcome = "ok" if error is None else error
                unknown = re.search(r"= -1 \(errno (\d+)\)", rest)
                if unknown:  # an error number no libc names: the filter's refusal
                    outcome = "REFUSED" if int(unknown.group(1)) >= REFUSED else f"errno {unknown.group(1)}"
                calls[(name + mode_of(name, rest), outcome)] += 1
                if name in ("open", "openat", "openat2", "stat", "newfstatat", "statx", "access", "faccessat",
                            "faccessat2", "readlink", "readlinkat"):
                    path = re.search(r'"(/(?:proc|sys|dev)[^"]*)"', rest)
                    if path:
                        shown = re.sub(r"/proc/\d+/", "/proc/PID/", path.group(1))
                        files[(name, shown, outcome)] += 1
            if name == "seccomp" and "SECCOMP_SET_MODE_FILTER" in rest and value == "0":
                jailed.add(pid)
            if pid in jailed and name in ("clone", "clone3", "fork", "vfork") and value.isdigit() and value != "0":
                jailed.add(int(value))
    return calls, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--strace", default=shutil.which("strace") or "strace")
    parser.add_argument("--keep", help="a folder to keep the traces in")
    args = parser.parse_args()
    from arena.jail.seccomp import answer

    work = Path(args.keep or tempfile.mkdtemp(prefix="arena-trace-"))
    bots = work / "players"  # the players' own folder, copied into each game's jail: nothing else in it
    bots.mkdir(parents=True, exist_ok=True)
    (bots / "bots.py").write_text(textwrap.dedent(BOTS))
    calls: collections.Counter = collections.Counter()
    files: collections.Counter = collections.Counter()
    for game in args.games.split(","):
        trace = work / f"{game}.strace"
        command = [args.strace, "-f", "-q", "-s", "256", "-o", str(trace), sys.executable, "-m", "arena.cli",
                   "tournament", str(config(game, bots, work)), "--fresh"]
        print(f"{game}: {' '.join(command[6:])}", file=sys.stderr, flush=True)
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            print(done.stderr[-2000:], file=sys.stderr)
            sys.exit(f"{game}: the tournament failed ({done.returncode})")
        game_calls, game_files = parse(trace)
        calls.update(game_calls)
        files.update(game_files)
    print(f"{'system call':24} {'outcome':10} {'count':>9}  the filter")
    for (name, outcome), count in sorted(calls.items()):
        print(f"{name:24} {outcome:10} {count:9d}  {answer(name)}")
    print(f"\n{'call':12} {'path':60} {'outcome':10} {'count':>7}")
    for (name, path, outcome), count in sorted(files.items(), key=lambda item: item[0][1]):
        print(f"{name:12} {path:60} {outcome:10} {count:7d}")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
