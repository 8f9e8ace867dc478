"""Build the compiled engines: the hot modules' unchanged ``.py`` files compiled by Cython.

    arena build            # build (or bring up to date) build/compiled/
    arena build --check    # say which build would run; build nothing
    arena build --clean    # remove build/compiled/ (pure Python again)

(``python -m engine._build`` takes the same options.)  Needs Cython (a dependency of
arena) and a C compiler with Python's headers; ``pip install`` itself compiles nothing.
Each module's extension goes to ``build/compiled/<package path>/`` (git-ignored) and
``build/compiled/manifest.json`` records the SHA-256 of the source it was compiled from;
``engine/_compiled.py`` loads a module's extension only while that hash matches the
source on disk, so an edited ``.py`` runs as itself until the next build.  A rebuild
compiles only the modules whose source changed.  Exit status 0: built, already fresh, or
(without ``--require``) nothing can be built here, which it says: the engines then run as
pure Python; 2: nothing can be built here and ``--require`` was given; 1: a module failed to
compile (the modules that did compile are used, the others run as pure Python).
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

from engine import _compiled

# Cython directives: Python semantics exactly (annotations are not types: the .py files are
# checked by the pure build, and the compiled one must behave the same where one is wrong).
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False,
              "embedsignature": False}
# Directives of one module (a .pxd cannot set them; a "# cython:" line in it is not read).
# engine.contract: its State is a cdef class (engine/contract.pxd) that every game's State
# subclasses; Cython's generated pickling would pickle a plain subclass's __slots__ as
# nothing, so State has none and such a subclass pickles as before (by its slots).
MODULE_DIRECTIVES = {"engine.contract": {"auto_pickle": False}}
# C flags, after Python's own (which carry -g and -O3): no debug information and -O1. On
# Cython's output these build about three times faster than Python's -g -O3 (one 32k-line
# module: 12 s against 4 s) and play at the same speed within noise (docs/benchmarks.md).
COMPILE_ARGS = ["-O1", "-g0", "-Wno-unused-function", "-Wno-unreachable-code"]


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


class _Watch:
    """Calls ``progress(done, total, what)`` every second while a build runs, from the files it
    has made so far: C sources translated (Cython), then C compiled to objects."""

    def __init__(self, progress, todo: list, began: float, c_dir: Path, objects: Path):
        import threading

        self.progress, self.total, self.began = progress, len(todo), began
        self.c_dir, self.objects = c_dir, objects
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        if self.progress is not None:
            self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join()

    def _made(self, folder: Path, pattern: str) -> int:
        try:
            return sum(1 for path in folder.rglob(pattern) if path.stat().st_mtime >= self.began)
        except OSError:  # a file renamed away while counted
            return 0

    def _run(self) -> None:
        while not self.stop.wait(1.0):
            translated = self._made(self.c_dir, "*.c")
            if translated < self.total:
                self.progress(translated, self.total, "Cython translating to C")
            else:
                self.progress(min(self._made(self.objects, "*.o"), self.total), self.total, "compiling C")


def build(modules: list, jobs: int, quiet: bool = True, say=print, progress=None) -> int:
    """Compile the modules whose source changed since the manifest; 0 when every one of
    ``modules`` is fresh afterwards, 1 when some failed (those run as pure Python).
    ``progress(done, total, what)``: told every second while it compiles."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    root, build_dir = _compiled.ROOT, _compiled.BUILD_DIR
    old = _compiled.load_manifest()[0].get("modules", {})
    hashes = {name: _compiled.source_hash(name) for name in modules}  # before compiling
    todo = [name for name in modules
            if old.get(name, {}).get("sha256") != hashes[name]
            or not (build_dir / old[name]["file"]).exists()]
    kept = {name: old[name] for name in modules if name not in todo}
    say(f"compiled build: {_modules(len(modules))}, {len(kept)} fresh, {len(todo)} to compile ({jobs} jobs)")
    if not todo:
        _write_manifest(kept)
        return 0
    # the manifest goes first: a build that stops halfway leaves nothing half-recorded
    _write_manifest(kept)
    staging = build_dir / "tmp" / "lib"
    shutil.rmtree(staging, ignore_errors=True)
    flags = COMPILE_ARGS + (["-w"] if quiet else [])  # the C compiler's warnings: --verbose only
    extensions = [Extension(name, [str(_compiled.source_path(name).relative_to(root))],
                            extra_compile_args=flags) for name in todo]
    began = time.perf_counter()
    cwd = os.getcwd()
    os.chdir(root)
    failure = None
    with _Watch(progress, todo, time.time() - 1, build_dir / "c", build_dir / "tmp"):
        try:
            # a module with directives of its own (MODULE_DIRECTIVES) is cythonized apart
            groups: dict = {}
            for extension in extensions:
                groups.setdefault(extension.name if extension.name in MODULE_DIRECTIVES else None, []).append(extension)
            extensions = []
            for name, group in groups.items():
                extensions += cythonize(group, build_dir=str(build_dir / "c"), force=True, nthreads=jobs, quiet=quiet,
                                        compiler_directives={**DIRECTIVES, **MODULE_DIRECTIVES.get(name, {})})
            dist = Distribution({"name": "arena-compiled", "ext_modules": extensions})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib = str(staging)  # linked here, then renamed into place (below)
            cmd.build_temp = str(build_dir / "tmp")
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
        except Exception as error:  # Cython's or the C compiler's: what did compile is kept
            failure = error
        finally:
            os.chdir(cwd)
    failed = []
    for name in todo:
        relative = Path(*name.split(".")).with_suffix(_compiled.build_tag())
        made = staging / relative
        if not made.exists():
            failed.append(name)
            continue
        (build_dir / relative).parent.mkdir(parents=True, exist_ok=True)
        # a rename, never a write over the old file: a process that has the old extension
        # loaded keeps its copy (writing into a loaded shared object can crash it)
        os.replace(made, build_dir / relative)
        kept[name] = {"file": relative.as_posix(), "sha256": hashes[name], "needs": _compiled.needs(name)}
    _write_manifest(kept)
    seconds = time.perf_counter() - began
    if failed:
        shown = ", ".join(failed[:4]) + (f" and {len(failed) - 4} more" if len(failed) > 4 else "")
        say(f"compiled build: {len(failed)} of {_modules(len(todo))} did not compile ({shown}): they run as "
            f"pure Python{f' ({type(failure).__name__}: {failure})' if failure else ''}")
        return 1
    say(f"compiled build: {_modules(len(todo))} compiled in {seconds:.0f} s")
    return 0


