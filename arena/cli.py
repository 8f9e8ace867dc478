"""The ``arena`` command line (typer).  Each command is a thin shell over a module."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import List, Optional

import typer

class _Help(typer.core.TyperGroup):
    """The command list shows each command's first sentence on one line (Typer lists a command's
    whole docstring, its line breaks kept, which wraps mid-sentence)."""

    def format_help(self, ctx, formatter):
        for command in self.commands.values():
            if command.short_help is None and command.help:
                first = " ".join(command.help.split("\n\n")[0].split())
                command.short_help = first.split(". ")[0].rstrip(".") + "."
        return super().format_help(ctx, formatter)


def _flags_without_type() -> None:
    """A flag's help shows no ``<bool>`` type: it takes no value (Typer 0.2x shows one)."""
    option = getattr(typer.core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if shown is None or getattr(shown, "_arena", False):
        return

    def display_type_rich(self, ctx):
        return None if getattr(self, "is_flag", False) else shown(self, ctx)
    display_type_rich._arena = True
    option.display_type_rich = display_type_rich


_flags_without_type()
app = typer.Typer(add_completion=False, no_args_is_help=True, cls=_Help,
                  help="AI players compete at the games of the Evolution family.")

ADDRESS_HELP = ("an existing Ray cluster: host:port, or 'auto' (RAY_ADDRESS, else the cluster last started here "
                "with `ray start`); one that does not answer within 5 s is an error")

# one meaning of --quiet for every command that has it
QUIET_HELP = ("print only the outcome: hide what is shown while it plays (the move-by-move log; a tournament's "
              "or match's progress, opening notes and step-by-step lines); warnings and errors are still shown")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"arena {version('arena')}")
        except PackageNotFoundError:
            typer.echo("arena (version unknown: not installed; pip install -e . in the repository)")
        from engine import _compiled  # which build of the engines runs (`arena build`)

        typer.echo(f"engine build: {_compiled.describe()}")
        raise typer.Exit(0)


@app.callback()
def _main(show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                            help="print arena's version and exit")):
    """AI players compete at the games of the Evolution family."""


def _progress_stream():
    """Where a run's progress goes: stderr; at a terminal a bar redrawn in place, elsewhere (a CI
    log, nohup) a line every ``runner.Progress.QUIET_EVERY`` seconds (none for a shorter run)."""
    import sys

    return sys.stderr


def _ray_address(address: Optional[str]) -> Optional[str]:
    """--address checked at once (host:port that answers, or auto resolved to one)."""
    if not address:
        return address
    from arena.runs.runner import RayAddressError, resolve_address

    try:
        return resolve_address(address)
    except RayAddressError as exc:
        _fail(str(exc))


class _Busy:
    """A progress bar (or spinner, where the total is unknown) on stderr at a terminal;
    elsewhere (a CI log, nohup) a line on stderr every ``EVERY`` seconds of what it is doing."""

    EVERY = 10.0

    def __init__(self, what: str, total: Optional[int] = None):
        import sys
        import time

        self.what, self.total, self.bar = what, total, None
        self.began = self.shown = time.monotonic()
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

            columns = [SpinnerColumn(), TextColumn("{task.description}")] + \
                ([BarColumn(), TextColumn("{task.completed}/{task.total}")] if total else []) + [TimeElapsedColumn()]
            self.bar = Progress(*columns, console=Console(stderr=True), transient=True)

    def __enter__(self):
        if self.bar is not None:
            self.bar.start()
            self.task = self.bar.add_task(self.what, total=self.total)
        return self

    def update(self, done: int, total: int, what: str) -> None:
        import time

        if self.bar is not None:
            self.bar.update(self.task, completed=done, total=total, description=f"{self.what}: {what}")
            return
        now = time.monotonic()
        if now - self.shown >= self.EVERY:
            self.shown = now
            typer.echo(f"{self.what}: {what} ({done}/{total}, {now - self.began:.0f} s)", err=True)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()


def _outcome_only(echo):
    """--quiet for a game log: nothing before the final position."""
    shown = [False]

    def out(line: str) -> None:
        shown[0] = shown[0] or line == "--- final position ---"
        if shown[0]:
            echo(line)
    return out


def _notices_only(echo):
    """--quiet for a run: its warnings, notes and what it stopped or moved, nothing else."""
    def out(line: str) -> None:
        if line.lower().startswith(("warning", "note", "error", "stopped", "--fresh", "joined")):
            echo(line)
    return out


def _fail(message: str) -> None:
    from arena.game.player_text import for_terminal

    # a message may quote a player's text (its exception, a check's fault): shown, never run by the terminal
    typer.secho(f"error: {for_terminal(message, keep_newlines=True)}", fg=typer.colors.RED, err=True)
    raise typer.Exit(2)


def _parse_pairs(pairs: List[str], flag: str, yaml_values: bool = False) -> dict:
    """``key=value`` command-line pairs as a dict (values read as YAML when asked)."""
    import yaml

    parsed = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            _fail(f"{flag} {pair!r}: expected key=value")
        if yaml_values:
            parsed[key.strip()] = yaml.safe_load(value) if value.strip() else ""
        else:
            parsed[key.strip()] = value.strip()
    return parsed


@app.command()
def games():
    """List the games and their rule options."""
    from engine.registry import game_names, get_game

    for name in game_names():
        spec = get_game(name)
        typer.echo(f"{name}: {spec.title} ({spec.min_players}-{spec.max_players} players)")
        for option in spec.options:
            choices = f" one of {list(option.choices)}" if option.choices else ""
            mark = " [reconstruction]" if option.reconstruction else ""
            typer.echo(f"    --option {option.name}={option.default!s}{choices}{mark}\n        {option.doc}")
        for player, params in (spec.search_defaults or {}).items():  # engine/<game>/__init__.py cites the match
            typer.echo(f"    {player} defaults: {params}")


