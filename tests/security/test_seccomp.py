"""The system-call filter (arena/jail/seccomp.py), asked call by call without running it: the
compiled program of each architecture run by a BPF interpreter (``bpf.py``), so that the arm64
filter is checked on an x86-64 machine.  An allowlist: every call it does not name is refused."""
from __future__ import annotations

import errno
from pathlib import Path

import pytest

from arena.jail import seccomp
from bpf import ALLOW, ERRNO, KILL_PROCESS, run, seccomp_data

MACHINES = ("x86_64", "aarch64")


@pytest.fixture(params=MACHINES)
def machine(request):
    return request.param


def ask(machine: str, name: str, *args) -> int:
    number = {n: nr for nr, n in seccomp.names(machine).items()}[name]
    return run(seccomp.program(machine), seccomp_data(seccomp.audit_arch(machine), number, args))


def refused(machine: str, name: str) -> int:
    return ERRNO | (seccomp.REFUSED + {n: nr for nr, n in seccomp.names(machine).items()}[name])


def test_every_name_of_the_lists_is_a_system_call():
    """A misspelt name would allow or refuse nothing."""
    known = set(seccomp.names("x86_64").values()) | set(seccomp.names("aarch64").values())
    listed = seccomp.allowed_names() | set(seccomp.MODES) | set(seccomp.NO_RUSAGE) | set(seccomp.FALLBACK)
    assert not listed - known, sorted(listed - known)


def test_the_calls_a_python_player_needs_are_allowed(machine):
    for name in sorted(seccomp.allowed_names() & set(seccomp.names(machine).values())):
        assert ask(machine, name) == ALLOW, name


def test_every_other_known_call_is_refused_with_its_own_number(machine):
    """Refused, not killed, and the error number names the call (REFUSED + its number)."""
    checked = seccomp.allowed_names() | set(seccomp.MODES) | set(seccomp.NO_RUSAGE) | {"clone", "futex"} | \
        set(seccomp.FALLBACK)
    others = sorted(set(seccomp.names(machine).values()) - checked)
    assert {"keyctl", "add_key", "mincore", "process_madvise", "flock", "inotify_init1", "fanotify_init",
            "perf_event_open", "bpf", "userfaultfd", "ptrace", "mount", "unshare", "setns", "getrusage",
            "fadvise64", "readahead", "cachestat", "process_vm_readv", "mlock", "sysinfo", "execve", "execveat",
            "mknodat", "pipe2", "socket", "socketpair", "memfd_create", "statfs", "fstatfs"} <= set(others)
    for name in others:
        assert ask(machine, name) == refused(machine, name), name


def test_calls_libraries_fall_back_from_answer_enosys(machine):
    for name in seccomp.FALLBACK:
        if name in seccomp.names(machine).values():
            assert ask(machine, name) == ERRNO | errno.ENOSYS, name


@pytest.mark.parametrize("name", sorted(seccomp.MODES))
def test_a_call_with_modes_is_allowed_in_its_listed_modes_only(machine, name):
    """A listed mode is allowed (whatever the upper 32 bits, which the kernel does not read), a
    mode refused by name answers the call's refusal, any other ENOSYS."""
    arg, allowed, named = seccomp.MODES[name]

    def with_mode(value):
        args = [3, 0, 0]
        args[arg] = value
        return ask(machine, name, *args)

    for value in allowed.values():
        assert with_mode(value) == ALLOW, (name, value)
        assert with_mode(value | 1 << 32) == ALLOW, (name, value)
    for value in named.values():
        assert with_mode(value) == refused(machine, name), (name, value)
    assert with_mode(0x7654) == ERRNO | errno.ENOSYS


def test_no_lock_lease_or_notification_and_no_page_dropped(machine):
    for command in ("F_GETLK", "F_SETLK", "F_SETLKW", "F_OFD_GETLK", "F_OFD_SETLK", "F_OFD_SETLKW", "F_SETLEASE",
                    "F_NOTIFY"):
        assert command in seccomp.MODES["fcntl"][2]
    for advice in ("MADV_PAGEOUT", "MADV_COLD", "MADV_MERGEABLE"):
        assert advice in seccomp.MODES["madvise"][2]


