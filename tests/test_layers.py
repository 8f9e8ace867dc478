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
    module.write_text("import os\n\ndef f():\n    from arena.match import play_game\n    import players.base\n")
    assert imported_packages(module) == {"os", "arena", "players"}
