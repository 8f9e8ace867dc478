"""The compiled build: the same ``.py`` modules compiled by Cython, used only while fresh.

The ``.py`` files are the only source.  ``arena build`` (engine/_build.py) compiles the
modules :func:`hot_modules` names into ``build/compiled/`` (git-ignored; ``pip install``
itself compiles nothing) and writes ``build/compiled/manifest.json``: for each module its
extension file, the SHA-256 of its source (the ``.py``, and the ``.pxd`` beside it if
there is one, and the ``.pxd`` of each module that one cimports) and those modules
(``needs``).  :func:`install` (run once, from ``engine/__init__.py``) puts a finder first
on ``sys.meta_path`` that loads a module's extension only while that hash equals the hash
of the source on disk now and every module it needs runs compiled too (it imports their C
functions and types); a module edited since the build runs as its ``.py``, and so does
every module built against it, and the process says so once on stderr.  ``ARENA_PURE=1``
in the environment: pure Python,
the build is not looked at.  :func:`build_info` says which build runs (``arena --version``,
``arena bench engine``).

This module imports nothing of the engine's, so it can run first.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the folder holding engine/ and players/
BUILD_DIR = ROOT / "build" / "compiled"
MANIFEST = BUILD_DIR / "manifest.json"
BUILD_COMMAND = "arena build"

# What is compiled: every module of each game but the cold ones (text, tensors, options,
# codecs; what a game runs once a game or never in a search: its setup, card tables, action
# constructors and invariant checks; Dominant Species' dominance cards and board tables), the
# core, the search, and the rule players (Citadels' rollouts play its rule player).  Cold:
# under 1% of the self time, each, in cProfile of random playouts and of ISMCTS at the game's
# search defaults from `arena bench ismcts`'s positions (2026-12-01); together 23% of the C a
# whole build compiles.  A module with a .pxd beside it is compiled whatever its name.
GAME_PACKAGES = ("origin", "citadels", "natural_selection", "dominant_species", "random_mutations")
COLD = ("__init__", "render", "tensor", "codec", "options", "setup", "cards", "actions", "checks", "invariants")
COLD_MODULES = ("engine.dominant_species.dominance", "engine.dominant_species.board")
CORE = ("engine.rng", "engine.contract", "engine.values", "players.search_tree", "players.ismcts")


def hot_modules() -> list:
    """The dotted names of the modules a compiled build covers."""
    names = list(CORE)
    for game in GAME_PACKAGES:
        for path in sorted((ROOT / "engine" / game).glob("*.py")):
            name = f"engine.{game}.{path.stem}"
            if path.with_suffix(".pxd").exists() or (path.stem not in COLD and name not in COLD_MODULES):
                names.append(name)
    names += [f"players.rules.{game}" for game in GAME_PACKAGES if (ROOT / "players" / "rules" / f"{game}.py").exists()]
    return names


def source_path(name: str) -> Path:
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def cimports(name: str) -> list:
    """The modules of this project whose ``.pxd`` the ``.pxd`` of ``name`` cimports (a
    ``from a.b cimport c`` names module ``a.b.c`` where it has a ``.pxd``, else ``a.b``)."""
    pxd = source_path(name).with_suffix(".pxd")
    if not pxd.exists():
        return []
    found = []
    for line in pxd.read_text().splitlines():
        words = line.split("#")[0].replace(",", " ").split()
        if len(words) >= 4 and words[0] == "from" and words[2] == "cimport":
            names = [f"{words[1]}.{word}" for word in words[3:] if word != "as"]
            names = [n for n in names if source_path(n).with_suffix(".pxd").exists()] or [words[1]]
        elif len(words) >= 2 and words[0] == "cimport":
            names = [word for word in words[1:] if word != "as"]
        else:
            continue
        found += [n for n in names if n not in found and source_path(n).with_suffix(".pxd").exists()]
    return found


def needs(name: str) -> list:
    """Every module whose declarations the compiled ``name`` is built against: its cimports,
    theirs, and so on (sorted; ``name`` itself left out)."""
    seen, todo = set(), [name]
    while todo:
        for other in cimports(todo.pop()):
            if other not in seen and other != name:
                seen.add(other)
                todo.append(other)
    return sorted(seen)


def source_hash(name: str, built_against=None) -> str:
    """SHA-256 of a module's source: its ``.py``, then its ``.pxd`` if there is one, then
    the ``.pxd`` of every module it cimports (:func:`needs`): a changed declaration there
    changes the C code compiled here.  ``built_against``: those modules as a manifest
    recorded them, read instead of parsing every ``.pxd`` again (each process checks the
    build at import).  Sound: a ``.pxd`` that now cimports another module has changed
    itself, and its bytes are in the hash."""
    py = source_path(name)
    digest = hashlib.sha256(py.read_bytes())
    for other in [name] + list(needs(name) if built_against is None else built_against):
        pxd = source_path(other).with_suffix(".pxd")
        if pxd.exists():
            digest.update(b"\0pxd\0" if other == name else f"\0needs {other}\0".encode())
            digest.update(pxd.read_bytes())
    return digest.hexdigest()


def build_tag() -> str:
    """What an extension must have been built for: this interpreter's ABI."""
    return importlib.machinery.EXTENSION_SUFFIXES[0]


