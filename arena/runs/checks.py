"""Checking a player before it plays for a ranking (``arena check-player``, ``arena submit``).

A submitted player is loaded and built in a jail of its own (:mod:`arena.jail`),
never in the caller's process, and plays its check games under clocks and limits
like a tournament's (a fresh jail per game), so a check always ends and reports
what the player did.  Built-in players are checked in this process.
"""
from __future__ import annotations

import os
import sys
import time

from arena.game.plugins import human_refusal, is_builtin
from arena.jail import Limits, SandboxError, spawn
from arena.game.match import PlayerFault, play_game
from arena.game.player_text import for_terminal
from players.loading import PlayerSpecError, make_player

CHECK_MOVE_SECONDS = 10.0
CHECK_GAME_SECONDS = 60.0


def default_limits(cfg=None, private=()) -> Limits:
    """A player process's limits for a config (or the defaults), keeping ``private``
    paths (and a config's results folder and file) out of its reach."""
    hidden = [os.path.abspath("results"), *private]
    # games registered by plugins in this process: the player process needs them to read observations
    plugins = sorted({m.__file__ for name, m in list(sys.modules.items())
                      if name.startswith("arena_plugin_") and getattr(m, "__file__", None)})
    memory, disk = Limits.memory_mb, Limits.disk_mb
    if cfg is not None:
        hidden += [str(cfg.folder.resolve().parent), str(cfg.folder.resolve()), os.path.abspath(cfg.source)]
        plugins = [os.path.abspath(p) if p.endswith(".py") else p for p in cfg.plugins] + plugins
        memory, disk = cfg.player_memory_mb, cfg.player_disk_mb
    return Limits(memory_mb=memory, disk_mb=disk, private=hidden, plugins=plugins)


def missing_file(spec: str) -> str | None:
    """The problem in words where ``spec`` names a ``.py`` file that is not there, else None."""
    where, sep, _ = spec.rpartition(":")
    if sep and where.endswith(".py") and not os.path.isfile(where):
        return (f"player {spec!r}: no file {where} (from {os.getcwd()}); give the path of the player's .py file, "
                "e.g. path/to/mybot.py:MyBot")
    return None


def build_in_process_of_its_own(spec: str, params: dict, game: str, cfg=None, limits: Limits | None = None,
                                seats: int | None = None) -> str | None:
    """Load and build the player in a player process; the problem in words, or None.  An
    error of the player's own code names the user's file and line, as the spec wrote the
    file: ``mybot.py:7: MyBot() raised ValueError: ...``."""
    where, sep, _ = spec.rpartition(":")
    missing = missing_file(spec)
    if missing:
        return missing
    limits = limits or default_limits(cfg)
    seats = seats or (cfg.seats if cfg is not None else 2)
    seconds = min(cfg.game_seconds, CHECK_GAME_SECONDS) if cfg is not None else CHECK_GAME_SECONDS
    process = None
    try:
        process = spawn(spec, params, game, limits)
        process.load()
        process.start(game, 0, seats, 0, time.monotonic() + seconds)
    except PlayerFault as fault:
        detail = fault.detail
        if sep and where.endswith(".py") and not os.path.isabs(where):
            detail = detail.replace(os.path.abspath(where) + ":", where + ":")  # the file as the user wrote it
        return for_terminal(detail)  # the player's text, in a message: one line, no escape sequence
    except SandboxError as exc:
        return f"cannot be checked on this machine: {exc}"
    finally:
        if process is not None:
            process.kill()
    return None


def check_player(spec: str, params: dict | None, game: str, games: int = 3, num_players: int | None = None,
                 seed: int = 0, move_seconds: float | None = CHECK_MOVE_SECONDS,
                 game_seconds: float | None = CHECK_GAME_SECONDS, limits: Limits | None = None) -> dict:
    """Build the player and play ``games`` games against random players (its seat
    rotating), in a player process of its own unless it is a built-in, under
    ``move_seconds`` and ``game_seconds``.  Raises :class:`PlayerSpecError` on the
    first problem: it cannot be loaded or built, it raises, returns an illegal
    action, overruns, hangs, dies or runs out of memory; the message names the spec,
    game and seat, e.g. ``mybot.py:Bot: game 2 seat 1: returned 'x', not a legal action``.
    Returns what the player did: moves, think time, slowest move."""
    from engine.contract import OptionError
    from engine.registry import get_game
    from players.random_player import RandomPlayer

    if human_refusal(spec, params):
        raise PlayerSpecError(human_refusal(spec, params))

    try:
        n = num_players or get_game(game).default_players
    except OptionError:
        raise
    except Exception as exc:  # noqa: BLE001 - a game module that does not load is not the player's fault
        raise OptionError(f"game {game!r} cannot be loaded: {type(exc).__name__}: {exc}") from exc
    params = dict(params or {})
    isolated = not is_builtin(spec, params)
    if not isolated:
        make_player(spec, params, game)  # a bad built-in parameter is named before any game
    report = {"games": 0, "moves": 0, "think_seconds": 0.0, "slowest_move_seconds": 0.0, "isolated": isolated}
    if isolated:  # loaded and built first: a module or constructor that fails is named at its file and line
        problem = build_in_process_of_its_own(spec, params, game, limits=limits or default_limits(), seats=n)
        if problem:
            raise PlayerSpecError(problem)
    process = None
    try:
        for number in range(1, games + 1):
            seat = (number - 1) % n
            if isolated:  # a fresh jail for every game, as in a tournament
                try:
                    process = spawn(spec, params, game, limits or default_limits())
                except SandboxError as exc:
                    raise PlayerSpecError(f"{spec}: cannot be checked on this machine: {exc}") from None
                player = process
            else:
                player = make_player(spec, params, game)
            players = [player if s == seat else RandomPlayer(seed=s) for s in range(n)]
            try:
                result = play_game(game, players, seed + number, move_seconds=move_seconds,
                                   game_seconds=game_seconds)
            except SandboxError as exc:
                raise PlayerSpecError(f"{spec}: cannot be checked on this machine: {exc}") from None
            finally:
                if process is not None:
                    process.kill()
                    process = None
            for fault in result.faults:
                blame = "" if fault.seat == seat else f" (by the random player at seat {fault.seat})"
                detail = for_terminal(fault.detail)  # the player's text, in a message: one line, no escape sequence
                if fault.seat == seat and detail.startswith(f"start(): player {spec!r}: "):
                    detail = detail[len("start(): "):]
                raise PlayerSpecError(f"{spec}: game {number} seat {seat}: {fault.kind}: {detail}{blame}"
                                      if fault.kind not in ("exception", "illegal")
                                      else f"{spec}: game {number} seat {seat}: {detail}{blame}")
            report["games"] += 1
            report["moves"] += result.moves[seat]
            report["think_seconds"] += result.think_seconds[seat]
            report["slowest_move_seconds"] = max(report["slowest_move_seconds"], result.max_move_seconds[seat])
    finally:
        if process is not None:
            process.kill()
    return report
