"""A player's cgroup on this machine's layouts: cgroup v1 (the controllers mounted one by one)
and the unified tree of cgroup v2, where one is mounted and writable (on a hybrid machine it
may offer only freezing and killing: what it offers is what is tested)."""
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.jail.cgroups import V1, V2, Cgroups

# The spinner forks only once told to (a line on stdin), so the test has put it in the cgroup
# first: on a loaded machine the child could otherwise fork before the parent is moved.
SPIN = "import os, sys\nsys.stdin.readline()\nif os.fork() == 0:\n    os.setsid()\nwhile True: pass"


def _spinner(cgroup):
    proc = subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.PIPE)
    cgroup.add(proc.pid)
    proc.stdin.write(b"go\n")
    proc.stdin.flush()
    return proc


def _layouts():
    found = []
    v1 = V1.find()
    if v1 is not None:
        found.append(pytest.param(v1, id="v1"))
    v2 = V2.find()
    if v2 is not None:
        found.append(pytest.param(v2, id="v2"))
    return found or [pytest.param(None, id="none", marks=pytest.mark.skip(reason="no writable cgroup here"))]


def _cpu_seconds(pids) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return total


@pytest.fixture(params=_layouts())
def cgroup(request):
    layout = request.param
    made = Cgroups(layout).make(memory_mb=128, tasks=8)
    yield made
    made.kill()
    made.remove()
    assert not any(path.exists() for path in made.dirs)


def test_a_frozen_tree_gets_no_cpu_and_a_thawed_one_does(cgroup):
    proc = _spinner(cgroup)  # frozen at once: the cgroup is made frozen
    time.sleep(0.3)
    pids = cgroup.pids()
    assert proc.pid in pids
    assert cgroup.wait_frozen()
    before = _cpu_seconds(cgroup.pids())
    time.sleep(0.5)
    assert _cpu_seconds(cgroup.pids()) - before < 0.05  # frozen: no CPU, children included
    cgroup.thaw()
    deadline = time.monotonic() + 20  # on a busy machine the thawed spinner gets its 0.2 s later, not never
    while _cpu_seconds(cgroup.pids()) - before <= 0.2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _cpu_seconds(cgroup.pids()) - before > 0.2
    cgroup.freeze()
    proc.kill()


def test_killing_the_cgroup_ends_its_whole_tree_even_frozen(cgroup):
    proc = _spinner(cgroup)
    cgroup.thaw()
    deadline = time.monotonic() + 10
    while len(cgroup.pids()) < 2 and time.monotonic() < deadline:  # the child in a session of its own
        time.sleep(0.05)
    tree = cgroup.pids()
    assert len(tree) == 2
    cgroup.freeze(wait=True)
    cgroup.kill()
    proc.wait(timeout=10)
    assert cgroup.pids() == []
    for pid in tree:
        assert not Path(f"/proc/{pid}").exists() or \
            Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"


def test_the_tree_is_held_to_its_memory_where_the_layout_caps_it(cgroup):
    if "memory" not in cgroup.layout.features:
        pytest.skip("no memory controller in this layout for this process (e.g. a hybrid machine's v2 tree)")
    grab = "input()\nx = bytearray(256 << 20)\nfor i in range(0, len(x), 4096): x[i] = 1\nprint('survived')"
    proc = subprocess.Popen([sys.executable, "-c", grab], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    cgroup.add(proc.pid)  # before it allocates anything
    cgroup.thaw()
    out, _ = proc.communicate("go\n", timeout=60)
    assert "survived" not in out and proc.returncode == -9  # killed by the kernel's OOM killer
    assert cgroup.oom_killed()
