"""A submitted player's files: one ``.py``, or a ``.zip`` of a folder (code and weights),
unpacked into a folder of its own that only this player's jail sees a copy of.

Every entry of an archive is checked before anything is written.  An archive is refused, with
the reason (an :class:`UploadError` naming the entry and the limit), when an entry

* is a link, a device file, a FIFO or a socket (anything but a file or a folder, where the entry
  carries a Unix mode);
* has an absolute path or a ``..`` part;
* has a name a disk cannot hold: a part over 255 bytes (UTF-8), a path over 1024 bytes, a NUL or
  another control character;
* lies deeper than ``max_depth`` path parts;
* repeats another's path, or makes one name both a file and a folder;

or when the archive holds more than ``max_entries`` files and folders together (counting every
folder its paths imply, once, after its common top folder is stripped), or more than
``max_unpacked`` bytes unpacked (from the headers first, then counted while unpacking: headers
can lie).  A refused upload leaves nothing on disk.

Beside these, the server keeps each user's uploads within ``user_quota`` bytes
(:func:`check_user_quota`, measured by :func:`folder_bytes`) and refuses uploads while the disk
has less than ``disk_margin`` bytes free (:func:`disk_margin`).
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

CLASS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MODULE_FILE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./-]*\.py")
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
NAME_BYTES, PATH_BYTES = 255, 1024  # a path part, a whole path (UTF-8), as a Linux disk holds them
FOLDER_BYTES = 4096  # what a folder is counted as in a user's quota
MiB = 1024 * 1024


class UploadError(ValueError):
    """An upload refused; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass
class UploadLimits:
    max_bytes: int = 8 * MiB  # the request body
    max_entries: int = 1000  # files and folders in an archive, the folders its paths imply included
    max_depth: int = 16  # path parts of an archive's entry (its common top folder stripped)
    max_unpacked: int = 64 * MiB  # an archive's files, unpacked (the jail copies at most 64 MiB)
    user_quota: int = 256 * MiB  # a user's uploads together, unpacked (see folder_bytes)
    disk_margin: int = 512 * MiB  # free disk below which uploads are refused (and the server warns at its start)


def place_upload(filename: str, data_path: Path, cls: str, folder: Path, limits: UploadLimits) -> str:
    """Put an uploaded file (saved at ``data_path``) into ``folder``; returns the player's spec
    (``/abs/folder/file.py:Class``).  ``cls``: ``Class`` for a .py; ``file.py:Class`` (or ``Class``
    where the archive holds one .py at its top) for a .zip.  Refused (any error), ``folder`` is removed."""
    folder.mkdir(parents=True, exist_ok=False)
    name = os.path.basename(filename or "")
    try:
        if name.endswith(".py"):
            if not CLASS.fullmatch(cls):
                raise UploadError(f"class {cls!r}: give the class's name, e.g. MyBot")
            module = name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*\.py", name) else "player.py"
            shutil.copyfile(data_path, folder / module)
            return f"{folder / module}:{cls}"
        if name.endswith(".zip"):
            try:
                unpack(data_path, folder, limits)
            except UploadError:
                raise
            except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:  # a damaged entry, a full
                # disk: said as such (the archive's own faults are refused before anything is written)
                raise UploadError(f"the archive cannot be unpacked here ({type(exc).__name__}: "
                                  f"{str(exc)[:200]})") from None
            return f"{folder / _module_in(folder, cls)}:{cls.rpartition(':')[2]}"
        raise UploadError(f"file {name!r}: upload a .py file or a .zip of the player's folder")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _module_in(folder: Path, cls: str) -> str:
    module, sep, name = cls.rpartition(":")
    if not CLASS.fullmatch(name):
        raise UploadError(f"class {cls!r}: give file.py:Class, the file's path inside the archive")
    if not sep:
        tops = sorted(p.name for p in folder.glob("*.py"))
        if len(tops) != 1:
            raise UploadError(f"class {cls!r}: the archive has {len(tops)} .py files at its top; "
                              "give file.py:Class")
        module = tops[0]
    if not MODULE_FILE.fullmatch(module) or ".." in PurePosixPath(module).parts or not (folder / module).is_file():
        raise UploadError(f"class {cls!r}: no file {module!r} in the archive")
    return module


def unpack(archive: Path, folder: Path, limits: UploadLimits) -> None:
    """Unpack the zip ``archive`` into ``folder`` (its common top folder stripped), once every entry
    has passed the checks of the module's docstring; an :class:`UploadError` says which did not."""
    try:
        zf = zipfile.ZipFile(archive)
    except (zipfile.BadZipFile, OSError) as exc:
        raise UploadError(f"not a zip archive ({exc})") from None
    with zf:
        planned = _checked(zf.infolist(), limits)
        total = 0
        for entry, parts in planned:
            target = folder.joinpath(*parts)
            if entry.is_dir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(entry) as source, open(target, "wb") as out:
                while True:
                    chunk = source.read(1 << 16)
                    if not chunk:
                        break
                    total += len(chunk)
                    if total > limits.max_unpacked:
                        raise UploadError(f"the archive unpacks to more than {limits.max_unpacked} bytes; "
                                          f"at most {limits.max_unpacked}")
                    out.write(chunk)