def test_private_futexes_only(machine):
    """A private futex, any operation; a shared one (keyed by a file's page where the memory is a
    file's: two jails would meet at a library's address) neither waits (EAGAIN: glibc polls)
    nor wakes (EINVAL: glibc's wakes ignore it)."""
    for operation in (0, 1, 9, 10, 5, 0x100 | 9):
        assert ask(machine, "futex", 0, seccomp.FUTEX_PRIVATE | operation) == ALLOW, operation
    for name, (operation, answer) in seccomp.FUTEX_SHARED.items():
        assert ask(machine, "futex", 0, operation) == ERRNO | answer, name
        assert ask(machine, "futex", 0, 0x100 | operation) == ERRNO | answer, name  # FUTEX_CLOCK_REALTIME


def test_threads_and_processes_but_no_namespaces_or_pidfds(machine):
    thread = 0x3D0F00  # CLONE_VM | FS | FILES | SIGHAND | THREAD | SYSVSEM | SETTLS | PARENT_SETTID | CHILD_CLEARTID
    assert ask(machine, "clone", thread) == ALLOW
    assert ask(machine, "clone", 0x01200011) == ALLOW  # fork: CHILD_SETTID | CHILD_CLEARTID | SIGCHLD
    for flag in (0x20000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000,
                 0x1000):  # the namespaces, and CLONE_PIDFD
        assert ask(machine, "clone", thread | flag) == ERRNO | errno.ENOSYS, hex(flag)


def test_no_resource_use_of_a_waited_for_child(machine):
    """A child's rusage counts its major page faults: which pages of a file were cached."""
    assert ask(machine, "wait4", 5, 0, 0, 0) == ALLOW
    assert ask(machine, "wait4", 5, 0, 0, 0x7FFF0000) == refused(machine, "wait4")
    assert ask(machine, "waitid", 1, 5, 0, 4, 0) == ALLOW
    assert ask(machine, "waitid", 1, 5, 0, 4, 0x7FFF0000) == refused(machine, "waitid")


def test_another_architectures_calls_kill_and_unknown_numbers_are_enosys(machine):
    program = seccomp.program(machine)
    other = seccomp.audit_arch("aarch64" if machine == "x86_64" else "x86_64")
    assert run(program, seccomp_data(other, 0)) == KILL_PROCESS
    assert run(program, seccomp_data(0x40000003, 3)) == KILL_PROCESS  # i386: int 0x80
    assert run(program, seccomp_data(seccomp.audit_arch(machine), 1000)) == ERRNO | errno.ENOSYS
    if machine == "x86_64":
        assert run(program, seccomp_data(seccomp.audit_arch(machine), 0x40000000 | 0)) == KILL_PROCESS  # x32


def test_a_refusal_is_named_where_the_player_meets_it():
    known = seccomp.names()
    number = {name: nr for nr, name in known.items()}["fadvise64"]
    try:
        try:
            raise OSError(seccomp.REFUSED + number, "Unknown error")
        except OSError as exc:
            raise ValueError("a library's own error") from exc
    except ValueError as exc:
        assert seccomp.refusal(exc, known) == f"syscall {number} (fadvise64) refused by the jail"
    assert seccomp.refusal(OSError(errno.ENOENT, "no"), known) is None


def test_what_a_python_player_uses_works_in_the_jail():
    """Threads and thread pools, fork and memory shared with a child, signals and timers, files,
    sqlite3 and numpy all work under the allowlist; subprocess, multiprocessing, asyncio and
    sockets, which need new pipes or sockets, are refused by it (python_player.Battery)."""
    from typer.testing import CliRunner

    from arena.cli import app

    player = Path(__file__).resolve().parent / "python_player.py"
    result = CliRunner().invoke(app, ["check-player", f"{player}:Battery", "--game", "origin", "--games", "1"])
    assert result.exit_code == 0, result.output