@app.command()
def play(game: str = typer.Argument(..., help="game name (see `arena games`)"),
         players: str = typer.Option("random,random", help="comma-separated player specs, one per seat"),
         seed: Optional[int] = typer.Option(None, help="game seed (default: a random one, printed)"),
         option: List[str] = typer.Option([], help="rule option key=value (repeatable)"),
         param: List[str] = typer.Option([], help="a player's constructor parameter, [SEAT:]key=value: SEAT a seat "
                                         "number or a spec of --players (every seat playing it); without SEAT "
                                         "every bot that takes it (repeatable; YAML values), e.g. 0:iterations=50"),
         record: Optional[Path] = typer.Option(None, help="write the game record (JSON) to this file"),
         quiet: bool = typer.Option(False, help=QUIET_HELP),
         move_seconds: Optional[float] = typer.Option(None, help="time limit per move (seconds)"),
         game_seconds: float = typer.Option(300.0, help="each player's thinking time for the game (seconds)")):
    """Play one game and print a readable log.  A player that is not one of arena's own
    runs in a jail of its own (a fresh one for the game); one that cannot be loaded or
    built is an error (exit 2), before any move.  `human` is you, at this terminal: on
    your turn you see your seat's view and choose a move (any seat, several allowed; no
    clocks); while a human plays, the move-by-move log is left out (it would show the
    others' hidden moves)."""
    import os
    import secrets

    from arena.runs.checks import build_in_process_of_its_own, default_limits
    from arena.game.plugins import is_builtin
    from arena.jail import PlayerProcess, SandboxError, spawn
    from arena.game.match import play_game
    from arena.reports.game_log import GameLog
    from engine.contract import OptionError
    from engine.record import GameRecord
    from players.loading import PlayerSpecError, make_player

    specs = [s.strip() for s in players.split(",") if s.strip()]
    options = _parse_pairs(option, "--option")
    seat_params = _seat_params(param, specs)
    humans = [seat for seat, s in enumerate(specs) if s == "human"]
    if humans and not os.isatty(0):
        _fail(f"--players {players}: a human seat needs a terminal to play at, and stdin is not one "
              f"(run arena play in a terminal, or name bots only)")
    chosen, seed = seed is None, secrets.randbits(63) if seed is None else seed
    try:
        from engine.registry import get_game
        spec_of_game = get_game(game)
        spec_of_game.resolve_options(options)
        if not spec_of_game.min_players <= len(specs) <= spec_of_game.max_players:
            _fail(f"--players {players}: {game} is for {spec_of_game.min_players}-{spec_of_game.max_players} players, "
                  f"one spec a seat; {len(specs)} given")
        trusted = all(is_builtin(s) for s in specs)
        if not trusted:
            checked = []
            for spec, params in zip(specs, seat_params):
                if is_builtin(spec) or (spec, params) in checked:
                    continue
                checked.append((spec, params))
                problem = build_in_process_of_its_own(spec, params, game, seats=len(specs))
                if problem:
                    _fail(f"{problem}{'' if problem.startswith('player ') else f' (player {spec!r})'}")
        seat_players = [_human(specs) if s == "human" else make_player(s, p, game) if trusted
                        else spawn(s, p, game, default_limits()) for s, p in zip(specs, seat_params)]
    except (PlayerSpecError, OptionError) as exc:
        _fail(str(exc))
    except SandboxError as exc:
        _fail(f"a player cannot be jailed on this machine: {exc}")
    if chosen:
        typer.echo(f"seed {seed} (replay this game with --seed {seed})")
    if humans:
        typer.echo(f"you play seat{'s' if len(humans) > 1 else ''} {', '.join(map(str, humans))} of {game}: "
                   "on your turn choose a move by its number or text (? for help)")
    log = GameLog(game, specs, echo=_outcome_only(typer.echo) if quiet or humans else typer.echo)
    slow = _SlowMoves() if not (quiet or humans) else None
    try:
        result = play_game(game, seat_players, seed, options, names=specs,
                           on_step=log.step if slow is None else slow.watching(log.step),
                           move_seconds=move_seconds, game_seconds=game_seconds, untimed=humans)
    except OptionError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        typer.echo("\nstopped (Ctrl-C): the game is not finished; no record written", err=True)
        raise typer.Exit(130)
    finally:
        if slow is not None:
            slow.stop()
        for player in seat_players:
            if isinstance(player, PlayerProcess):
                player.kill()
    log.finish(result.final_state, result.scores, result.ranks, result.faults)
    if record is not None:
        rec = GameRecord(game=game, num_players=len(specs), seed=seed, options=options,
                         actions=result.actions, players=specs)
        # the outcome as played (a fault places its seat last, wherever the game stopped), as a
        # tournament's log line has it: `arena replay` shows it
        outcome = {"scores": list(result.scores), "ranks": result.ranks,
                   "faults": [dataclasses.asdict(f) for f in result.faults]}
        record.write_text(json.dumps({**json.loads(rec.to_json()), **outcome}, sort_keys=True) + "\n")
        typer.echo(f"record written to {record}")


