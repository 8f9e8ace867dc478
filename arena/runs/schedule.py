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

from arena.store.tally import seating


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


def scheduled_game(position: int, deals: int, pairing: tuple, deal: int, rotation: int, seed: int) -> ScheduledGame:
    """The game of ``pairing`` (the ``position``-th pairing of the schedule), deal ``deal``
    (of ``deals`` per pairing) and seat rotation ``rotation``: the one place its index, id and
    seating are made."""
    seats = len(pairing)
    return ScheduledGame(position * deals * seats + deal * seats + rotation, game_id(pairing, deal, rotation),
                         pairing, deal, rotation, seed, seating(pairing, rotation))


def build_schedule(cfg, key: bytes | None = None) -> list:
    """Every game of the tournament, in schedule order; ``key``: the tournament's secret."""
    games = []
    for position, pairing in enumerate(pairings([p.name for p in cfg.players], cfg.seats)):
        for deal in range(cfg.games_per_pairing):
            seed = deal_seed(cfg.seed, pairing, deal, key)
            games += [scheduled_game(position, cfg.games_per_pairing, pairing, deal, rotation, seed)
                      for rotation in range(cfg.seats)]
    return games


def scheduled_count(cfg) -> int:
    """How many games the schedule holds (without building it)."""
    return len(pairings([p.name for p in cfg.players], cfg.seats)) * cfg.games_per_pairing * cfg.seats


def pending_games(cfg, key: bytes | None, missing, deals: int | None = None) -> list:
    """The games of the schedule still to play, in the order a run dispatches them: deal by deal
    across the pairings (so a stopped run leaves a fair sample).  ``missing(pairing, deal)``:
    the rotations of that deal not yet recorded; ``deals``: of each pairing, the first that many
    (the config's ``games_per_pairing`` where not given).  Only these games are built, so a rerun
    of a long tournament costs what is left to play, not the whole schedule."""
    deals = cfg.games_per_pairing if deals is None else deals
    all_pairings = pairings([p.name for p in cfg.players], cfg.seats)
    games = []
    for deal in range(deals):
        for position, pairing in enumerate(all_pairings):
            rotations = missing(pairing, deal)
            if rotations:
                seed = deal_seed(cfg.seed, pairing, deal, key)
                games += [scheduled_game(position, deals, pairing, deal, rotation, seed) for rotation in rotations]
    return games


def uncertain_games(cfg, key: bytes | None, tally, sigma: dict, limit: int, skip=lambda gid: False) -> list:
    """A ladder's next games, once every pairing has its base deals: the next deal (each rotation
    not yet recorded) of the pairings whose players' ratings are least certain (the largest sum
    of TrueSkill sigmas, ``sigma``: name -> sigma, 25/3 for a player not rated yet; ties: the
    pairing with fewer deals, then the schedule's order), until ``limit`` games.  A deal left half
    played is finished first; ``skip(game id)``: games not to offer (failed too often).  Indexes
    count ``cfg.games_per_pairing`` deals per pairing (a ladder's stored config follows the deals
    played)."""
    order = pairings([p.name for p in cfg.players], cfg.seats)

    def deals(pairing):
        t = tally.pairings.get(pairing)
        return t.deals_recorded() if t is not None else 0

    ranked = sorted(enumerate(order), key=lambda ip: (-round(sum(sigma.get(n, 25 / 3) for n in ip[1]), 6),
                                                       deals(ip[1]), ip[0]))
    games = []
    for position, pairing in ranked:
        deal = deals(pairing)
        if deal and tally.missing(pairing, deal - 1):
            deal -= 1  # a deal left half played
        seed = deal_seed(cfg.seed, pairing, deal, key)
        games += [scheduled_game(position, max(cfg.games_per_pairing, 1), pairing, deal, rotation, seed)
                  for rotation in tally.missing(pairing, deal) if not skip(game_id(pairing, deal, rotation))]
        if len(games) >= limit:
            break
    return games
