"""Build the compiled engines: the hot modules' unchanged ``.py`` files compiled by Cython.

    python tools/build_compiled.py            # build (or bring up to date) build/compiled/
    python tools/build_compiled.py --check    # say which build would run, build nothing
    python tools/build_compiled.py --clean    # remove build/compiled/ (pure Python again)

Opt-in, never at install time: ``pip install -e .`` compiles nothing.  Needs Cython
(``pip install cython``) and a C compiler.  Each module's extension goes to
``build/compiled/<package path>/`` (git-ignored) and ``build/compiled/manifest.json``
records the SHA-256 of the source it was compiled from; ``engine/_compiled.py`` loads a
module's extension only while that hash matches the source on disk, so an edited ``.py``
runs as itself until the next build.  A rebuild compiles only the modules whose source
changed.  Exit status 0: built (or already fresh); 2: no Cython or no C compiler (the
engines run as pure Python); 1: a module failed to compile.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["ARENA_PURE"] = "1"  # this process never loads the build it is making

from engine import _compiled  # noqa: E402

# Cython directives: Python semantics exactly (annotations are not types: the .py files are
# checked by the pure build, and the compiled one must behave the same where one is wrong).
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False,
              "embedsignature": False}
# Directives of one module (a .pxd cannot set them; a "# cython:" line in it is not read).
# engine.contract: its State is a cdef class (engine/contract.pxd) that every game's State
# subclasses; Cython's generated pickling would pickle a plain subclass's __slots__ as
# nothing, so State has none and such a subclass pickles as before (by its slots).
MODULE_DIRECTIVES = {"engine.contract": {"auto_pickle": False}}


def missing_tools():
    """Why a build cannot be made here, or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install cython)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler} not found)"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def read_manifest() -> dict:
    try:
        manifest = json.loads(_compiled.MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    return manifest if manifest.get("tag") == _compiled.build_tag() else {}


def build(modules: list, jobs: int, quiet: bool = True) -> int:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    build_dir = _compiled.BUILD_DIR
    old = read_manifest().get("modules", {})
    hashes = {name: _compiled.source_hash(name) for name in modules}  # before compiling
    todo = [name for name in modules
            if old.get(name, {}).get("sha256") != hashes[name]
            or not (build_dir / old[name]["file"]).exists()]
    kept = {name: old[name] for name in modules if name not in todo}
    print(f"compiled build: {len(modules)} modules, {len(kept)} fresh, {len(todo)} to compile "
          f"({jobs} jobs)", flush=True)
    if todo:
        # the manifest goes first: a build that stops halfway leaves nothing half-recorded
        _write_manifest(kept)
        extensions = [Extension(name, [str(_compiled.source_path(name).relative_to(ROOT))],
                                extra_compile_args=["-O2", "-Wno-unused-function", "-Wno-unreachable-code"])
                      for name in todo]
        began = time.perf_counter()
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            # a module with directives of its own (MODULE_DIRECTIVES) is cythonized apart
            groups = {}
            for extension in extensions:
                groups.setdefault(extension.name if extension.name in MODULE_DIRECTIVES else None,
                                  []).append(extension)
            extensions = []
            for name, group in groups.items():
                extensions += cythonize(group, build_dir=str(build_dir / "c"), force=True, nthreads=jobs,
                                        quiet=quiet,
                                        compiler_directives={**DIRECTIVES, **MODULE_DIRECTIVES.get(name, {})})
            dist = Distribution({"name": "arena-compiled", "ext_modules": extensions})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib = str(build_dir)
            cmd.build_temp = str(build_dir / "tmp")
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
        finally:
            os.chdir(cwd)
        for name in todo:
            relative = Path(*name.split(".")).with_suffix(_compiled.build_tag())
            if not (build_dir / relative).exists():
                print(f"compiled build: {name} did not compile", file=sys.stderr)
                return 1
            kept[name] = {"file": relative.as_posix(), "sha256": hashes[name], "needs": _compiled.needs(name)}
        print(f"compiled build: {len(todo)} modules compiled in {time.perf_counter() - began:.0f} s")
    _write_manifest(kept)
    return 0


def _write_manifest(modules: dict) -> None:
    import Cython

    _compiled.BUILD_DIR.mkdir(parents=True, exist_ok=True)
    manifest = {"tag": _compiled.build_tag(), "cython": Cython.__version__,
                "python": sys.version.split()[0], "directives": DIRECTIVES,
                "modules": dict(sorted(modules.items()))}
    temporary = _compiled.MANIFEST.with_suffix(".tmp")
    temporary.write_text(json.dumps(manifest, indent=1) + "\n")
    temporary.replace(_compiled.MANIFEST)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="say which build would run; build nothing")
    parser.add_argument("--clean", action="store_true", help="remove build/compiled/")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--module", action="append", help="compile only these (dotted names; for measuring)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.clean:
        shutil.rmtree(_compiled.BUILD_DIR, ignore_errors=True)
        print(f"removed {_compiled.BUILD_DIR}: pure Python")
        return 0
    if args.check:
        del os.environ["ARENA_PURE"]
        _compiled._STATE.clear()
        print(_compiled.describe())
        return 0
    why = missing_tools()
    if why:
        print(f"compiled build: not made, {why}; the engines run as pure Python", file=sys.stderr)
        return 2
    return build(args.module or _compiled.hot_modules(), max(1, args.jobs), quiet=not args.verbose)


if __name__ == "__main__":
    sys.exit(main())
