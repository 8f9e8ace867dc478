"""Players written to break out of the jail, one per attack of ``test_jail.py``.

Each is a submitted player (loaded by its file's path, so it runs confined) that
attacks the jail rather than the game: the game master's files, the pipes, the
other seats' clocks, the machine's memory, disk and processes, the Ray node.  An
attacker reports what it found or did by raising ``Report(...)``: the fault's
detail lands in ``games.jsonl``, where the test reads it (keep reports short: a
detail is cut to a few hundred characters).  Attackers that have nothing to say
play on as random players; what they did is then measured by the test, from the
outside (``/proc``, the disk, the Ray node).

Nothing here imports the jail: an attacker sees only what any player's code sees.
"""
from __future__ import annotations

import ctypes
import fcntl
import json
import os
import random
import re
import signal
import socket
import stat
import struct
import sys
import threading
import time
import zlib

from attackers import fork_ready
from players.ismcts import ISMCTSPlayer
from players.random_player import RandomPlayer

PR_SET_NAME = 15


class Report(Exception):
    """What the attacker learned or did, for the test to read in the log."""


class FirstMoveProber(RandomPlayer):
    """Reports what :meth:`report` finds on its first move, as ``Report("WORD <json>")``, then
    plays on as a random player."""

    word = "PROBE"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.moved = False

    def report(self):
        raise NotImplementedError

    def act(self, observation):
        if not self.moved:
            self.moved = True
            raise Report(f"{self.word} " + json.dumps(self.report(), separators=(",", ":")))
        return super().act(observation)


