"""``arena tune``: search a player's parameters for one game by playing games.

A *study* (optuna's, in ``<output>/<name>/study.db``, its SQLite storage) proposes
parameters, one *trial* at a time; each trial is scored by a small tournament
(:func:`arena.runs.tournament.run_tournament`, a config built here as
:mod:`arena.runs.head_to_head` builds a match's) of the proposed player, named
``trial``, against a fixed reference field (by default the game's rule player and the
same player with the game's current defaults, :func:`players.loading.with_game_defaults`),
every deal played once per rotation of the seats, on Ray like any tournament
(``workers`` 0 or 1: in this process).  Every trial plays the same deals (the
tournament seed and the players' names are the same), so two trials differ by their
parameters, not their cards.  The trial's score is the proposed player's share of the
points against the field (a better place 1, a shared place ½), with its 95% Wilson
interval over the games.

*Tables*: with ``seats`` N and a field of F players, each trial plays one tournament of
exactly N players per table, so that every game has the trial in it: F = N-1 is one
table; more, every (N-1)-combination of the field; fewer, the field repeated
(``rules``, ``defaults``, ``rules-2``, ...).

*A part of the space* (``search``, ``--search NAME``): the trials propose only the
parameters named, and every other one is the game's default for the player, as a player
with no parameters plays; a study of the one option a default changed costs a few trials,
not the dozens the whole space needs (:func:`held_space`).

*A grid* (``sampler`` "grid"): every distinct setting of a space of choices alone (each
searched parameter a list of choices, as ``--search rollout --search cutoff_eval`` is), one
trial each, in the order the space lists its choices (:func:`grid_settings`); a parameter
asked only under another's choice (``cutoff_eval`` under a ``rollout_cutoff``) is set only
where it is asked, so no two trials play the same player.  The study has as many trials as
settings (``trials`` caps them).

*Resuming*: the study and every trial's games stay in the results folder.  Run the same
command again and it goes on: a trial stopped half-way is played on from its recorded
games, then new trials are asked for.  The sampler is seeded afresh for every trial from
the study's seed and the trial's number, so a study stopped and resumed proposes the
same parameters as one run straight through (the same ``seed``, the same results).  A
rerun with other study settings (game, seats, player, budget, field, games per trial,
sampler, seed) is refused unless ``fresh``, which moves the old folder aside.

*Noise*: a score over n games has a 95% Wilson half-width of about 0.98/sqrt(n) at 0.5
(:func:`half_width`; docs/tuning.md): 100 games (the default) tell apart a
difference of about 0.1 in score (70 Elo), the size of the gains docs/strength.md measured
for single search options; the study's best is the best of many noisy scores, so it ends
with a *verification match* (:func:`arena.runs.head_to_head.run_match`, every deal from
both seats, an SPRT) of the best parameters against the current defaults, on deals of
its own, and prints the settings, their score with its interval and the verdict.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from arena.ratings.sprt import Sprt
from arena.ratings.stats import wilson_interval
from arena.game.player_text import plural
from arena.runs.config import PlayerEntry, check_config_players, config_from_dict
from arena.runs.tournament import TournamentError, move_aside, run_tournament
from arena.store.results import ResultsStore

DEFAULT_TRIALS = 30
DEFAULT_GAMES_PER_TRIAL = 100  # ±0.096 at 0.5 (95% Wilson): tells apart about 0.1 in score
DEFAULT_VERIFY_DEALS = 200  # the verification match's most deals (each from both seats)
DEFAULT_SPRT = Sprt(elo0=0, elo1=40)  # as docs/strength.md's option matches
SAMPLERS = ("tpe", "random", "qmc", "cmaes", "gp", "grid")
GRID_MOST = 10_000  # the most settings a grid study enumerates
CANDIDATE = "trial"
DEFAULTS = "defaults"  # the field's name for the player with the game's current defaults
STUDY = "tune"  # the optuna study's name in study.db
KEYS_THAT_CHANGE_TRIALS = ("game", "seats", "options", "player", "budget", "against", "games_per_trial",
                           "sampler", "seed", "search")
# the parameters search_space proposes, by player; "widening" is proposed behind the switch "widen"
SEARCH_PARAMS = {"ismcts": ("rollout", "rollout_epsilon", "rollout_cutoff", "cutoff_eval", "exploration", "expand",
                            "widening", "reuse_tree"),
                 "pimc": ("rollout", "rollout_epsilon", "rollout_cutoff", "cutoff_eval", "exploration", "expand",
                          "widening", "determinizations")}
SWITCHES = {"widening": "widen"}  # a parameter proposed only where its switch is on


def half_width(games: int) -> float:
    """The 95% Wilson interval's half-width at a score of 0.5 over ``games`` games.

    >>> [round(half_width(n), 3) for n in (20, 50, 100, 200, 400)]
    [0.201, 0.134, 0.096, 0.069, 0.049]
    """
    low, high = wilson_interval(games / 2, games)
    return (high - low) / 2


class TuneError(TournamentError):
    """A study that cannot run as asked; the message says why and what to do."""


@dataclass
class TrialResult:
    number: int
    params: dict
    score: float
    low: float
    high: float
    games: int


@dataclass
class TuneOutcome:
    folder: Path
    best: TrialResult | None
    trials: list = field(default_factory=list)  # TrialResult of every complete trial, by number
    match: object = None  # arena.runs.head_to_head.MatchOutcome of the verification, or None
    verdict: str = ""
    interrupted: bool = False


def parse_budget(text: str) -> dict:
    """``seconds=0.2`` or ``iterations=200`` as a budget: ``{"seconds": 0.2, "iterations": None}``."""
    key, sep, value = (text or "").partition("=")
    key = key.strip()
    try:
        number = float(value) if key == "seconds" else int(value)
    except ValueError:
        number = None
    if not sep or key not in ("seconds", "iterations") or number is None or number <= 0:
        raise TuneError(f"--budget {text!r}: expected seconds=S (a positive number of seconds a move) or "
                        "iterations=N (a positive whole number of iterations a move), e.g. --budget seconds=0.2")
    return {"seconds": number, "iterations": None} if key == "seconds" else {"iterations": number, "seconds": None}


def budget_text(budget: dict) -> str:
    return f"seconds={budget['seconds']:g}" if budget.get("seconds") is not None else f"iterations={budget['iterations']}"


# --- the parameter spaces ----------------------------------------------------------------------

def _has_rules(game: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(f"players.rules.{game}") is not None


def search_space(trial, game: str, player: str) -> dict:
    """The parameters of ISMCTS (``player`` "ismcts") or PIMC ("pimc") that a trial proposes:
    every option of :class:`players.search_player.SearchPlayer` (and ``reuse_tree`` /
    ``determinizations``), with the choices the game offers (``informed`` rollouts and
    ``expand: ordered`` where it has a move ordering, ``cutoff_eval: heuristic`` where it
    has a position value, ``rollout: rules`` where it has a rule player).  The budget is
    the study's, not a parameter."""
    from engine.registry import get_game
    from players.search_tree import move_priority_of

    ordering = move_priority_of(game) is not None
    heuristic = get_game(game).heuristic is not None
    params = {}
    rollouts = ["random"] + (["informed"] if ordering else []) + (["rules"] if _has_rules(game) else [])
    params["rollout"] = trial.suggest_categorical("rollout", rollouts)
    if params["rollout"] == "informed":
        params["rollout_epsilon"] = trial.suggest_float("rollout_epsilon", 0.0, 0.6)
    params["rollout_cutoff"] = trial.suggest_categorical("rollout_cutoff", [0, 5, 10, 20, 40, None])
    if params["rollout_cutoff"] is not None:
        params["cutoff_eval"] = trial.suggest_categorical(
            "cutoff_eval", (["heuristic"] if heuristic else []) + ["margin", "rank"])
    params["exploration"] = trial.suggest_float("exploration", 0.1, 2.0, log=True)
    if ordering:
        params["expand"] = trial.suggest_categorical("expand", ["random", "ordered"])
    if trial.suggest_categorical("widen", [False, True]):
        params["widening"] = trial.suggest_float("widening", 0.25, 4.0, log=True)
    if player == "ismcts":
        params["reuse_tree"] = trial.suggest_categorical("reuse_tree", [False, True])
    else:
        params["determinizations"] = trial.suggest_int("determinizations", 2, 40, log=True)
    return params


