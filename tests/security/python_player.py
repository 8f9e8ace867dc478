"""A player that uses what Python offers a player in the jail (threads, thread pools, fork,
shared memory between forked processes, signals and timers, files, sqlite3, numpy), to show that
the jail's system-call allowlist lets a Python program work: on its first move it runs every
check of :data:`CHECKS` and raises naming those that failed, and every check of
:data:`REFUSED` (what needs a new pipe, socket or memory file: subprocess, multiprocessing,
asyncio, sockets) and raises naming those that did not fail.  Nothing here is an attack."""
import asyncio, concurrent.futures, hashlib, json, mmap, multiprocessing, os, pickle, resource, selectors, shutil
import signal, socket, sqlite3, subprocess, sys, tempfile, threading, time, zlib

import numpy

from players.random_player import RandomPlayer


def _threads():
    out = []
    t = threading.Thread(target=out.append, args=(1,))
    t.start(); t.join()
    assert out == [1]


def _fork():
    pid = os.fork()
    if pid == 0:
        os._exit(7)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 7


def _thread_pool():
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        assert list(pool.map(abs, [-1, 2])) == [1, 2]


def _shared_memory():
    """A forked child writes into memory it shares with its parent (no pipe needed)."""
    shared = mmap.mmap(-1, 4096)
    pid = os.fork()
    if pid == 0:
        shared[:5] = b"hello"
        os._exit(0)
    os.waitpid(pid, 0)
    assert shared[:5] == b"hello"


def _subprocess():
    done = subprocess.run([sys.executable, "-c", "print(6 * 7)"], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "42", done


def _square(x):
    return x * x


def _multiprocessing():
    pool = multiprocessing.get_context("fork").Pool(2)
    try:
        assert pool.map(_square, [1, 2, 3]) == [1, 4, 9]
    finally:  # not terminate() (the with block's): it can hang when a worker dies holding the queue's lock
        pool.close()
        pool.join()


def _sockets():
    a, b = socket.socketpair()
    with a, b:
        a.sendall(b"hi")
        sel = selectors.DefaultSelector()
        sel.register(b, selectors.EVENT_READ)
        assert sel.select(1)
        assert b.recv(2) == b"hi"


def _asyncio():
    async def main():
        await asyncio.sleep(0.01)
        return 5
    assert asyncio.run(main()) == 5


def _signals():
    fired = []
    signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    signal.setitimer(signal.ITIMER_REAL, 0.01)
    time.sleep(0.1)
    assert fired


def _files():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "a.txt")
        with open(path, "w") as f:
            f.write("x")
        shutil.copy2(path, path + ".copy")
        os.rename(path + ".copy", path + ".moved")
        assert sorted(os.listdir(d)) == ["a.txt", "a.txt.moved"]


def _sqlite_memory():
    db = sqlite3.connect(":memory:")
    db.execute("create table t (x)"); db.execute("insert into t values (1)")
    assert db.execute("select x from t").fetchone() == (1,)


def _sqlite_file():
    """A database file needs file locks, which the jail refuses: SQLite's VFS without locks."""
    with tempfile.TemporaryDirectory() as d:
        db = sqlite3.connect(f"file:{os.path.join(d, 'x.db')}?vfs=unix-none", uri=True)
        db.execute("create table t (x)"); db.execute("insert into t values (1)"); db.commit()
        assert db.execute("select x from t").fetchone() == (1,)


def _numpy():
    a = numpy.arange(16.0).reshape(4, 4)
    assert (a @ a).sum() > 0


def _misc():
    assert os.cpu_count() >= 1 and os.sched_getaffinity(0)
    resource.getrlimit(resource.RLIMIT_AS)
    time.process_time(); time.perf_counter(); time.thread_time()
    hashlib.sha256(b"x").hexdigest(); zlib.compress(b"x"); pickle.loads(pickle.dumps({1: 2})); json.dumps([1])
    os.urandom(8)


_NEEDS_PIPES_OR_SOCKETS = ("_subprocess", "_multiprocessing", "_sockets", "_asyncio")
CHECKS = {name[1:]: f for name, f in dict(globals()).items() if name.startswith("_") and callable(f)
          and name not in ("_square",) + _NEEDS_PIPES_OR_SOCKETS}
REFUSED = {name[1:]: globals()[name] for name in _NEEDS_PIPES_OR_SOCKETS}


class Battery(RandomPlayer):
    """Runs :data:`CHECKS` on its first move."""

    checked = False

    def act(self, observation):
        if self.checked:
            return super().act(observation)
        self.checked = True
        failed = {}
        for name, check in CHECKS.items():
            try:
                check()
            except BaseException as exc:
                failed[name] = f"{type(exc).__name__}: {exc}"[:60]
        for name, check in REFUSED.items():
            try:
                check()
                failed[name] = "not refused"
            except OSError as exc:
                if exc.errno < 3072:  # the jail's refusals: 3072 + the call's number
                    failed[name] = f"{type(exc).__name__}: {exc}"[:60]
        if failed:
            raise RuntimeError(json.dumps(failed))
        return super().act(observation)
