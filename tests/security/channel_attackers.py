"""Players that try to carry a note past the jail's walls, through state the kernel keeps
beside the processes:

- from one game's player to a later one, in which pages of a file are cached
  (:class:`PageNotes`, one of ``jail_attackers.Memory``'s channels: the other rotation of a
  deal then names the opponent's hand), read and cleared every way a process might
  (:class:`Residency`);
- between two players alive at once (:class:`Whisperer`, both seats of one game: the first
  to move sends its hand, the other listens): file locks (POSIX, open-file and ``flock``),
  notifications (inotify), the page cache, access times, ``/dev/shm``, abstract sockets,
  message queues and System V shared memory.

Each channel is also tried outside the jail by the tests (``python channel_attackers.py send
...`` and ``... receive ...`` as two plain processes): the check that the attack itself works.
Nothing here imports the jail.
"""
from __future__ import annotations

import ctypes
import errno
import fcntl
import json
import os
import resource
import signal
import socket
import struct
import sys
import time

from jail_attackers import FirstMoveProber, Report
from players.random_player import RandomPlayer

PAGE = os.sysconf("SC_PAGE_SIZE")
WINDOW = 16  # pages mapped around a fault (fault-around: 64 KiB)
_CALLS = {"x86_64": {"mincore": 27, "madvise": 28, "pidfd_open": 434, "process_madvise": 440, "cachestat": 451},
          "aarch64": {"mincore": 232, "madvise": 233, "pidfd_open": 434, "process_madvise": 440, "cachestat": 451}}
_MADV_COLD, _MADV_PAGEOUT = 20, 21
_F_OFD_GETLK, _F_OFD_SETLK = 36, 37


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long)
    libc.munmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t)
    return libc


def _call(name: str, *args) -> int:
    number = _CALLS.get(os.uname().machine, {}).get(name)
    if number is None:
        return -1
    return _libc().syscall(ctypes.c_long(number), *args)


# --- the page cache of one file -------------------------------------------------------------

