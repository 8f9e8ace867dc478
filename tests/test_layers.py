"""Imports only point down: arena -> players -> engine.  Every import statement in
engine/ and players/ is read (at any depth, function-level ones included)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Modules allowed to reach up (none).
KNOWN: dict = {}


def imported_packages(path: Path) -> set:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def upward_imports(package: str, above: set) -> dict:
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        bad = (imported_packages(path) & above) - KNOWN.get(name, set())
        if bad:
            found[name] = sorted(bad)
    return found


def test_the_engine_imports_neither_players_nor_arena():
    assert upward_imports("engine", {"players", "arena"}) == {}


def test_players_do_not_import_arena():
    assert upward_imports("players", {"arena"}) == {}


def test_the_walk_sees_function_level_imports(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import os\n\ndef f():\n    from arena.game.match import play_game\n    import players.base\n")
    assert imported_packages(module) == {"os", "arena", "players"}


# arena's packages, lowest first: each may import only the packages named here (and itself).
# docs/design.md draws the same picture.
ARENA_FLOORS = {
    "game": set(),
    "ratings": set(),
    "interop": set(),
    "store": {"game"},
    "jail": {"game"},
    "reports": {"game", "ratings"},
    "runs": {"game", "jail", "store", "ratings", "reports"},
    "bench": {"game", "jail", "store", "ratings", "reports", "runs", "interop"},
    "rl": {"game"},
    "serve": {"game", "jail", "store", "ratings", "reports", "runs"},
}


def arena_packages_imported(path: Path) -> set:
    """The arena packages (``arena.<package>``) a module imports, at any depth."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
        for module in modules:
            parts = module.split(".")
            if parts[0] == "arena" and len(parts) > 1:
                names.add(parts[1])
    return names


def test_arena_is_one_package_per_concern_and_only_cli_is_flat():
    flat = sorted(p.name for p in (ROOT / "arena").glob("*.py"))
    packages = sorted(p.name for p in (ROOT / "arena").iterdir() if (p / "__init__.py").is_file())
    assert flat == ["__init__.py", "cli.py"]
    assert packages == sorted(ARENA_FLOORS)
    for name in packages:  # each says what it owns
        assert ast.get_docstring(ast.parse((ROOT / "arena" / name / "__init__.py").read_text())), name


def test_arena_packages_import_only_the_floors_below():
    found = {}
    for package, allowed in ARENA_FLOORS.items():
        for path in sorted((ROOT / "arena" / package).rglob("*.py")):
            bad = arena_packages_imported(path) - allowed - {package}
            if bad:
                found[path.relative_to(ROOT).as_posix()] = sorted(bad)
    assert found == {}


def test_the_floor_walk_sees_an_upward_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from arena.runs.tournament import run\n    import arena.game.match\n")
    assert arena_packages_imported(module) == {"runs", "game"}


def test_no_two_test_modules_share_a_name():
    """pytest imports test modules by their file name (no packages under tests/): two of the same
    name stop the whole run at collection."""
    seen: dict = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        seen.setdefault(path.name, []).append(path.relative_to(ROOT).as_posix())
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}


PLAY_PATH = {"run_on_ray", "run_in_process", "play_one", "start_ray", "RayRunner"}  # arena.runs.runner, .worker


def names_imported_from(path: Path, modules: set) -> set:
    tree = ast.parse(path.read_text(), filename=str(path))
    return {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module in modules
            for alias in node.names}


def test_games_are_played_and_appended_only_through_the_one_play_path():
    """arena tournament (and match, tune, submit) and the ladder play through arena.runs.playing:
    no other module starts games on Ray or in its process, nor appends to a results store."""
    found = {}
    for path in sorted((ROOT / "arena").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in ("arena/runs/playing.py", "arena/runs/runner.py", "arena/runs/worker.py") or \
                name.startswith(("arena/bench/", "arena/store/")):  # the benchmarks time the parts themselves
            continue
        bad = names_imported_from(path, {"arena.runs.runner", "arena.runs.worker"}) & PLAY_PATH
        if "store.append(" in path.read_text():
            bad.add("store.append")
        if bad:
            found[name] = sorted(bad)
    assert found == {}
    ladder = (ROOT / "arena/serve/ladder.py").read_text()
    assert "from arena.runs.playing import" in ladder and "signal.signal(" not in ladder