class _SlowMoves:
    """While a game is played, a line on stderr every ``EVERY`` seconds that no move is made, so a
    slow search (openspiel-ismcts' 1,000 rollouts a move) is not taken for a hang."""

    EVERY = 10.0

    def __init__(self):
        import threading
        import time

        self.last, self.moves = time.monotonic(), 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def watching(self, on_step):
        import time

        def step(state, seat, action):
            self.last, self.moves = time.monotonic(), self.moves + 1
            on_step(state, seat, action)
        return step

    def _watch(self) -> None:
        import time

        told = 0
        while not self.done.wait(min(1.0, self.EVERY)):
            waited = time.monotonic() - self.last
            if waited < self.EVERY:
                told = 0
            elif waited >= (told + 1) * self.EVERY:
                told = int(waited // self.EVERY)
                typer.echo(f"  ... move {self.moves + 1}: still thinking after {waited:.0f} s "
                           "(--move-seconds limits a move; --param SEAT:key=value sets a search's budget)", err=True)

    def stop(self) -> None:
        self.done.set()
        self.thread.join()


def _seat_params(pairs: List[str], specs: list) -> list:
    """``--param [SEAT:]key=value`` as each seat's parameters: SEAT a seat number or a spec of
    ``--players`` (every seat playing it); none: every bot whose class takes ``key``."""
    import yaml

    seats = [{} for _ in specs]
    for pair in pairs or []:
        where, sep, value = pair.partition("=")
        target, colon, key = where.rpartition(":")
        key = key.strip()
        if not sep or not key:
            _fail(f"--param {pair!r}: expected [SEAT:]key=value (SEAT: a seat number or a player of --players)")
        target = target.strip()
        if not colon:  # every bot whose class takes it (none: each is asked, and says what it takes)
            bots = [i for i, spec in enumerate(specs) if spec != "human"]
            chosen = [i for i in bots if _takes(specs[i], key)] or bots
        elif target.isdigit():
            if int(target) >= len(specs):
                _fail(f"--param {pair!r}: seat {target}: this game has seats 0 to {len(specs) - 1}")
            chosen = [int(target)]
        else:
            chosen = [i for i, spec in enumerate(specs) if spec == target]
            if not chosen:
                _fail(f"--param {pair!r}: {target!r} is neither a seat number nor a player of --players "
                      f"({', '.join(specs)})")
        if any(specs[i] == "human" for i in chosen):
            _fail(f"--param {pair!r}: a human seat takes no parameters")
        for i in chosen:
            seats[i][key] = yaml.safe_load(value) if value.strip() else ""
    return seats


def _takes(spec: str, key: str) -> bool:
    """Whether the player ``spec``'s class takes the parameter ``key`` (a class arena cannot
    look at here, such as a submitted file's, is asked)."""
    from arena.game.plugins import is_builtin
    from players.loading import accepted_parameters, resolve_class

    if not is_builtin(spec):
        return True
    try:
        known = accepted_parameters(resolve_class(spec, None))
    except Exception:  # noqa: BLE001 - the player's own error is reported when it is built
        return True
    return known is None or key in known


def _human(specs: list):
    """A human seat wired to this terminal (typed lines in, the seat's view out)."""
    from players.human import HumanPlayer

    return HumanPlayer(ask=input, say=typer.echo, names=specs)


@app.command()
def replay(file: Path = typer.Argument(..., help="a game record (`arena play --record`), or a results folder "
                                       "(or its games.jsonl) with --game"),
           game_id: Optional[str] = typer.Option(None, "--game", metavar="ID",
                                                 help="the game in a results folder: its id (games.jsonl's \"id\", "
                                                 "as the leaderboard's faults list shows it; a prefix no other id "
                                                 "starts with is enough) or #N, its index"),
           at: Optional[int] = typer.Option(None, "--at", metavar="N",
                                            help="show the position after N moves (0: the start) instead of the log"),
           seat: Optional[int] = typer.Option(None, "--seat", metavar="S",
                                              help="show what seat S saw (its observation, and the others' moves as "
                                              "it saw them) instead of the full position"),
           step: bool = typer.Option(False, "--step", help="walk through the game: Enter the next move, b back, "
                                     "a number jumps to the position after that move, q quits (from --at N)"),
           quiet: bool = typer.Option(False, help=QUIET_HELP),
           html_path: Optional[Path] = typer.Option(None, "--html", help="write the game as one offline page to "
                                                    "step through (a replay viewer) instead of printing it")):
    """Replay a recorded game: its log (as `arena play` printed it), the position after any
    move, what one seat saw, or step by step."""
    from arena.reports.game_log import Replay, step_through
    from arena.store.lookup import find_game, games_file, read_games, which_game_message
    from arena.store.results import ResultsError
    from engine.contract import OptionError
    from engine.record import GameRecord, RecordError

    if not file.exists():
        _fail(f"{file}: no such file or folder")
    result = line = None
    try:
        if games_file(file) is not None:  # a results folder, or its games.jsonl
            games = read_games(file)
            if game_id is None:
                _fail(which_game_message(file, games))
            line = find_game(games, game_id, str(games_file(file)))
            _import_results_plugins(games_file(file).parent)
            where = f"{games_file(file)}: game {line['id']}"
            rec = GameRecord.from_json(json.dumps(line), where=where)
            result = line
        else:
            text = file.read_text()
            rec = GameRecord.from_json(text, where=str(file))
            result = _recorded_outcome(file, json.loads(text))
            if game_id is not None:
                recorded = json.loads(text).get("id")
                if not (isinstance(recorded, str) and recorded.lower().startswith(game_id.strip().lower())):
                    _fail(f"{file}: --game {game_id}: this file is one game's record"
                          f"{f' (id {recorded})' if isinstance(recorded, str) else ''}; --game picks a game "
                          "in a results folder (arena replay results/NAME --game ID)")
        if html_path is not None:
            from arena.reports.viewer import write_viewer
            return typer.echo(f"replay viewer written to {write_viewer(line or rec, html_path)}")
        game = Replay(rec, result)
        game.check_seat(seat)
        if at is not None:
            game.check_move(at)
        if step:
            step_through(game, at or 0, seat, ask=input, echo=typer.echo)
        elif at is not None:
            typer.echo("\n".join(game.position_lines(at, seat)))
        else:
            echo = _outcome_only(typer.echo) if quiet else typer.echo
            for text_line in game.log_lines(seat):
                echo(text_line)
    except (RecordError, ResultsError, OptionError, ValueError) as exc:
        _fail(str(exc))


def _recorded_outcome(file: Path, data: dict):
    """The outcome `arena play --record` keeps beside the moves (scores, places, faults), checked
    as a log line is; None for a record of moves alone (an older one): replayed to its end."""
    from arena.store.record_check import record_problem

    if not isinstance(data, dict) or not {"ranks", "faults"} & set(data):
        return None
    problem = record_problem({"id": str(data.get("id", "")), **{k: v for k, v in data.items() if k != "id"}})
    if problem:
        _fail(f"{file}: {problem}")
    return data


def _import_results_plugins(folder: Path) -> None:
    """The plugins a results folder's config names (a game of its own), imported for its replay."""
    import yaml

    from arena.game.plugins import import_plugins

    try:
        plugins = (yaml.safe_load((folder / "config.yaml").read_text()) or {}).get("plugins") or []
    except (OSError, yaml.YAMLError, AttributeError):
        return
    try:
        import_plugins([str(p) for p in plugins])
    except ImportError as exc:
        _fail(f"{folder}/config.yaml: plugins: {exc}")


@app.command("check-player")
def check_player_command(
        spec: str = typer.Argument(..., help="built-in name, package.module:Class or path/to/file.py:Class"),
        game: str = typer.Option(..., help="game to try it on (see `arena games`)"),
        param: List[str] = typer.Option([], help="constructor parameter key=value (repeatable; YAML values)"),
        games: int = typer.Option(3, help="games to play against random players"),
        players: Optional[int] = typer.Option(None, help="number of players (default: the game's default)"),
        move_seconds: float = typer.Option(10.0, help="time limit per move (seconds)"),
        game_seconds: float = typer.Option(60.0, help="the player's thinking time per game (seconds)")):
    """Load a player in a jail of its own, build it and play a few games against
    random players under time limits: OK with what it did, or what is wrong."""
    from arena.game.player_text import plural
    from arena.runs.checks import check_player
    from engine.contract import OptionError
    from players.loading import PlayerSpecError

    params = _parse_pairs(param, "--param", yaml_values=True)
    try:
        report = check_player(spec, params, game, games=games, num_players=players, move_seconds=move_seconds,
                              game_seconds=game_seconds)
    except (PlayerSpecError, OptionError) as exc:
        _fail(str(exc))
    per_move = report["think_seconds"] / max(report["moves"], 1)
    where = "in a jail of its own (a fresh one per game)" if report["isolated"] else "in this process (built-in)"
    typer.echo(f"OK: {spec} played {plural(games, 'game')} of {game} against random players without a fault, "
               f"{where}: {plural(report['moves'], 'move')}, {per_move * 1000:.1f} ms per move on average, slowest "
               f"{report['slowest_move_seconds'] * 1000:.1f} ms")


@app.command()
def build(check: bool = typer.Option(False, "--check", help="say which build would run; build nothing"),
          clean: bool = typer.Option(False, "--clean", help="remove build/compiled/: pure Python again"),
          require: bool = typer.Option(False, "--require", help="exit 2 where nothing can be built here "
                                       "(no C compiler or no Python headers) instead of 0"),
          jobs: Optional[int] = typer.Option(None, help="compile jobs (default: one per CPU)"),
          verbose: bool = typer.Option(False, help="show Cython's and the compiler's output")):
    """Compile the engines' hot modules and the search core from their unchanged .py files
    (Cython) into build/compiled/; a module runs compiled only while its source is unchanged
    since, and ARENA_PURE=1 runs pure Python. Only modules whose source changed are compiled
    again. Where no C compiler is found it says so and the engines run as pure Python."""
    import os

    if not check:  # this process never runs the build it is making (nor says which modules are stale)
        os.environ["ARENA_PURE"] = "1"
    from engine import _build, _compiled

    if clean:
        typer.echo(_build.clean())
        raise typer.Exit(0)
    if check:
        typer.echo(_compiled.describe())
        raise typer.Exit(0)
    with _Busy("arena build") as busy:
        status = _build.run(jobs=jobs, require=require, quiet=not verbose, say=lambda text: typer.echo(text),
                            warn=lambda text: typer.echo(text, err=True), progress=busy.update)
    raise typer.Exit(status)


BUILDS_HELP = ("both builds side by side in one run: each repeat runs the benchmark in a fresh process with "
               "ARENA_PURE=1 and one on the compiled build (`arena build`), alternately; prints each build's "
               "median and the speed-up")


bench_app = typer.Typer(no_args_is_help=True, cls=_Help, help="Speed benchmarks (docs/benchmarks.md); medians over repeats.")
app.add_typer(bench_app, name="bench")


def _bench_builds(bench: str, args: list, repeats: int, as_json: bool) -> None:
    from arena.bench import format_rows
    from arena.bench.builds import BuildsError, side_by_side

    try:
        with _Busy(f"bench {bench} --builds", total=2 * repeats) as busy:
            rows = side_by_side(bench, args, repeats=repeats, progress=busy.update)
    except BuildsError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("ismcts")
def bench_ismcts_command(game: str = typer.Option("origin", help="game name"),
                         iterations: int = typer.Option(1000, help="ISMCTS iterations per measured move"),
                         repeats: int = typer.Option(3, help="repeats per row (the median is reported)"),
                         players: Optional[int] = typer.Option(None, help="number of players"),
                         seed: int = typer.Option(0, help="seed of the benchmark positions"),
                         builds: bool = typer.Option(False, "--builds", help=BUILDS_HELP),
                         as_json: bool = typer.Option(False, "--json", help="print JSON rows instead of a table")):
    """ISMCTS iterations/s from an early- and a mid-game position: full random rollouts, random
    rollouts cut at 20 moves, informed rollouts cut at 20 moves and scored by the game's heuristic,
    the same with ordered expansion, that with progressive widening, and the game's own search
    defaults (what `class: ismcts` plays) at the benchmark's iterations."""
    from arena.bench import format_rows
    from arena.bench.ismcts import bench_ismcts
    from engine.contract import OptionError

    if builds:
        args = ["--game", game, "--iterations", str(iterations), "--seed", str(seed)]
        _bench_builds("ismcts", args + (["--players", str(players)] if players else []), repeats, as_json)
        return
    try:
        with _Busy(f"bench ismcts ({game})"):
            rows = bench_ismcts(game, iterations=iterations, repeats=repeats, num_players=players, seed=seed)
    except OptionError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("versus-openspiel")
def bench_versus_openspiel_command(game: str = typer.Option("origin", help="game name"),
                                   iterations: int = typer.Option(200, help="iterations per measured search"),
                                   repeats: int = typer.Option(3, help="repeats per row (the median is reported)"),
                                   players: Optional[int] = typer.Option(None, help="number of players"),
                                   seed: int = typer.Option(0, help="seed of the benchmark positions"),
                                   as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Our ISMCTS and OpenSpiel's on the same positions: iterations/s side by side and the ratio."""
    from arena.bench import format_rows
    from engine.contract import OptionError

    try:
        from arena.bench.openspiel import bench_versus_openspiel
        with _Busy(f"bench versus-openspiel ({game})"):
            rows = bench_versus_openspiel(game, iterations=iterations, repeats=repeats, num_players=players,
                                          seed=seed)
    except ImportError as exc:
        _fail(str(exc))
    except OptionError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("engine")
def bench_engine_command(game: List[str] = typer.Option([], help="game name (repeatable; default: every game)"),
                         players: List[int] = typer.Option([], help="player count (repeatable; default: min and 4)"),
                         seconds: float = typer.Option(1.0, help="seconds of random playouts per repeat"),
                         repeats: int = typer.Option(3, help="repeats per row (the median is reported)"),
                         builds: bool = typer.Option(False, "--builds", help=BUILDS_HELP),
                         as_json: bool = typer.Option(False, "--json", help="print JSON rows instead of a table")):
    """Random playouts/s, decisions/s, clone/observation/sample µs, per game and player count."""
    from arena.bench import format_rows
    from arena.bench.engine import bench_engine
    from arena.runs.runner import RayStartError
    from engine.contract import OptionError

    if builds:
        args = [f"--game={g}" for g in game] + [f"--players={n}" for n in players] + ["--seconds", str(seconds)]
        _bench_builds("engine", args, repeats, as_json)
        return
    try:
        with _Busy("bench engine", total=1) as busy:
            rows = bench_engine(game or None, players or None, seconds=seconds, repeats=repeats,
                                progress=busy.update)
    except (OptionError, RayStartError) as exc:
        _fail(str(exc))
    rounded = [{k: (round(v, 1) if isinstance(v, float) else v) for k, v in row.items()} for row in rows]
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rounded))


