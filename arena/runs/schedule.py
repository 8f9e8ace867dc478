"""The tournament schedule: a pure function of the config.

Every combination of ``seats`` players is a *pairing*.  Each pairing plays
``games_per_pairing`` deals; each deal is played once per rotation of the seats,
so every player meets the same cards from every seat and the luck of the deal
cancels (the duplicate format of cutechess and bridge).

Stability when players are added (``arena submit``): a pairing is known by the
sorted NAMES of its players, and a game's seed, seating and id come from those
names, the deal and the rotation only.  Pairings are listed in colexicographic
order of the players' positions in the config, so adding a player at the end
only appends games: existing games keep their id, seed, seating and index.

>>> from arena.runs.config import PlayerEntry, TournamentConfig
>>> cfg = TournamentConfig("t", "toy", 2, [PlayerEntry(n, "random") for n in "abc"], games_per_pairing=1)
>>> [g.players for g in build_schedule(cfg)]
[('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class ScheduledGame:
    index: int  # position in the schedule (the order games are listed and dispatched in)
    id: str  # stable: hash of pairing, deal and rotation
    pairing: tuple  # the players' names, sorted
    deal: int
    rotation: int
    seed: int  # the game's seed (the deal's cards and dice)
    players: tuple  # names by seat

    def to_dict(self) -> dict:
        return {"index": self.index, "id": self.id, "pairing": list(self.pairing), "deal": self.deal,
                "rotation": self.rotation, "seed": self.seed, "players": list(self.players)}


def _digest(*parts) -> bytes:
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def deal_seed(tournament_seed: int, pairing: tuple, deal: int, key: bytes | None = None) -> int:
    """The seed of one deal: the same for every rotation of the seats.  With the
    tournament's secret ``key`` (:mod:`arena.store.secret`) it is a keyed hash, so the
    config alone does not tell the deals; without one, a plain hash."""
    if key is not None:
        from arena.store.secret import derive

        return derive(key, "seed", tournament_seed, *pairing, deal)
    return int.from_bytes(_digest("seed", tournament_seed, *pairing, deal)[:8], "big") >> 1


def game_id(pairing: tuple, deal: int, rotation: int) -> str:
    return _digest("game", *pairing, deal, rotation).hex()[:16]


def pairings(names: list, seats: int) -> list:
    """Every ``seats``-combination of ``names``, each sorted, in colexicographic order of
    the names' positions (so a name appended to ``names`` only appends pairings)."""
    combos = sorted(combinations(range(len(names)), seats), key=lambda c: tuple(reversed(c)))
    return [tuple(sorted((names[i] for i in combo), key=str)) for combo in combos]


def build_schedule(cfg, key: bytes | None = None) -> list:
    """Every game of the tournament, in schedule order; ``key``: the tournament's secret."""
    names = [p.name for p in cfg.players]
    games = []
    for pairing in pairings(names, cfg.seats):
        for deal in range(cfg.games_per_pairing):
            seed = deal_seed(cfg.seed, pairing, deal, key)
            for rotation in range(cfg.seats):
                seating = pairing[rotation:] + pairing[:rotation]
                games.append(ScheduledGame(len(games), game_id(pairing, deal, rotation), pairing,
                                           deal, rotation, seed, seating))
    return games


def scheduled_count(cfg) -> int:
    """How many games the schedule holds (without building it)."""
    return len(pairings([p.name for p in cfg.players], cfg.seats)) * cfg.games_per_pairing * cfg.seats


def pending_games(cfg, key: bytes | None, missing) -> list:
    """The games of the schedule still to play, in the order a run dispatches them: deal by deal
    across the pairings (so a stopped run leaves a fair sample).  ``missing(pairing, deal)``:
    the rotations of that deal not yet recorded.  Only these games are built, so a rerun of a
    long tournament costs what is left to play, not the whole schedule."""
    all_pairings = pairings([p.name for p in cfg.players], cfg.seats)
    per_pairing = cfg.games_per_pairing * cfg.seats
    games = []
    for deal in range(cfg.games_per_pairing):
        for position, pairing in enumerate(all_pairings):
            rotations = missing(pairing, deal)
            if rotations:
                seed = deal_seed(cfg.seed, pairing, deal, key)
                games += [ScheduledGame(position * per_pairing + deal * cfg.seats + rotation,
                                        game_id(pairing, deal, rotation), pairing, deal, rotation, seed,
                                        pairing[rotation:] + pairing[:rotation]) for rotation in rotations]
    return games
