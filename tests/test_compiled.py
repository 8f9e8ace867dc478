"""The compiled build plays exactly as the pure one (engine/_compiled.py, engine/_build.py).

The same random games, in two processes, one with ``ARENA_PURE=1`` and one on the compiled
build: every state's ``render()``, legal-action list (as text) and ``scores()``, an
observation's ``sample()``, the game's heuristic values and move priorities (what informed
rollouts and ordered expansion read) every few moves, random playouts (``random_moves``
unrecorded, the rollouts' loop) and the root statistics of two ISMCTS searches (random rollouts
cut at 20, and the game's own search defaults) must be equal.  Where a build
was made here (``arena build``: minutes, once; ``.ci/run`` makes one) it is brought up to date
first (only changed modules compile); without one the test is skipped, saying how to make it,
except under CI, where a missing build fails.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = [sys.executable, "-m", "engine._build"]  # what `arena build` runs

# (game, players, seeds) of the games compared move by move
GAMES = [("origin", 2, 12), ("origin", 3, 3), ("origin", 5, 2), ("citadels", 2, 8), ("citadels", 3, 3),
         ("natural_selection", 2, 5), ("natural_selection", 4, 3), ("dominant_species", 2, 2),
         ("dominant_species", 4, 1), ("random_mutations", 2, 8), ("random_mutations", 4, 3)]

CHILD = r"""
import hashlib, json, random, sys
from engine import _compiled
from engine.registry import get_game
from engine.rng import Rng
from players.ismcts import ISMCTSPlayer
from players.loading import with_game_defaults
from players.search_tree import move_priority_of
games = json.loads(sys.argv[1])
out = {"traces": {}}
for game, players, seeds in games:
    spec = get_game(game)
    priorities = move_priority_of(game)
    for seed in range(seeds):
        key = f"{game}/{players}/{seed}"
        trace = []
        state = spec.new_game(players, seed)
        choose = Rng(1000 + seed)
        step = 0
        while True:
            legal = [] if state.is_terminal() else state.legal_actions()
            row = [state.render(), [spec.action_to_text(a) for a in legal], state.scores()]
            if step % 7 == 0 and not state.is_terminal():
                seat = state.current_player
                obs = state.observation(seat)
                row.append(obs.render())
                row.append(obs.sample(Rng(seed * 31 + step)).render())
                row.append(spec.heuristic(state) if spec.heuristic else None)
                row.append(priorities(state, legal) if priorities else None)
            if step % 11 == 0 and not state.is_terminal():
                rollout = state.clone()
                moves = rollout.random_moves(random.Random(step).random, None, record=False)
                row.append([moves, rollout.render(), rollout.scores(), rollout.ranking()])
            trace.append(hashlib.sha256(json.dumps(row, default=repr).encode()).hexdigest()[:16])
            if state.is_terminal():
                break
            state.apply(legal[choose.below(len(legal))])
            step += 1
        out["traces"][key] = trace
    early = spec.new_game(players, 0)
    defaults = with_game_defaults("ismcts", {"iterations": 100}, game)
    for label, params in (("ismcts", {"iterations": 300, "rollout_cutoff": 20}), ("ismcts-defaults", defaults)):
        player = ISMCTSPlayer(seed=0, **params)
        player.start(game, early.current_player, players, 0)
        action = player.act(early.observation(early.current_player))
        stats = sorted((spec.action_to_text(a), n.visits, round(n.reward, 9), n.avail)
                       for a, n in (player.last_root.children or {}).items())
        out["traces"][f"{game}/{players}/{label}"] = [spec.action_to_text(action), stats]
