"""``arena tournament``: config → schedule → games (Ray) → results → leaderboard.

Running the same config again resumes: the games already in the results
folder's log are not played again, the others are.  A rerun reads the log from
its checkpoint (``arena.store``: the tally of the closed segments, then the lines
of ``games.jsonl``) and builds only the games still to play, so it costs what is
new and what is left, not the whole tournament.  A config
that would change games already played (game, options, seats, seed, or the
class or parameters of a player who has games) is refused unless ``fresh``,
which moves the old folder aside (``<name>.old-<time>``) and starts over.
Adding players only adds games (see :mod:`arena.runs.schedule`).
"""
from __future__ import annotations

import os
import signal
import sys
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from arena.game.player_text import plural
from arena.runs.config import ConfigError, TournamentConfig, config_from_dict
from arena.reports.leaderboard import build_leaderboard, render_json, render_markdown, render_text
from arena.game.match import player_seed
from arena.game.player_text import for_terminal
from arena.store.results import ResultsError, ResultsStore
from arena.runs.playing import Playing, lock_results
from arena.runs.runner import (BACKSTOP_GRACE, ClusterLost, Interrupted, Progress, RayAddressError, RayStartError,
                               resolve_address)
from arena.runs.schedule import deal_seed, pairings, pending_games, scheduled_count


REPORT = "report.html"
WARM = ".trueskill"  # the last board's TrueSkill messages: where the next solve starts
NODES = ".nodes"  # each Ray node that played: what its jail probe found (arena.jail.probe), by name
ISOLATION = ".isolation"  # what the last run's probe found on the machine that ran it
RAY_LOG = "ray.log"  # Ray's own messages to the driver (a dead raylet's last lines, ...)
JOB_ENV = "RAY_JOB_CONFIG_JSON_ENV_VAR"  # set by Ray for the driver of a `ray job submit`


class TournamentError(ValueError):
    """A tournament that cannot run as asked; the message says why and what to do."""


@dataclass
class Outcome:
    board: dict
    played: int  # games played by this run
    recorded_before: int
    scheduled: int
    interrupted: int  # the signal that stopped the run (SIGINT, SIGTERM, SIGHUP), 0 where none did
    folder: Path
    cluster_lost: str = ""  # why the run stopped with the Ray cluster's head gone ('' where it did not)


def stored_config(folder: Path) -> TournamentConfig | None:
    path = Path(folder) / "config.yaml"
    if not path.is_file():
        return None
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}") from None
    return config_from_dict(data, str(path), game_defaults=False)  # as its games were played


def changes_to_played_games(old: TournamentConfig, new: TournamentConfig, played: set) -> list:
    """What in ``new`` would change games already played under ``old``."""
    from engine.registry import get_game

    changes = []
    for key in ("game", "seats", "seed"):
        if getattr(old, key) != getattr(new, key):
            changes.append(f"{key}: {getattr(old, key)!r} -> {getattr(new, key)!r}")
    if (old.seeds or "secret") != (new.seeds or "secret"):
        changes.append(f"seeds: {old.seeds or 'secret'!r} -> {new.seeds or 'secret'!r}")
    if not changes and get_game(old.game).resolve_options(old.options) != get_game(new.game).resolve_options(new.options):
        changes.append(f"options: {old.options!r} -> {new.options!r}")
    new_players = {p.name: (i, p) for i, p in enumerate(new.players)}
    for p in old.players:
        if p.name not in played or p.name not in new_players:
            continue
        i, q = new_players[p.name]
        if p.spec != q.spec:
            changes.append(f"players[{i}] ({p.name}): class {p.spec!r} -> {q.spec!r}")
        if p.params != q.params:
            changes.append(f"players[{i}] ({p.name}): params {p.params!r} -> {q.params!r}")
    return changes


