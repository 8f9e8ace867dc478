"""The ``arena`` command line (typer).  Each command is a thin shell over a module."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="AI players compete at the games of the Evolution family.")


def _fail(message: str) -> None:
    typer.secho(f"error: {message}", fg=typer.colors.RED, err=True)
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
            typer.echo(f"    --option {option.name}={option.default!s}{choices}\n        {option.doc}")


@app.command()
def play(game: str = typer.Argument(..., help="game name (see `arena games`)"),
         players: str = typer.Option("random,random", help="comma-separated player specs, one per seat"),
         seed: int = typer.Option(0, help="game seed"),
         option: List[str] = typer.Option([], help="rule option key=value (repeatable)"),
         record: Optional[Path] = typer.Option(None, help="write the game record (JSON) to this file"),
         quiet: bool = typer.Option(False, help="print only the result")):
    """Play one game and print a readable log."""
    from arena.match import play_game
    from arena.play import GameLog
    from engine.contract import OptionError
    from engine.record import GameRecord
    from players.loading import PlayerSpecError, make_player

    specs = [s.strip() for s in players.split(",") if s.strip()]
    options = _parse_pairs(option, "--option")
    try:
        seat_players = [make_player(s, None, game) for s in specs]
        from engine.registry import get_game
        get_game(game).resolve_options(options)
    except (PlayerSpecError, OptionError) as exc:
        _fail(str(exc))
    log = GameLog(game, specs, echo=(lambda *_: None) if quiet else typer.echo)
    try:
        result = play_game(game, seat_players, seed, options, names=specs, on_step=log.step)
    except OptionError as exc:
        _fail(str(exc))
    log.echo = typer.echo
    log.finish(result.final_state, result.scores, result.ranks, result.faults)
    if record is not None:
        rec = GameRecord(game=game, num_players=len(specs), seed=seed, options=options,
                         actions=result.actions, players=specs)
        record.write_text(rec.to_json() + "\n")
        typer.echo(f"record written to {record}")


@app.command()
def replay(file: Path = typer.Argument(..., help="a game record written by `arena play --record`"),
           quiet: bool = typer.Option(False, help="print only the result")):
    """Replay a recorded game and print the same log."""
    from arena.play import replay_record
    from engine.record import GameRecord, RecordError

    if not file.is_file():
        _fail(f"{file}: no such file")
    try:
        rec = GameRecord.from_json(file.read_text(), where=str(file))
        replay_record(rec, echo=(lambda *_: None) if quiet else typer.echo)
    except (RecordError, ValueError) as exc:
        _fail(str(exc))
    if quiet:
        final = rec.final_state()
        ranks = final.ranking()
        for seat, score in enumerate(final.scores()):
            typer.echo(f"seat {seat}: score {score} place {ranks[seat]}")


@app.command("check-player")
def check_player_command(
        spec: str = typer.Argument(..., help="built-in name, package.module:Class or path/to/file.py:Class"),
        game: str = typer.Option(..., help="game to try it on (see `arena games`)"),
        param: List[str] = typer.Option([], help="constructor parameter key=value (repeatable; YAML values)"),
        games: int = typer.Option(3, help="games to play against random players"),
        players: Optional[int] = typer.Option(None, help="number of players (default: the game's default)")):
    """Load a player, build it and play a few games against random: OK or what is wrong."""
    from engine.contract import OptionError
    from players.loading import PlayerSpecError, check_player

    params = _parse_pairs(param, "--param", yaml_values=True)
    try:
        check_player(spec, params, game, games=games, num_players=players)
    except (PlayerSpecError, OptionError) as exc:
        _fail(str(exc))
    typer.echo(f"OK: {spec} played {games} games of {game} against random players without a fault")


bench_app = typer.Typer(no_args_is_help=True, help="Speed benchmarks (BENCHMARKS.md); medians over repeats.")
app.add_typer(bench_app, name="bench")


@bench_app.command("ismcts")
def bench_ismcts_command(game: str = typer.Option("origin", help="game name"),
                         iterations: int = typer.Option(1000, help="ISMCTS iterations per measured move"),
                         repeats: int = typer.Option(3, help="repeats per row (the median is reported)"),
                         players: Optional[int] = typer.Option(None, help="number of players"),
                         seed: int = typer.Option(0, help="seed of the benchmark positions"),
                         as_json: bool = typer.Option(False, "--json", help="print JSON rows instead of a table")):
    """ISMCTS iterations/s from an early- and a mid-game position: full random rollouts, random
    rollouts cut at 20 moves, informed rollouts cut at 20 moves and scored by the game's heuristic."""
    from arena.bench import bench_ismcts, format_rows
    from engine.contract import OptionError

    try:
        rows = bench_ismcts(game, iterations=iterations, repeats=repeats, num_players=players, seed=seed)
    except OptionError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("engine")
