"""The two channels the jail leaves open, measured on this machine (docs/security.md cites the
figures):

    python tools/side_channels.py [--pages 2048] [--slot-ms 20] [--slots 200]

- **first-read timing**: a page of a file read for the first time comes from the disk; once read,
  from the page cache, for every later reader.  A player can set such bits (read a page nobody
  reads) in one game and find them by timing in a later game or in a jail alive at the same time;
  it cannot clear them (the allowlist refuses every way to drop a page).  Measured: a file of
  ``--pages`` pages, every other page read beforehand; then each page timed once (a one-byte
  ``pread``): the median of each kind, the share misread at the best threshold, and the bits a
  second at that rate.
- **CPU contention**: two processes on two CPUs; the sender spins on memory or sleeps through each
  ``--slot-ms`` slot by a random bit; the receiver counts its own loop's rounds in each slot: the
  share misread at the best threshold, and the bits a second (the channel's capacity at that error
  rate).  Jailed players run only while asked, one CPU each, so two must think at once: two games
  on two CPUs.

Both are measured outside the jail: the jail changes neither the disk nor the CPUs.  Prints a
Markdown table.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import tempfile
import time

PAGE = os.sysconf("SC_PAGE_SIZE")


def best_split(ones: list, zeros: list) -> float:
    """The smallest share of values misread by one threshold between the two kinds."""
    values = sorted([(v, 1) for v in ones] + [(v, 0) for v in zeros])
    total, best = len(values), 1.0
    below_ones = below_zeros = 0
    for value, kind in values:  # threshold just above value: below it reads one kind, above the other
        below_ones += kind
        below_zeros += 1 - kind
        for low_is_one in (True, False):
            wrong = (below_zeros + len(ones) - below_ones) if low_is_one else (below_ones + len(zeros) - below_zeros)
            best = min(best, wrong / total)
    return best


def capacity(error: float) -> float:
    """Bits carried per symbol of a binary symmetric channel with this error rate."""
    if error <= 0 or error >= 1:
        return 1.0
    return 1 + error * math.log2(error) + (1 - error) * math.log2(1 - error)


def first_reads(pages: int) -> dict:
    with tempfile.NamedTemporaryFile(dir=os.path.expanduser("~")) as f:
        f.write(os.urandom(pages * PAGE))
        f.flush()
        os.fsync(f.fileno())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
        fd = os.open(f.name, os.O_RDONLY)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)  # one page a read, no read-ahead
        for page in range(0, pages, 2):
            os.pread(fd, 1, page * PAGE)
        cached, disk = [], []
        began = time.perf_counter()
        for page in range(pages):
            start = time.perf_counter_ns()
            os.pread(fd, 1, page * PAGE)
            (cached if page % 2 == 0 else disk).append((time.perf_counter_ns() - start) / 1000)
        seconds = time.perf_counter() - began
        os.close(fd)
    error = best_split(cached, disk)
    return {"cached_us": statistics.median(cached), "disk_us": statistics.median(disk), "error": error,
            "bits_per_second": pages / seconds * capacity(error)}


def _spin_or_sleep(bits, slot, start, cpu):
    os.sched_setaffinity(0, {cpu})
    block = bytearray(32 << 20)
    for i, bit in enumerate(bits):
        end = start + (i + 1) * slot
        while time.perf_counter() < end:
            if bit:
                block[random.randrange(len(block))] += 1  # noqa: S311 - memory traffic, not secrecy
            else:
                time.sleep(max(0.0, min(0.001, end - time.perf_counter())))


def contention(slots: int, slot_ms: float) -> dict:
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return {"error": None, "bits_per_second": None}
    slot = slot_ms / 1000
    bits = [random.random() < 0.5 for _ in range(slots)]  # noqa: S311
    start = time.perf_counter() + 0.5
    sender = multiprocessing.Process(target=_spin_or_sleep, args=(bits, slot, start, cpus[1]))
    sender.start()
    os.sched_setaffinity(0, {cpus[0]})
    block = bytearray(32 << 20)
    rounds = []
    while time.perf_counter() < start:
        pass
    for i in range(slots):
        end, count = start + (i + 1) * slot, 0
        while time.perf_counter() < end:
            block[random.randrange(len(block))] += 1  # noqa: S311
            count += 1
        rounds.append(count)
    sender.join()
    os.sched_setaffinity(0, set(cpus))
    ones = [r for r, bit in zip(rounds, bits) if bit]
    zeros = [r for r, bit in zip(rounds, bits) if not bit]
    error = best_split(ones, zeros)
    return {"error": error, "bits_per_second": capacity(error) / slot}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2048)
    parser.add_argument("--slot-ms", type=float, default=20.0)
    parser.add_argument("--slots", type=int, default=200)
    args = parser.parse_args()
    reads = first_reads(args.pages)
    cpu = contention(args.slots, args.slot_ms)
    print("| channel | measured | misread | bits/s |")
    print("| --- | --- | --- | --- |")
    print(f"| first-read timing | {reads['cached_us']:.1f} µs cached, {reads['disk_us']:.1f} µs from disk "
          f"(medians, {args.pages} pages) | {reads['error']:.1%} | {reads['bits_per_second']:,.0f} |")
    if cpu["error"] is None:
        print("| CPU contention | one CPU here: not measured | | |")
    else:
        print(f"| CPU contention | {args.slots} slots of {args.slot_ms:g} ms on two CPUs | {cpu['error']:.1%} | "
              f"{cpu['bits_per_second']:.1f} |")


if __name__ == "__main__":
    main()