out["compiled"] = _compiled.compiled_now()
print(json.dumps(out))
"""


def _env(pure: bool) -> dict:
    env = dict(os.environ)
    env.pop("ARENA_PURE", None)
    if pure:
        env["ARENA_PURE"] = "1"
    return env


def _play(pure: bool) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(GAMES)], cwd=ROOT, env=_env(pure),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def compiled_build():
    """Bring the compiled build up to date (only what changed is compiled again); skipped
    where none was made here (the first build takes minutes: ``arena build``, docs/benchmarks.md)
    or none can be made; under CI (``CI`` set: ``.ci/run`` builds first) both fail instead."""
    sys.path.insert(0, str(ROOT))
    from engine import _compiled

    if not _compiled.MANIFEST.exists():
        message = f"no compiled build here: make one with `{_compiled.BUILD_COMMAND}` (minutes, once)"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    done = subprocess.run(BUILD + ["--require"], cwd=ROOT, env=_env(False),
                          capture_output=True, text=True, timeout=1800)
    if done.returncode == 2:
        message = f"the compiled build cannot be made here: {done.stderr.strip()}"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]


def test_the_compiled_build_plays_exactly_as_pure_python(compiled_build):
    pure, compiled = _play(pure=True), _play(pure=False)
    assert pure["compiled"] == []
    sys.path.insert(0, str(ROOT))
    from engine import _compiled

    # every hot module these games and the search import runs compiled
    imported = set(compiled["compiled"])
    assert {"engine.rng", "players.search_tree", "players.ismcts", "engine.origin.state"} <= imported
    assert set(pure["traces"]) == set(compiled["traces"])
    for key, trace in pure["traces"].items():
        other = compiled["traces"][key]
        if key.endswith("/ismcts"):
            assert other == trace, f"{key}: the search differs"
            continue
        assert len(other) == len(trace), f"{key}: {len(trace)} states pure, {len(other)} compiled"
        first = next((i for i, (a, b) in enumerate(zip(trace, other)) if a != b), None)
        assert first is None, f"{key}: state {first} differs (render, legal list, scores, sample or playout)"
    assert len(imported) <= len(_compiled.hot_modules())


def test_a_stale_module_runs_as_pure_python(compiled_build, tmp_path):
    """A module whose source no longer matches its recorded hash is not loaded compiled,
    and the process says so once."""
    manifest = json.loads((ROOT / "build" / "compiled" / "manifest.json").read_text())
    assert "engine.rng" in manifest["modules"] and "engine.origin.state" in manifest["modules"]
    # a copy of the manifest with one hash changed, read by a fresh process
    manifest["modules"]["engine.rng"]["sha256"] = "0" * 64
    copy = tmp_path / "manifest.json"
    copy.write_text(json.dumps(manifest))
    check = (
        "import os, pathlib, sys\n"
        "import engine._compiled as c\n"  # (ARENA_PURE=1: nothing installed yet)
        "c.MANIFEST = pathlib.Path(sys.argv[1])\n"
        "del os.environ['ARENA_PURE']\n"
        "c._STATE.clear()\n"
        "c.install()\n"
        "import engine.rng, engine.origin.state\n"
        "print(engine.rng.__file__.endswith('.py'), engine.origin.state.__file__.endswith('.py'))\n"
    )
    done = subprocess.run([sys.executable, "-c", check, str(copy)], cwd=ROOT, env=_env(True),
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False"]
    assert done.stderr.count("older than their source") == 1 and "engine.rng" in done.stderr


def test_a_rebuild_compiles_only_the_changed_module_and_renames_it_into_place(compiled_build, tmp_path):
    """In a copy of the tree: editing one module's source makes the next build compile that
    module alone, and its new extension replaces the old by a rename (a process that has the
    old one loaded keeps its copy); the rebuilt module then runs compiled again."""
    import shutil

    copy = tmp_path / "tree"
    for folder in ("engine", "players"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "build" / "compiled", copy / "build" / "compiled",
                    ignore=shutil.ignore_patterns("c", "tmp"))
    source = copy / "engine" / "values.py"
    source.write_text(source.read_text() + "\n# edited\n")
    extension = next((copy / "build" / "compiled" / "engine").glob("values.*"))
    before = extension.stat().st_ino
    env = _env(False)
    env["PYTHONPATH"] = str(copy)
    done = subprocess.run(BUILD, cwd=copy, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert "1 to compile" in done.stdout and "1 module compiled in" in done.stdout
    assert extension.stat().st_ino != before  # a new file renamed over the old, not rewritten
    check = "import engine.values as v, engine.rng as r; print(v.__file__.endswith('.py'), r.__file__.endswith('.py'))"
    ran = subprocess.run([sys.executable, "-c", check], cwd=copy, env=env, capture_output=True, text=True,
                         check=True)
    assert ran.stdout.split() == ["False", "False"] and "older than" not in ran.stderr


PROBE = '''
import engine.rng
from players.random_player import RandomPlayer


class BuildProbe(RandomPlayer):
    """Answers with the first legal action where the engine it imported runs compiled,
    the last where it runs as pure Python."""
    def act(self, observation):
        compiled = not engine.rng.__file__.endswith(".py")
        return observation.legal_actions[0 if compiled else -1]
'''


def test_a_jailed_player_runs_on_the_same_compiled_build(compiled_build, tmp_path):
    """The jail's view holds build/compiled (arena/jail/view.py), so a submitted player's own
    search runs on the build the game master runs on, not a slower one."""
    import time

    from arena.jail import spawn
    from arena.runs.checks import default_limits
    from engine.registry import get_game

    (tmp_path / "probe.py").write_text(PROBE)
    process = spawn(f"{tmp_path / 'probe.py'}:BuildProbe", {}, "origin", default_limits())
    try:
        process.load()
        state = get_game("origin").new_game(2, 3)
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        seat = state.current_player
        process.start("origin", seat, 2, 3, time.monotonic() + 60)
        assert process.act(state.observation(seat), time.monotonic() + 60, False) == 0
    finally:
        process.kill()


def test_bench_builds_runs_both_builds_side_by_side(compiled_build):
    """`arena bench engine --builds`: each measure on pure Python and on the compiled build,
    from processes of each build, with the speed-up; refused where no compiled build runs."""
    command = [sys.executable, "-c", "from arena.cli import app; app(prog_name='arena')", "bench", "engine",
               "--game", "origin", "--players", "2", "--seconds", "0.2", "--repeats", "1", "--builds", "--json"]
    done = subprocess.run(command, cwd=ROOT, env=_env(False), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = json.loads(done.stdout)
    assert {row["measure"] for row in rows} >= {"random playouts, games/s", "clone(), µs"}
    assert all(row["game"] == "origin" and row["speed-up"].endswith("×") for row in rows)
    assert all(row["compiled build"].startswith("compiled") for row in rows)
    refused = subprocess.run(command, cwd=ROOT, env=_env(True), capture_output=True, text=True, timeout=300)
    assert refused.returncode == 2 and "no compiled build to compare with" in refused.stderr


STALE_CHECK = r"""
import json, os, pathlib, sys
import engine._compiled as c
manifest = json.loads(c.MANIFEST.read_text())
manifest["modules"][sys.argv[1]]["sha256"] = "0" * 64
copy = pathlib.Path(sys.argv[2])
copy.write_text(json.dumps(manifest))
c.MANIFEST = copy
del os.environ["ARENA_PURE"]
c._STATE.clear()
c.install()
from engine.registry import get_game
from engine.rng import Rng
game = sys.argv[3]
state = get_game(game).new_game(2 if game != "natural_selection" else 3, 1)
rng = Rng(2)
while not state.is_terminal():
    legal = state.legal_actions()
    state.apply(legal[rng.below(len(legal))])
