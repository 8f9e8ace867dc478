"""The filesystem a jailed player sees: built by the game master, path by path.

Nothing in the view is derived from the game master's environment (its
``sys.path``, working directory or ``PYTHONPATH``).  It holds, read-only and at
their real paths:

- the system's shared libraries and tools (``/usr`` and the ``/lib*``/``/bin``
  links or folders beside it, ``/etc/ld.so.cache``, ``/etc/localtime``, the CPU count
  files of ``/sys/devices/system/cpu``: :data:`CPU_LISTS`);
- Python's installation: ``sys.base_prefix``, ``sys.prefix`` (a virtual
  environment, with its installed packages), ``sysconfig``'s library paths and
  ``site``'s package folders;
- arena's own packages (``arena``, ``engine``, ``players``), by their folders only
  (a checkout's other folders, its results among them, are not there), and the compiled
  engines' folder (``build/compiled``, where ``arena build`` made one), so that a jailed
  player's own search runs on the same build as the game master's;
- the player's own code: the folder of a ``file.py:Class`` spec, or the top-level
  package of a ``package.module:Class`` spec; the config's plugins: a ``.py`` plugin's file
  alone, a package plugin's top-level package without its hidden entries.
  Where such a folder holds a private path (the tournament's output folder, its
  config, Ray's session folder), the folder is replaced by its entries, recursively,
  leaving the private one out.  An entry that is a symbolic link is made again as the
  same link inside the jail (never bound: a bind follows the link on the host, to the
  private path it may name), so it resolves within the view, where no private path is;
  without the jail it is left out (a Landlock grant follows it too).  A file entry that
  is a hard link of a private file (the same inode) is left out.  In the jail the
  player's own folders (not the plugins', not a folder of Python's or arena's) are
  copied for each game (:func:`copy_plan`, done by :mod:`arena.jail.template`).

and nothing else: ``/proc`` (two copied files) and ``/tmp`` are the player's own (mounted
by :mod:`arena.jail.template`), ``/dev`` has only ``null``, ``zero``, ``full``,
``random``, ``urandom`` and ``tty`` (read-only nodes; its terminals covered), and the rest of
the tree is a read-only empty skeleton.  :meth:`View.bwrap` turns it into bubblewrap's arguments; without
the jail, the same paths are Landlock's read grants (:meth:`View.readable`).
"""
from __future__ import annotations

import importlib.util
import os
import site
import sys
import sysconfig
import tempfile

# the CPU counts (glibc's and Python's cpu_count, numpy's, onnxruntime's), not the live state beside
# them (each CPU's clock and idle counters, which other games move)
CPU_LISTS = tuple(f"/sys/devices/system/cpu/{name}" for name in ("online", "possible", "present", "kernel_max"))
SYSTEM = ("/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/etc/ld.so.cache",
          "/etc/localtime") + CPU_LISTS
ARENA_PACKAGES = ("arena", "engine", "players")
SCRATCH = "/tmp"


def python_paths() -> list:
    """Python's installation: prefixes, library paths and package folders."""
    paths = {sys.base_prefix, sys.prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.realpath(sys.executable))}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        paths.add(sysconfig.get_paths().get(key) or "")
    try:
        paths.update(site.getsitepackages())
    except AttributeError:  # a virtualenv's old site.py
        pass
    return sorted(p for p in paths if p and os.path.isdir(p))


def package_folders(names=ARENA_PACKAGES) -> list:
    """The folders of importable packages (an editable install maps each to its folder)."""
    found = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None:
            continue
        if spec.submodule_search_locations:
            found.extend(os.path.realpath(p) for p in spec.submodule_search_locations)
        elif spec.origin and os.path.isfile(spec.origin):
            found.append(os.path.realpath(spec.origin))
    return found


def compiled_build() -> list:
    """The compiled engines' folder, where one was built (engine/_compiled.py)."""
    from engine import _compiled

    return [os.path.realpath(_compiled.BUILD_DIR)] if _compiled.MANIFEST.exists() else []


def code_of(spec: str) -> list:
    """The folder of a player's (or plugin's) code: a ``.py`` file's folder, or the
    top-level package of a module path.  Built-in names have none."""
    from players.loading import BUILTIN

    if spec in BUILTIN or spec == "rules":
        return []
    where = spec.rpartition(":")[0] if ":" in spec else spec
    if where.endswith(".py"):
        return [os.path.dirname(os.path.realpath(where))] if os.path.isfile(where) else []
    if not where or not all(part.isidentifier() for part in where.split(".")):
        return []
    try:
        return package_folders([where.split(".")[0]])
    except (ImportError, ValueError):
        return []