def _checked(entries: list, limits: UploadLimits) -> list:
    """``[(entry, path parts)]`` to unpack, each entry checked first (see the module's docstring)."""
    strip = _common_top([e.filename for e in entries])
    seen, files, folders, planned, declared = set(), set(), set(), [], 0
    for entry in entries:
        name = entry.filename
        path, shown = PurePosixPath(name), f"archive entry {name[:120]!r}" + ("..." if len(name) > 120 else "")
        kind = stat.S_IFMT(entry.external_attr >> 16)
        if kind == stat.S_IFLNK:
            raise UploadError(f"{shown} is a link; links are not accepted")
        if kind and kind not in (stat.S_IFREG, stat.S_IFDIR):
            raise UploadError(f"{shown} is a device file, FIFO or socket (mode {kind:#o}); only files and "
                              "folders are accepted")
        if CONTROL.search(name):
            raise UploadError(f"the archive cannot be unpacked here: {shown} has a control character in its name")
        if name.startswith("/") or path.is_absolute() or re.match(r"[A-Za-z]:", name) or "\\" in name:
            raise UploadError(f"{shown} has an absolute path")
        if ".." in path.parts:
            raise UploadError(f"{shown} has a '..' in its path")
        parts = path.parts[1:] if strip else path.parts
        if not parts:
            continue
        longest = max(len(p.encode()) for p in parts)
        if longest > NAME_BYTES or len(name.encode()) > PATH_BYTES:
            raise UploadError(f"the archive cannot be unpacked here: {shown} has a name part of {longest} bytes "
                              f"(at most {NAME_BYTES}) or a path of {len(name.encode())} (at most {PATH_BYTES})")
        if len(parts) > limits.max_depth:
            raise UploadError(f"{shown} lies {len(parts)} path parts deep; at most {limits.max_depth}")
        above = {parts[:i] for i in range(1, len(parts))}
        clash = above & files or ({parts} & (files if entry.is_dir() else folders))
        if clash:
            raise UploadError(f"the archive cannot be unpacked here: {shown} makes {'/'.join(clash.pop())!r} "
                              "both a file and a folder")
        if parts in seen:
            raise UploadError(f"{shown} repeats another entry's path; each path once")
        seen.add(parts)
        (folders if entry.is_dir() else files).add(parts)
        folders |= above
        if len(files) + len(folders) > limits.max_entries:
            raise UploadError(f"the archive holds more than {limits.max_entries} files and folders (counting "
                              f"the folders its paths imply; at {shown}); at most {limits.max_entries}")
        declared += entry.file_size
        if declared > limits.max_unpacked:
            raise UploadError(f"the archive unpacks to more than {limits.max_unpacked} bytes (its headers say; "
                              f"at {shown}); at most {limits.max_unpacked}")
        planned.append((entry, parts))
    return planned


def _common_top(names: list) -> bool:
    """Whether every entry lies in one top folder (a zip of a folder): it is stripped."""
    tops = {PurePosixPath(n).parts[0] for n in names if PurePosixPath(n).parts}
    return len(tops) == 1 and all(len(PurePosixPath(n).parts) > 1 or n.endswith("/") for n in names)


def folder_bytes(path: Path) -> int:
    """The disk ``path`` holds, as a user's quota counts it: the sizes of the regular files under it,
    plus ``FOLDER_BYTES`` (4096) for it and for each folder under it.  Links are neither followed nor
    counted; a missing ``path`` (or one that vanishes while it is walked) counts what is left, 0 at least."""
    total = 0
    for top, _, names in os.walk(path):  # never follows links to folders
        total += FOLDER_BYTES
        for name in names:
            try:
                info = os.lstat(os.path.join(top, name))
            except OSError:
                continue
            total += info.st_size if stat.S_ISREG(info.st_mode) else 0
    return total


def check_user_quota(user_root: Path, incoming: int, limits: UploadLimits) -> None:
    """Refuse (``UploadError``, status 413) an upload of ``incoming`` bytes when the user's uploads
    under ``user_root`` (:func:`folder_bytes`) and it would together pass ``limits.user_quota``.
    Call it with the upload's size before placing it, and with 0 once it is unpacked."""
    used = folder_bytes(user_root)
    if used + incoming > limits.user_quota:
        raise UploadError(f"your uploads, this one with them, would hold {(used + incoming) / MiB:.1f} MiB, over "
                          f"your quota of {limits.user_quota / MiB:.1f} MiB; retire players you no longer need",
                          status=413)


def disk_margin(path: Path, margin_bytes: int) -> str | None:
    """A one-line warning when the filesystem holding ``path`` (which must exist) has less than
    ``margin_bytes`` free, else None."""
    free = shutil.disk_usage(path).free
    if free < margin_bytes:
        return f"{free / MiB:.0f} MiB free on the disk of {path}, under the margin of {margin_bytes / MiB:.0f} MiB"
    return None