module = sys.modules.get(sys.argv[1])
print(module is None or module.__file__.endswith(".py"))
"""


@pytest.mark.parametrize("game", ["origin", "citadels", "natural_selection", "dominant_species", "random_mutations"])
def test_any_one_stale_module_leaves_its_game_playable(compiled_build, game, tmp_path):
    """Edit any one of a game's compiled modules (or the core's) and the game still imports and
    plays: that module runs as its .py, and so does every module built against its .pxd, in
    whatever order the package imports them (a typed module imports at start-up every module
    whose .pxd it reads)."""
    from concurrent.futures import ThreadPoolExecutor

    sys.path.insert(0, str(ROOT))
    from engine import _compiled

    names = [n for n in _compiled.hot_modules() if n.startswith(f"engine.{game}.") or n.startswith("engine.")
             and n.count(".") == 1]

    def check(name):
        done = subprocess.run([sys.executable, "-c", STALE_CHECK, name, str(tmp_path / f"{name}.json"), game],
                              cwd=ROOT, env=_env(True), capture_output=True, text=True, timeout=300)
        return name, done.returncode, done.stdout.strip(), done.stderr[-800:]

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(check, names))
    broken = [(name, err) for name, code, out, err in results if code != 0 or out != "True"]
    assert not broken, broken


def test_without_a_c_compiler_the_build_says_so_and_the_engines_run_as_pure_python(monkeypatch):
    """`arena build` where nothing can be built: one line saying why and that the engines run as
    pure Python, exit 0 (so the README's install line goes on); with --require, exit 2 (CI)."""
    sys.path.insert(0, str(ROOT))
    from engine import _build

    monkeypatch.setattr(_build, "missing_tools", lambda: "no C compiler (cc not found)")
    said, warned = [], []
    assert _build.run(say=said.append, warn=warned.append) == 0
    assert said == [] and warned == ["compiled build: not made, no C compiler (cc not found); "
                                     "the engines run as pure Python"]
    assert _build.run(require=True, say=said.append, warn=warned.append) == 2