def plugin_paths(plugins) -> list:
    """What of the config's plugins a jail holds: a ``.py`` plugin's file alone (not its folder,
    which may be anyone's: a home folder's keys, another tournament's results), a package
    plugin's top-level package."""
    paths = []
    for plugin in plugins:
        if plugin.endswith(".py"):
            paths += [os.path.realpath(plugin)] if os.path.isfile(plugin) else []
        else:
            paths += code_of(plugin)
    return paths


def hidden_inside(folders) -> list:
    """The hidden entries (``.git``, ``.ssh``, a ``.secret``) at or below ``folders``: left out of
    a view that holds the folders."""
    found = []
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        for root, dirs, files in os.walk(folder):
            found += [os.path.join(root, name) for name in dirs + files if name.startswith(".")]
            dirs[:] = [d for d in dirs if not d.startswith(".")]
    return found


def import_roots(folders) -> list:
    """What to put on the jailed interpreter's ``sys.path`` for code in ``folders``: a
    package's parent (which in the view holds only what is bound there), a plain
    folder itself."""
    roots = []
    for folder in folders:
        root = os.path.dirname(folder) if os.path.isfile(os.path.join(folder, "__init__.py")) else folder
        if os.path.isfile(folder):
            root = os.path.dirname(folder)
        if root not in roots:
            roots.append(root)
    return roots


def default_private() -> list:
    """Paths that are private whatever the caller says: Ray's session folders."""
    return [os.path.join(tempfile.gettempdir(), "ray")]


def cover(paths, private, links: list | None = None) -> list:
    """``paths``, each replaced by its entries, recursively, where it holds a private path.
    An entry that is a symbolic link is not returned (binding it would follow it on the
    host) but added to ``links`` as ``(target, path)``, to be made again inside; a file that
    is a hard link of a private file is left out."""
    private = [os.path.realpath(p) for p in private if p]
    out: list = []
    private_inodes: list = []  # (device, inode) of every private file, found when first needed

    def is_private_file(path: str) -> bool:
        try:
            info = os.stat(path, follow_symlinks=False)
        except OSError:
            return True
        if info.st_nlink < 2 or not os.path.isfile(path):
            return False
        if not private_inodes:
            private_inodes.append(_inodes(private))
        return (info.st_dev, info.st_ino) in private_inodes[0]

    def walk(path: str, entry: bool) -> None:
        if any(path == p for p in private):
            return
        if entry and os.path.islink(path):
            if links is not None:
                links.append((os.readlink(path), path))
            return
        if not any(p.startswith(path.rstrip("/") + "/") for p in private):
            if not (entry and is_private_file(path)):
                out.append(path)
            return
        try:
            entries = sorted(os.listdir(path))
        except OSError:
            return
        for name in entries:
            walk(os.path.join(path, name), True)

    for path in paths:
        real = os.path.realpath(path)
        if os.path.exists(real):
            walk(real, False)
    return out


def _inodes(paths) -> set:
    """(device, inode) of every regular file at or under ``paths``."""
    found = set()
    for top in paths:
        for root, _, files in os.walk(top) if os.path.isdir(top) else [(os.path.dirname(top), (), [top])]:
            for name in files:
                try:
                    info = os.stat(os.path.join(root, name), follow_symlinks=False)
                except OSError:
                    continue
                found.add((info.st_dev, info.st_ino))
    return found


def _below(path: str, folders) -> bool:
    """Whether ``path`` is one of ``folders`` or inside one."""
    return any(path == f or path.startswith(f.rstrip("/") + "/") for f in map(os.path.realpath, folders))


def _outermost(paths) -> list:
    """Sorted, without duplicates and without paths inside another one."""
    kept: list = []
    for path in sorted(set(paths), key=lambda p: (p.count("/"), p)):
        if not any(path == k or path.startswith(k.rstrip("/") + "/") for k in kept):
            kept.append(path)
    return sorted(kept)


COPY_MB = 64  # a player's own folder, copied into each game's jail: at most this much
COPY_FILES = 4096  # and this many entries