def bench_engine_command(game: List[str] = typer.Option([], help="game name (repeatable; default: every game)"),
                         players: List[int] = typer.Option([], help="player count (repeatable; default: min and 4)"),
                         seconds: float = typer.Option(1.0, help="seconds of random playouts per repeat"),
                         repeats: int = typer.Option(3, help="repeats per row (the median is reported)"),
                         as_json: bool = typer.Option(False, "--json", help="print JSON rows instead of a table")):
    """Random playouts/s, decisions/s, clone/observation/sample µs, per game and player count."""
    from arena.bench import format_rows
    from arena.bench_engine import bench_engine
    from engine.contract import OptionError

    try:
        rows = bench_engine(game or None, players or None, seconds=seconds, repeats=repeats)
    except OptionError as exc:
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

    from arena.bench_tournament import bench_tournament, format_rows
    from arena.config import ConfigError

    counts = workers or sorted({1, 2} | {w for w in (4, 8, 15) if w < (os.cpu_count() or 1)})
    try:
        rows = bench_tournament(config, workers=counts, game=game, games=games, repeats=repeats)
    except ConfigError as exc:
        _fail(str(exc))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("memory")
def bench_memory_command(game: str = typer.Option("origin", help="game name"),
                         workers: int = typer.Option(2, help="Ray workers to measure"),
                         iterations: int = typer.Option(2000, help="ISMCTS iterations for the tree measurement"),
                         as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """RSS per Ray worker after playing games, and bytes per ISMCTS tree node."""
    from arena.bench import format_rows
    from arena.bench_engine import bench_memory

    rows = bench_memory(game, workers=workers, iterations=iterations)
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


@bench_app.command("targets")
def bench_targets_command(seconds: float = typer.Option(1.5, help="seconds of random playouts per repeat"),
                          repeats: int = typer.Option(5, help="repeats per measurement (medians reported)"),
                          games: int = typer.Option(2000, help="games per Ray measurement"),
                          as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Every target of BENCHMARKS.md on this machine: target, median measured, met, command (a few minutes)."""
    from arena.bench_targets import evaluate, format_rows, measure

    rows = evaluate(measure(seconds=seconds, repeats=repeats, tournament_games=games))
    typer.echo(json.dumps(rows, indent=1) if as_json else format_rows(rows))


# --- tournaments (arena/tournament.py) -------------------------------------
@app.command()
def tournament(config: Path = typer.Argument(..., help="tournament config (YAML), e.g. configs/quick.yaml"),
               workers: Optional[int] = typer.Option(None, help="Ray workers (0 or 1: in this process); "
                                                     "default: the config's `workers`"),
               address: Optional[str] = typer.Option(None, help="an existing Ray cluster (host:port or 'auto')"),
               fresh: bool = typer.Option(False, help="start over: move the old results folder aside"),
               games_per_task: Optional[int] = typer.Option(None, help="games per Ray task (default: measured)")):
    """Play a round-robin tournament (resuming one already started) and print the leaderboard."""
    from arena.config import ConfigError, load_config
    from arena.results import ResultsError
    from arena.tournament import TournamentError, run_tournament, summary_text

    try:
        cfg = load_config(config)
        outcome = run_tournament(cfg, fresh=fresh, workers=workers, address=address,
                                 games_per_task=games_per_task, echo=typer.echo)
    except (ConfigError, ResultsError, TournamentError) as exc:
        _fail(str(exc))
    typer.echo(summary_text(outcome))
    if outcome.interrupted:
        raise typer.Exit(130)


@app.command()
def submit(spec: str = typer.Argument(..., help="built-in name, package.module:Class or path/to/file.py:Class"),
           results: Path = typer.Argument(..., help="the tournament's results folder, e.g. results/quick"),
           name: str = typer.Option(..., help="the new player's name on the leaderboard"),
           param: List[str] = typer.Option([], help="constructor parameter key=value (repeatable; YAML values)"),
           workers: Optional[int] = typer.Option(None, help="Ray workers (default: the stored config's)"),
           address: Optional[str] = typer.Option(None, help="an existing Ray cluster")):
    """Add a player to a tournament, play its games and print the new leaderboard."""
    from arena.config import ConfigError
    from arena.results import ResultsError
    from arena.tournament import TournamentError, submit_player, summary_text

    params = _parse_pairs(param, "--param", yaml_values=True)
    try:
        outcome, place = submit_player(results, spec, name, params, workers=workers, address=address,
                                       echo=typer.echo)
    except (ConfigError, ResultsError, TournamentError) as exc:
        _fail(str(exc))
    typer.echo(summary_text(outcome))
    typer.echo(f"{name} placed {place} of {len(outcome.board['players'])}")
    if outcome.interrupted:
        raise typer.Exit(130)


@app.command()
def leaderboard(results: Path = typer.Argument(..., help="a tournament's results folder, e.g. results/quick")):
    """Reprint a tournament's leaderboard from its game log (and rewrite leaderboard.md/.json)."""
    from arena.config import ConfigError
    from arena.leaderboard import render_text
    from arena.results import ResultsError
    from arena.tournament import load_tournament

    try:
        _, board = load_tournament(results)
    except (ConfigError, ResultsError) as exc:
        _fail(str(exc))
    typer.echo(render_text(board))


def main():
    app()


if __name__ == "__main__":
    main()