def _modules(count: int) -> str:
    return f"{count} module" + ("" if count == 1 else "s")


def _write_manifest(modules: dict) -> None:
    import Cython

    _compiled.BUILD_DIR.mkdir(parents=True, exist_ok=True)
    manifest = {"tag": _compiled.build_tag(), "cython": Cython.__version__,
                "python": sys.version.split()[0], "directives": DIRECTIVES,
                "compile_args": COMPILE_ARGS, "modules": dict(sorted(modules.items()))}
    temporary = _compiled.MANIFEST.with_suffix(".tmp")
    temporary.write_text(json.dumps(manifest, indent=1) + "\n")
    temporary.replace(_compiled.MANIFEST)


def clean() -> str:
    shutil.rmtree(_compiled.BUILD_DIR, ignore_errors=True)
    return f"removed {_compiled.BUILD_DIR}: the engines run as pure Python"


def run(modules=None, jobs=None, require=False, quiet=True, say=print, warn=None, progress=None) -> int:
    """What ``arena build`` does: the exit status of the module docstring."""
    warn = warn or (lambda text: print(text, file=sys.stderr))
    why = missing_tools()
    if why:
        warn(f"compiled build: not made, {why}; the engines run as pure Python")
        return 2 if require else 0
    return build(list(modules or _compiled.hot_modules()), max(1, jobs or os.cpu_count() or 1),
                 quiet=quiet, say=say, progress=progress)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="say which build would run; build nothing")
    parser.add_argument("--clean", action="store_true", help="remove build/compiled/")
    parser.add_argument("--require", action="store_true", help="exit 2 where nothing can be built")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--module", action="append", help="compile only these (dotted names; for measuring)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.clean:
        print(clean())
        return 0
    if args.check:
        print(_compiled.describe())
        return 0
    return run(args.module, args.jobs, require=args.require, quiet=not args.verbose)


if __name__ == "__main__":
    sys.exit(main())
