"""``arena match A B``: one player against another, until the result is clear.

A match is a tournament of two players (:mod:`arena.runs.tournament`): the same
config checks, schedule (every deal played twice, seats swapped), Ray runner,
results folder (``results/<name>/``), resuming and leaderboard.  It is played in
steps of a few deals (more deals as it goes); after each step it prints the
score of the first player with its 95% Wilson interval, the Elo difference
with its 95% bootstrap interval over deals and the likelihood of superiority
(:mod:`arena.ratings.elo`), the pentanomial of game pairs and, with an SPRT
(:mod:`arena.ratings.sprt`), its log-likelihood ratio, bounds and state.  It stops
after a fixed number of deals, or as soon as the SPRT accepts a hypothesis (or
at the maximum number of deals).

A rerun resumes: the deals already recorded are kept and rated, and only the
deals still missing are played.  A rerun never drops recorded games from the
ratings: asked for fewer deals than are recorded, it is refused (ask for at
least as many, or start over with ``fresh``, which moves the old results aside).
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from arena.runs.config import PlayerEntry, check_config_players, config_from_dict
from arena.ratings.counts import points
from arena.ratings.elo import fit_elo_deals
from arena.store.results import ResultsStore
from arena.ratings.sprt import Sprt, pentanomial_of_deals
from arena.ratings.stats import wilson_interval
from arena.game.player_text import plural
from arena.runs.tournament import TournamentError, run_tournament, write_report

DEFAULT_DEALS = 100  # without an SPRT
DEFAULT_MAX_DEALS = 1000  # with one


@dataclass
class MatchStatus:
    deals: int  # deals with both games rated
    games: int
    score: float  # first player's points per game
    score_low: float
    score_high: float
    elo: float | None  # first player's Elo minus the second's
    elo_low: float | None
    elo_high: float | None
    los: float | None
    pairs: list = field(default_factory=list)  # pentanomial: pairs scoring 0, ½, 1, 1½, 2
    llr: float | None = None
    state: str = "continue"

    def line(self, first: str, sprt: Sprt | None) -> str:
        elo = "-" if self.elo is None else f"{self.elo:+.0f} [{_bound(self.elo_low)}, {_bound(self.elo_high)}]"
        los = "-" if self.los is None else f"{self.los:.1%}"
        text = (f"{plural(self.games, 'game')}, {plural(self.deals, 'pair')}: {first} {self.score:.1%} "
                f"[{self.score_low:.1%}, {self.score_high:.1%}]  Elo {elo}  LOS {los}  pairs {self.pairs}")
        if sprt is not None:
            text += f"  LLR {self.llr:.2f} [{sprt.lower:.2f}, {sprt.upper:.2f}] {self.state}"
        return text


@dataclass
class MatchOutcome:
    status: MatchStatus
    folder: Path
    board: dict
    interrupted: bool


def player_name(spec: str, taken: str | None = None) -> str:
    """A leaderboard name from a spec (``bots/x.py:MyBot`` -> ``MyBot``), distinct from ``taken``."""
    base = spec.rpartition(":")[2] or spec
    base = re.sub(r"[^A-Za-z0-9_.+-]", "-", Path(base).stem if base.endswith(".py") else base).strip("-") or "player"
    if not base[0].isalnum():
        base = "p" + base
    return base if base != taken else f"{base}-2"


def match_config(a: PlayerEntry, b: PlayerEntry, game: str, options: dict | None = None, seed: int = 0,
                 name: str | None = None, output: str = "results", workers: int = 0,
                 move_seconds: float | None = None, game_seconds: float | None = None, plugins=None):
    """The two-player tournament a match is (checked like any config; players built once)."""
    data = {"name": name or f"match-{game}-{a.name}-vs-{b.name}", "game": game, "options": dict(options or {}),
            "seats": 2, "players": [a.to_dict(), b.to_dict()], "games_per_pairing": 1, "seed": seed,
            "workers": workers, "output": output, "plugins": list(plugins or []), "elo_anchor": b.name,
            "time_limits": {"move_seconds": move_seconds, "game_seconds": game_seconds}}
    cfg = config_from_dict(data, f"match {a.name} vs {b.name}")
    check_config_players(cfg)
    return cfg


def match_status(store: ResultsStore, first: str, second: str, sprt: Sprt | None) -> MatchStatus:
    """Where the match stands, from the tally of its results folder (``store``, read)."""
    games = store.tally.view([tuple(sorted((first, second)))])
    scored, rated = 0.0, 0
    for outcome, n in games.outcomes().items():
        place = dict((name, p) for p, name in outcome)
        scored += n * points(place[first], place[second])
        rated += n
    low, high = wilson_interval(scored, rated)
    deals = games.deals()
    fit = fit_elo_deals(deals, [first, second], anchor=second)
    pairs = pentanomial_of_deals(deals, first)
    status = MatchStatus(sum(pairs), rated, scored / rated if rated else 0.0, low, high,
                         fit.elo.get(first), fit.low.get(first), fit.high.get(first), fit.los(first, second), pairs)
    if sprt is not None:
        status.llr = sprt.llr(pairs)
        status.state = sprt.state(pairs)
    return status


def run_match(cfg, deals: int | None = None, sprt: Sprt | None = None, fresh: bool = False,
              address: str | None = None, echo=print, report: bool = True, progress_stream=None) -> MatchOutcome:
    """Play ``cfg``'s two players deal by deal: ``deals`` deals, or with ``sprt`` until it
    accepts a hypothesis (``deals`` is then the most it plays).  Refused
    (:class:`TournamentError`): ``deals`` below 1, or fewer than the results folder already
    holds (unless ``fresh``).  Each step's games are counted on ``progress_stream``
    (none: not shown)."""
    first, second = cfg.players[0].name, cfg.players[1].name
    limit = check_deals(cfg, deals, sprt, fresh)
    quiet = progress_stream or io.StringIO()
    played = 0 if fresh else min(limit, _deals_recorded(cfg))
    while True:
        step = max(2 * max(1, cfg.workers), played // 4)
        cfg.games_per_pairing = min(limit, played + step)
        outcome = run_tournament(cfg, fresh=fresh and cfg.folder.exists(), address=address,
                                 echo=lambda m: _notes(m, echo), progress_stream=quiet, report=False)
        fresh = False
        played = cfg.games_per_pairing
        store = ResultsStore(cfg.folder)
        store.open(repair=False)
        status = match_status(store, first, second, sprt)
        echo(status.line(first, sprt))
        if outcome.interrupted or status.state != "continue" or played >= limit:
            break
    if sprt is not None and status.state == "continue" and not outcome.interrupted:
        echo(f"SPRT: no decision after {status.deals} pairs (the most deals asked for: {limit})")
    if report:
        write_report(cfg, store, outcome.board)
    return MatchOutcome(status, cfg.folder, outcome.board, outcome.interrupted)


def check_deals(cfg, deals: int | None, sprt: Sprt | None = None, fresh: bool = False) -> int:
    """The most deals the match is to play; :class:`TournamentError` for ``deals`` below 1,
    or fewer than the results folder already holds (unless ``fresh``): their games would
    drop out of the ratings."""
    if deals is not None and deals < 1:
        raise TournamentError(f"--deals {deals}: a match plays at least 1 deal; give --deals 1 or more "
                              f"(default {DEFAULT_DEALS}, with --sprt at most {DEFAULT_MAX_DEALS})")
    limit = deals or (DEFAULT_MAX_DEALS if sprt else DEFAULT_DEALS)
    recorded = 0 if fresh else _deals_in_log(cfg)
    if recorded > limit:
        asked = f"--deals {deals}" if deals is not None else f"the default of {limit} deals"
        raise TournamentError(f"{cfg.folder} already holds {plural(recorded, 'deal')} of this match, more than "
                              f"{asked}: the games of the deals past {limit} would drop out of its ratings. "
                              f"Give --deals {recorded} or more to keep them all, or --fresh to start over "
                              "(the old results are moved aside, not deleted)")
    return limit


def _deals_in_log(cfg) -> int:
    """How many deals the schedule must hold for every recorded game of this match to be
    rated (the last recorded deal's number, plus one)."""
    store = ResultsStore(cfg.folder)
    return store.open(warn=lambda _: None, repair=False).deals_recorded() if store.has_games() else 0


def _deals_recorded(cfg) -> int:
    """Deals of this match already in its results folder (a rerun resumes from there)."""
    store = ResultsStore(cfg.folder)
    tally = store.open(warn=lambda _: None, repair=False)
    pairing = tuple(sorted(p.name for p in cfg.players))
    deal = 0
    while not tally.missing(pairing, deal):
        deal += 1
    return deal


def _notes(message: str, echo) -> None:
    if message.startswith(("warning", "WARNING", "note", "--fresh", "stopped", "joined")):
        echo(message)


def _bound(x) -> str:
    return "?" if x is None else f"{x:+.0f}"