def declared_space(trial, space: dict) -> dict:
    """A player class's own ``tune_space``: ``name -> [choices]`` (categorical) or
    ``name -> {low, high, log?, step?}`` (whole numbers where both ends are)."""
    params = {}
    for name, dist in space.items():
        if isinstance(dist, (list, tuple)):
            params[name] = trial.suggest_categorical(name, list(dist))
        elif isinstance(dist, dict) and "low" in dist and "high" in dist:
            low, high, log = dist["low"], dist["high"], bool(dist.get("log", False))
            if isinstance(low, int) and isinstance(high, int) and not isinstance(dist.get("step", 1), float):
                params[name] = trial.suggest_int(name, low, high, step=dist.get("step", 1), log=log)
            else:
                params[name] = trial.suggest_float(name, float(low), float(high), step=dist.get("step"), log=log)
        else:
            raise TuneError(f"tune_space[{name!r}]: expected a list of choices or {{low, high, log, step}}, "
                            f"not {dist!r}")
    return params


def space_for(spec: str, game: str):
    """``trial -> params`` for the player ``spec``: ISMCTS's and PIMC's own, or a class's
    ``tune_space`` (a mapping as :func:`declared_space` reads, or a callable
    ``(trial, game) -> params``)."""
    if spec in ("ismcts", "pimc"):
        return lambda trial: search_space(trial, game, spec)
    from players.loading import PlayerSpecError, resolve_class

    try:
        cls = resolve_class(spec, game)
    except PlayerSpecError as exc:
        raise TuneError(str(exc)) from None
    space = getattr(cls, "tune_space", None)
    if callable(space):
        return lambda trial: dict(space(trial, game))
    if isinstance(space, dict) and space:
        return lambda trial: declared_space(trial, space)
    raise TuneError(f"--player {spec}: {cls.__name__} has no tune_space (a class attribute: a mapping "
                    "name -> [choices] or {low, high, log}, or a function (trial, game) -> params); "
                    "`arena tune` searches ismcts and pimc without one")