class Residency:
    """Which of the first ``pages`` pages of a file are in the page cache, read and cleared
    every way a process might (each method None where the kernel or the jail refuses it)."""

    def __init__(self, path: str, pages: int):
        self.path, self.pages = path, pages
        self.fd = os.open(path, os.O_RDONLY)
        self.libc = _libc()

    def close(self):
        os.close(self.fd)

    def _map(self):
        """The file mapped, with MADV_RANDOM: a fault reads its own page only (no read-around),
        and maps the cached pages of its window with it (fault-around)."""
        address = self.libc.mmap(None, self.pages * PAGE, 1, 1, self.fd, 0)  # PROT_READ, MAP_SHARED
        if address in (None, ctypes.c_void_p(-1).value):
            return None
        _call("madvise", ctypes.c_void_p(address), ctypes.c_size_t(self.pages * PAGE), ctypes.c_long(1))
        return address

    def _touch(self, address: int, page: int) -> None:
        ctypes.c_char.from_address(address + page * PAGE).value  # noqa: B018 - the read faults the page in

    # --- reading which pages are cached
    def by_mincore(self):
        address = self._map()
        if address is None:
            return None
        try:
            vector = ctypes.create_string_buffer(self.pages)
            if _call("mincore", ctypes.c_void_p(address), ctypes.c_size_t(self.pages * PAGE), vector) != 0:
                return None
            return [bool(b & 1) for b in vector.raw]
        finally:
            self.libc.munmap(address, self.pages * PAGE)

    def by_pagemap(self):
        """Touch the first page of every window: the kernel maps the window's other cached pages
        with it (fault-around), and /proc/self/pagemap says which are mapped.  The first page of
        each window reads as cached."""
        address = self._map()
        if address is None:
            return None
        try:
            pagemap = os.open("/proc/self/pagemap", os.O_RDONLY)
        except OSError:
            self.libc.munmap(address, self.pages * PAGE)
            return None
        try:
            bits = []
            for page in range(self.pages):
                if page % WINDOW == 0:
                    self._touch(address, page)
                entry = int.from_bytes(os.pread(pagemap, 8, (address // PAGE + page) * 8), "little")
                bits.append(bool(entry >> 63))
            return bits
        except OSError:
            return None
        finally:
            os.close(pagemap)
            self.libc.munmap(address, self.pages * PAGE)

    def _by_faults(self, count):
        """Touch every page, counting the major faults each takes (a page not cached is read
        from the disk): destructive, every page is cached afterwards."""
        address = self._map()
        if address is None:
            return None
        try:
            bits = []
            for page in range(self.pages):
                before = count()
                if before is None:
                    return None
                self._touch(address, page)
                bits.append(count() == before)
            return bits
        finally:
            self.libc.munmap(address, self.pages * PAGE)

    def by_rusage(self):
        def count():
            try:
                return resource.getrusage(resource.RUSAGE_SELF).ru_majflt
            except OSError:
                return None
        return self._by_faults(count)

    def by_proc_stat(self):
        def count():
            try:
                with open("/proc/self/stat") as f:
                    text = f.read()
                return int(text[text.rindex(")") + 2:].split()[9])
            except (OSError, ValueError, IndexError):
                return None
        return self._by_faults(count)

    READERS = ("mincore", "pagemap", "rusage", "proc_stat")

    def read(self):
        """(method, bits) by the first method that works, or (None, None)."""
        for name in self.READERS:
            bits = getattr(self, f"by_{name}")()
            if bits is not None:
                return name, bits
        return None, None

    # --- setting and clearing
    def cache(self, page: int) -> None:
        """Read one page into the cache, and no other."""
        address = self._map()
        if address is None:
            os.pread(self.fd, 1, page * PAGE)
            return
        try:
            self._touch(address, page)
        finally:
            self.libc.munmap(address, self.pages * PAGE)

    def clear(self) -> list:
        """Drop the pages from the cache every way there is; the ways that were let through."""
        done = []
        size = self.pages * PAGE
        pidfd = _call("pidfd_open", ctypes.c_long(os.getpid()), ctypes.c_long(0))
        address = self._map()
        if address is not None:
            if pidfd >= 0:
                iovec = (ctypes.c_void_p * 2)(address, size)
                if _call("process_madvise", ctypes.c_long(pidfd), iovec, ctypes.c_size_t(1),
                         ctypes.c_long(_MADV_PAGEOUT), ctypes.c_long(0)) >= 0:
                    done.append("process_madvise(MADV_PAGEOUT)")
                os.close(pidfd)
            for advice, name in ((_MADV_PAGEOUT, "madvise(MADV_PAGEOUT)"), (_MADV_COLD, "madvise(MADV_COLD)")):
                if _call("madvise", ctypes.c_void_p(address), ctypes.c_size_t(size), ctypes.c_long(advice)) == 0:
                    done.append(name)
            self.libc.munmap(address, size)
        try:
            os.posix_fadvise(self.fd, 0, size, os.POSIX_FADV_DONTNEED)
            done.append("fadvise(DONTNEED)")
        except OSError:
            pass
        return done


class PageNotes:
    """Notes kept in which pages of a file are cached, in ``SLOTS`` slots of ``BITS`` bits, a
    page a bit (the first page of each window is the probe of :meth:`Residency.by_pagemap`, no
    bit).  An entry ``{"seat", "hand", "seen"}`` of the toy game (cards 1..6): a valid bit, the
    seat, the hand's three cards and up to three cards seen, 3 bits a card.  Slots are only
    ever filled (a cached page stays cached): each note takes the first free slot."""

    SLOTS, BITS = 32, 22

    def __init__(self, path: str):
        self.data_pages = [p for p in range(self.SLOTS * self.BITS * WINDOW // (WINDOW - 1) + WINDOW)
                           if p % WINDOW][:self.SLOTS * self.BITS]
        self.residency = Residency(path, self.data_pages[-1] + 1)

    @classmethod
    def size(cls) -> int:
        """The bytes a notepad needs."""
        return (cls.SLOTS * cls.BITS * WINDOW // (WINDOW - 1) + WINDOW) * PAGE

    def _slot(self, bits, slot: int) -> list:
        return [bits[p] for p in self.data_pages[slot * self.BITS:(slot + 1) * self.BITS]]

    @staticmethod
    def encode(entry: dict) -> list:
        cards = lambda values, n: [bool((v >> b) & 1) for v in (list(values) + [0] * n)[:n] for b in range(3)]  # noqa: E731
        return [True, bool(entry["seat"])] + cards(entry["hand"], 3) + \
            [bool(len(entry["seen"]) & 1), bool(len(entry["seen"]) & 2)] + cards(entry["seen"], 3)

    @staticmethod
    def decode(bits: list) -> dict | None:
        if not bits[0]:
            return None
        cards = lambda at, n: [sum(bits[at + 3 * i + b] << b for b in range(3)) for i in range(n)]  # noqa: E731
        seen = bits[11] + 2 * bits[12]
        return {"seat": int(bits[1]), "hand": cards(2, 3), "seen": cards(13, 3)[:seen], "first": 0}

    def load(self) -> tuple:
        """(method, [entries]) read back; (None, []) where no method reads the cache."""
        method, bits = self.residency.read()
        if bits is None:
            return None, []
        entries = [self.decode(self._slot(bits, slot)) for slot in range(self.SLOTS)]
        return method, [e for e in entries if e is not None]

    def append(self, entry: dict) -> bool:
        method, bits = self.residency.read()
        if bits is None:
            return False
        free = next((slot for slot in range(self.SLOTS) if not self._slot(bits, slot)[0]), None)
        if free is None:
            return False
        for page, bit in zip(self.data_pages[free * self.BITS:], self.encode(entry)):
            if bit:
                self.residency.cache(page)
        return True


# --- between two players alive at once ------------------------------------------------------

CHANNELS = ("posix_lock", "ofd_lock", "flock", "notify", "pagecache", "atime", "devshm", "abstract", "mqueue",
            "sysv", "memfd_number", "pipe_number", "device_times", "futex", "terminals", "terminal_times")
_FUTEX = {"x86_64": 202, "aarch64": 98}
MARK = 0b10100101  # the low byte of every message: a message, not noise
BITS = 16


def hand_code(hand) -> int:
    a, b, c = sorted(hand)[:3]
    return (((a - 1) * 36 + (b - 1) * 6 + (c - 1)) << 8) | MARK


def hand_of(code: int):
    if code is None or code & 0xFF != MARK or (code >> 8) >= 216:
        return None
    value = code >> 8
    return sorted([value // 36 + 1, value // 6 % 6 + 1, value % 6 + 1])


def _flock_bytes(l_type: int, start: int, length: int = 1) -> bytes:
    return struct.pack("hhqqi4x", l_type, os.SEEK_SET, start, length, 0)


FILE_NAMES = ["locks", "futex", "big.bin"] + [f"{kind}-{i:02d}" for kind in ("flock", "notify", "atime") for i in range(16)]


def python_files() -> dict:
    """The files :class:`Channels` works over, taken from Python's own library, which every jail
    binds read-only: name -> path."""
    folder = os.path.dirname(os.__file__)
    sources = sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".py"))
    largest = max((os.path.join(root, n) for root, _, names in os.walk(folder) for n in names),
                  key=lambda p: os.path.getsize(p) if os.path.isfile(p) else 0)
    names = [n for n in FILE_NAMES if n != "big.bin"]
    return dict(zip(names, sources), **{"big.bin": largest})


class Channels:
    """The channels two jails might share, over files both can read (``shared``: a folder made
    by :func:`prepare_shared`, or ``python``: :func:`python_files`); ``tag`` names the objects
    of one exchange.  :meth:`send` leaves a message of :data:`BITS` bits in each, held while the
    sender lives; :meth:`listen` (before the send) and :meth:`receive` (after) read them back."""

    def __init__(self, shared: str, tag: str):
        self.shared, self.tag = shared, tag
        self.files = python_files() if shared == "python" else {n: os.path.join(shared, n) for n in FILE_NAMES}
        self.held: list = []  # descriptors, sockets, threads and mappings that keep a message alive
        self.watch = None
        self.atimes: dict = {}
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGRTMIN})  # before any thread: queued, never delivered

    def path(self, name: str) -> str:
        return self.files[name]

    # --- the sender
    def send(self, code: int) -> dict:
        """{channel: True where the message went in, or the error}."""
        bits = [bool((code >> i) & 1) for i in range(BITS)]
        out = {}
        for name in CHANNELS:
            try:
                getattr(self, f"_send_{name}")(bits, code)
                out[name] = True
            except OSError as exc:
                out[name] = f"{type(exc).__name__}: {exc}"[:80]
        return out

    @staticmethod
    def _queue_signal() -> bool:
        """sigqueue() a blocked real-time signal to itself (it stays queued); False on EAGAIN."""
        class Value(ctypes.Union):
            _fields_ = [("int", ctypes.c_int), ("ptr", ctypes.c_void_p)]

        libc = ctypes.CDLL(None, use_errno=True)
        libc.sigqueue.argtypes = (ctypes.c_int, ctypes.c_int, Value)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGRTMIN})
        return libc.sigqueue(os.getpid(), signal.SIGRTMIN, Value(0)) == 0

    def send_pending(self) -> int:
        """Queue signals to itself until the kernel refuses (the count of queued signals is kept
        per user); returns how many it queued."""
        queued = 0
        while queued < 1 << 17 and self._queue_signal():
            queued += 1
        return queued

    def receive_pending(self) -> bool:
        """Whether this process may queue one signal: False when another filled the count."""
        return self._queue_signal()

    def _send_posix_lock(self, bits, code):
        fd = os.open(self.path("locks"), os.O_RDONLY)
        self.held.append(fd)
        for i, bit in enumerate(bits):
            if bit:
                fcntl.fcntl(fd, fcntl.F_SETLK, _flock_bytes(fcntl.F_RDLCK, i))

    def _send_ofd_lock(self, bits, code):
        fd = os.open(self.path("locks"), os.O_RDONLY)
        self.held.append(fd)
        for i, bit in enumerate(bits):
            if bit:
                fcntl.fcntl(fd, _F_OFD_SETLK, _flock_bytes(fcntl.F_RDLCK, 100 + i))

    def _send_flock(self, bits, code):
        for i, bit in enumerate(bits):
            if bit:
                fd = os.open(self.path(f"flock-{i:02d}"), os.O_RDONLY)
                self.held.append(fd)
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _send_notify(self, bits, code):
        for i, bit in enumerate(bits):
            if bit:
                with open(self.path(f"notify-{i:02d}"), "rb") as f:
                    f.read(1)

    def _send_atime(self, bits, code):
        for i, bit in enumerate(bits):
            if bit:
                with open(self.path(f"atime-{i:02d}"), "rb") as f:
                    f.read(1)

    def _send_pagecache(self, bits, code):
        residency = Residency(self.path("big.bin"), BITS * WINDOW)
        try:
            for i, bit in enumerate(bits):
                if bit:
                    residency.cache(i * WINDOW + 1)
        finally:
            residency.close()

    def _send_devshm(self, bits, code):
        with open(f"/dev/shm/whisper-{self.tag}", "w") as f:
            f.write(str(code))

    def _send_abstract(self, bits, code):
        for i, bit in enumerate(bits):
            if bit:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                s.bind(f"\0whisper-{self.tag}-{i}")
                self.held.append(s)

    def _send_mqueue(self, bits, code):
        libc = _libc()
        small = (ctypes.c_long * 8)(0, 1, 1, 0)  # struct mq_attr: one message of one byte (the user's quota is small)
        for i, bit in enumerate(bits):
            if bit:
                queue = libc.mq_open(f"/whisper-{self.tag}-{i}".encode(), os.O_CREAT | os.O_RDWR, 0o600, small)
                if queue < 0:
                    raise OSError(ctypes.get_errno(), "mq_open")

    def _send_sysv(self, bits, code):
        libc = _libc()
        for i, bit in enumerate(bits):
            if bit and libc.shmget(self._key(i), 4096, 0o1000 | 0o600) < 0:  # IPC_CREAT
                raise OSError(ctypes.get_errno(), "shmget")

    # counters: an inode number the kernel hands out from one counter for the whole machine
    # (1024 at a time to each CPU: both seats of a game run on the game's CPU), moved on by
    # making new files until the next number says the message
    @staticmethod
    def _memfd_number() -> int:
        fd = os.memfd_create("whisper")
        try:
            return os.fstat(fd).st_ino
        finally:
            os.close(fd)

    @staticmethod
    def _pipe_number() -> int:
        r, w = os.pipe()
        try:
            return os.fstat(r).st_ino
        finally:
            os.close(r)
            os.close(w)

    @staticmethod
    def _advance(number, value: int) -> None:
        """Make files until the next one will get a number that is ``value`` modulo 1024."""
        for _ in range(4096):
            if (number() + 1) % 1024 == value:
                return
        raise OSError(errno.EAGAIN, "the counter did not come round")

    def _send_memfd_number(self, bits, code):
        self._advance(self._memfd_number, 4 * (code >> 8))

    def _send_pipe_number(self, bits, code):
        self._advance(self._pipe_number, 4 * (code >> 8))

    def _stamp(self, code: int) -> int:
        """A file time that says ``code`` in its nanoseconds, in a second of this exchange's own
        (a week and more ago): a time another exchange left is not read as a message."""
        return (1_700_000_000 + hash_tag(self.tag) % 1_000_000) * 10 ** 9 + code

    def _stamped(self, path: str):
        ns = os.stat(path).st_mtime_ns
        return ns % 10 ** 9 if ns // 10 ** 9 == self._stamp(0) // 10 ** 9 else None

    def _send_device_times(self, bits, code):
        """The times of the machine's /dev/null, where a jail binds it writable."""
        os.utime("/dev/null", ns=(self._stamp(code), self._stamp(code)))

    # a futex: shared futexes are keyed by the file and offset where the memory is a file's
    def _futex(self, address: int, operation: int, value: int) -> int:
        libc = _libc()
        number = _FUTEX.get(os.uname().machine)
        result = libc.syscall(ctypes.c_long(number), ctypes.c_void_p(address), ctypes.c_long(operation),
                              ctypes.c_long(value), None, None, ctypes.c_long(0))
        if result < 0:
            raise OSError(ctypes.get_errno(), "futex")
        return result

    def _mapped_futex_file(self) -> int:
        fd = os.open(self.path("futex"), os.O_RDONLY)  # not "locks": closing it would drop this process's locks
        address = _libc().mmap(None, PAGE, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
        os.close(fd)
        if address in (None, ctypes.c_void_p(-1).value):
            raise OSError(errno.ENOMEM, "mmap")
        return address

    def _send_futex(self, bits, code):
        """A thread waits (a shared futex) at the word of the file that says the hand."""
        import threading

        address = self._mapped_futex_file() + 4 * (code >> 8)
        value = ctypes.c_int32.from_address(address).value
        failed = []

        def wait():
            try:
                self._futex(address, 0, value)  # FUTEX_WAIT, shared
            except OSError as exc:
                failed.append(exc)

        waiter = threading.Thread(target=wait, daemon=True)
        waiter.start()
        waiter.join(0.2)
        if failed:
            raise failed[0]
        self.held.append(waiter)

    def _receive_futex(self):
        address = self._mapped_futex_file()
        for value in range(216):
            if self._futex(address + 4 * value, 1, 1) == 1:  # FUTEX_WAKE, shared: one waiter woken
                return (value << 8) | MARK
        return None

    # terminals: the jail's devpts
    def _send_terminals(self, bits, code):
        """Open a terminal per bit; keep those of the 1s (the numbers are the lowest free)."""
        opened = [os.open("/dev/ptmx", os.O_RDONLY | os.O_NOCTTY) for _ in range(BITS)]
        for fd, bit in zip(opened, bits):
            (self.held.append if bit else os.close)(fd)

    def _send_terminal_times(self, bits, code):
        os.utime("/dev/pts/ptmx", ns=(self._stamp(code), self._stamp(code)))

    def _key(self, i: int) -> int:
        return (hash_tag(self.tag) + i) & 0x7FFFFFFF

    # --- the listener
    def listen(self) -> None:
        """What must be in place before the message is sent: watches and access times."""
        try:
            libc = _libc()
            fd = libc.inotify_init1(os.O_NONBLOCK)
            if fd >= 0:
                for i in range(BITS):
                    if libc.inotify_add_watch(fd, self.path(f"notify-{i:02d}").encode(), 0x20 | 0x1) < 0:
                        raise OSError(ctypes.get_errno(), "inotify_add_watch")
                self.watch = fd
        except (OSError, AttributeError):
            self.watch = None
        for i in range(BITS):
            try:
                self.atimes[i] = os.stat(self.path(f"atime-{i:02d}")).st_atime_ns
            except OSError:
                pass

    def receive(self) -> dict:
        """{channel: the code read, or None where nothing came through, or the error}."""
        out = {}
        for name in CHANNELS:
            try:
                out[name] = getattr(self, f"_receive_{name}")()
            except OSError as exc:
                out[name] = f"{type(exc).__name__}: {exc}"[:80]
        return out

    @staticmethod
    def _code(bits) -> int:
        return sum(1 << i for i, bit in enumerate(bits) if bit)

    def _receive_posix_lock(self, command=fcntl.F_GETLK, at=0):
        fd = os.open(self.path("locks"), os.O_RDONLY)
        try:
            bits = []
            for i in range(BITS):
                answer = fcntl.fcntl(fd, command, _flock_bytes(fcntl.F_WRLCK, at + i))
                bits.append(struct.unpack("hhqqi4x", answer)[0] != fcntl.F_UNLCK)
            return self._code(bits)
        finally:
            os.close(fd)

    def _receive_ofd_lock(self):
        return self._receive_posix_lock(_F_OFD_GETLK, 100)

    def _receive_flock(self):
        bits = []
        for i in range(BITS):
            fd = os.open(self.path(f"flock-{i:02d}"), os.O_RDONLY)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(fd, fcntl.LOCK_UN)
                bits.append(False)
            except OSError as exc:
                if exc.errno != errno.EWOULDBLOCK:
                    raise
                bits.append(True)
            finally:
                os.close(fd)
        return self._code(bits)

    def _receive_notify(self):
        if self.watch is None:
            raise OSError(errno.ENOSYS, "no inotify watch could be made")
        try:
            data = os.read(self.watch, 65536)
        except BlockingIOError:
            data = b""
        touched = set()
        while len(data) >= 16:
            wd, _, _, size = struct.unpack_from("iIII", data)
            touched.add(wd - 1)  # watches are numbered from 1, in the order they were added
            data = data[16 + size:]
        return self._code([i in touched for i in range(BITS)])

    def _receive_atime(self):
        bits = []
        for i in range(BITS):
            bits.append(os.stat(self.path(f"atime-{i:02d}")).st_atime_ns != self.atimes.get(i))
        return self._code(bits)

    def _receive_pagecache(self):
        residency = Residency(self.path("big.bin"), BITS * WINDOW)
        try:
            method, bits = residency.read()
            if bits is None:
                raise OSError(errno.EPERM, "no way to read the page cache")
            return self._code([bits[i * WINDOW + 1] for i in range(BITS)])
        finally:
            residency.close()

    def _receive_devshm(self):
        try:
            with open(f"/dev/shm/whisper-{self.tag}") as f:
                return int(f.read())
        except FileNotFoundError:
            return None

    def _receive_abstract(self):
        bits = []
        for i in range(BITS):
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
                try:
                    s.bind(f"\0whisper-{self.tag}-{i}")
                    bits.append(False)
                except OSError as exc:
                    if exc.errno != errno.EADDRINUSE:
                        raise
                    bits.append(True)
        return self._code(bits)

    def _receive_mqueue(self):
        libc = _libc()
        bits = []
        for i in range(BITS):
            queue = libc.mq_open(f"/whisper-{self.tag}-{i}".encode(), os.O_RDONLY)
            bits.append(queue >= 0)
            if queue < 0 and ctypes.get_errno() != errno.ENOENT:
                raise OSError(ctypes.get_errno(), "mq_open")
        return self._code(bits)

    def _receive_sysv(self):
        libc = _libc()
        return self._code([libc.shmget(self._key(i), 0, 0) >= 0 for i in range(BITS)])

    def _counter(self, number):
        value = number() % 1024
        return ((value // 4) << 8) | MARK if value % 4 == 0 else None

    def _receive_memfd_number(self):
        return self._counter(self._memfd_number)

    def _receive_pipe_number(self):
        return self._counter(self._pipe_number)

    def _receive_device_times(self):
        return self._stamped("/dev/null")

    def _receive_terminals(self):
        numbers = {int(n) for n in os.listdir("/dev/pts") if n.isdigit()}
        return self._code([i in numbers for i in range(BITS)])

    def _receive_terminal_times(self):
        return self._stamped("/dev/pts/ptmx")

    def forget(self) -> None:
        """Remove what outlives the sender outside a jail (the tests' clean-up)."""
        libc = _libc()
        for i in range(BITS):
            libc.mq_unlink(f"/whisper-{self.tag}-{i}".encode())
            ident = libc.shmget(self._key(i), 0, 0)
            if ident >= 0:
                libc.shmctl(ident, 0, None)  # IPC_RMID
        try:
            os.unlink(f"/dev/shm/whisper-{self.tag}")
        except OSError:
            pass


def hash_tag(tag: str) -> int:
    value = 0
    for char in tag:
        value = (value * 131 + ord(char)) & 0x7FFFFFFF
    return value


def prepare_shared(folder: str) -> None:
    """The files :class:`Channels` works over, fresh (``big.bin``'s pages out of the cache)."""
    os.makedirs(folder, exist_ok=True)
    for name in [n for n in FILE_NAMES if n != "big.bin"]:
        with open(os.path.join(folder, name), "wb") as f:
            f.write(b"x" * PAGE)
    past = time.time() - 3 * 86400  # access times older than a day: relatime updates them on a read
    for i in range(BITS):
        os.utime(os.path.join(folder, f"atime-{i:02d}"), (past, past))
    with open(os.path.join(folder, "big.bin"), "wb") as f:
        f.write(os.urandom(BITS * WINDOW * PAGE))
        f.flush()
        os.fsync(f.fileno())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


class Whisperer(RandomPlayer):
    """Both seats of a game: the first to move sends its dealt hand through every
    :class:`Channels` channel (and keeps them held while it lives); the other, having listened
    since ``start()``, reads them on its first move and reports
    ``Report("WHISPER {"claims": {channel: hand}, "bits": [one-bit channels that fired],
    "refused": [channels that failed]}")``.  One bit: the count of queued signals, kept per user
    (the sender fills it; the listener then cannot queue one)."""

    def __init__(self, seed: int = 0, shared: str = "", tag: str = "x"):
        super().__init__(seed)
        self.shared, self.tag = shared, tag
        self.channels = None
        self.moved = False

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.channels = Channels(self.shared, self.tag)
        if seat == 1:
            self.channels.listen()

    def act(self, observation):
        if not self.moved:
            self.moved = True
            if observation.seat == 0:
                self.channels.send(hand_code(observation.hand))
                self.channels.send_pending()
            else:
                heard = self.channels.receive()  # short: a fault's detail is cut at 300 characters
                claims = {k: hand_of(v) for k, v in heard.items() if isinstance(v, int) and hand_of(v)}
                refused = sorted(k for k, v in heard.items() if isinstance(v, str))
                bits = [] if self.channels.receive_pending() else ["pending"]  # one bit: the sender filled it
                raise Report("WHISPER " + json.dumps({"claims": claims, "bits": bits, "refused": refused},
                                                     separators=(",", ":")))
        return super().act(observation)


def main() -> None:
    """``send SHARED TAG CODE`` (then hold until stdin closes) or ``receive SHARED TAG`` (listen,
    say READY, read when a line comes, print the codes): the channels between two plain
    processes, outside any jail."""
    role, shared, tag = sys.argv[1:4]
    channels = Channels(shared, tag)
    import resource as limits

    limits.setrlimit(limits.RLIMIT_SIGPENDING, (64, 64))  # as the jail sets it
    if role == "send":
        sent = channels.send(int(sys.argv[4]))
        sent["pending"] = channels.send_pending()
        print(json.dumps(sent), flush=True)
        sys.stdin.read()
    else:
        channels.listen()
        print("READY", flush=True)
        sys.stdin.readline()
        heard = channels.receive()
        heard["pending"] = not channels.receive_pending()
        print(json.dumps(heard), flush=True)


if __name__ == "__main__":
    main()


class MetadataProber(FirstMoveProber):
    """Every file a jail can name is a mark another jail might read, if its metadata can be
    set: the device nodes and terminals, its own code, Python's and arena's files, the zone
    file, the CPU list, ``/proc``, the root.  On its first move it tries ``utime``, ``chmod`` and ``chown``, each setting the
    values the file already has (so that nothing changes where one is let through), and
    reports those the kernel let through: ``Report("META [...]")``."""

    word = "META"

    def report(self):
        return self.probe(self.targets())

    @staticmethod
    def targets() -> list:
        import players

        return [f"/dev/{name}" for name in ("null", "zero", "full", "random", "urandom", "tty", "ptmx", "pts",
                                            "pts/ptmx", "")] + \
            [os.path.abspath(__file__), os.__file__, players.__file__, "/etc/localtime", "/",
             "/sys/devices/system/cpu/online", "/proc", "/proc/cpuinfo", sys.executable]

    @staticmethod
    def probe(paths) -> list:
        worked = []
        for path in paths:
            try:
                info = os.stat(path)
            except OSError:
                continue
            for name, call in (("utime", lambda: os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))),
                               ("chmod", lambda: os.chmod(path, info.st_mode & 0o7777)),
                               ("chown", lambda: os.chown(path, info.st_uid, info.st_gid))):
                try:
                    call()
                    worked.append(f"{name} {path}")
                except OSError:
                    pass
        return worked


class PidFinder(FirstMoveProber):
    """The machine's process ids count the processes and threads every player started: a
    player that finds two of them, or one and a note of an earlier game, in its own memory
    knows how many threads the player before it started.  A jailed player is a copy of its
    template's memory; on its first move this one walks every frame of its process outside its
    own code and reports every int local above 256 and every text local that names a pid:
    ``Report("PIDS [...]")``."""

    word = "PIDS"

    def report(self):
        import re

        found, seen = [], set()
        frames = list(sys._current_frames().values())
        while frames:
            frame = frames.pop()
            if frame is None or id(frame) in seen:
                continue
            seen.add(id(frame))
            frames.append(frame.f_back)
            if frame.f_code.co_filename in (__file__, os.path.abspath(__file__)):
                continue
            for name, value in frame.f_locals.items():
                if (type(value) is int and value > 256) or (type(value) is str and re.search(r"pid \d", value)):
                    found.append(f"{frame.f_code.co_name}:{name}={value}"[:60])
        return found[:8]


class FileReader(FirstMoveProber):
    """Reads each of ``paths`` on its first move and reports those it could:
    ``Report("READ [...]")``."""

    word = "READ"

    def __init__(self, seed: int = 0, paths: list | None = None):
        super().__init__(seed)
        self.paths = list(paths or [])

    def report(self):
        readable = []
        for path in self.paths:
            try:
                with open(path, "rb") as f:
                    f.read(16)
                readable.append(path)
            except OSError:
                pass
        return readable
