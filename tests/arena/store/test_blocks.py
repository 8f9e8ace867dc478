"""A record read by its place: closed segments in blocks (one gzip member each), a record
read from its block alone or from its line of games.jsonl (arena/store/log_files.py,
arena/store/results.py: locations, read_located)."""
import gzip
import json

import pytest

import arena.store.log_files as log_files
import arena.store.results as results_module
from arena.store.log_files import blocks_of, leftover_of_close, pack_segment, segments_on_disk
from arena.store.results import ResultsError, ResultsStore, read_located
from conftest import player, toy_config
from helpers import run

FOUR = [player("a"), player("b", seed=1), player("c", seed=2), player("d", seed=3)]


@pytest.fixture
def small_blocks(monkeypatch):
    monkeypatch.setattr(results_module, "SEGMENT_LINES", 7)
    monkeypatch.setattr(log_files, "BLOCK_LINES", 3)


def logged(tmp_path):
    run(toy_config(tmp_path, FOUR, games=4))  # 48 games: 6 closed segments of 7 lines, 6 in games.jsonl
    folder = tmp_path / "results" / "t"
    store = ResultsStore(folder)
    store.open(repair=False)
    return folder, store


def every_record(folder):
    lines = b"".join([gzip.decompress(p.read_bytes()) for p in segments_on_disk(folder)] +
                     [(folder / "games.jsonl").read_bytes()]).split(b"\n")[:-1]
    out = []
    for line in lines:
        record = json.loads(line)
        record.pop("tag")
        out.append(record)
    return out


def test_every_record_read_by_its_place_is_the_record_in_the_log(tmp_path, small_blocks):
    folder, store = logged(tmp_path)
    records = every_record(folder)
    assert len(segments_on_disk(folder)) == 6
    places = store.locations(range(1, len(records) + 1))
    assert sorted(places) == list(range(1, len(records) + 1))
    for number, record in enumerate(records, start=1):
        assert read_located(folder, places[number], record["id"]) == record
    files = {places[n][0] for n in places}
    assert "games.jsonl" in files and "log/000001.jsonl.gz" in files
    # a segment's 7 lines are in 3 blocks (3, 3, 1), each its own gzip member, and the file one gzip stream
    blocks = list(blocks_of(segments_on_disk(folder)[0]))
    assert [lines for _, _, lines, _ in blocks] == [3, 3, 1]
    assert places[4][1:] == (blocks[1][0], blocks[1][1], 0) and places[6][3] == 2
    assert b"".join(data for *_, data in blocks) == gzip.decompress(segments_on_disk(folder)[0].read_bytes())


def test_the_writer_knows_the_places_it_wrote_as_a_reader_finds_them(tmp_path, small_blocks):
    """The places the appending store gives (its own blocks, its own offsets) are the places a
    fresh reader of the folder finds, the first from memory, the second from the files."""
    run(toy_config(tmp_path, FOUR, games=4))
    folder = tmp_path / "results" / "t"
    writer = ResultsStore(folder)
    writer.open()
    records = every_record(folder)
    assert writer.try_lock()
    more = [dict(records[0], id=f"extra{i}") for i in range(9)]  # a close inside this append
    writer.append(more)
    mine = writer.locations(range(1, writer.signer.lines + 1))
    writer.close()
    writer.unlock()
    fresh = ResultsStore(folder)
    fresh.open(repair=False)
    assert fresh.locations(range(1, fresh.signer.lines + 1)) == mine
    assert read_located(folder, mine[fresh.signer.lines], "extra8")["id"] == "extra8"


def test_a_place_that_no_longer_holds_the_game_reads_none_and_a_damaged_block_is_an_error(tmp_path, small_blocks):
    folder, store = logged(tmp_path)
    records = every_record(folder)
    last = store.locations([len(records)])[len(records)]
    assert read_located(folder, last, "someone-else") is None  # games.jsonl emptied since: ask again
    place = store.locations([1])[1]
    segment = folder / place[0]
    data = bytearray(segment.read_bytes())
    data[place[1] + place[2] // 2] ^= 0xFF
    segment.write_bytes(bytes(data))
    with pytest.raises(ResultsError, match=r"000001\.jsonl\.gz: the block at byte 0 is damaged"):
        read_located(folder, place, records[0]["id"])


def test_a_segment_of_one_member_reads_as_one_block():
    """A segment written before blocks (one gzip member) is one block of all its lines."""
    data = b"".join(b'{"id":"g%d"}\n' % i for i in range(5))
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as where:
        path = Path(where) / "000001.jsonl.gz"
        path.write_bytes(gzip.compress(data, mtime=0))
        [(offset, length, lines, got)] = list(blocks_of(path))
        assert (offset, lines, got) == (0, 5, data) and length == path.stat().st_size
        packed, blocks = pack_segment(data)
        assert gzip.decompress(packed) == data and len(blocks) == 1  # 5 lines < BLOCK_LINES


@pytest.mark.parametrize("members", [1, 3])
def test_a_close_stopped_half_way_is_recognised_in_either_format(tmp_path, monkeypatch, members):
    monkeypatch.setattr(log_files, "BLOCK_LINES", 2 if members == 3 else 100)
    data = b"".join(b'{"id":"g%d","x":"%s"}\n' % (i, b"y" * i) for i in range(5))
    segment, open_log = tmp_path / "000001.jsonl.gz", tmp_path / "games.jsonl"
    packed, blocks = pack_segment(data)
    assert len(blocks) == members
    segment.write_bytes(packed)
    open_log.write_bytes(data)
    assert leftover_of_close(segment, open_log)
    open_log.write_bytes(data[:-3] + b"zz\n")
    assert not leftover_of_close(segment, open_log)
    open_log.write_bytes(b'{"id":"g9"}\n')
    assert not leftover_of_close(segment, open_log)
    open_log.write_bytes(b"")
    assert not leftover_of_close(segment, open_log)