def space_params(spec: str, game: str) -> tuple | None:
    """The parameters ``spec``'s space can propose (None: a callable space, not known ahead)."""
    if spec in SEARCH_PARAMS:
        from players.search_tree import move_priority_of

        ordering = move_priority_of(game) is not None  # informed rollouts and expand: ordered need one
        return tuple(name for name in SEARCH_PARAMS[spec] if ordering or name not in ("rollout_epsilon", "expand"))
    from players.loading import resolve_class

    space = getattr(resolve_class(spec, game), "tune_space", None)
    return tuple(space) if isinstance(space, dict) else None


class HeldTrial:
    """An optuna trial that proposes only the parameters in ``search``: asked for any other,
    it answers ``held[name]`` (the player's default) without telling optuna, so the study's
    space is the searched part alone.  A switch (``widen``) follows its parameter."""

    def __init__(self, trial, search, held: dict):
        self.trial, self.search = trial, set(search) | {SWITCHES[n] for n in search if n in SWITCHES}
        self.held = dict(held, **{switch: held.get(param) is not None for param, switch in SWITCHES.items()})

    def _ask(self, how: str, name: str, *args, **kwargs):
        if name in self.search:
            return getattr(self.trial, how)(name, *args, **kwargs)
        return self.held.get(name)

    def suggest_categorical(self, name, choices):
        return self._ask("suggest_categorical", name, choices)

    def suggest_float(self, name, low, high, **kwargs):
        return self._ask("suggest_float", name, low, high, **kwargs)

    def suggest_int(self, name, low, high, **kwargs):
        return self._ask("suggest_int", name, low, high, **kwargs)


