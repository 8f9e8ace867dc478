"""An archive cannot exhaust the disk: every entry is checked before anything is written (files and
the folders their paths imply counted together, depth, kinds, names, clashes), a refusal leaves
nothing on disk, and a user's uploads are kept within a quota on a disk with a margin free."""
from __future__ import annotations

import random
import stat
import zipfile

import pytest
from serve_helpers import zip_of

from arena.serve.uploads import (UploadError, UploadLimits, check_user_quota, disk_margin, folder_bytes,
                                 place_upload, unpack)

BOT = "class MyBot:\n    pass\n"


def entry(name: str, kind: int) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.external_attr = (kind | 0o644) << 16
    return info


def refused(tmp_path, entries: dict, limits: UploadLimits | None = None) -> str:
    """Upload ``entries`` as a .zip into a user's folder: it must be refused and leave nothing there."""
    archive, user = tmp_path / "bot.zip", tmp_path / "alice"
    archive.write_bytes(zip_of(entries))
    user.mkdir()
    with pytest.raises(UploadError) as caught:
        place_upload("bot.zip", archive, "mybot.py:MyBot", user / "1", limits or UploadLimits())
    assert list(user.iterdir()) == []
    assert "\n" not in str(caught.value)
    return str(caught.value)


def refused_before_writing(tmp_path, entries: dict) -> str:
    """``unpack`` must refuse ``entries`` having written nothing (the good entries come first)."""
    archive, folder = tmp_path / "bot.zip", tmp_path / "out"
    archive.write_bytes(zip_of({"mybot.py": BOT, "lib/util.py": "x = 1\n"} | entries))
    folder.mkdir()
    with pytest.raises(UploadError) as caught:
        unpack(archive, folder, UploadLimits())
    assert list(folder.iterdir()) == []
    return str(caught.value)


def chains(depth: int, files: int = 1000) -> dict:
    """``files`` files, each at the end of a ``depth``-deep chain of one-letter folders."""
    rng = random.Random(1)
    return {"/".join(rng.choice("ab") for _ in range(depth)) + f"/f{i}.py": "" for i in range(files)}


@pytest.mark.parametrize("depth, limits, reason", [(60, UploadLimits(), "at most 16"),
                                                   (60, UploadLimits(max_depth=64), "at most 1000"),
                                                   (10, UploadLimits(), "at most 1000")])
def test_a_folder_bomb_is_refused_leaving_nothing(tmp_path, depth, limits, reason):
    bomb = chains(depth, 999) | {"mybot.py": BOT}  # 1,000 files: within the old count of files alone
    assert reason in refused(tmp_path, bomb, limits)


def test_a_deep_path_is_refused(tmp_path):
    message = refused(tmp_path, {"mybot.py": BOT, "/".join("d" * 17) + "/w.txt": "1"})
    assert "18 path parts deep" in message and "at most 16" in message


@pytest.mark.parametrize("kind, reason", [(stat.S_IFLNK, "is a link"), (stat.S_IFCHR, "device file"),
                                          (stat.S_IFBLK, "device file"), (stat.S_IFIFO, "FIFO"),
                                          (stat.S_IFSOCK, "socket")])
def test_links_devices_fifos_and_sockets_are_refused_before_writing(tmp_path, kind, reason):
    message = refused_before_writing(tmp_path, {entry("odd", kind): "/etc/passwd"})
    assert reason in message and "'odd'" in message


@pytest.mark.parametrize("name, reason", [("a" * 300 + ".txt", "304 bytes"), ("é" * 200, "400 bytes"),
                                          ("/".join(["d" * 200] * 6) + "/w", "at most 1024"),
                                          ("new\nline.txt", "control character")])
def test_a_name_no_disk_holds_is_refused_before_writing(tmp_path, name, reason):
    message = refused_before_writing(tmp_path, {name: "1"})
    assert reason in message and "cannot be unpacked here" in message


@pytest.mark.parametrize("entries", [{"x": "1", "x/w.txt": "2"}, {"x/w.txt": "1", "x": "2"},
                                     {"x/": "", "x": "1"}, {"x": "1", "x/": ""}])
def test_a_file_and_a_folder_of_one_name_are_refused_before_writing(tmp_path, entries):
    assert "'x' both a file and a folder" in refused_before_writing(tmp_path, entries)


@pytest.mark.filterwarnings("ignore:Duplicate name")
def test_two_entries_of_one_path_are_refused_before_writing(tmp_path):
    twice = {zipfile.ZipInfo("w.txt"): "1", zipfile.ZipInfo("w.txt"): "2"}
    assert "repeats another entry's path" in refused_before_writing(tmp_path, twice)


def test_a_good_archive_still_unpacks(tmp_path):
    archive, folder = tmp_path / "good.zip", tmp_path / "bob" / "1"
    archive.write_bytes(zip_of({"bot/mybot.py": BOT, "bot/lib/util.py": "x = 1\n", "bot/lib/data/w.txt": "1 2\n",
                                "bot/logs/": ""}))
    limits = UploadLimits(max_entries=6, max_depth=3)  # mybot.py, lib, util.py, data, w.txt, logs
    assert place_upload("bot.zip", archive, "MyBot", folder, limits) == f"{folder / 'mybot.py'}:MyBot"
    assert (folder / "lib" / "data" / "w.txt").read_text() == "1 2\n" and (folder / "logs").is_dir()
    one_more = {"mybot.py": BOT, "lib/util.py": "", "lib/data/w.txt": "", "logs/": "", "more.txt": ""}
    assert "at most 5" in refused(tmp_path, one_more, UploadLimits(max_entries=5))


def test_folder_bytes_counts_files_and_folders_and_never_follows_links(tmp_path):
    user = tmp_path / "alice"
    (user / "1").mkdir(parents=True)
    (user / "top.txt").write_bytes(b"x" * 10)
    (user / "1" / "w.bin").write_bytes(b"x" * 20)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "big.bin").write_bytes(b"x" * 100_000)
    (user / "1" / "link").symlink_to(outside / "big.bin")
    (user / "1" / "folder").symlink_to(outside)
    assert folder_bytes(user) == 30 + 2 * 4096
    assert folder_bytes(tmp_path / "nobody") == 0


def test_check_user_quota_refuses_over_the_quota_with_413(tmp_path):
    user = tmp_path / "alice"
    user.mkdir()
    (user / "w.bin").write_bytes(b"x" * 1000)
    limits = UploadLimits(user_quota=4096 + 1000 + 500)
    check_user_quota(user, 500, limits)  # exactly at the quota
    with pytest.raises(UploadError) as caught:
        check_user_quota(user, 501, limits)
    assert caught.value.status == 413 and "quota" in str(caught.value)


def test_disk_margin_warns_only_under_the_margin(tmp_path):
    low = disk_margin(tmp_path, 1 << 62)
    assert isinstance(low, str) and "free" in low and "\n" not in low
    assert disk_margin(tmp_path, 0) is None