@bench_app.command("tournament")
def bench_tournament_command(config: Optional[Path] = typer.Option(None, help="time this config's games "
                                                                   "(default: random vs random)"),
                             game: str = typer.Option("origin", help="game, when no config is given"),
                             workers: List[int] = typer.Option([], help="Ray worker counts (repeatable; "
                                                               "default 1, 2, ... up to the CPUs)"),
                             games: int = typer.Option(400, help="games per measurement"),
                             repeats: int = typer.Option(3, help="repeats (medians reported)"),
                             as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Games/s on Ray with 1..N workers against the same games in one process: efficiency, overhead."""
    import os

    from arena.bench import format_rows
    from arena.bench.tournament import bench_tournament, display_rows
    from arena.runs.config import ConfigError
    from arena.runs.runner import RayStartError

    counts = workers or sorted({1, 2} | {w for w in (4, 8, 15) if w < (os.cpu_count() or 1)})
    try:
        with _Busy("bench tournament"):
            rows = bench_tournament(config, workers=counts, game=game, games=games, repeats=repeats)
    except (ConfigError, RayStartError) as exc:
        _fail(str(exc))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(display_rows(rows)))


@bench_app.command("memory")
def bench_memory_command(game: str = typer.Option("origin", help="game name"),
                         workers: int = typer.Option(2, help="Ray workers to measure"),
                         iterations: int = typer.Option(2000, help="ISMCTS iterations for the tree measurement"),
                         as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """RSS per Ray worker after playing games, and bytes per ISMCTS tree node."""
    from arena.bench import format_rows
    from arena.bench.engine import bench_memory

    with _Busy(f"bench memory ({game})"):
        rows = bench_memory(game, workers=workers, iterations=iterations)
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("isolation")
def bench_isolation_command(game: str = typer.Option("origin", help="game name"),
                            tournament_deals: int = typer.Option(40, help="deals of the ISMCTS tournament on Ray, "
                                                                 "each played in process and isolated"),
                            workers: int = typer.Option(0, help="Ray workers for the tournament (0: one per CPU)"),
                            ismcts_games: int = typer.Option(4, help="games per ISMCTS one-CPU run"),
                            random_games: int = typer.Option(100, help="games per random-player throughput run"),
                            iterations: int = typer.Option(200, help="ISMCTS iterations per move"),
                            repeats: int = typer.Option(3, help="repeats (medians reported)"),
                            as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Cost of a player process per move (µs), isolated vs in-process tournament throughput, RSS per player process."""
    from arena.bench import format_rows
    from arena.bench.isolation import bench_isolation

    with _Busy(f"bench isolation ({game})"):
        rows = bench_isolation(game, ismcts_games=ismcts_games, random_games=random_games, repeats=repeats,
                               iterations=iterations, tournament_deals=tournament_deals, workers=workers or None)
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("store")
def bench_store_command(games: int = typer.Option(100_000, help="games in the synthesized results folder"),
                        players: int = typer.Option(6, help="players in the tournament"),
                        seats: int = typer.Option(3, help="players per game (each pairing of that many players plays every deal from every seat)"),
                        folder: Optional[Path] = typer.Option(None, help="write the results folder here "
                                                               "(FOLDER/bench-store; default: a temporary one)"),
                        keep: bool = typer.Option(False, help="keep the temporary results folder"),
                        as_json: bool = typer.Option(False, "--json", help="print one JSON object")):
    """The results store at N games: write, full verify, resume open, leaderboard from scratch and
    after 100 more games, report, disk per game and peak RSS, each phase in a fresh process."""
    from arena.bench import format_rows
    from arena.bench.store import bench_store, display_rows

    if games < 1 or seats < 2 or players < seats:
        _fail(f"--games {games} --players {players} --seats {seats}: give at least 1 game and as many players "
              "as seats (2 or more)")
    with _Busy("bench store", total=8) as busy:
        result = bench_store(games, players=players, seats=seats, folder=folder, keep=keep, progress=busy.update)
    typer.echo(json.dumps(result) if as_json else format_rows(display_rows(result)))


@bench_app.command("serve")
def bench_serve_command(games: int = typer.Option(100_000, help="games in the synthesized ladder"),
                        players: int = typer.Option(24, help="players on the ladder (random, every fourth rules)"),
                        seats: int = typer.Option(3, help="players per game, 2 to 6"),
                        seconds: float = typer.Option(30.0, help="seconds of load"),
                        clients: int = typer.Option(50, min=1, help="concurrent loopback clients"),
                        think: float = typer.Option(1.0, min=0.0, help="a client's pause between two requests: "
                                                    "0.5 to 1.5 times this many seconds (0: none)"),
                        cpus: Optional[int] = typer.Option(None, min=1, help="pin the server to this many cores "
                                                           "(the clients to the others)"),
                        folder: Optional[Path] = typer.Option(None, help="keep the synthesized ladder here "
                                                               "(FOLDER/bench-serve), and use it again while its "
                                                               "games, players and seats are the same; default: a "
                                                               "temporary folder"),
                        keep: bool = typer.Option(False, help="keep the temporary folder"),
                        database: Optional[str] = typer.Option(None, help="the servers' database (a SQLAlchemy "
                                                               "URL, emptied first; default SQLite in the "
                                                               "served folder)"),
                        readers: int = typer.Option(0, min=0, help="`arena serve --read-only` processes beside "
                                                    "the writer that take the load (needs --database)"),
                        as_json: bool = typer.Option(False, "--json", help="print one JSON object")):
    """The web ladder at N games: `arena serve` on a synthesized ladder, its first open, index and
    restart, then concurrent clients on every kind of page while it plays (latencies, errors,
    requests/s, the server's CPU and RSS)."""
    from arena.bench import format_rows
    from arena.bench.serve import bench_serve, display_rows

    if games < 1 or not 2 <= seats <= 6 or players < seats:
        _fail(f"--games {games} --players {players} --seats {seats}: give at least 1 game, 2 to 6 seats and as "
              "many players as seats")
    if readers and not database:
        _fail(f"--readers {readers}: give the --database they share with the writer (PostgreSQL)")
    try:
        with _Busy("bench serve", total=4) as busy:
            result = bench_serve(games, players=players, seats=seats, seconds=seconds, clients=clients, think=think,
                                 cpus=cpus, folder=folder, keep=keep, progress=busy.update, database=database,
                                 readers=readers)
    except RuntimeError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(result) if as_json else format_rows(display_rows(result)))