def player_defaults(spec: str, game: str, budget: dict) -> dict:
    """Every keyword parameter ``spec`` is built with when given only ``budget``: its class's
    defaults under the game's (:func:`players.loading.with_game_defaults`)."""
    from players.loading import class_defaults, resolve_class, with_game_defaults

    return {**class_defaults(resolve_class(spec, game)), **with_game_defaults(spec, dict(budget), game)}


def held_space(suggest, search: list, spec: str, game: str, budget: dict):
    """``suggest`` restricted to the parameters ``search``: ``trial -> params`` with only those
    (the rest are the game's defaults, filled in by :func:`candidate_params`)."""
    known = space_params(spec, game)
    if known is not None:
        unknown = [name for name in search if name not in known]
        if unknown:
            raise TuneError(f"--search {', '.join(unknown)}: not a parameter {spec} searches at {game}; "
                            f"one of {', '.join(known)}")
    held = player_defaults(spec, game, budget)

    def restricted(trial) -> dict:
        proposed = suggest(HeldTrial(trial, search, held))
        return {name: value for name, value in proposed.items() if name in search}
    return restricted


class _GridProbe:
    """A trial that answers each choice from ``fixed`` (else the first choice) and records the
    choices asked; a range is refused (a grid is of choices only)."""

    def __init__(self, fixed: dict):
        self.fixed, self.asked = fixed, {}

    def suggest_categorical(self, name, choices):
        self.asked.setdefault(name, list(choices))
        return self.fixed[name] if name in self.fixed else self.asked[name][0]

    def suggest_float(self, name, low, high, **kwargs):
        raise TuneError(f"--sampler grid: {name} is a range ({low} to {high}), not a list of choices; search it "
                        "with another sampler, or search only parameters of choices (--search NAME)")

    suggest_int = suggest_float


def grid_settings(suggest) -> list:
    """Every distinct setting ``suggest`` can propose when each parameter is a list of
    choices: dicts ``name -> choice`` of the parameters asked, in the order the space lists
    its choices (depth first, the first parameter asked slowest)."""
    settings, todo = [], [{}]
    while todo:
        fixed = todo.pop(0)
        probe = _GridProbe(fixed)
        suggest(probe)
        open_name = next((name for name in probe.asked if name not in fixed), None)
        if open_name is None:
            settings.append(fixed)
        else:
            todo[:0] = [dict(fixed, **{open_name: choice}) for choice in probe.asked[open_name]]
        if len(settings) + len(todo) > GRID_MOST:
            raise TuneError(f"--sampler grid: more than {GRID_MOST} settings; search fewer parameters (--search NAME)")
    return settings


def next_grid_setting(settings: list, stored) -> dict | None:
    """The first of ``settings`` no trial of the study has taken (a trial that failed before
    its parameters were drawn has taken none)."""
    import optuna

    taken = [t.params for t in stored.get_trials(deepcopy=False) if t.state != optuna.trial.TrialState.FAIL]
    return next((s for s in settings if s not in taken), None)


# --- the study -----------------------------------------------------------------------------------

def make_sampler(name: str, seed: int):
    import optuna

    samplers = {"tpe": lambda: optuna.samplers.TPESampler(seed=seed),
                "random": lambda: optuna.samplers.RandomSampler(seed=seed),
                "qmc": lambda: optuna.samplers.QMCSampler(seed=seed, warn_independent_sampling=False),
                "cmaes": lambda: optuna.samplers.CmaEsSampler(seed=seed, warn_independent_sampling=False),
                "gp": lambda: optuna.samplers.GPSampler(seed=seed),
                # a grid study enqueues every trial's parameters (grid_settings): nothing is sampled
                "grid": lambda: optuna.samplers.RandomSampler(seed=seed)}
    if name not in samplers:
        raise TuneError(f"--sampler {name!r}: one of {', '.join(SAMPLERS)}")
    try:
        return samplers[name]()
    except ImportError as exc:
        raise TuneError(f"--sampler {name}: needs a package optuna does not install itself ({exc})") from None


def trial_seed(seed: int, number: int) -> int:
    """The sampler's seed for trial ``number``: a rerun asks for the same trial the same way."""
    return (seed * 1_000_003 + number * 7919 + 1) % (2 ** 32)