def move_aside(folder: Path) -> Path:
    target = folder.with_name(f"{folder.name}.old-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        n += 1
        target = folder.with_name(f"{folder.name}.old-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
    folder.rename(target)
    return target


def open_results(cfg: TournamentConfig, fresh: bool, echo) -> ResultsStore:
    """The locked store, its log read (``store.tally``), after checking the config against it."""
    folder = cfg.folder
    store = lock_results(folder)
    try:
        if fresh and folder.exists():
            store.unlock()
            echo(f"--fresh: moved the old results to {move_aside(folder)}")
            store = lock_results(folder)
        store.open(warn=lambda m: echo(f"warning: {m}"), for_check=True)  # checked by check_log_against_schedule
        store.check_segments()  # a damaged closed segment stops the run before it plays
        old = stored_config(folder)
        settle_seeds(cfg, old, store.tally.recorded > 0)
        refuse_changes(cfg, old, store.tally)
    except BaseException:
        store.unlock()
        raise
    return store


def settle_seeds(cfg: TournamentConfig, old: TournamentConfig | None, recorded: bool) -> None:
    """Fix whether this tournament's seeds are public (from ``seed`` alone) or secret, and
    refuse a submitted player in a tournament whose seeds are public.  Unset in the config,
    a tournament keeps what it started with (a results folder from before the ``seeds`` key:
    secret); a new one is public exactly when all its players are trusted."""
    if cfg.seeds is None:
        if old is not None and recorded:
            cfg.seeds = old.seeds or "secret"
        else:
            cfg.seeds = "public" if cfg.all_trusted() else "secret"
    if cfg.seeds == "public" and not cfg.all_trusted():
        raise TournamentError(public_seeds_refusal(cfg))


def public_seeds_refusal(cfg: TournamentConfig) -> str:
    return (f"{cfg.source}: {cfg.folder} has public seeds (seeds: public: every deal follows from the "
            "config's seed), so it admits no submitted player, who could rebuild the deals from the config. "
            "Start a tournament of its own for it with `seeds: secret` in the config (a new name, or --fresh).")


def seed_key(cfg: TournamentConfig, folder) -> bytes | None:
    """The key of a stored tournament's game seeds: its secret, or None where they are public."""
    from arena.store.secret import load_secret

    if cfg.seeds == "public":
        return None
    return load_secret(folder)  # "secret", or a folder from before the seeds key: keyed


def seeds_note(cfg: TournamentConfig) -> dict:
    """Where the game seeds come from, for ``leaderboard.json`` and the report."""
    if cfg.seeds == "public":
        return {"from": "config", "note": f"public seeds: every game follows from the config's seed "
                                          f"({cfg.seed}); the same config gives the same games on any machine"}
    return {"from": "secret", "note": "seeds keyed by this tournament's secret (results/<name>/.secret): "
                                      "to play the same games again, copy the results folder or its .secret"}


def refuse_changes(cfg: TournamentConfig, old: TournamentConfig | None, tally) -> None:
    if old is None or not tally.recorded:
        return
    changes = changes_to_played_games(old, cfg, tally.played_names())
    deals = tally.deals_recorded()
    if cfg.games_per_pairing < deals:  # their games would drop out of the ratings
        beyond = tally.games_from(cfg.games_per_pairing)
        changes.append(f"games_per_pairing: {old.games_per_pairing} -> {cfg.games_per_pairing}, but {deals} deals "
                       f"are recorded: {plural(beyond, 'recorded game')} would drop out of the ratings "
                       f"(give games_per_pairing: {deals} or more to keep them)")
    if changes:
        raise TournamentError(
            f"{cfg.source}: this config would change games already played in {cfg.folder} "
            f"({plural(tally.recorded, 'game')} recorded):\n  " + "\n  ".join(changes) +
            "\nKeep the old values, give the tournament a new name, or run with --fresh "
            "(the old results are moved aside, not deleted).")


def check_log_against_schedule(cfg: TournamentConfig, store: ResultsStore, key: bytes | None, echo) -> int:
    """Check the games the store read against the schedule (each game's seed and seats) and
    note the games no longer scheduled; returns how many those are."""
    scheduled = set(pairings([p.name for p in cfg.players], cfg.seats))
    store.check_games(lambda pairing, deal: deal_seed(cfg.seed, pairing, deal, key) if pairing in scheduled else None)
    stray = store.tally.recorded - store.tally.view(scheduled).recorded
    if stray:
        echo(f"note: {plural(stray, 'recorded game')} {'is' if stray == 1 else 'are'} no longer scheduled "
             "(a player left the config); "
             f"{'it is' if stray == 1 else 'they are'} kept in the log but not rated")
    return stray


def game_setup(cfg: TournamentConfig) -> dict:
    """What a worker needs to play any game of the tournament (plain data; no secret:
    the seeds come with each job)."""
    players = {p.name: (_absolute_spec(p.spec), dict(p.params)) for p in cfg.players}
    plugins = [str(Path(p).resolve()) if p.endswith(".py") else p for p in cfg.plugins]
    # no jail's view may hold these: every tournament's results (this one's among them), the config
    private = [str(cfg.folder.resolve().parent), str(cfg.folder.resolve()), str(Path(cfg.source).resolve())]
    return {"game": cfg.game, "options": dict(cfg.options), "players": players, "plugins": plugins,
            "move_seconds": cfg.move_seconds, "game_seconds": cfg.game_seconds, "isolation": cfg.isolation,
            "limits": {"memory_mb": cfg.player_memory_mb, "disk_mb": cfg.player_disk_mb, "private": private}}


def job_for(cfg: TournamentConfig, game, key: bytes | None = None) -> dict:
    """One scheduled game as a worker gets it; its record is also a replayable game record
    (``engine.record.GameRecord``: game, num_players, seed, options, actions).  With the
    tournament's secret ``key``, the players' seeds come keyed by it (they are not recorded)."""
    job = dict(game.to_dict(), game=cfg.game, options=dict(cfg.options))
    if key is not None:
        job["player_seeds"] = [player_seed(game.seed, seat, key) for seat in range(len(game.players))]
    return job


def isolation_note(cfg: TournamentConfig, nodes: dict | None = None, probed: dict | None = None) -> dict:
    """How the players of this tournament are confined, for the run's opening note and
    ``leaderboard.json``: ``probed`` (this machine's probe, as the last run here found it:
    ``.isolation``) or probed now, or where Ray nodes played its games (``nodes``: name ->
    each one's probe), the least confined of them, with every node's under ``nodes``."""
    from arena.game.plugins import is_builtin
    from arena.jail import probe

    if cfg.isolation == "none":
        return {"isolation": "none", "sandboxed": False,
                "note": "NOT ISOLATED: every player ran in the game's process (isolation: none); "
                        "a player could read hidden cards or change results: trusted players only"}
    here = dict(probed) if isinstance(probed, dict) else probe(cfg.player_memory_mb, cfg.player_disk_mb)
    if all(is_builtin(p.spec, p.params) for p in cfg.players):
        note = here
        note["note"] = "only arena's built-in players: every game ran in the game's process (not isolated)"
        note["isolation"] = "built-in players in process"
        return note
    if not nodes:
        return here
    named = sorted(nodes.items())
    least = next((n for _, n in named if not n.get("sandboxed")), named[0][1])
    missing = sorted({m for _, n in named for m in n.get("missing", ())})
    return dict(least, missing=missing, sandboxed=not missing, nodes=dict(named))


def _absolute_spec(spec: str) -> str:
    where, sep, cls = spec.rpartition(":")
    if sep and where.endswith(".py"):
        return f"{Path(where).resolve()}:{cls}"
    return spec


def run_tournament(cfg: TournamentConfig, fresh: bool = False, workers: int | None = None,
                   address: str | None = None, games_per_task: int | None = None, echo=print,
                   progress_stream=None, grace: float = BACKSTOP_GRACE, report: bool = True) -> Outcome:
    """Play every scheduled game not yet in the log, then rate and write the leaderboard
    (and, with ``report``, the HTML report)."""
    refuse_ray_job_copy(cfg)
    store = open_results(cfg, fresh, echo)
    try:
        return _play_and_rate(cfg, store, workers, address, games_per_task, echo, progress_stream, grace, report)
    finally:
        store.close()
        store.unlock()


def refuse_ray_job_copy(cfg: TournamentConfig) -> None:
    """Refuse a results folder inside the copy of the working directory that ``ray job submit
    --working-dir`` unpacked on the head (under the Ray session's ``runtime_resources``), or a
    relative one for a job's driver: the results and the secret would be lost with the copy,
    and a changed config, uploaded as a new copy, would start from zero."""
    folder = Path(cfg.folder).absolute()
    in_copy = "runtime_resources" in folder.parts
    if not in_copy and not (os.environ.get(JOB_ENV) and not Path(cfg.output).is_absolute()):
        return
    if in_copy:
        where = ("inside the copy of the working directory that `ray job submit --working-dir` made on the head: "
                 "it goes with Ray's session, and a changed config, uploaded as a new copy, would start from zero")
    else:
        where = f"relative to where the Ray job runs on the head ({os.getcwd()}), not to where it was submitted from"
    raise TournamentError(
        f"{cfg.source}: output: {cfg.output!r} would put the results (and the tournament's secret) in {folder}, "
        f"{where}. Name a folder by its absolute path, on a disk every run of this tournament reaches: "
        "`arena tournament CONFIG --output /shared/arena-results`, or `output: /shared/arena-results` in the config.")


def ray_job_address() -> str | None:
    """The cluster of the Ray job this process is the driver of (``ray job submit``), or None."""
    return os.environ.get("RAY_ADDRESS") or "auto" if os.environ.get(JOB_ENV) else None


def _play_and_rate(cfg, store, workers, address, games_per_task, echo, progress_stream, grace, report):
    address = address or cfg.ray_address or ray_job_address()
    if address:
        try:  # at once, before anything is swept or played
            address = resolve_address(address)
        except RayAddressError as exc:
            raise TournamentError(str(exc)) from None
    if workers is None:  # a cluster is used whole unless --workers says otherwise
        workers = 0 if address else cfg.workers
    playing = Playing(cfg, store, game_setup(cfg), workers, address, games_per_task=games_per_task, grace=grace,
                      echo=echo, ray_log=str(cfg.folder / RAY_LOG))
    key = playing.key
    check_log_against_schedule(cfg, store, key, echo)
    store.write_config(cfg.to_yaml())
    done, scheduled = store.tally.recorded, scheduled_count(cfg)
    # dispatched deal by deal across pairings: batches mix the pairings (so their measured
    # cost is typical) and a stopped run leaves a fair sample; results do not depend on it
    pending = [job_for(cfg, g, key) for g in pending_games(cfg, key, store.tally.missing)]
    from arena.jail import leftovers

    stopped = leftovers_text(*leftovers.sweep(cfg.folder), cfg.folder)
    if stopped:
        echo(stopped)
    note = machine_note(cfg, store)
    interrupted, lost = 0, ""
    if pending:
        echo(f"{cfg.name}: {len(pending)} of {plural(scheduled, 'game')} to play ({scheduled - len(pending)} already "
             f"recorded) on {playing.where()}")
        echo(isolation_text(note))
        progress = Progress(len(pending), progress_stream or sys.stderr)
        try:
            playing.interrupts.install()
            playing.play(pending, progress)
        except Interrupted:
            interrupted = playing.interrupts.received or signal.SIGINT
        except ClusterLost as exc:
            lost = (f"{exc}: {store.tally.recorded} of {plural(scheduled, 'game')} kept ({playing.played} played by "
                    "this run), the leaderboard written from them; run the same command again to resume once the "
                    "cluster is back")
        except (RayAddressError, RayStartError) as exc:
            raise TournamentError(str(exc)) from None
        finally:
            playing.interrupts.uninstall()
            progress.close()
            store.close()
            playing.close()
    unplayed = playing.unplayed
    if unplayed:
        echo(f"warning: {plural(len(unplayed), 'game')} failed for no player's reason and "
             f"{'was' if len(unplayed) == 1 else 'were'} not recorded "
             f"(first: {for_terminal(unplayed[0]['failed'])}); run the same command again to play them")
    keep_node_notes(store, playing.node_notes)
    board = write_leaderboard(cfg, store, report)
    return Outcome(board, playing.played, done, scheduled, interrupted, cfg.folder, lost)


def keep_node_notes(store: ResultsStore, notes: dict) -> None:
    """Add this run's jail probes of the nodes that played to the folder's (``.nodes``)."""
    played = {name: note for name, note in notes.items() if name in store.tally.nodes}
    if played:
        store.write_private(NODES, dict(store.read_private(NODES) or {}, **played))


def leftovers_text(players: int, others: int, folder) -> str:
    """What :func:`arena.jail.leftovers.sweep` stopped, in words ('' where nothing)."""
    what = []
    if players:
        what.append(plural(players, "player process", "player processes"))
    if others:
        what.append(plural(others, "other process" if players else "process",
                           "other processes" if players else "processes") + " (Ray's, the jail's)")
    if not what:
        return ""
    return f"stopped {' and '.join(what)} left by an earlier run of {folder} that was killed"


def isolation_text(note: dict) -> str:
    if note.get("note"):
        return f"players: {note['note']}"
    text = (f"players: each in a jail of its own; jail: {note['jail']}; files: {note['filesystem']}; "
            f"processes: {note['processes']}; network: {note['network']}")
    if note.get("sandboxed"):
        return text
    return f"WARNING: missing here: {', '.join(note.get('missing', []))}; " + text


def leaderboard_of(cfg, store: ResultsStore) -> tuple:
    """The board of the store's tally (read or appended), TrueSkill warm-started from the last
    one, and TrueSkill's messages."""
    from arena.ratings.trueskill_batch import messages_from_data

    games = store.tally.view(pairings([p.name for p in cfg.players], cfg.seats))
    board, messages = build_leaderboard(cfg, games, scheduled_count(cfg),
                                        warm=messages_from_data(store.read_private(WARM)))
    board["isolation"] = isolation_note(cfg, played_node_notes(store), probed=store.read_private(ISOLATION))
    board["seeds"] = seeds_note(cfg)
    return board, messages


def machine_note(cfg, store: ResultsStore) -> dict:
    """A run's isolation note: this machine probed now, and kept (``.isolation``) for the
    leaderboards written from the log later, which then need no probe of their own (a child
    process: 0.3 s of the 1 s an `arena leaderboard` at a million games may take)."""
    from arena.jail import probe

    if cfg.isolation == "none":
        return isolation_note(cfg)
    here = probe(cfg.player_memory_mb, cfg.player_disk_mb)
    store.write_private(ISOLATION, here)
    return isolation_note(cfg, probed=here)


def played_node_notes(store: ResultsStore) -> dict:
    """The jail probes of the Ray nodes that played games of the log (``.nodes``), by name."""
    notes = store.read_private(NODES) or {} if store.tally.nodes else {}
    return {name: note for name, note in notes.items() if name in store.tally.nodes and isinstance(note, dict)}


def write_leaderboard(cfg, store: ResultsStore, report: bool = True) -> dict:
    from arena.ratings.trueskill_batch import messages_to_data

    board, messages = leaderboard_of(cfg, store)
    store.write_text("leaderboard.md", render_markdown(board))
    store.write_text("leaderboard.json", render_json(board))
    store.write_private(WARM, messages_to_data(messages))
    if report:
        write_report(cfg, store, board)
    return board


def write_report(cfg, store: ResultsStore, board: dict) -> None:
    from arena.reports.report import build_report  # matplotlib: imported only when a report is drawn
    from arena.reports.viewer import write_viewers

    games = store.tally.view(pairings([p.name for p in cfg.players], cfg.seats))
    watch = write_viewers(store.folder, board, games, store.records_at)  # games/<id>.html, the games that matter
    store.write_text(REPORT, build_report(board, games, watch=watch, nodes=store.tally.nodes))


def load_tournament(folder, report: bool = True) -> tuple:
    """The stored config and leaderboard of a results folder (``arena leaderboard``); the
    leaderboard files (and the report) are rewritten unless another run holds the folder."""
    folder = Path(folder)
    cfg = stored_config(folder)
    if cfg is None:
        raise ResultsError(f"{folder}: no config.yaml here; is it a tournament's results folder?")
    store = ResultsStore(folder)
    mine = store.try_lock()  # while a run is writing, read only: never truncate its log
    try:
        store.open(warn=lambda m: print(f"warning: {m}", file=sys.stderr), repair=mine)
        board = write_leaderboard(cfg, store, report) if mine else leaderboard_of(cfg, store)[0]
    finally:
        store.unlock()
    return cfg, board


def rebuild_report(folder) -> Path:
    """Write ``report.html`` from a results folder's log (reading only: safe beside a running
    tournament, which only appends to the log); returns its path."""
    folder = Path(folder)
    cfg = stored_config(folder)
    if cfg is None:
        raise ResultsError(f"{folder}: no config.yaml here; is it a tournament's results folder?")
    store = ResultsStore(folder)
    store.open(warn=lambda m: print(f"warning: {m}", file=sys.stderr), repair=False)
    write_report(cfg, store, leaderboard_of(cfg, store)[0])
    return folder / REPORT


def summary_text(outcome: Outcome) -> str:
    lines = [render_text(outcome.board), ""]
    if outcome.interrupted:
        lines.append(f"interrupted ({signal.Signals(outcome.interrupted).name}): {plural(outcome.played, 'game')} "
                     "played and kept now; run the same command to resume")
    if outcome.cluster_lost:
        lines.append(outcome.cluster_lost)
    lines.append(f"results in {outcome.folder}/ (games.jsonl, leaderboard.md, leaderboard.json, {REPORT})")
    return "\n".join(lines)


def submit_player(folder, spec: str, name: str, params: dict | None = None, workers: int | None = None,
                  address: str | None = None, echo=print, progress_stream=None,
                  grace: float = BACKSTOP_GRACE) -> tuple:
    """Check a new player, add it to a tournament's stored config and play its games.

    Returns ``(outcome, place)``: the run's outcome and the newcomer's place."""
    from arena.runs.config import PlayerEntry
    from arena.game.plugins import is_builtin

    folder = Path(folder)
    cfg = stored_config(folder)
    if cfg is None:
        raise ResultsError(f"{folder}: no config.yaml here; is it a tournament's results folder?")
    cfg.output, cfg.name = str(folder.parent), folder.name
    if any(p.name == name for p in cfg.players):
        raise TournamentError(f"{folder}: a player named {name!r} is already in the tournament; "
                              "choose another --name")
    entry = PlayerEntry(name, spec, dict(params or {}))
    if cfg.seeds == "public" and not (cfg.isolation == "none" or is_builtin(spec, entry.params)):
        raise TournamentError(public_seeds_refusal(cfg))
    cfg.players.append(entry)
    try:  # the name and params first: a refused one costs no check game
        config_from_dict(cfg.to_dict(), f"{folder}/config.yaml (with {name!r})")
    except ConfigError as exc:
        raise TournamentError(str(exc)) from None
    finally:
        cfg.players.remove(entry)
    check_new_player(entry, cfg, echo)
    cfg.players.append(entry)
    outcome = run_tournament(cfg, workers=workers, address=address, echo=echo,
                             progress_stream=progress_stream, grace=grace)
    place = next(p["place"] for p in outcome.board["players"] if p["name"] == name)
    return outcome, place


def check_new_player(entry, cfg: TournamentConfig, echo=None) -> None:
    """Build the player and play two check games (``arena.runs.checks.check_player``) under
    the tournament's clocks and limits, in a player process of its own."""
    from arena.runs.checks import check_player, default_limits, missing_file

    where = f"player {entry.name!r}"
    if missing_file(entry.spec):  # said before "checking", which would promise a check that cannot start
        raise TournamentError(f"{where}: {missing_file(entry.spec)}")
    if echo is not None:
        clocks = ", ".join(f"{what} {value:g} s" for what, value in (("a move", cfg.move_seconds),
                                                                    ("a game", cfg.game_seconds)) if value)
        echo(f"checking {where}: 2 games against random players under the tournament's clocks"
             f"{' (' + clocks + ')' if clocks else ''}")
    try:
        # seeds of its own every time: a player that knew the check's deals could pass it and then
        # play otherwise (its faults would still be its own, but the check would prove nothing)
        check_player(entry.spec, entry.params, cfg.game, games=2, num_players=cfg.seats,
                     seed=secrets.randbits(40), move_seconds=cfg.move_seconds, game_seconds=cfg.game_seconds, limits=default_limits(cfg))
    except Exception as exc:  # noqa: BLE001 - whatever the check says, it is the user's to read
        raise TournamentError(f"{where}: {exc}") from None