class FolderTooLarge(ValueError):
    """A player's own folder too large to copy into every game's jail; the message says so."""


def _skipped(name: str) -> bool:
    """Entries of a player's folder left out of its copy: hidden ones (``.git``, ``.venv``)
    and Python's byte-code caches."""
    return name.startswith(".") or name == "__pycache__"


def copy_plan(folder: str, private, inside) -> dict:
    """What copying ``folder`` into a jail takes: ``{"path", "keep"}``, ``keep`` being the
    paths of ``inside`` (the view's other paths) below it, bound again in the copy instead of
    copied.  Raises :class:`FolderTooLarge` past :data:`COPY_MB` or :data:`COPY_FILES`."""
    folder = os.path.realpath(folder)
    below = [p for p in inside if p.startswith(folder.rstrip("/") + "/")]
    keep = _outermost(below)
    left_out = set(keep) | {os.path.realpath(p) for p in private if p}
    size = entries = 0
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not _skipped(d) and os.path.join(root, d) not in left_out]
        for name in files:
            path = os.path.join(root, name)
            if _skipped(name) or path in left_out:
                continue
            try:
                info = os.stat(path, follow_symlinks=False)
            except OSError:
                continue
            entries += 1
            size += info.st_size if os.path.isfile(path) and not os.path.islink(path) else 0
        entries += len(dirs)
        if size > COPY_MB << 20 or entries > COPY_FILES:
            raise FolderTooLarge(
                f"the player's folder {folder} holds more than {COPY_MB} MiB or {COPY_FILES} files and folders "
                "(hidden ones and __pycache__ left out): a submitted player's folder is copied into each game's jail; "
                "put the player's files in a folder of their own")
    return {"path": folder, "keep": keep}


class View:
    """What one jailed player can read (see the module's docstring).  ``code``: the player's
    own folders, copied into each game's jail (:func:`copy_plan`); ``plugins``: the config's
    plugins' folders, bound read-only as they are."""

    def __init__(self, code=(), private=(), plugins=()):
        private = list(private) + default_private()
        self.links: list = []  # (target, path): symbolic links among a covered folder's entries
        self.code = cover(list(code), private, self.links) + \
            cover(list(plugins), private + hidden_inside(plugins), self.links)
        trusted = python_paths() + package_folders() + compiled_build()
        self.paths = _outermost(cover(trusted, private, self.links) + self.code)
        self.sys_path = import_roots(package_folders()) + import_roots(self.code)
        # a lone module file stays bound, and so does a folder of Python's or arena's own (trusted
        # code, shared read-only as every library is)
        own = [f for f in map(os.path.realpath, code) if os.path.isdir(f) and not _below(f, trusted)]
        inside = cover(trusted, private) + cover(plugins, private)
        self.copies = [copy_plan(folder, private, inside) for folder in _outermost(own)]

    def key(self) -> tuple:
        """Views with the same key are the same filesystem."""
        return tuple(self.paths) + tuple(self.links)

    def readable(self) -> list:
        """Landlock's read grants where there is no jail: the same paths, the system's
        libraries, the few devices Python reads and the ``/proc`` files a jail copies (not
        ``/proc``'s per-process files: ``pagemap``, ``smaps``, ``stat``, ``io``)."""
        from arena.jail.template import PROC_FILES

        extra = [p for p in SYSTEM if os.path.exists(p)] + [f"/proc/{name}" for name in PROC_FILES] + \
            ["/dev/urandom", "/dev/random", "/dev/null"]
        return self.paths + extra

    def bwrap(self) -> list:
        """bubblewrap's filesystem arguments for this view."""
        args = []
        for path in SYSTEM:
            if os.path.islink(path):
                args += ["--symlink", os.readlink(path), path]
            elif os.path.exists(path):
                args += ["--ro-bind", path, path]
        system = [p for p in SYSTEM if os.path.exists(p) and not os.path.islink(p)]
        for path in self.paths:
            if not any(path == s or path.startswith(s + "/") for s in system):
                args += ["--ro-bind", path, path]
        for target, path in self.links:  # the same links, resolved inside the jail
            if not any(path == s or path.startswith(s + "/") for s in system):
                args += ["--symlink", target, path]
        args += ["--proc", "/proc", "--dev", "/dev", "--dir", SCRATCH,
                 "--remount-ro", "/dev", "--remount-ro", "/"]
        return args