def _optuna():
    try:
        import optuna
    except ImportError:
        raise TuneError("arena tune needs optuna: pip install -e '.[tune]' (or pip install 'optuna>=3')") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def field_entries(spec: str, against: list | None, budget: dict, game: str) -> list:
    """The reference field: PlayerEntry per opponent.  ``against`` names players by spec
    (``defaults`` is ``spec`` with the game's current defaults at the study's budget);
    default: the game's rule player (where it has one) and ``defaults``."""
    from players.loading import with_game_defaults

    names = list(against) if against else (["rules"] if _has_rules(game) else []) + [DEFAULTS]
    entries, taken = [], {CANDIDATE}
    for other in names:
        if other == DEFAULTS:
            entry = PlayerEntry(DEFAULTS, spec, with_game_defaults(spec, dict(budget), game))
        else:
            from arena.runs.head_to_head import player_name

            name = player_name(other)
            while name in taken:
                name = player_name(other, taken=name)
            entry = PlayerEntry(name, other, {})
        if entry.name in taken:
            raise TuneError(f"--against {other}: named twice in the field")
        taken.add(entry.name)
        entries.append(entry)
    return entries


def tables(entries: list, seats: int) -> list:
    """The trial's tables: lists of ``seats - 1`` opponents from ``entries`` (see the module)."""
    need = seats - 1
    if len(entries) >= need:
        return [list(combo) for combo in combinations(entries, need)]
    filled, n = list(entries), 2
    while len(filled) < need:
        for entry in entries:
            if len(filled) < need:
                filled.append(PlayerEntry(f"{entry.name}-{n}", entry.spec, dict(entry.params)))
        n += 1
    return [filled]


@dataclass
class Study:
    """Everything a study's trials are played with (what a rerun must keep the same)."""
    game: str
    seats: int
    spec: str
    budget: dict
    field: list  # of PlayerEntry
    games_per_trial: int
    sampler: str
    seed: int
    options: dict
    folder: Path
    workers: int = 0
    address: str | None = None
    move_seconds: float | None = None
    game_seconds: float | None = None
    plugins: list = field(default_factory=list)  # modules or .py files that register games
    search: list = field(default_factory=list)  # the parameters searched; empty: the whole space

    def settings(self) -> dict:
        settings = {"game": self.game, "seats": self.seats, "options": dict(self.options), "player": self.spec,
                    "budget": dict(self.budget), "against": [p.to_dict() for p in self.field],
                    "games_per_trial": self.games_per_trial, "sampler": self.sampler, "seed": self.seed}
        if self.search:
            settings["search"] = sorted(self.search)
        return settings

    @property
    def tables(self) -> list:
        return tables(self.field, self.seats)

    @property
    def deals(self) -> int:
        """Deals per table: enough for ``games_per_trial`` games over every table and rotation."""
        return max(1, math.ceil(self.games_per_trial / (len(self.tables) * self.seats)))

    def config(self, number: int, table: int, params: dict):
        """Trial ``number``'s tournament at table ``table``."""
        players = [PlayerEntry(CANDIDATE, self.spec, params)] + self.tables[table]
        data = {"name": f"trial-{number:04d}-{table}", "game": self.game, "options": dict(self.options),
                "seats": self.seats, "players": [p.to_dict() for p in players], "games_per_pairing": self.deals,
                "seed": self.seed, "workers": self.workers, "output": str(self.folder / "trials"),
                "elo_anchor": players[1].name, "plugins": list(self.plugins),
                "time_limits": {"move_seconds": self.move_seconds, "game_seconds": self.game_seconds}}
        return config_from_dict(data, f"tune trial {number}")


def candidate_params(study: Study, proposed: dict) -> dict:
    """The trial's player: the study's budget and the proposed parameters (nothing from the
    game's defaults but what the space leaves out)."""
    from players.loading import with_game_defaults

    return with_game_defaults(study.spec, {**study.budget, **proposed}, study.game)


