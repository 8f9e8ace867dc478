"""A submitted player's files: one ``.py``, or a ``.zip`` of a folder (code and weights),
unpacked into a folder of its own that only this player's jail sees a copy of.

An archive is refused, with the reason, when an entry is a link, has an absolute path or a
``..`` part, or when it holds more than ``max_files`` files or more than ``max_unpacked``
bytes unpacked (counted while unpacking, not from the headers alone).
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


class UploadError(ValueError):
    """An upload refused; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass
class UploadLimits:
    max_bytes: int = 8 * 1024 * 1024  # the request body
    max_files: int = 1000  # in an archive
    max_unpacked: int = 64 * 1024 * 1024  # an archive's files, unpacked (the jail copies at most 64 MiB)


def place_upload(filename: str, data_path: Path, cls: str, folder: Path, limits: UploadLimits) -> str:
    """Put an uploaded file (saved at ``data_path``) into ``folder``; returns the player's spec
    (``/abs/folder/file.py:Class``).  ``cls``: ``Class`` for a .py; ``file.py:Class`` (or ``Class``
    where the archive holds one .py at its top) for a .zip."""
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
            except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:  # a file and a folder of one name,
                # a name too long for the disk, a damaged entry: the archive's fault, said as such
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
    try:
        zf = zipfile.ZipFile(archive)
    except (zipfile.BadZipFile, OSError) as exc:
        raise UploadError(f"not a zip archive ({exc})") from None
    with zf:
        entries = zf.infolist()
        files = [e for e in entries if not e.is_dir()]
        if len(files) > limits.max_files:
            raise UploadError(f"the archive holds {len(files)} files; at most {limits.max_files}")
        names = [e.filename for e in entries]
        strip = _common_top(names)
        total = 0
        for entry in entries:
            path = PurePosixPath(entry.filename)
            mode = entry.external_attr >> 16
            if stat.S_ISLNK(mode):
                raise UploadError(f"archive entry {entry.filename!r} is a link; links are not accepted")
            if entry.filename.startswith("/") or path.is_absolute() or re.match(r"[A-Za-z]:", entry.filename) \
                    or "\\" in entry.filename:
                raise UploadError(f"archive entry {entry.filename!r} has an absolute path")
            if ".." in path.parts:
                raise UploadError(f"archive entry {entry.filename!r} has a '..' in its path")
            parts = path.parts[1:] if strip else path.parts
            if not parts or entry.is_dir():
                continue
            target = folder.joinpath(*parts)
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


def _common_top(names: list) -> bool:
    """Whether every entry lies in one top folder (a zip of a folder): it is stripped."""
    tops = {PurePosixPath(n).parts[0] for n in names if PurePosixPath(n).parts}
    return len(tops) == 1 and all(len(PurePosixPath(n).parts) > 1 or n.endswith("/") for n in names)
