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


def _parse_options(pairs: List[str]) -> dict:
    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            _fail(f"--option {pair!r}: expected key=value")
        options[key.strip()] = value.strip()
    return options


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
    options = _parse_options(option)
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


def main():
    app()


if __name__ == "__main__":
    main()