def set_name(name: bytes) -> None:
    """The calling thread's name (``/proc/<pid>/comm``), for the test to find it by."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_NAME, ctypes.c_char_p(name[:15]), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def ancestors(limit: int = 6) -> list:
    """The pids above this process (its game master first, where it can see them)."""
    out, pid = [], os.getpid()
    for _ in range(limit):
        try:
            with open(f"/proc/{pid}/stat") as f:
                text = f.read()
            pid = int(text[text.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            break
        if pid <= 1:
            break
        out.append(pid)
    return out


def _cmdline(pid) -> list:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def _all_pids() -> list:
    try:
        return [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return []


# --- 1. the game master reopening a file -----------------------------------------------

class ReopenThief(RandomPlayer):
    """Replaces every file it can reach in its own folders (its stderr file among them) and
    every file its ``/proc/self/fd`` links name with a symlink to ``target``: the tournament's
    secret, a FIFO, ``/dev/zero`` or ``/proc/self/environ``; prints, and dies.  A game master
    that opens any of them again (say, for the player's last words) reads the target instead,
    blocks on the FIFO, or reads forever."""

    def __init__(self, seed: int = 0, target: str = "secret", secret: str = ""):
        super().__init__(seed)
        self.target, self.secret = target, secret

    def act(self, observation):
        destination = self.destination()
        for path in self.victims():
            if path == destination:
                continue
            link = f"{path}.lnk{os.getpid()}"
            try:
                os.symlink(destination, link)
                os.replace(link, path)
            except OSError:
                try:
                    os.unlink(link)
                except OSError:
                    pass
        print("the last words of a thief", file=sys.stderr, flush=True)
        os._exit(3)

    def destination(self) -> str:
        if self.target == "fifo":
            path = os.path.join(os.getcwd(), f".fifo-{os.getpid()}")
            try:
                os.mkfifo(path)
            except OSError:
                pass
            return path
        if self.target == "zero":
            return "/dev/zero"
        if self.target == "environ":
            return "/proc/self/environ"  # resolved by whoever opens it: the game master's own
        return self.secret or (find_secrets() or ["/nonexistent/.secret"])[0]

    def victims(self) -> list:
        found = []
        for folder in {os.getcwd(), os.environ.get("HOME") or "", os.environ.get("TMPDIR") or ""}:
            if not folder:
                continue
            for top, dirs, files in os.walk(folder):
                found.extend(os.path.join(top, name) for name in files)
            # and names a game master might look for there, where there is no such file yet
            found.extend(os.path.join(folder, name) for name in (".stderr", "stderr", "stderr.log", ".stdout"))
        try:
            fds = os.listdir("/proc/self/fd")
        except OSError:
            fds = []
        for fd in fds:
            try:
                where = os.readlink(f"/proc/self/fd/{fd}").removesuffix(" (deleted)")
            except OSError:
                continue
            if where.startswith("/") and not where.startswith(("/dev/", "/proc/")):
                found.append(where)
        return sorted(set(found))


def find_secrets() -> list:
    """Where the tournament's secret may be, from what the processes above this one show:
    the paths in their command lines and open files, and their working folders."""
    seen = []
    for pid in ancestors():
        paths = [a for a in _cmdline(pid) if "/" in a]
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    paths.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
                except OSError:
                    pass
        except OSError:
            pass
        try:
            paths.append(os.path.join(os.readlink(f"/proc/{pid}/cwd"), "results", "x"))
        except OSError:
            pass
        for path in paths:
            folder = os.path.dirname(path.split("=")[-1])
            while folder not in ("", "/"):
                candidate = os.path.join(folder, ".secret")
                if candidate not in seen and ("results" in folder or os.path.exists(candidate)):
                    seen.append(candidate)
                folder = os.path.dirname(folder)
    return [s for s in seen if os.path.exists(s)] + [s for s in seen if not os.path.exists(s)]


# --- 2. another seat's fault detail, through end() ---------------------------------------

class Leaker(RandomPlayer):
    """Raises on its first move with ``marker`` in the message: a fault detail that no other
    seat may be shown."""

    def __init__(self, seed: int = 0, marker: str = "LEAK"):
        super().__init__(seed)
        self.marker = marker

    def act(self, observation):
        raise Report(f"{self.marker} {sorted(observation.hand)}")


class EndCollector(RandomPlayer):
    """Keeps every ``end()`` result in its process (a class attribute) and, with a ``tag``, in
    every ``Memory`` channel; the next game it plays where it finds one, its first move reports
    the last: ``Report("END <json>")``.  In a fresh process per game, with nothing shared between
    processes, it never has anything to report."""

    received: list = []

    def __init__(self, seed: int = 0, tag: str = ""):
        super().__init__(seed)
        self.memory = Memory(tag) if tag else None

    def end(self, result):
        try:
            kept = json.loads(json.dumps(result, default=repr))
        except (TypeError, ValueError):
            kept = repr(result)
        type(self).received.append(kept)
        if self.memory is not None:
            self.memory.save({f"end-{os.getpid()}-{time.monotonic_ns()}": kept})

    def act(self, observation):
        found = list(type(self).received)
        if not found and self.memory is not None:
            for _, entries in self.memory.load():
                found.extend(entries[key] for key in sorted(entries) if key.startswith("end-"))
        if found:
            raise Report("END " + json.dumps(found[-1:], separators=(",", ":")))
        return super().act(observation)


# --- 3. a malformed reply as a veto ------------------------------------------------------

def malformed(kind: str) -> bytes:
    """What the attacker writes where a reply is expected: a length-framed recursion bomb, the
    header of a 100 MB frame with a little of its body, or a short frame of bytes that are not
    text followed by noise."""
    if kind == "recursion":
        return struct.pack(">I", 400_000) + b"[" * 400_000
    if kind == "huge":
        return struct.pack(">I", 100_000_000) + b"{" * 65536
    return struct.pack(">I", 16) + b"\xff\xfe" * 8 + random.Random(7).randbytes(8192)


def flood(data: bytes, seconds: float = 3.0) -> list:
    """Write ``data`` on every pipe or socket this process can write to; returns the fds
    that took all of it."""
    done = []
    try:
        fds = [int(fd) for fd in os.listdir("/proc/self/fd")]
    except OSError:  # no /proc (the jail's): every number a descriptor may have
        fds = range(1024)
    for fd in fds:
        try:
            mode = os.fstat(fd).st_mode
            if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)) or \
                    fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
                continue
            os.set_blocking(fd, False)
        except OSError:
            continue
        view, deadline = memoryview(data), time.monotonic() + seconds
        while view and time.monotonic() < deadline:
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                break
        if not view:
            done.append(fd)
    return done


def losing_card(observation):
    """The toy game's card most likely to lose this trick: the highest card at or below the
    one led (ties go to the leader), else the lowest; any legal action in another game."""
    legal = observation.legal_actions
    try:
        table = list(getattr(observation, "table", ()) or ())
        under = [card for card in legal if table and card <= table[0][1]]
        return max(under) if under else min(legal)
    except TypeError:  # actions that do not compare (not the toy game's)
        return legal[0]


class Vetoer(RandomPlayer):
    """Writes a malformed reply (``kind``: recursion, huge or garbage) on every pipe it can
    write to, from ``start()`` (except in the config's check, which starts it with seed 0,
    unless ``always``), from its first ``act()`` or from ``end()`` when it lost: a game master
    that cannot parse it and drops the game instead of charging the seat gives it a veto over
    its losses.  Otherwise it tries to lose (so that its losses are there to veto)."""

    def __init__(self, seed: int = 0, kind: str = "recursion", when: str = "act", always: bool = False):
        super().__init__(seed)
        self.kind, self.when, self.always = kind, when, always
        self.sent = False

    def _send(self):
        if not self.sent:
            self.sent = True
            flood(malformed(self.kind))

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        if self.when == "start" and (self.always or seed != 0):
            self._send()

    def act(self, observation):
        if self.when == "act":
            self._send()
        return losing_card(observation)

    def end(self, result):
        if self.when != "end":
            return
        try:
            ranks = list(result["ranks"])
            lost = ranks[self.seat] > min(ranks)
        except Exception:  # noqa: BLE001 - a result it cannot read: veto it anyway
            lost = True
        if lost:
            self._send()


# --- 4. remembering the other rotation ---------------------------------------------------

# the kernel's key-ring calls, by machine: (add_key, keyctl)
_KEY_CALLS = {"x86_64": (248, 250), "aarch64": (217, 219)}
_KEY_SPEC_USER_KEYRING, _KEYCTL_UNLINK, _KEYCTL_SEARCH, _KEYCTL_READ = -4, 9, 10, 11


class Memory:
    """Every place a player process might keep something for a later process: a class
    attribute, files in its folders, /tmp, /dev/shm and /var/tmp, a SysV shared memory
    segment, an abstract unix socket served by a forked child (named "arena-jailmem"), a
    key in the kernel's user key ring (one per user and user namespace), and which pages of
    ``notepad.bin`` beside this file are cached (``channel_attackers.PageNotes``, where the
    test put one there)."""

    entries: dict = {}  # tag -> entries; the class attribute lives as long as the process

    def __init__(self, tag: str):
        self.tag = tag
        self.name = f"arena-jail-memory-{tag}"
        self.key = zlib.crc32(self.name.encode()) & 0x7FFFFFFF
        self.notepad = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notepad.bin")

    def _notes(self):
        from channel_attackers import PageNotes

        try:
            return PageNotes(self.notepad) if os.path.getsize(self.notepad) >= PageNotes.size() else None
        except OSError:
            return None

    def folders(self) -> list:
        out = []
        for folder in (os.getcwd(), os.environ.get("HOME"), os.environ.get("TMPDIR"), "/tmp", "/dev/shm",
                       "/var/tmp"):
            if folder and folder not in out:
                out.append(folder)
        return out

    def save(self, entries: dict) -> list:
        """Add ``entries`` to what every channel holds; returns the channels that took them."""
        everything = {}
        for _, held in self.load():
            everything.update(held)
        everything.update(entries)
        saved = []
        type(self).entries.setdefault(self.tag, {}).update(everything)
        saved.append("globals")
        data = json.dumps(everything).encode()
        for folder in self.folders():
            try:
                with open(os.path.join(folder, self.name + ".json"), "wb") as f:
                    f.write(data)
                saved.append(folder)
            except OSError:
                pass
        if self._shm_write(data):
            saved.append("sysv")
        if self._socket(data) is not None:
            saved.append("socket")
        if self._key_write(data):
            saved.append("keyring")
        notes = self._notes()
        if notes is not None and all(notes.append(entry) for entry in entries.values()):
            saved.append("pagecache")
        return saved

    def load(self) -> list:
        """(channel, entries) for every channel that had something."""
        found = [("globals", dict(type(self).entries.get(self.tag, {})))]
        for folder in self.folders():
            try:
                with open(os.path.join(folder, self.name + ".json"), "rb") as f:
                    found.append((folder, json.loads(f.read())))
            except (OSError, ValueError):
                pass
        try:
            found.append(("sysv", json.loads(self._shm_read())))
        except (OSError, ValueError, TypeError):
            pass
        try:
            found.append(("socket", json.loads(self._socket(b"{}", serve=False))))
        except (OSError, ValueError, TypeError):
            pass
        try:
            found.append(("keyring", json.loads(self._key_read())))
        except (OSError, ValueError, TypeError):
            pass
        notes = self._notes()
        if notes is not None:
            found.append(("pagecache", {f"page-{i}": e for i, e in enumerate(notes.load()[1])}))
        return [(channel, entries) for channel, entries in found if isinstance(entries, dict) and entries]

    # --- SysV shared memory
    @staticmethod
    def _libc():
        libc = ctypes.CDLL(None, use_errno=True)
        libc.shmget.restype, libc.shmget.argtypes = ctypes.c_int, (ctypes.c_int, ctypes.c_size_t, ctypes.c_int)
        libc.shmat.restype, libc.shmat.argtypes = ctypes.c_void_p, (ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
        libc.shmdt.argtypes = (ctypes.c_void_p,)
        libc.shmctl.argtypes = (ctypes.c_int, ctypes.c_int, ctypes.c_void_p)
        return libc

    def _shm_write(self, data: bytes) -> bool:
        try:
            libc = self._libc()
            ident = libc.shmget(self.key, 1 << 16, 0o1000 | 0o600)  # IPC_CREAT
            if ident < 0 or len(data) + 4 > 1 << 16:
                return False
            address = libc.shmat(ident, None, 0)
            if address in (None, ctypes.c_void_p(-1).value):
                return False
            ctypes.memmove(address, struct.pack("<I", len(data)) + data, len(data) + 4)
            libc.shmdt(address)
            return True
        except (OSError, AttributeError):
            return False

    def _shm_read(self) -> bytes:
        libc = self._libc()
        ident = libc.shmget(self.key, 0, 0)
        if ident < 0:
            raise OSError("no segment")
        address = libc.shmat(ident, None, 0o10000)  # SHM_RDONLY
        if address in (None, ctypes.c_void_p(-1).value):
            raise OSError("cannot attach")
        try:
            size = ctypes.c_uint32.from_address(address).value
            return ctypes.string_at(address + 4, min(size, (1 << 16) - 4))
        finally:
            libc.shmdt(address)

    # --- the kernel's user key ring
    def _key(self, call: int, *args) -> int:
        calls = _KEY_CALLS.get(os.uname().machine)
        if calls is None:
            raise OSError("no key-ring calls known for this machine")
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        return libc.syscall(ctypes.c_long(calls[call]), *args)

    def _key_write(self, data: bytes) -> bool:
        try:
            return self._key(0, b"user", self.name.encode(), data, ctypes.c_size_t(len(data)),
                             ctypes.c_long(_KEY_SPEC_USER_KEYRING)) > 0
        except OSError:
            return False

    def _key_serial(self) -> int:
        serial = self._key(1, ctypes.c_long(_KEYCTL_SEARCH), ctypes.c_long(_KEY_SPEC_USER_KEYRING), b"user",
                           self.name.encode(), ctypes.c_long(0))
        if serial <= 0:
            raise OSError("no key")
        return serial

    def _key_read(self) -> bytes:
        buffer = ctypes.create_string_buffer(1 << 16)
        size = self._key(1, ctypes.c_long(_KEYCTL_READ), ctypes.c_long(self._key_serial()), buffer,
                         ctypes.c_long(len(buffer)))
        if size < 0:
            raise OSError("cannot read the key")
        return buffer.raw[:min(size, len(buffer))]

    def forget(self) -> None:
        """Remove what the channels outside a process hold (for the test's clean-up)."""
        try:
            self._key(1, ctypes.c_long(_KEYCTL_UNLINK), ctypes.c_long(self._key_serial()),
                      ctypes.c_long(_KEY_SPEC_USER_KEYRING))
        except OSError:
            pass
        for folder in self.folders():
            try:
                os.unlink(os.path.join(folder, self.name + ".json"))
            except OSError:
                pass
        try:
            libc = self._libc()
            ident = libc.shmget(self.key, 0, 0)
            if ident >= 0:
                libc.shmctl(ident, 0, None)  # IPC_RMID
        except (OSError, AttributeError):
            pass

    # --- an abstract unix socket, served by a child that stays
    def _socket(self, data: bytes, serve: bool = True):
        address = "\0" + self.name
        for attempt in range(50):
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            except OSError:  # no socket at all (the jail refuses them): nothing to retry
                return None
            try:
                with s:
                    s.settimeout(1.0)
                    s.connect(address)
                    s.sendall(data)
                    s.shutdown(socket.SHUT_WR)
                    chunks = []
                    while True:
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        chunks.append(chunk)
                    return b"".join(chunks)
            except OSError:
                if not serve:
                    return None
                if attempt == 0:
                    self._fork_server(address)
                time.sleep(0.01)
        return None

    @staticmethod
    def _fork_server(address: str) -> None:
        try:
            pid = os.fork()
        except OSError:
            return
        if pid:
            return
        try:
            os.setsid()
            set_name(b"arena-jailmem")
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(address)
            server.listen(8)
            keep = server.fileno()
            os.closerange(0, keep)
            os.closerange(keep + 1, 1 << 16)
            held: dict = {}
            while True:
                conn, _ = server.accept()
                with conn:
                    chunks = []
                    while True:
                        chunk = conn.recv(65536)
                        if not chunk:
                            break
                        chunks.append(chunk)
                    try:
                        held.update(json.loads(b"".join(chunks) or b"{}"))
                    except ValueError:
                        pass
                    conn.sendall(json.dumps(held).encode())
        except BaseException:  # noqa: BLE001
            pass
        finally:
            os._exit(0)


def _fits(cards) -> bool:
    """Whether ``cards`` could all be in one deal (toy: two of each of 1..6)."""
    return all(cards.count(v) <= 2 for v in set(cards)) and all(1 <= v <= 6 for v in cards)


class Rememberer(RandomPlayer):
    """The two rotations of a deal are dealt alike: the hand it holds from one seat is the
    opponent's from the other.  Every move it stores its dealt hand, its seat and the
    opponent's face-up cards in every ``Memory`` channel; on its first move of a game it looks
    them up, and where a game of the same deal from the other seat is found (the cards the
    opponent played there are in its own hand now) it claims the opponent's hand:
    ``Report("FOUND {"hand": [...], "via": channel}")``.  Otherwise it plays on."""

    def __init__(self, seed: int = 0, tag: str = "x"):
        super().__init__(seed)
        self.memory = Memory(tag)
        self.game_id = f"{os.getpid()}-{id(self)}-{time.monotonic_ns()}"
        self.moved = False

    def act(self, observation):
        seat = observation.seat
        history = list(observation.history)
        mine = sorted(list(observation.hand) + [c for s, c in history if s == seat])
        theirs = [c for s, c in history if s != seat]
        if not self.moved:
            self.moved = True
            claim = self.recall(seat, mine, theirs)
            if claim is not None:
                raise Report("FOUND " + json.dumps(claim, separators=(",", ":")))
        self.memory.save({self.game_id: {"seat": seat, "hand": mine, "seen": theirs, "first": 0}})
        return super().act(observation)

    def recall(self, seat, mine, theirs):
        best = None
        for channel, entries in self.memory.load():
            for key, entry in entries.items():
                try:
                    if key == self.game_id or entry["seat"] == seat or not entry["seen"]:
                        continue
                    left = list(mine)
                    for card in entry["seen"]:  # what the opponent showed there is mine here
                        left.remove(card)
                    if not _fits(entry["hand"] + mine):
                        continue
                    hand = list(entry["hand"])
                    for card in theirs:  # what the opponent has played here is no longer held
                        hand.remove(card)
                except (KeyError, TypeError, ValueError):
                    continue
                score = len(entry["seen"])
                if best is None or score > best[0]:
                    best = (score, {"hand": sorted(hand), "via": channel})
        return None if best is None else best[1]


class CacheProber(FirstMoveProber):
    """The page cache of a file it can read is shared by every process of the machine: one
    game could set or clear pages of its own code file and the next read them.  On its first
    move it tries every way to read or change that state without timing reads, on its own
    module file, and reports those the kernel let through: ``Report("CACHE [names]")``."""

    word = "CACHE"

    def report(self):
        return self.probe()

    @staticmethod
    def probe() -> list:
        """The ways of reading or changing which pages of its own file are cached that work:
        ``channel_attackers.Residency``'s readers (``mincore``, ``pagemap`` after a fault,
        major-fault counts from ``getrusage`` and ``/proc/self/stat``) and clearers
        (``process_madvise``, ``madvise``, ``fadvise``), ``readahead``, ``cachestat`` and
        ``preadv2(RWF_NOWAIT)``."""
        from channel_attackers import Residency, _call

        residency = Residency(__file__, 1)
        try:
            worked = [name for name in Residency.READERS if getattr(residency, f"by_{name}")() is not None]
            worked += residency.clear()
            fd = residency.fd
            numbers = {"x86_64": {"readahead": 187}, "aarch64": {"readahead": 213}}.get(os.uname().machine, {})
            if numbers and residency.libc.syscall(ctypes.c_long(numbers["readahead"]), ctypes.c_long(fd),
                                                  ctypes.c_long(0), ctypes.c_size_t(4096)) == 0:
                worked.append("readahead")
            ranges, stats = (ctypes.c_uint64 * 2)(0, 4096), (ctypes.c_uint64 * 8)()
            if _call("cachestat", ctypes.c_long(fd), ranges, stats, ctypes.c_long(0)) == 0:
                worked.append("cachestat")
            try:
                os.pread(fd, 16, 0)  # cached again (the calls above may have dropped it)
                os.preadv(fd, [bytearray(16)], 0, os.RWF_NOWAIT)
                worked.append("preadv2(RWF_NOWAIT)")
            except (OSError, AttributeError):
                pass
        finally:
            residency.close()
        return worked


# --- 5. reading beside the grants --------------------------------------------------------

_SKIP_TOPS = ("/proc", "/sys", "/dev", "/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/boot", "/etc",
              "/run", "/snap", "/var/lib", "/var/cache", "/var/log")
_SKIP_NAMES = {"site-packages", "dist-packages", "__pycache__", "node_modules", "lib-dynload", "include", "share"}


class BesideReader(RandomPlayer):
    """Walks every folder it can name (``sys.path``, its working folder, ``/proc/self/cwd``,
    its game master's, the parents of its own file, /tmp, /tmp/ray, /, the paths in its
    environment, the output folder and the names of folders a user may keep there) and reports
    every results file it could read (``.secret``, ``games.jsonl``, ``.games.head``, a
    ``config.yaml`` that is a tournament's config; and the files named in ``files``) and every
    path it could list under the output folder: ``Report("SEEN read=N listed=M first=...")``
    (``first``: how each file read begins)."""

    NAMES = (".secret", "games.jsonl", ".games.head", "config.yaml")

    def __init__(self, seed: int = 0, output: str = "", guesses: list | None = None, files: list | None = None):
        super().__init__(seed)
        self.output, self.guesses, self.files = output, list(guesses or []), list(files or [])

    def act(self, observation):
        self.read, self.listed, self.visited = {}, set(), 0
        self.budget = time.monotonic() + 2.0
        if self.output:
            for guess in [""] + self.guesses:
                folder = os.path.join(self.output, guess)
                for name in self.NAMES:
                    self.try_read(os.path.join(folder, name))
                self.try_list(folder)
        for path in self.files:
            self.try_read(path, named=True)
        for root in self.roots():
            self.walk(root)
        first = ",".join(sorted({(text.split() or [""])[0][:14] for text in self.read.values()}))[:160]
        raise Report(f"SEEN read={len(self.read)} listed={len(self.listed)} visited={self.visited} first={first}")

    def roots(self) -> list:
        roots = [p for p in sys.path if p]
        roots += [os.getcwd(), "/proc/self/cwd"] + [f"/proc/{pid}/cwd" for pid in ancestors()]
        here = os.path.dirname(os.path.abspath(__file__))
        while here not in ("", "/"):
            roots.append(here)
            here = os.path.dirname(here)
        roots += ["/tmp", "/tmp/ray", "/"]
        for value in os.environ.values():
            roots += [p for p in value.split(os.pathsep) if p.startswith("/")]
        if self.output:
            roots += [self.output, os.path.dirname(self.output), os.path.dirname(os.path.dirname(self.output))]
        out = []
        for root in roots:
            if root not in out:
                out.append(root)
        return out

    def under_output(self, path: str) -> bool:
        if not self.output:
            return False
        real = os.path.realpath(path)
        return real == os.path.realpath(self.output) or real.startswith(os.path.realpath(self.output) + "/")

    def try_list(self, folder: str) -> list:
        try:
            names = os.listdir(folder)
        except OSError:
            return []
        if self.under_output(folder):
            self.listed.update(os.path.join(folder, n) for n in names)
        return names

    def try_read(self, path: str, named: bool = False) -> None:
        name = os.path.basename(path)
        if not named and name not in self.NAMES:
            return
        try:
            with open(path, "rb") as f:
                data = f.read(1 << 16)
        except OSError:
            return
        text = data.decode(errors="replace")
        if not named and name == "config.yaml" and "players:" not in text:
            return  # some library's config, not a tournament's
        self.read[os.path.realpath(path)] = text.strip()

    def walk(self, root: str, depth: int = 0) -> None:
        if depth > 6 or time.monotonic() > self.budget or self.visited > 20_000:
            return
        name = os.path.basename(root)
        if name in _SKIP_NAMES or "/lib/python3" in root or (depth and (root.startswith(_SKIP_TOPS)
                                                                        or name.startswith("."))):
            return  # libraries, hidden folders (.git, .venv, caches): no results folder there
        if depth == 0 and root != "/" and root.startswith(_SKIP_TOPS) and not root.startswith("/proc/"):
            return
        names = self.try_list(root)
        for name in names:
            self.visited += 1
            path = os.path.join(root, name)
            if root == "/" and path.startswith(_SKIP_TOPS):
                continue
            try:
                mode = os.lstat(path).st_mode
            except OSError:
                continue
            if stat.S_ISDIR(mode):
                self.walk(path, depth + 1)
            elif stat.S_ISREG(mode):
                self.try_read(path)


# --- 6. stealing the opponent's time -----------------------------------------------------

def _spin():
    set_name(b"arena-thief")
    while True:
        pass


class ClockThief(RandomPlayer):
    """Spends the game's time within its move limit, then hands the turn over just before
    the game's time runs out (on a move after which the opponent moves): were the game's
    time one clock for all, the opponent would be the one still thinking when it ran out,
    and be charged the ``hang``.  ``game_seconds`` and ``move_seconds`` are the run's."""

    def __init__(self, seed: int = 0, game_seconds: float = 1.0, move_seconds: float = 0.5, margin: float = 0.03):
        super().__init__(seed)
        self.game_seconds, self.move_seconds, self.margin = game_seconds, move_seconds, margin

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.began = time.monotonic()  # the game's clock started a moment ago

    def act(self, observation):
        action = super().act(observation)
        world = observation.sample(self.rng)
        world.apply(action)
        left = self.began + self.game_seconds - time.monotonic()
        if left > 2 * self.move_seconds:
            time.sleep(self.move_seconds * 0.9)
        elif world.current_player != observation.seat and left > self.margin:
            time.sleep(min(self.move_seconds * 0.9, left - self.margin))  # over to the opponent, just in time
        return action


class Slow(RandomPlayer):
    """A random player that thinks ``sleep`` seconds a move."""

    def __init__(self, seed: int = 0, sleep: float = 0.1):
        super().__init__(seed)
        self.sleep = sleep

    def act(self, observation):
        time.sleep(self.sleep)
        return super().act(observation)


class TimeThief(RandomPlayer):
    """After its first move leaves 7 children (each in a session of its own) and 3 threads
    spinning forever, all named "arena-thief", and plays on as a random player: whatever they
    run while another seat thinks is taken from that seat's clock."""

    spinning = False  # once per process

    def act(self, observation):
        move = super().act(observation)
        if not TimeThief.spinning:
            TimeThief.spinning = True
            fork_ready(7, lambda ready: (os.setsid(), _spin()), seconds=0)  # no waiting: they spin for good
            for _ in range(3):
                try:
                    threading.Thread(target=_spin, daemon=True).start()
                except RuntimeError:
                    break
        return move


class TimedVictim(ISMCTSPlayer):
    """ISMCTS on a time budget (``seconds`` per move, no iteration limit).  So that its
    iteration counts measure only the CPU it gets, every move it searches one fixed reference
    position (the first decision of a fixed deal of the same game) and then plays a random
    legal move; it keeps the iterations of each move made after the opponent's first move,
    and at its ``report_at``-th move reports them: ``Report("ITER [...]")``."""

    def __init__(self, seconds: float = 0.05, report_at: int = 3, seed: int = 0, **params):
        super().__init__(iterations=None, seconds=seconds, seed=seed, **params)
        self.report_at = report_at

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        from engine.registry import get_game

        state = get_game(game).new_game(num_players, 12345, {})
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        self.reference = state.observation(state.current_player)
        self.samples, self.moves = [], 0

    def act(self, observation):
        self.moves += 1
        super().act(self.reference)
        if any(entry[0] != self.seat for entry in observation.history):
            self.samples.append(self.last_iterations)
        if self.moves >= self.report_at:
            raise Report("ITER " + json.dumps(self.samples))
        return observation.legal_actions[self.rng.below(len(observation.legal_actions))]


# --- 7. outliving the tournament ---------------------------------------------------------

class Outliver(RandomPlayer):
    """On its first move starts grandchildren that leave its session (double fork, ``setsid``),
    take the name "arena-outlive" and sleep or spin forever, one of them deaf to SIGTERM, SIGHUP
    and SIGINT; then plays on as a random player."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.started = False

    def act(self, observation):
        if not self.started:
            self.started = True
            for mode in ("sleep", "sleep", "sleep", "spin", "deaf"):
                self.leave(mode)
            time.sleep(0.5)  # they live on while it thinks: long enough to be seen on a busy machine
        return super().act(observation)

    @staticmethod
    def leave(mode: str) -> None:
        try:
            pid = os.fork()
        except OSError:
            return
        if pid:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
            return
        try:
            os.setsid()
            if os.fork():
                os._exit(0)
            set_name(b"arena-outlive")
            if mode == "deaf":
                for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
                    signal.signal(sig, signal.SIG_IGN)
            while True:
                if mode != "spin":
                    time.sleep(1)
        except BaseException:  # noqa: BLE001
            pass
        finally:
            os._exit(0)


# --- 8. memory without bounds ------------------------------------------------------------

class MemoryTree(RandomPlayer):
    """On its first move names itself "arena-memtree" and forks ``children`` children of the
    same name that each allocate and touch ``mib`` MiB (in 8 MiB pieces, as far as they are let)
    and stay alive; it waits until they are done, then plays on as a random player.  A limit per
    process is no limit per player."""

    def __init__(self, seed: int = 0, children: int = 5, mib: int = 200):
        super().__init__(seed)
        self.children, self.mib = children, mib
        self.started = False

    def act(self, observation):
        if not self.started:
            self.started = True
            set_name(b"arena-memtree")
            self.grow()
        return super().act(observation)

    def grow(self) -> None:
        def hoard(ready):
            pieces = []
            for _ in range(self.mib // 8):
                try:
                    piece = bytearray(8 << 20)
                    piece[::4096] = b"\x01" * len(range(0, len(piece), 4096))
                    pieces.append(piece)
                except MemoryError:
                    break
            ready()
            while True:
                time.sleep(1)

        fork_ready(self.children, hoard)  # until each is ready or dead (the cap kills some), 3 s at most


# --- 9. disk without bounds --------------------------------------------------------------

class DiskFiller(RandomPlayer):
    """Writes ``files`` files of ``mib`` MiB each into its working folder and ``$TMPDIR`` in
    1 MiB pieces (``SIGXFSZ`` ignored, every error caught: as far as it is let) and reports how
    many bytes it wrote: ``Report("WROTE <bytes>")``."""

    def __init__(self, seed: int = 0, files: int = 6, mib: int = 255):
        super().__init__(seed)
        self.files, self.mib = files, mib

    def act(self, observation):
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        except (OSError, ValueError):
            pass
        folders = []
        for folder in (os.getcwd(), os.environ.get("TMPDIR"), os.environ.get("HOME")):
            if folder and folder not in folders:
                folders.append(folder)
        piece, total = b"\xa5" * (1 << 20), 0
        for number in range(self.files):
            path = os.path.join(folders[number % len(folders)], f"fill-{os.getpid()}-{number}")
            try:
                with open(path, "wb", buffering=0) as f:
                    for _ in range(self.mib):
                        wrote = f.write(piece)
                        total += wrote or 0
                        if wrote != len(piece):
                            break
            except OSError:
                pass
        raise Report(f"WROTE {total}")


# --- 10. the Ray node --------------------------------------------------------------------

RAY_COOKIE = 0x5241590000000000  # the header every message to a raylet begins with


class RayNodeProber(RandomPlayer):
    """Looks for the Ray node's unix sockets (the raylet's and the object store's, named in
    the command lines of the processes it can see and in ``/tmp/ray/session_*/sockets``) and
    its TCP ports (in those command lines and the session's files), connects to each and sends
    a framed message of an unknown type (cookie, type, length, junk); reports what it connected
    to: ``Report("CONNECTED n=N ...")``.  It keeps to the sockets and ports of the Ray session
    below ``scope`` (the test's own), so that a jail that lets it through harms no other Ray on
    the machine."""

    def __init__(self, seed: int = 0, scope: str = "/tmp/ray"):
        super().__init__(seed)
        self.scope = scope.rstrip("/")

    def act(self, observation):
        sockets, ports = self.discover()
        connected = []
        junk = struct.pack("<qqq", RAY_COOKIE, 987654, 64) + b"\xee" * 64
        for path in sorted(sockets):
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                    s.settimeout(1.0)
                    s.connect(path)
                    connected.append(os.path.basename(path))
                    s.sendall(junk)
            except OSError:
                pass
        for host, port in sorted(ports):
            try:
                with socket.create_connection((host, port), timeout=0.5) as s:
                    connected.append(f"tcp:{port}")
                    s.sendall(junk)
            except OSError:
                pass
        raise Report(f"CONNECTED n={len(connected)} found={len(sockets)}+{len(ports)} "
                     + json.dumps(connected)[:200])

    def in_scope(self, text: str) -> bool:
        return text.startswith(self.scope + "/") or text == self.scope

    def discover(self) -> tuple:
        sockets, ports, hosts = set(), set(), {"127.0.0.1"}
        for pid in _all_pids():
            args = _cmdline(pid)
            if not any(self.scope in a for a in args):
                continue
            for arg in args:
                key, _, value = arg.partition("=")
                if ("socket" in key or "/sockets/" in value) and self.in_scope(value):
                    sockets.add(value)
                elif (key.endswith(("_port", "-port")) or key == "--port") and value.isdigit() and int(value) > 0:
                    ports.add(int(value))
                elif key.endswith(("gcs_address", "gcs-address", "address")) and ":" in value:
                    host, _, port = value.rpartition(":")
                    if port.isdigit():
                        hosts.add(host)
                        ports.add(int(port))
        session_dirs = []
        for top in {"/tmp/ray", os.path.dirname(self.scope)}:
            try:
                session_dirs += [os.path.join(top, n) for n in os.listdir(top) if n.startswith("session_")]
            except OSError:
                pass
        session_dirs.append(self.scope)
        for folder in session_dirs:
            if not self.in_scope(os.path.realpath(folder)) and not self.in_scope(folder):
                continue
            try:
                for name in os.listdir(os.path.join(folder, "sockets")):
                    sockets.add(os.path.join(folder, "sockets", name))
            except OSError:
                pass
            for name in ("ports_by_node.json", "node_ip_address.json"):
                try:
                    with open(os.path.join(folder, name)) as f:
                        text = f.read()
                except OSError:
                    continue
                ports.update(int(p) for p in re.findall(r"\b(\d{4,5})\b", text) if 1024 < int(p) < 65536)
        return sockets, {(h, p) for h in hosts for p in ports}

