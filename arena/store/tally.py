"""The tally of a results folder: what the leaderboard and the report read of its games.

The results store folds every game into the tally as it reads or appends it
(:meth:`Tally.add`), and keeps the tally of its closed segments in its checkpoint
(:mod:`arena.store.log_files`), so that a rerun, ``arena leaderboard`` and the report read
only the games written since, never the whole log.  Per pairing (the players of a game,
sorted) it holds:

- which of its games are recorded (one bit per deal and seat rotation: a game logged twice
  counts once, as the first of them);
- how many games ended in each outcome (the places of the pairing's players, in the
  pairing's order), and how many deals in each *deal kind* (the sorted outcomes of the deal's
  rated games), the sufficient statistics of every rating (:mod:`arena.ratings.counts`);
- for the leaderboard and the report: each player's faults and scores (score -> games), the
  first places by seat, the game lengths (moves -> games), every game with a fault, and for
  the games to watch the earliest games of each outcome with one winner (``UPSET_SAMPLE`` of
  them: the report shows at most that many upsets) and the longest game, each with the line
  of the log that holds it.

A game whose record lacks its pairing, deal or rotation (not written by a tournament) is
counted as ``unkeyed`` and rated nowhere.  Everything here is plain data: :meth:`to_data` and
:meth:`from_data` keep it as JSON.

>>> t = Tally()
>>> t.add({"id": "g0", "pairing": ["a", "b"], "deal": 0, "rotation": 0, "players": ["a", "b"], "ranks": [1, 2],
...        "scores": [3, 1], "action_count": 40}, line=1)
(('a', 'b'), 0, 0)
>>> t.add({"id": "g1", "pairing": ["a", "b"], "deal": 0, "rotation": 1, "players": ["b", "a"], "ranks": [1, 2],
...        "scores": [2, 2], "action_count": 38}, line=2)
(('a', 'b'), 0, 1)
>>> view = t.view([("a", "b")])
>>> sorted(view.outcomes().items()), view.recorded, sorted(view.deals().values())
([(((1, 'a'), (2, 'b')), 1), (((1, 'b'), (2, 'a')), 1)], 2, [1])
>>> Tally.from_data(t.to_data()).to_data() == t.to_data()
True
"""
from __future__ import annotations

import base64
import bisect
import zlib
from collections import Counter

UPSET_SAMPLE = 20  # the earliest games kept per outcome with one winner (the report shows 20 upsets)
FORMAT = 2  # of to_data(): a checkpoint of another format is not read (the log is, line by line)


def _hashable(value):
    """A score as a key: a list (a score with its tie-breaks) as a tuple."""
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


def seating(pairing, rotation: int) -> tuple:
    """The players by seat of a deal's rotation ``rotation``: the pairing turned left that many
    seats.  The schedule's rule (:mod:`arena.runs.schedule` builds every game with it); here,
    below it, because the store checks each record's seats against it."""
    pairing = tuple(pairing)
    return pairing[rotation:] + pairing[:rotation]


def moves_of(record: dict) -> int:
    """How many moves a record holds (its actions, or ``moves`` of a summary read without them)."""
    actions = record.get("actions")
    if isinstance(actions, list):
        return len(actions)
    count = record.get("action_count")
    return count if isinstance(count, int) else 0