def play_trial(study: Study, number: int, params: dict, echo, progress_stream) -> tuple:
    """Play trial ``number``'s tables; (TrialResult, interrupted)."""
    points, games = 0.0, 0
    for table in range(len(study.tables)):
        cfg = study.config(number, table, params)
        if table == 0:
            check_config_players(cfg)  # a bad parameter or class is named before any game
        outcome = run_tournament(cfg, address=study.address, echo=lambda m: _notes(m, echo),
                                 progress_stream=progress_stream, report=False)
        for record in ResultsStore(cfg.folder).load_games(warn=lambda _: None, repair=False):
            p, g = _points(record)
            points, games = points + p, games + g
        if outcome.interrupted:
            return None, True
    low, high = wilson_interval(points, games)
    return TrialResult(number, params, points / games if games else 0.0, low, high, games), False


def _points(record: dict) -> tuple:
    """The trial player's share of the points in one game (against every other seat), and 1;
    (0, 0) for a game without ranks."""
    ranks, players = record.get("ranks"), record.get("players") or []
    if not ranks or CANDIDATE not in players:
        return 0.0, 0
    mine = ranks[players.index(CANDIDATE)]
    others = [r for name, r in zip(players, ranks) if name != CANDIDATE]
    share = sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)
    return share, 1


def _notes(message: str, echo) -> None:
    if message.lower().startswith(("warning", "note", "stopped", "error")):
        echo(message)


def open_study(study: Study, fresh: bool, echo):
    optuna = _optuna()
    folder = study.folder
    if fresh and folder.exists():
        echo(f"--fresh: moved the old study to {move_aside(folder)}")
    folder.mkdir(parents=True, exist_ok=True)
    storage = f"sqlite:///{(folder / 'study.db').resolve()}"
    stored = optuna.create_study(storage=storage, study_name=STUDY, direction="maximize", load_if_exists=True,
                                 sampler=make_sampler(study.sampler, trial_seed(study.seed, 0)))
    old = stored.user_attrs.get("settings")
    new = _jsonable(study.settings())
    if old is None:
        stored.set_user_attr("settings", new)
    else:
        changed = [f"{k}: {old.get(k)!r} -> {new.get(k)!r}" for k in KEYS_THAT_CHANGE_TRIALS if old.get(k) != new.get(k)]
        if changed:
            raise TuneError(f"{folder} holds a study with other settings ({plural(len(stored.trials), 'trial')}):\n  "
                            + "\n  ".join(changed) + "\nKeep the old values, give the study another --name, or "
                            "run with --fresh (the old study is moved aside, not deleted)")
    return stored


def _jsonable(value):
    import json

    return json.loads(json.dumps(value))


def result_of(frozen) -> TrialResult:
    attrs = frozen.user_attrs
    return TrialResult(frozen.number, attrs["params"], frozen.value, attrs["low"], attrs["high"], attrs["games"])