_STATE: dict = {}  # what install() found: build, fresh {name: path}, stale, reason


def load_manifest():
    """(the manifest, None) where one was built for this interpreter, else ({}, why not)."""
    if not MANIFEST.exists():
        return {}, f"no compiled build: {BUILD_COMMAND} makes one"
    try:
        manifest = json.loads(MANIFEST.read_text())
    except (OSError, ValueError) as error:
        return {}, f"unreadable {MANIFEST}: {error}"
    if manifest.get("tag") != build_tag():
        return {}, f"the compiled build is for {manifest.get('tag')}, this Python wants {build_tag()}"
    return manifest, None


def _read_manifest():
    """(fresh {name: extension path}, stale [names], reason or None)."""
    manifest, reason = load_manifest()
    if reason:
        return {}, [], reason
    fresh, stale = {}, []
    _STATE["tool"] = f"Cython {manifest.get('cython', '?')}"
    for name, entry in sorted(manifest.get("modules", {}).items()):
        path = BUILD_DIR / entry["file"]
        try:
            ok = path.exists() and source_hash(name, entry.get("needs")) == entry["sha256"]
        except OSError:
            ok = False
        if ok:
            fresh[name] = str(path)
        else:
            stale.append(name)
    # a compiled module that cimports another (its .pxd) imports that one's compiled
    # functions and types: it runs compiled only where that one does too
    changed = True
    while changed:
        changed = False
        for name, entry in sorted(manifest.get("modules", {}).items()):
            if name in fresh and any(other not in fresh for other in entry.get("needs", ())):
                del fresh[name]
                stale.append(name)
                changed = True
    return fresh, stale, None


class _CompiledFinder:
    """A meta path finder: a fresh compiled module's extension, else nothing (the
    ordinary finders then load the ``.py``)."""

    def __init__(self, fresh: dict):
        self.fresh = fresh

    def find_spec(self, fullname, path=None, target=None):
        where = self.fresh.get(fullname)
        if where is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, where)
        return importlib.util.spec_from_file_location(fullname, where, loader=loader)

    def invalidate_caches(self):
        pass


def install() -> None:
    """Install the finder (once per process) unless ``ARENA_PURE=1``; a stale module is
    reported once on stderr and runs as its ``.py``."""
    if _STATE:
        return
    if os.environ.get("ARENA_PURE", "") not in ("", "0"):
        _STATE.update(fresh={}, stale=[], reason="ARENA_PURE=1")
        return
    fresh, stale, reason = _read_manifest()
    _STATE.update(fresh=fresh, stale=stale, reason=reason)
    if stale:
        shown = ", ".join(stale[:4]) + (f" and {len(stale) - 4} more" if len(stale) > 4 else "")
        print(f"arena: {len(stale)} compiled {'module' if len(stale) == 1 else 'modules'} older than their source "
              f"(or built against one that is) run as pure Python ({shown}); {BUILD_COMMAND} rebuilds them",
              file=sys.stderr)
    if fresh:
        sys.meta_path.insert(0, _CompiledFinder(fresh))


def compiled_now() -> list:
    """The hot modules imported so far that run compiled in this process."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [name for name in hot_modules()
            if str(getattr(sys.modules.get(name), "__file__", "") or "").endswith(suffixes)]


def build_info() -> dict:
    """Which build runs: ``build`` ("compiled", "partly compiled" or "pure Python"),
    ``compiled`` (fresh compiled modules, used at import), ``modules`` (how many a
    compiled build covers), ``stale`` (compiled but older than their source) and
    ``reason`` (why pure, where it is)."""
    install()
    hot = set(hot_modules())
    total = len(hot)
    fresh = [name for name in _STATE["fresh"] if name in hot]
    build = "pure Python" if not fresh else "compiled" if len(fresh) == total else "partly compiled"
    return {"build": build, "compiled": len(fresh), "modules": total,
            "stale": list(_STATE["stale"]), "reason": _STATE["reason"]}


def describe() -> str:
    """One line for people, e.g. ``compiled (Cython 3.3.1): 67 of 67 hot modules`` or
    ``pure Python: 0 of 67 hot modules compiled (ARENA_PURE=1)``."""
    info = build_info()
    counts = f"{info['compiled']} of {info['modules']} hot modules"
    if info["build"] == "pure Python":
        text = f"pure Python: {counts} compiled"
    else:
        text = f"{info['build']} ({_STATE.get('tool', 'Cython')}): {counts}"
    if info["stale"]:
        text += f", {len(info['stale'])} stale (rebuild: {BUILD_COMMAND})"
    if info["reason"]:
        text += f" ({info['reason']})"
    return text