class PairingTally:
    """The tally of one pairing (see the module's docstring)."""

    def __init__(self, pairing: tuple):
        self.pairing = pairing
        self.seats = len(pairing)
        self.seen = bytearray()  # deal * seats + rotation -> 1 once recorded
        self.recorded = self.failed = 0
        self.outcomes: Counter = Counter()  # places (in the pairing's order) -> games
        self.deals: Counter = Counter()  # sorted tuple of places -> deals, of deals with every rotation in
        self.open_deals: dict = {}  # the others: deal -> [rotations in, places of its rated games...]
        self.scores = [Counter() for _ in pairing]  # per player: score as recorded -> rated games
        self.faults = [0] * self.seats  # per player
        self.seat_firsts = [0.0] * self.seats  # per seat: first places (a shared one split)
        self.seat_games = 0
        self.lengths: Counter = Counter()  # rated games: moves -> games
        self.faulted: list = []  # [deal, rotation, line, id, index, players, faults, moves]
        self.upsets: dict = {}  # places with one winner -> [[deal, rotation, line, id, index], ...]
        self.longest = None  # [moves, deal, rotation, line, id, index]
        self._seatings = [list(pairing[r:] + pairing[:r]) for r in range(self.seats)]
        self._seat_of = [[(i - r) % self.seats for i in range(self.seats)] for r in range(self.seats)]

    def add(self, record: dict, deal: int, rotation: int, line) -> None:
        players, ranks = record["players"], record.get("ranks")
        if players == self._seatings[rotation]:
            seat_of = self._seat_of[rotation]  # the pairing's i-th player -> its seat
        else:
            seat_of = [players.index(name) for name in self.pairing]
        self.recorded += 1
        moves = record.get("action_count")
        if moves is None:
            moves = moves_of(record)
        longest = self.longest
        if longest is None or moves > longest[0] or (moves == longest[0] and (deal, rotation) < (longest[1], longest[2])):
            self.longest = [moves, deal, rotation, line, record.get("id"), record.get("index")]
        faults = record.get("faults")
        if faults:
            for fault in faults:
                if fault.get("seat") is not None:
                    self.faults[self.pairing.index(players[fault["seat"]])] += 1
            self.faulted.append([deal, rotation, line, record.get("id"), record.get("index"), list(players), faults,
                                 moves])
        deal_so_far = self.open_deals.get(deal)
        if deal_so_far is None:
            deal_so_far = self.open_deals[deal] = [0]
        deal_so_far[0] += 1
        if not ranks:
            self.failed += 1
            self._close(deal, deal_so_far)
            return
        places = tuple([ranks[seat] for seat in seat_of])
        deal_so_far.append(places)
        self.outcomes[places] += 1
        scores = record.get("scores") or ()
        for counter, seat in zip(self.scores, seat_of):
            score = scores[seat] if seat < len(scores) else 0
            counter[_hashable(score) if isinstance(score, list) else score] += 1
        firsts = ranks.count(1)
        if firsts == 1:
            self.seat_firsts[ranks.index(1)] += 1.0
            sample = self.upsets.setdefault(places, [])
            if len(sample) < UPSET_SAMPLE or (deal, rotation) < (sample[-1][0], sample[-1][1]):
                bisect.insort(sample, [deal, rotation, line, record.get("id"), record.get("index")])
                del sample[UPSET_SAMPLE:]
        else:
            for seat, rank in enumerate(ranks):
                if rank == 1:
                    self.seat_firsts[seat] += 1 / firsts
        self.seat_games += 1
        self.lengths[moves] += 1
        self._close(deal, deal_so_far)

    def _close(self, deal: int, so_far: list) -> None:
        """Count a deal's kind once every rotation of it is in."""
        if so_far[0] == self.seats:
            del self.open_deals[deal]
            if len(so_far) > 1:
                self.deals[tuple(sorted(so_far[1:]))] += 1

    def kinds(self) -> Counter:
        """Deal kind (places, in the pairing's order, of its rated games, sorted) -> deals, the
        deals not yet complete as they stand."""
        kinds = Counter(self.deals)
        for so_far in self.open_deals.values():
            if len(so_far) > 1:
                kinds[tuple(sorted(so_far[1:]))] += 1
        return kinds

    def mark(self, deal: int, rotation: int) -> bool:
        """Note the game as recorded; False if it already was."""
        slot = deal * self.seats + rotation
        if slot >= len(self.seen):
            self.seen.extend(bytes(slot + 1 - len(self.seen)))
        if self.seen[slot]:
            return False
        self.seen[slot] = 1
        return True

    def has(self, deal: int, rotation: int) -> bool:
        slot = deal * self.seats + rotation
        return slot < len(self.seen) and bool(self.seen[slot])

    def deals_recorded(self) -> int:
        """The last deal with a recorded game, plus one."""
        last = len(self.seen.rstrip(b"\0"))
        return -(-last // self.seats)

    def games_from(self, deal: int) -> int:
        """Recorded games of deals ``deal`` and later."""
        return sum(self.seen[deal * self.seats:])

    # --- as JSON ----------------------------------------------------------------------------
    def to_data(self) -> dict:
        return {"pairing": list(self.pairing),
                "seen": base64.b64encode(zlib.compress(bytes(self.seen), 6)).decode(),
                "recorded": self.recorded, "failed": self.failed,
                "outcomes": [[list(k), n] for k, n in sorted(self.outcomes.items())],
                "deals": [[[list(p) for p in k], n] for k, n in sorted(self.deals.items())],
                "open_deals": [[d, so_far[0], [list(p) for p in so_far[1:]]] for d, so_far in sorted(self.open_deals.items())],
                "scores": [sorted(c.items(), key=repr) for c in self.scores], "faults": self.faults,
                "seat_firsts": self.seat_firsts, "seat_games": self.seat_games,
                "lengths": sorted(self.lengths.items()), "faulted": self.faulted,
                "upsets": [[list(k), v] for k, v in sorted(self.upsets.items())], "longest": self.longest}

    @classmethod
    def from_data(cls, data: dict) -> "PairingTally":
        t = cls(tuple(data["pairing"]))
        t.seen = bytearray(zlib.decompress(base64.b64decode(data["seen"])))
        t.recorded, t.failed = data["recorded"], data["failed"]
        t.outcomes = Counter({tuple(k): n for k, n in data["outcomes"]})
        t.deals = Counter({tuple(tuple(p) for p in k): n for k, n in data["deals"]})
        t.open_deals = {d: [n] + [tuple(p) for p in ps] for d, n, ps in data["open_deals"]}
        t.scores = [Counter({_hashable(v): n for v, n in c}) for c in data["scores"]]
        t.faults, t.seat_firsts, t.seat_games = list(data["faults"]), list(data["seat_firsts"]), data["seat_games"]
        t.lengths = Counter({v: n for v, n in data["lengths"]})
        t.faulted = data["faulted"]
        t.upsets = {tuple(k): v for k, v in data["upsets"]}
        t.longest = data["longest"]
        return t


def record_key(record: dict):
    """``(pairing, deal, rotation)`` of a tournament's record, or None where it lacks them (or its
    players are not its pairing's)."""
    pairing, deal, rotation = record.get("pairing"), record.get("deal"), record.get("rotation")
    if not (isinstance(pairing, list) and pairing and isinstance(deal, int) and isinstance(rotation, int)
            and deal >= 0 and 0 <= rotation < len(pairing)):
        return None
    players = record["players"]  # names (record_check): equal to the sorted pairing, each once
    if len(players) != len(pairing) or sorted(players) != pairing or len(set(pairing)) != len(pairing):
        return None
    return tuple(pairing), deal, rotation


class Tally:
    """Every pairing's tally, and the games that belong to none (see the module's docstring)."""

    def __init__(self):
        self.pairings: dict = {}  # pairing -> PairingTally
        self.unkeyed = 0  # records without pairing, deal and rotation: rated nowhere
        self.repeated = 0  # records of a game already recorded: the first counts
        self.nodes: dict = {}  # the Ray node that played (records of a cluster's run) -> [games, seconds]

    def add(self, record: dict, line=None):
        """Fold one (valid) record in; ``line``: where it is in the log.  Its ``(pairing, deal,
        rotation)``, or None if it was not counted (unkeyed, or a game already recorded)."""
        key = record_key(record)
        if key is None:
            self.unkeyed += 1
            return None
        pairing, deal, rotation = key
        tally = self.pairings.get(pairing)
        if tally is None:
            tally = self.pairings[pairing] = PairingTally(pairing)
        if not tally.mark(deal, rotation):
            self.repeated += 1
            return None
        tally.add(record, deal, rotation, line)
        node = record.get("node")
        if node is not None:
            seconds = record["seconds"] if "seconds" in record else (record.get("timings") or {}).get("seconds")
            counts = self.nodes.setdefault(node, [0, 0.0])
            counts[0] += 1
            counts[1] += seconds or 0.0
        return key

    def has(self, pairing: tuple, deal: int, rotation: int) -> bool:
        tally = self.pairings.get(pairing)
        return tally is not None and tally.has(deal, rotation)

    def missing(self, pairing: tuple, deal: int) -> list:
        """The rotations of a deal not yet recorded."""
        tally = self.pairings.get(pairing)
        seats = len(pairing)
        if tally is None:
            return list(range(seats))
        seen = tally.seen[deal * seats:(deal + 1) * seats]
        if seen == b"\x01" * seats:
            return []
        return [r for r in range(seats) if r >= len(seen) or not seen[r]]

    def played_names(self) -> set:
        return {name for pairing, t in self.pairings.items() if t.recorded for name in pairing}

    def deals_recorded(self) -> int:
        """The last deal number with a recorded game, plus one (over every pairing)."""
        return max((t.deals_recorded() for t in self.pairings.values()), default=0)

    def games_from(self, deal: int) -> int:
        """Recorded games of deals ``deal`` and later (over every pairing)."""
        return sum(t.games_from(deal) for t in self.pairings.values())

    @property
    def recorded(self) -> int:
        return sum(t.recorded for t in self.pairings.values()) + self.unkeyed + self.repeated

    def view(self, pairings) -> "TallyView":
        """The tally of the given pairings (a config's, in schedule order)."""
        return TallyView([self.pairings[p] for p in pairings if p in self.pairings],
                         {p: i for i, p in enumerate(pairings)})

    def to_data(self) -> dict:
        data = {"format": FORMAT, "unkeyed": self.unkeyed, "repeated": self.repeated,
                "pairings": [t.to_data() for _, t in sorted(self.pairings.items())]}
        if self.nodes:  # a log with no node (one machine, or before nodes were recorded) keeps its tally
            data["nodes"] = [[name, games, seconds] for name, (games, seconds) in sorted(self.nodes.items())]
        return data

    @staticmethod
    def readable(data) -> bool:
        """Whether :meth:`from_data` reads ``data`` (a tally of this format)."""
        return isinstance(data, dict) and data.get("format") == FORMAT

    @classmethod
    def from_data(cls, data: dict) -> "Tally":
        if not cls.readable(data):
            raise ValueError(f"tally format {data.get('format')!r}, expected {FORMAT}")
        tally = cls()
        tally.unkeyed, tally.repeated = data["unkeyed"], data["repeated"]
        tally.nodes = {name: [games, seconds] for name, games, seconds in data.get("nodes", ())}
        for entry in data["pairings"]:
            t = PairingTally.from_data(entry)
            tally.pairings[t.pairing] = t
        return tally


class TallyView:
    """The tally of some pairings, as the ratings and the report read it: outcomes and deals
    with the players' names (:mod:`arena.ratings.counts`), and the games in schedule order."""

    def __init__(self, tallies: list, order: dict):
        self.tallies, self.order = tallies, order

    @property
    def recorded(self) -> int:
        return sum(t.recorded for t in self.tallies)

    @property
    def failed(self) -> int:
        return sum(t.failed for t in self.tallies)

    def outcomes(self) -> Counter:
        """Outcome ``((place, name), ...)`` sorted -> rated games."""
        out: Counter = Counter()  # summed: two tallies of one pairing (arena.runs.across) add up
        for t in self.tallies:
            for places, n in t.outcomes.items():
                out[tuple(sorted(zip(places, t.pairing)))] += n
        return out

    def deals(self) -> Counter:
        """Deal kind (its games' outcomes, sorted) -> deals."""
        out: Counter = Counter()
        for t in self.tallies:
            for kind, n in t.kinds().items():
                out[tuple(sorted(tuple(sorted(zip(places, t.pairing))) for places in kind))] += n
        return out

    def per_player(self, field: str) -> dict:
        """Name -> a per-player count summed over the pairings (``faults``)."""
        out: dict = {}
        for t in self.tallies:
            for name, value in zip(t.pairing, getattr(t, field)):
                out[name] = out.get(name, 0) + value
        return out

    def scores(self) -> dict:
        """Name -> Counter of its scores in rated games (as recorded; a list as a tuple)."""
        out: dict = {}
        for t in self.tallies:
            for name, counter in zip(t.pairing, t.scores):
                out.setdefault(name, Counter()).update(counter)
        return out

    def seat_firsts(self, seats: int) -> tuple:
        """(first places per seat, rated games) over the pairings of ``seats`` players."""
        firsts, games = [0.0] * seats, 0
        for t in self.tallies:
            if t.seats == seats:
                firsts = [a + b for a, b in zip(firsts, t.seat_firsts)]
                games += t.seat_games
        return firsts, games

    def lengths(self) -> Counter:
        out: Counter = Counter()
        for t in self.tallies:
            out.update(t.lengths)
        return out

    def schedule_order(self, pairing: tuple, deal: int, rotation: int) -> tuple:
        return self.order.get(pairing, len(self.order)), deal, rotation

    def faulted(self) -> list:
        """Every game with a fault, in schedule order, as ``(order, game)``: its place in the
        schedule, and a dict of its id, index, players, faults, moves and line."""
        return sorted(((self.schedule_order(t.pairing, d, r),
                        {"id": i, "index": x, "players": p, "faults": f, "moves": m, "line": ln})
                       for t in self.tallies for d, r, ln, i, x, p, f, m in t.faulted), key=lambda e: e[0])

    def upset_candidates(self) -> list:
        """``(outcome, order, game)`` of the earliest games of every outcome with one winner
        (``game``: id, index, line)."""
        return [(tuple(sorted(zip(places, t.pairing))), self.schedule_order(t.pairing, d, r),
                 {"id": i, "index": x, "line": ln})
                for t in self.tallies for places, sample in t.upsets.items() for d, r, ln, i, x in sample]

    def longest(self):
        """``(order, game)`` of the longest game (the first in schedule order of those), or None."""
        best = None
        for t in self.tallies:
            if t.longest is not None:
                moves, d, r, ln, i, x = t.longest
                order = self.schedule_order(t.pairing, d, r)
                if best is None or (moves, tuple(-v for v in order)) > best[0]:
                    best = ((moves, tuple(-v for v in order)), order, {"id": i, "index": x, "line": ln, "moves": moves})
        return None if best is None else best[1:]