def tune(game: str, seats: int, budget: dict, player: str = "ismcts", trials: int = DEFAULT_TRIALS,
         games_per_trial: int = DEFAULT_GAMES_PER_TRIAL, sampler: str = "tpe", seed: int = 0,
         against: list | None = None, options: dict | None = None, output: str = "results", name: str | None = None,
         workers: int = 0, address: str | None = None, fresh: bool = False, verify_deals: int = DEFAULT_VERIFY_DEALS,
         sprt: Sprt | None = DEFAULT_SPRT, move_seconds: float | None = None, game_seconds: float | None = None,
         plugins: list | None = None, search: list | None = None, echo=print, progress_stream=None,
         on_trial=None) -> TuneOutcome:
    """Run (or resume) a study of ``trials`` complete trials, then the verification match
    (``verify_deals`` 0: none).  ``search`` names the parameters to search (default: the
    whole space; the rest stay the game's defaults).  ``on_trial(result)`` is called after
    each trial is stored."""
    import io

    from engine.contract import OptionError
    from arena.game.plugins import import_plugins
    from engine.registry import get_game

    try:
        import_plugins(plugins or [])
    except ImportError as exc:
        raise TuneError(f"plugins: {exc}") from None
    if trials < 1 or games_per_trial < 1:
        raise TuneError(f"--trials {trials}, --games-per-trial {games_per_trial}: each must be 1 or more")
    try:
        spec = get_game(game)
        spec.resolve_options(options)
    except OptionError as exc:
        raise TuneError(str(exc)) from None
    if not spec.min_players <= seats <= spec.max_players:
        raise TuneError(f"--players {seats}: {game} is for {spec.min_players}-{spec.max_players} players")
    if sampler not in SAMPLERS:
        raise TuneError(f"--sampler {sampler!r}: one of {', '.join(SAMPLERS)}")
    suggest = space_for(player, game)
    search = sorted(set(search or []))
    if search:
        suggest = held_space(suggest, search, player, game, budget)
    from arena.runs.head_to_head import player_name

    name = name or (f"tune-{game}-{seats}p-{player_name(player)}-{budget_text(budget).replace('=', '')}"
                    + "".join(f"-{p}" for p in search))
    study = Study(game, seats, player, dict(budget), field_entries(player, against, budget, game), games_per_trial,
                  sampler, seed, dict(options or {}), Path(output) / name, workers, address, move_seconds, game_seconds,
                  list(plugins or []), search)
    progress_stream = progress_stream or io.StringIO()
    optuna = _optuna()
    grid = grid_settings(suggest) if sampler == "grid" else None
    if grid is not None and trials > len(grid):
        echo(f"--sampler grid: {plural(len(grid), 'setting')} to play, so {plural(len(grid), 'trial')}")
        trials = len(grid)
    stored = open_study(study, fresh, echo)
    games = study.deals * len(study.tables) * seats
    echo(f"{name}: {player} at {game}, {seats} players, {budget_text(budget)}; {plural(trials, 'trial')} of "
         f"{plural(games, 'game')} against {', '.join(p.name for p in study.field)} "
         f"(±{half_width(games):.3f} at 0.5); sampler {sampler}, seed {seed}; study in {study.folder}/study.db")
    outcome = TuneOutcome(study.folder, None)
    began, played = time.monotonic(), 0

    def complete() -> list:
        return sorted((result_of(t) for t in stored.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))),
                      key=lambda r: r.number)

    def report(result: TrialResult) -> None:
        done = complete()
        best = best_of(done)
        left = trials - len(done)
        eta = "" if not played or left <= 0 else \
            f", about {_duration((time.monotonic() - began) / played * left)} left"
        echo(f"trial {result.number}: {result.score:.3f} [{result.low:.3f}, {result.high:.3f}] over "
             f"{plural(result.games, 'game')} {_params_text(result.params)}")
        echo(f"  {len(done)} of {trials} trials done; best so far: trial {best.number} {best.score:.3f} "
             f"[{best.low:.3f}, {best.high:.3f}]{eta}")

    def play_and_store(trial, number: int, params: dict) -> bool:
        """Play one trial and tell the study its score; False where the run was stopped."""
        nonlocal played
        result, stopped = play_trial(study, number, params, echo, progress_stream)
        if stopped:
            return False
        _store(stored, trial, result)
        played += 1
        report(result)
        if on_trial:
            on_trial(result)
        return True

    # a trial a stopped run left half-played goes on from its recorded games
    for frozen in stored.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,)):
        trial = optuna.trial.Trial(stored, frozen._trial_id)
        params = frozen.user_attrs.get("params")
        if params is None:
            try:
                params = candidate_params(study, suggest(optuna.trial.FixedTrial(frozen.params)))
            except Exception:  # noqa: BLE001 - stopped before its parameters were all drawn
                stored.tell(frozen.number, state=optuna.trial.TrialState.FAIL)
                continue
            trial.set_user_attr("params", params)
        echo(f"trial {frozen.number}: resumed from its recorded games")
        if not play_and_store(trial, frozen.number, params):
            return _stopped(outcome, echo)
    while len(complete()) < trials:
        number = len(stored.trials)
        stored.sampler = make_sampler(sampler, trial_seed(seed, number))
        # a grid trial enqueued by a run stopped before asking for it is the next one
        if grid is not None and not stored.get_trials(deepcopy=False, states=(optuna.trial.TrialState.WAITING,)):
            setting = next_grid_setting(grid, stored)
            if setting is None:
                break
            stored.enqueue_trial(setting)
        trial = stored.ask()
        params = candidate_params(study, suggest(trial))
        trial.set_user_attr("params", params)
        if not play_and_store(trial, trial.number, params):
            return _stopped(outcome, echo)
    outcome.trials = complete()
    outcome.best = best = best_of(outcome.trials)
    defaults = next((p for p in study.field if p.name == DEFAULTS), None)
    defaults_params = defaults.params if defaults else candidate_params(study, {})
    echo(f"best: trial {best.number} of {len(outcome.trials)}: {best.score:.3f} [{best.low:.3f}, {best.high:.3f}] "
         f"over {plural(best.games, 'game')} against {', '.join(p.name for p in study.field)}")
    echo(f"  params: {_params_text(best.params)}")
    if verify_deals and best.params == defaults_params:
        outcome.verdict = "the best settings are the current defaults: nothing to verify"
    elif verify_deals:
        outcome.match, outcome.verdict = verify(study, best.params, defaults_params, verify_deals, sprt, echo,
                                                progress_stream)
        outcome.interrupted = outcome.match.interrupted
    else:
        outcome.verdict = "no verification match (--verify-deals 0)"
    echo(f"verdict: {outcome.verdict}")
    return outcome