@bench_app.command("targets")
def bench_targets_command(seconds: float = typer.Option(1.5, help="seconds of random playouts per repeat"),
                          repeats: int = typer.Option(5, help="repeats per measurement (medians reported)"),
                          games: int = typer.Option(2000, help="games per Ray measurement"),
                          as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Every target of docs/benchmarks.md on this machine: target, median measured, met, command (a few minutes)."""
    from arena.bench import format_rows
    from arena.bench.targets import evaluate, measure

    with _Busy("bench targets"):
        rows = evaluate(measure(seconds=seconds, repeats=repeats, tournament_games=games))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


# --- tournaments (arena/runs/tournament.py) -------------------------------------
@app.command()
def tournament(config: Path = typer.Argument(..., help="tournament config (YAML), e.g. configs/quick.yaml"),
               workers: Optional[int] = typer.Option(None, min=0, help="Ray workers (0 or 1: in this process); "
                                                     "default: the config's `workers`"),
               address: Optional[str] = typer.Option(None, help=ADDRESS_HELP),
               fresh: bool = typer.Option(False, help="start over: move the old results folder aside"),
               games_per_task: Optional[int] = typer.Option(None, help="games per Ray task (default: measured)"),
               output: Optional[str] = typer.Option(None, help="where results folders go (default: the config's "
                                                    "`output`); under `ray job submit`, a shared absolute path"),
               quiet: bool = typer.Option(False, help=QUIET_HELP)):
    """Play a round-robin tournament (resuming one already started) and print the leaderboard.
    Progress goes to stderr (at a terminal a bar; elsewhere a line every 10 s).  Exits 1 when the
    Ray cluster's head is lost mid-run (the games finished are kept, the leaderboard written from them)."""
    import io

    from arena.runs.config import ConfigError, load_config
    from arena.store.results import ResultsError
    from arena.runs.tournament import TournamentError, run_tournament, summary_text

    address = _ray_address(address)
    try:
        cfg = load_config(config)
        if output:
            cfg.output = output
        outcome = run_tournament(cfg, fresh=fresh, workers=workers, address=address,
                                 games_per_task=games_per_task, echo=_notices_only(typer.echo) if quiet else typer.echo,
                                 progress_stream=io.StringIO() if quiet else _progress_stream())
    except (ConfigError, ResultsError, TournamentError) as exc:
        _fail(str(exc))
    typer.echo(summary_text(outcome))
    if outcome.cluster_lost:
        _exit_without_ray(1)
    if outcome.interrupted:
        raise typer.Exit(_stopped_status(outcome.interrupted))


def _stopped_status(stopped_by) -> int:
    """The exit status of a run a signal stopped, as a shell gives it: 128 + the signal (130 for
    Ctrl-C, 143 for SIGTERM, 129 for SIGHUP)."""
    number = int(stopped_by) if isinstance(stopped_by, int) and not isinstance(stopped_by, bool) else 0
    return 128 + (number if number > 0 else 2)


def _exit_without_ray(code: int) -> None:
    """Exit at once: Ray's exit hook would wait for the lost head (a minute, then a line of
    its own), so only the player processes this machine's workers left are stopped."""
    import os
    import sys

    from arena.jail import sweep

    try:
        sweep()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


@app.command()
def submit(spec: str = typer.Argument(..., help="built-in name, package.module:Class or path/to/file.py:Class"),
           results: Optional[Path] = typer.Argument(None, help="the tournament's results folder, e.g. results/quick "
                                                    "(not with --server)"),
           name: str = typer.Option(..., help="the new player's name on the leaderboard"),
           param: List[str] = typer.Option([], help="constructor parameter key=value (repeatable; YAML values)"),
           workers: Optional[int] = typer.Option(None, min=0, help="Ray workers (default: the stored config's)"),
           address: Optional[str] = typer.Option(None, help=ADDRESS_HELP),
           server: Optional[str] = typer.Option(None, help="an `arena serve` ladder's URL: upload the player there "
                                                "(path/to/file.py:Class, or folder.zip:file.py:Class) instead"),
           token: Optional[str] = typer.Option(None, help="your API token on --server (or ARENA_TOKEN)",
                                               envvar="ARENA_TOKEN")):
    """Add a player to a tournament, play its games and print the new leaderboard.
    Progress goes to stderr (at a terminal a bar; elsewhere a line every 10 s).  With --server,
    upload it to an online ladder (docs/serve.md), which checks it and plays its games."""
    from arena.runs.config import ConfigError
    from arena.store.results import ResultsError
    from arena.runs.tournament import TournamentError, submit_player, summary_text

    params = _parse_pairs(param, "--param", yaml_values=True)
    if server:
        from arena.serve.server import submit_to_server

        if results is not None or not token:
            _fail("--server takes no results folder, and needs --token (or ARENA_TOKEN)")
        try:
            answer = submit_to_server(server, token, spec, name, params)
        except ValueError as exc:
            _fail(str(exc))
        typer.echo(f"submitted {answer['name']} (version {answer.get('version', 1)}): {answer['status']}; "
                   f"follow it at {server.rstrip('/')}/players/{answer['name']}")
        return
    if results is None:
        _fail("give the tournament's results folder (or --server URL --token T for an online ladder)")
    address = _ray_address(address)
    try:
        outcome, place = submit_player(results, spec, name, params, workers=workers, address=address,
                                       echo=typer.echo, progress_stream=_progress_stream())
    except (ConfigError, ResultsError, TournamentError) as exc:
        _fail(str(exc))
    typer.echo(summary_text(outcome))
    typer.echo(f"{name} placed {place} of {len(outcome.board['players'])}")
    if outcome.interrupted:
        raise typer.Exit(_stopped_status(outcome.interrupted))


@app.command()
def match(args: List[str] = typer.Argument(..., metavar="A B [elo0=0 elo1=10 alpha=0.05 beta=0.05]",
                                           help="two player specs (as in configs), then the SPRT's settings"),
          game: str = typer.Option(..., help="game name (see `arena games`)"),
          a_param: List[str] = typer.Option([], "--a-param", help="A's parameter key=value (repeatable; YAML)"),
          b_param: List[str] = typer.Option([], "--b-param", help="B's parameter key=value (repeatable; YAML)"),
          a_name: Optional[str] = typer.Option(None, help="A's name in the results (default: from the spec)"),
          b_name: Optional[str] = typer.Option(None, help="B's name in the results"),
          sprt: bool = typer.Option(False, "--sprt", help="stop when a sequential probability ratio test on game "
                                    "pairs accepts H0 (elo0) or H1 (elo1); settings follow A and B"),
          deals: Optional[int] = typer.Option(None, help="deals to play, 1 or more (each from both seats); with "
                                              "--sprt the most to play (defaults 100 / 1000).  A rerun resumes "
                                              "and keeps every recorded game in the ratings: it may ask for more "
                                              "deals than are recorded, never fewer (refused; --fresh starts over)"),
          option: List[str] = typer.Option([], help="rule option key=value (repeatable)"),
          seed: int = typer.Option(0, help="match seed (the deals)"),
          workers: int = typer.Option(2, min=0, help="Ray workers (0 or 1: in this process)"),
          address: Optional[str] = typer.Option(None, help=ADDRESS_HELP),
          name: Optional[str] = typer.Option(None, help="results folder name (default match-GAME-A-vs-B)"),
          output: str = typer.Option("results", help="where results folders go"),
          move_seconds: Optional[float] = typer.Option(None, help="a slower move loses that game"),
          game_seconds: Optional[float] = typer.Option(None, help="each player's thinking time for the game; "
                                                        "a player still thinking then is stopped"),
          fresh: bool = typer.Option(False, help="start over: move the old results folder aside"),
          quiet: bool = typer.Option(False, help=QUIET_HELP)):
    """One player against another, every deal from both seats: score, Elo, LOS and SPRT as it goes.
    Progress goes to stderr (at a terminal a bar; elsewhere a line every 10 s)."""
    from arena.runs.config import ConfigError, PlayerEntry
    from arena.runs.head_to_head import check_deals, match_config, player_name, run_match
    from arena.store.results import ResultsError
    from arena.ratings.sprt import Sprt, SprtError
    from arena.runs.tournament import TournamentError

    specs = [a for a in args if "=" not in a]
    settings = [a for a in args if "=" in a]
    if len(specs) != 2:
        _fail(f"expected two players (A B), got {specs}")
    if settings and not sprt:
        _fail(f"{settings}: SPRT settings need --sprt")
    address = _ray_address(address)
    try:
        test = Sprt.parse(_parse_pairs(settings, "--sprt")) if sprt else None
        a = PlayerEntry(a_name or player_name(specs[0]), specs[0], _parse_pairs(a_param, "--a-param", True))
        b = PlayerEntry(b_name or player_name(specs[1], taken=a.name), specs[1],
                        _parse_pairs(b_param, "--b-param", True))
        cfg = match_config(a, b, game, _parse_pairs(option, "--option"), seed=seed, name=name, output=output,
                           workers=workers, move_seconds=move_seconds, game_seconds=game_seconds)
        check_deals(cfg, deals, test, fresh)  # before anything is shown: an error is the first line
        if not quiet:
            typer.echo(f"{cfg.name}: {_described(a)} vs {_described(b)} at {game}"
                       + (f"; SPRT {test.text()}" if test else ""))
        steps: list = []
        outcome = run_match(cfg, deals=deals, sprt=test, fresh=fresh, address=address,
                            echo=_last_step(steps, typer.echo) if quiet else typer.echo,
                            progress_stream=None if quiet else _progress_stream())
    except (ConfigError, ResultsError, TournamentError, SprtError) as exc:
        _fail(str(exc))
    if quiet:  # the last step's line, and what the SPRT said after it
        for line in [line for line in steps if not line.startswith("SPRT:")][-1:] + \
                [line for line in steps if line.startswith("SPRT:")]:
            typer.echo(line)
    typer.echo(f"results in {outcome.folder}/")
    if outcome.interrupted:
        raise typer.Exit(_stopped_status(outcome.interrupted))


def _last_step(steps: list, echo):
    """--quiet for a match: its notices at once, its step lines kept for the last one."""
    notices = _notices_only(echo)

    def out(line: str) -> None:
        if line.lower().startswith(("warning", "note", "error", "stopped", "--fresh", "joined")):
            notices(line)
        else:
            steps.append(line)
    return out


def _described(entry) -> str:
    return f"{entry.name} ({entry.spec}{' ' + str(entry.params) if entry.params else ''})"


@app.command()
def leaderboard(results: List[Path] = typer.Argument(..., help="a tournament's results folder, e.g. results/quick; "
                                                     "several: their players rated over all their games")):
    """Reprint a tournament's leaderboard from its game log (and rewrite leaderboard.md/.json).
    Given several folders of the same game, seats and options, rate their players over all their
    games together (a player is the same in two folders with the same name, class and params),
    writing nothing."""
    from arena.runs.across import AcrossError, leaderboard_across
    from arena.runs.config import ConfigError
    from arena.reports.leaderboard import render_text
    from arena.store.results import ResultsError
    from arena.runs.tournament import load_tournament

    try:
        if len(results) == 1:
            _, board = load_tournament(results[0])
        else:
            board = leaderboard_across(results)
    except (ConfigError, ResultsError, AcrossError) as exc:
        _fail(str(exc))
    if len(results) > 1:
        typer.echo(f"{len(results)} tournaments rated together: {', '.join(map(str, results))}")
    typer.echo(render_text(board))


@app.command()
def results(folders: List[Path] = typer.Argument(None, help="results folders, or folders holding them "
                                                 "(default: results/)")):
    """List tournaments: each folder's game, seats, players, games played of those scheduled, its
    leader on the last leaderboard, and when it last changed."""
    from tabulate import tabulate

    from arena.runs.across import AcrossError, result_folders, summary_row

    try:
        rows = [summary_row(folder) for folder in result_folders(folders or [])]
    except AcrossError as exc:
        _fail(str(exc))
    typer.echo(tabulate([list(row.values()) for row in rows], headers=list(rows[0]), tablefmt="simple"))


@app.command()
def verify(results: Path = typer.Argument(..., help="a tournament's or match's results folder, e.g. results/quick"),
           repair: bool = typer.Option(False, "--repair", help="make a damaged tail whole: drop a last line cut "
                                       "short, accept lines cut from the end (their games are played again)")):
    """Check every line of a results folder's game log: its authentication, every closed segment's
    SHA-256 and the checkpoint against the lines (a rerun and `arena leaderboard` read only the
    lines since the checkpoint).  Changes nothing (but with --repair, a damaged tail); exits 2
    naming the first file and line that is not arena's."""
    from arena.game.player_text import plural
    from arena.store.results import ResultsError, ResultsStore

    if not (results / "config.yaml").is_file() and not (results / "games.jsonl").is_file():
        _fail(f"{results}: no config.yaml or games.jsonl here; is it a tournament's results folder?")
    notes: list = []
    store = ResultsStore(results)
    if repair and not store.try_lock():
        _fail(f"{results}: in use by process {store.lock_holder()} (an arena run); repair it when that run ends")
    try:
        found = store.verify(warn=notes.append, repair_tail=repair)
    except ResultsError as exc:
        _fail(str(exc))
    finally:
        store.unlock()
    for note in notes:
        typer.echo(f"warning: {note}")
    segments = f" ({plural(found['segments'], 'closed segment')} and games.jsonl)" if found["segments"] else ""
    checkpoint = "; the checkpoint matches them" if found["checkpoint"] else ""
    typer.echo(f"{results}: OK: {plural(found['lines'], 'line')}{segments}, every one authenticated"
               f"{checkpoint}; {plural(found['games'], 'game')}")


VARYING = ("timings", "tag", "node")  # what two runs of the same config may record differently


@app.command()
def export(results: Path = typer.Argument(..., help="a tournament's or match's results folder, e.g. results/quick"),
           out: Optional[Path] = typer.Option(None, "--out", help="write here instead of to stdout")):
    """Print every game of a results folder, one JSON line each, in schedule order and without
    what differs between runs (timings, the authentication tag, the Ray node): two runs of the
    same config with public seeds export byte-identical (the log itself is in the order games
    finished).  Every line is authenticated first, as `arena verify` does."""
    from arena.store.results import ResultsError, ResultsStore

    if not (results / "config.yaml").is_file() and not (results / "games.jsonl").is_file():
        _fail(f"{results}: no config.yaml or games.jsonl here; is it a tournament's results folder?")
    try:
        games = ResultsStore(results).load_games(repair=False)
    except ResultsError as exc:
        _fail(str(exc))
    games.sort(key=lambda g: (g.get("index") if isinstance(g.get("index"), int) else float("inf"), g["id"]))
    lines = "".join(json.dumps({k: v for k, v in g.items() if k not in VARYING}, sort_keys=True,
                               separators=(",", ":")) + "\n" for g in games)
    if out is None:
        typer.echo(lines, nl=False)
    else:
        out.write_text(lines)
        typer.echo(f"{len(games)} games written to {out}", err=True)


@app.command()
def report(results: Path = typer.Argument(..., help="a tournament's or match's results folder, e.g. results/quick"),
           open_it: bool = typer.Option(False, "--open", help="open the report in a web browser")):
    """Rebuild results/<name>/report.html (leaderboard and charts, one offline file) from the game log."""
    from arena.runs.config import ConfigError
    from arena.store.results import ResultsError
    from arena.runs.tournament import rebuild_report

    try:
        path = rebuild_report(results).resolve()
    except (ConfigError, ResultsError) as exc:
        _fail(str(exc))
    typer.echo(f"report written to {path}")
    if open_it:
        import webbrowser

        if not webbrowser.open(path.as_uri()):
            typer.echo("no web browser found here; open the file above by hand")


@app.command()
def tune(game: str = typer.Option(..., help="game name (see `arena games`)"),
         players: int = typer.Option(2, "--players", help="seats at every table"),
         budget: str = typer.Option(..., help="the search budget a move: seconds=S or iterations=N"),
         player: str = typer.Option("ismcts", help="ismcts, pimc, or a spec whose class has a tune_space"),
         trials: int = typer.Option(30, help="complete trials to reach (a rerun with more goes on)"),
         games_per_trial: int = typer.Option(100, help="games a trial plays against the field (100: a 95% "
                                             "interval of about ±0.1 at 0.5; docs/tuning.md)"),
         sampler: str = typer.Option("tpe", help="optuna sampler: tpe, random, qmc, cmaes, gp; "
                             "grid: every setting of the searched choices once"),
         seed: int = typer.Option(0, help="the study's seed (the sampler's and the deals')"),
         against: List[str] = typer.Option([], help="a player of the reference field (repeatable; `defaults`: "
                                           "PLAYER with the game's current defaults); default: rules and defaults"),
         option: List[str] = typer.Option([], help="rule option key=value (repeatable)"),
         plugin: List[str] = typer.Option([], help="a module or .py file that registers a game of your own, as a "
                                          "config's plugins: (repeatable)"),
         search: List[str] = typer.Option([], help="a parameter to search (repeatable); the others stay the game's "
                                          "defaults; default: the player's whole space"),
         verify_deals: int = typer.Option(200, help="the verification match's most deals, each from both seats "
                                          "(0: no match)"),
         output: str = typer.Option("results", help="where the study's folder goes"),
         name: Optional[str] = typer.Option(None, help="the study's folder name (default tune-GAME-Np-PLAYER-BUDGET, "
                                             "then -NAME for each --search)"),
         workers: int = typer.Option(2, min=0, help="Ray workers (0 or 1: in this process)"),
         address: Optional[str] = typer.Option(None, help=ADDRESS_HELP),
         fresh: bool = typer.Option(False, help="start over: move the old study folder aside")):
    """Search a player's parameters for a game by playing games (optuna), then verify the best
    against the current defaults by a match with an SPRT.  A rerun resumes the study.
    Progress goes to stderr (at a terminal a bar; elsewhere a line every 10 s)."""
    from arena.ratings.sprt import SprtError
    from arena.runs.config import ConfigError
    from arena.runs.tournament import TournamentError
    from arena.runs.tune import parse_budget, tune as run_tune
    from arena.store.results import ResultsError

    address = _ray_address(address)
    try:
        outcome = run_tune(game, players, parse_budget(budget), player=player, trials=trials,
                           games_per_trial=games_per_trial, sampler=sampler, seed=seed, against=against or None,
                           options=_parse_pairs(option, "--option"), output=output, name=name, workers=workers,
                           address=address, fresh=fresh, verify_deals=verify_deals, plugins=plugin or None,
                           search=search or None, echo=typer.echo, progress_stream=_progress_stream())
    except (ConfigError, ResultsError, TournamentError, SprtError) as exc:
        _fail(str(exc))
    typer.echo(f"study in {outcome.folder}/")
    if outcome.interrupted:
        raise typer.Exit(130)


@app.command()
def serve(results: Path = typer.Argument(..., help="a tournament's results folder with secret seeds, e.g. "
                                         "results/ladder after `arena tournament configs/ladder.yaml`"),
          host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, help="port to listen on (0: any free one, printed)"),
          address: Optional[str] = typer.Option(None, help=ADDRESS_HELP),
          workers: Optional[int] = typer.Option(None, min=0, help="Ray workers (default: the stored config's; 0: games in "
                                                "the server's process; on 2 cores, 1 leaves a core to the pages)"),
          database: Optional[str] = typer.Option(None, help="a SQLAlchemy URL (e.g. postgresql+psycopg://...; "
                                                 "default: SQLite in the results folder)"),
          uploads: Optional[str] = typer.Option(None, help="where uploaded players are kept (default: "
                                                "~/.local/share/arena/serve/<name>-<hash>; never under the results "
                                                "folder's parent, which no jail may see)"),
          rate: float = typer.Option(20.0, help="requests a second per client address (burst: 5 times it); "
                                     "more are answered 429"),
          submissions_per_hour: int = typer.Option(10, help="submissions a user may make in an hour"),
          live_players: int = typer.Option(3, help="players a user may have on the ladder at once"),
          max_upload_mb: float = typer.Option(8.0, help="largest upload (a .py or a .zip)"),
          upload_quota_mb: float = typer.Option(256.0, help="disk a user's uploads may hold together, unpacked"),
          check_workers: int = typer.Option(1, min=1, help="submissions checked at once (each in a process of its "
                                            "own, beside the games; one per user at a time)"),
          play_memory_mb: int = typer.Option(4096, min=0, help="memory for the bots of all browser games (/play) "
                                             "together: each reserves the ladder's player_memory_mb"),
          proxy: List[str] = typer.Option([], help="a reverse proxy's address (repeat for several): from it, "
                                          "the last hop of X-Forwarded-For is the client; from anywhere else "
                                          "the header is ignored"),
          secure_cookies: bool = typer.Option(False, help="mark cookies Secure (behind a TLS proxy)"),
          reindex: bool = typer.Option(False, help="rebuild the database's index of the games from the log (in the "
                                       "background, while the site serves)"),
          read_only: bool = typer.Option(False, help="serve the pages only, from the database and log of a ladder "
                                         "that another `arena serve` writes (PostgreSQL for other machines; "
                                         "docs/serve.md)")):
    """Serve a tournament as an online ladder: accounts, uploads checked in the jail, games
    played for ever where ratings are least certain, pages and a JSON API (docs/serve.md)."""
    from arena.runs.config import ConfigError
    from arena.runs.tournament import TournamentError
    from arena.serve.app import Limits
    from arena.serve.server import serve as run_server
    from arena.serve.uploads import UploadLimits
    from arena.store.results import ResultsError

    limits = Limits(submissions_per_hour=submissions_per_hour, live_players=live_players,
                    upload=UploadLimits(max_bytes=int(max_upload_mb * 1024 * 1024),
                                        user_quota=int(upload_quota_mb * 1024 * 1024)),
                    rate=rate, burst=max(1, int(rate * 5)))
    try:
        run_server(results, host=host, port=port, address=_ray_address(address), workers=workers,
                   database=database, uploads=uploads, limits=limits, secure_cookies=secure_cookies,
                   check_workers=check_workers, proxies=proxy, play_memory_mb=play_memory_mb, reindex=reindex,
                   read_only=read_only,
                   echo=lambda m: typer.echo(m))
    except (ConfigError, ResultsError, TournamentError, ValueError, RuntimeError) as exc:
        _fail(str(exc))


@app.command()
def users(action: str = typer.Argument(..., metavar="add|list|remove"),
          args: List[str] = typer.Argument(..., metavar="[NAME] RESULTS"),
          database: Optional[str] = typer.Option(None, help="the server's SQLAlchemy URL (as given to arena serve)")):
    """The ladder's users (arena serve): `add NAME RESULTS` prints the new user's API token
    once; `list RESULTS`; `remove NAME RESULTS`."""
    from arena.serve.accounts import AccountError
    from arena.serve.server import users_command

    if action not in ("add", "list", "remove") or len(args) != (1 if action == "list" else 2):
        _fail("usage: arena users add NAME RESULTS | arena users list RESULTS | arena users remove NAME RESULTS")
    try:
        typer.echo(users_command(action, args[-1], args[0] if action != "list" else None, database))
    except (AccountError, ValueError) as exc:
        _fail(str(exc))


def main():
    app()


if __name__ == "__main__":
    main()
