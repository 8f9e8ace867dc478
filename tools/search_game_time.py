"""How long one game takes with a search player in seat 0 and the rule player in the others,
and how much the search does a move (docs/benchmarks.md, "Per game, random playouts").

    python tools/search_game_time.py dominant_species --players 4 --seed 1
    python tools/search_game_time.py dominant_species --players 4 --seed 1 --param seconds=0.2 --param iterations=null

Seat 0 plays ``ismcts`` with the game's search defaults (``arena games``) and any ``--param``
over them (values read as YAML); every other seat plays ``rules``.  Prints the game's wall
time, the search seat's moves, its mean seconds and iterations a move, and the final scores.
In one process, on whichever build runs (``arena --version``); no jail, no results folder.
"""
from __future__ import annotations

import argparse
import time

import yaml

from engine.registry import get_game
from players.loading import make_player


def play(game: str, players: int, seed: int, params: dict) -> dict:
    spec = get_game(game)
    seats = [make_player("ismcts", params, game)] + [make_player("rules", {}, game) for _ in range(players - 1)]
    for seat, player in enumerate(seats):
        player.start(game, seat, players, seed)
    state = spec.new_game(players, seed)
    moves = iterations = 0
    thinking = 0.0
    began = time.perf_counter()
    while not state.is_terminal():
        seat = state.current_player
        observation = state.observation(seat)
        asked = time.perf_counter()
        action = seats[seat].act(observation)
        if seat == 0:
            thinking += time.perf_counter() - asked
            moves += 1
            iterations += seats[0].last_iterations
        state.apply(action)
    return {"game_s": time.perf_counter() - began, "moves": moves, "s_a_move": thinking / max(moves, 1),
            "iterations_a_move": iterations / max(moves, 1), "scores": state.scores()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--param", action="append", default=[], help="key=value over the search defaults")
    args = parser.parse_args(argv)
    params = {}
    for item in args.param:
        key, _, value = item.partition("=")
        params[key] = yaml.safe_load(value)
    players = args.players or get_game(args.game).default_players
    out = play(args.game, players, args.seed, params)
    print(f"{args.game}, {players} players, seed {args.seed}, ismcts {params or 'defaults'}: game {out['game_s']:.1f} s, "
          f"{out['moves']} ISMCTS moves, {out['s_a_move']:.3f} s and {out['iterations_a_move']:.0f} iterations a move, "
          f"scores {out['scores']}")


if __name__ == "__main__":
    main()