def verify(study: Study, best: dict, defaults: dict, deals: int, sprt: Sprt | None, echo, progress_stream):
    """The best parameters against the current defaults: a match (2 players, every deal from
    both seats, deals of its own) with an SPRT; (MatchOutcome, verdict)."""
    from arena.runs.head_to_head import match_config, run_match

    a, b = PlayerEntry("tuned", study.spec, best), PlayerEntry(DEFAULTS, study.spec, defaults)
    cfg = match_config(a, b, study.game, study.options, seed=study.seed + 1, name="verify", output=str(study.folder),
                       workers=study.workers, move_seconds=study.move_seconds, game_seconds=study.game_seconds,
                       plugins=study.plugins)
    echo(f"verification match: tuned vs defaults at {study.game}, 2 players, at most {plural(deals, 'deal')}"
         + (f"; SPRT {sprt.text()}" if sprt else "") + f"; results in {cfg.folder}/")
    match = run_match(cfg, deals=deals, sprt=sprt, address=study.address, echo=echo, report=False,
                      progress_stream=progress_stream)
    s = match.status
    score = f"tuned {s.score:.3f} [{s.score_low:.3f}, {s.score_high:.3f}] over {plural(s.games, 'game')} against the defaults"
    if match.interrupted:
        return match, f"{score}; the match was stopped (run the same command again to finish it)"
    if sprt is None:
        better = s.score_low > 0.5
        return match, f"{score}: {'better than the defaults' if better else 'not shown better than the defaults'}"
    said = {"H1 accepted": f"SPRT accepted H1 (elo1={sprt.elo1:g}): better than the defaults",
            "H0 accepted": f"SPRT accepted H0 (elo0={sprt.elo0:g}): not better than the defaults",
            }.get(s.state, f"SPRT undecided after {plural(s.deals, 'pair')}")
    return match, f"{score}; {said}"


def best_of(results: list) -> TrialResult | None:
    """The highest score; of equal scores the earliest trial."""
    best = None
    for r in sorted(results, key=lambda r: r.number):
        if best is None or r.score > best.score:
            best = r
    return best


def _store(stored, trial, result: TrialResult) -> None:
    for key, value in (("low", result.low), ("high", result.high), ("games", result.games)):
        trial.set_user_attr(key, value)
    stored.tell(trial, result.score)


def _stopped(outcome: TuneOutcome, echo) -> TuneOutcome:
    outcome.interrupted = True
    echo("stopped: the trial's finished games are kept; run the same command again to go on")
    return outcome


def _params_text(params: dict) -> str:
    return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in params.items()) + "}"


def _value(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
