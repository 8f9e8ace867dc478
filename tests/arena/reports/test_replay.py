"""`arena replay`: a game of a results folder by its id (a prefix is enough), the position
after move N, what one seat saw, and stepping through a game in a terminal; for every game."""
from __future__ import annotations

import json
import re

import pytest
import yaml
from typer.testing import CliRunner

from arena.cli import app
from arena.reports.game_log import STEP_PROMPT, Replay
from arena.store.lookup import find_game, read_games
from arena.store.results import ResultsError
from engine.record import GameRecord
from helpers import run
from conftest import player, toy_config
from pty_session import Session

# short games of random players (Citadels and Dominant Species with fewer rounds/turns)
GAMES = {"origin": {}, "natural_selection": {}, "random_mutations": {}, "citadels": {"rounds": 2},
         "dominant_species": {"max_turns": 1}}


def test_every_game_is_covered():
    from engine.registry import game_names

    assert set(GAMES) == set(game_names()) - {"toy"}


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    """results/<game>: a tiny tournament per game (two random players, one deal from both seats)."""
    root = tmp_path_factory.mktemp("replays")
    out = {}
    for game, options in GAMES.items():
        config = {"name": game, "game": game, "seats": 2, "options": options, "workers": 0, "seed": 3,
                  "games_per_pairing": 1, "output": str(root / "results"),
                  "players": [{"name": "alice", "class": "random"}, {"name": "bob", "class": "random"}]}
        path = root / f"{game}.yaml"
        path.write_text(yaml.safe_dump(config))
        run(path)
        out[game] = root / "results" / game
    return out


def cli(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


def game_of(folder, number=0):
    line = read_games(folder)[number]
    return line, GameRecord.from_json(json.dumps(line))


def positions(record):
    """The position after every move, computed here from the record (not by arena.reports)."""
    states = []
    for state, action in record.replay():
        states.append(state.clone())
    return states


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_position_after_move_n_of_a_game_named_by_an_id_prefix(game, folders):
    line, record = game_of(folders[game], 1)
    states = positions(record)
    n = len(record.actions) // 2
    code, out = cli("replay", folders[game], "--game", line["id"][:6], "--at", n)
    assert code == 0, out
    assert out.startswith(f"--- position after move {n} of {len(record.actions)} ---")
    assert states[n].render() in out and states[n + 1].render() not in out
    assert re.search(rf"^\s+{n}\. seat \d \((alice|bob)\): ", out, re.M)
    code, out = cli("replay", folders[game], "--game", line["id"][:6], "--at", 0)
    assert code == 0 and states[0].render() in out and "after the start" in out
    code, out = cli("replay", folders[game], "--game", line["id"], "--at", len(record.actions))
    assert code == 0 and states[-1].render() in out and "--- result ---" in out
    for seat in range(2):
        assert f"place {line['ranks'][seat]}: seat {seat} ({line['players'][seat]}) score {line['scores'][seat]}" in out
    code, out = cli("replay", folders[game], "--game", line["id"][:6], "--at", len(record.actions) + 1)
    assert code == 2 and f"this game has {len(record.actions)} moves" in out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_what_one_seat_saw(game, folders):
    line, record = game_of(folders[game])
    states = positions(record)
    n = len(record.actions) // 2
    for seat in range(2):
        code, out = cli("replay", folders[game] / "games.jsonl", "--game", line["id"][:8], "--at", n, "--seat", seat)
        assert code == 0, out
        seen = states[n].observation(seat).render()
        assert f"as seat {seat} ({line['players'][seat]}) saw it" in out
        full = states[n].render()
        assert seen in out and (full in seen or full not in out)
        other = states[n].observation(1 - seat).render()
        assert other in seen or other not in out
    # the whole game as seat 0 saw it: its view before each of its moves, its final view
    code, out = cli("replay", folders[game], "--game", line["id"][:8], "--seat", 0)
    assert code == 0, out
    movers = [state.current_player for state, action in record.replay() if action is not None]
    assert out.count("to play move") == movers.count(0)
    assert states[-1].observation(0).render() in out and "--- result ---" in out
    code, out = cli("replay", folders[game], "--game", line["id"][:8], "--seat", 2)
    assert code == 2 and "seats 0 to 1" in out


def test_a_seat_sees_the_others_hidden_moves_as_hidden(folders):
    for game, hidden, shown in (("origin", r"animal (face down)", r"animal [A-Z]"),
                                ("citadels", "picks a role", r"role \d")):
        line, record = game_of(folders[game])
        code, out = cli("replay", folders[game], "--game", line["id"][:8], "--seat", 0)
        assert code == 0
        other = re.escape(f"seat 1 ({line['players'][1]}): ")
        assert re.search(rf"^\s+\d+\. {other}{re.escape(hidden)}", out, re.M), game
        assert not re.search(rf"^\s+\d+\. {other}{shown}", out, re.M), game
        code, full = cli("replay", folders[game], "--game", line["id"][:8])
        assert re.search(rf"^\s+\d+\. {other}{shown}", full, re.M), game  # the full log shows them


def test_a_folder_or_its_games_jsonl_without_game_says_how_to_name_one(folders):
    folder = folders["origin"]
    ids = [g["id"] for g in read_games(folder)]
    for path in (folder, folder / "games.jsonl"):
        code, out = cli("replay", path)
        assert code == 2 and "not valid JSON" not in out
        assert "--game ID" in out and all(i in out for i in ids) and "arena replay" in out


def test_an_ambiguous_or_unknown_id_lists_the_candidates(folders):
    folder = folders["origin"]
    ids = [g["id"] for g in read_games(folder)]
    code, out = cli("replay", folder, "--game", "zzzz")
    assert code == 2 and "no game's id starts with 'zzzz'" in out and all(i in out for i in ids)
    games = [{"id": "ab12", "index": 0, "players": ["a", "b"]}, {"id": "ab34", "index": 1, "players": ["b", "a"]},
             {"id": "cd56", "index": 2, "players": ["a", "b"]}]
    with pytest.raises(ResultsError, match=r"2 games' ids start with 'ab'") as caught:
        find_game(games, "ab", "log")
    assert "ab12" in str(caught.value) and "ab34" in str(caught.value) and "cd56" not in str(caught.value)
    assert find_game(games, "AB3", "log")["index"] == 1 and find_game(games, "#2", "log")["id"] == "cd56"
    code, out = cli("replay", folder, "--game", f"#{1}", "--at", 1)
    assert code == 0 and "position after move 1 of" in out


def test_quiet_keeps_its_meaning(folders):
    line, record = game_of(folders["origin"])
    code, out = cli("replay", folders["origin"], "--game", line["id"][:8], "--quiet")
    assert code == 0 and out.startswith("--- final position ---") and "   1. seat" not in out
    code, loud = cli("replay", folders["origin"], "--game", line["id"][:8])
    assert code == 0 and "   1. seat" in loud and loud.endswith(out)


def test_a_record_file_replays_as_before(folders, tmp_path):
    line, record = game_of(folders["random_mutations"])
    (tmp_path / "g.json").write_text(record.to_json())
    code, out = cli("replay", tmp_path / "g.json", "--at", 3, "--seat", 1)
    assert code == 0 and positions(record)[3].observation(1).render() in out
    code, out = cli("replay", tmp_path / "g.json", "--game", "ffff")
    assert code == 2 and "results folder" in out


def test_a_faulted_game_shows_the_fault_and_the_recorded_places(tmp_path):
    path = toy_config(tmp_path, [player("a"), player("x", "Raiser", seat=1)], games=1, workers=0)
    run(path)
    folder = tmp_path / "results" / "t"
    faulted = next(g for g in read_games(folder) if g.get("faults"))
    code, out = cli("replay", folder, "--game", faulted["id"][:5])
    assert code == 0, out
    assert "FAULT seat 1 (x): exception: " in out
    assert f"place {faulted['ranks'][1]}: seat 1 (x)" in out and faulted["ranks"][1] == 2


def test_a_shared_folders_forged_fault_kind_prints_no_escape_sequence(tmp_path):
    """replay reads a folder without its secret (a copy shared by someone), so nothing of a
    record reaches the terminal raw: not even the fault's kind, which arena itself writes."""
    path = toy_config(tmp_path, [player("a"), player("x", "Raiser", seat=1)], games=1, workers=0)
    run(path)
    folder = tmp_path / "results" / "t"
    lines = (folder / "games.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    faulted = next(r for r in records if r["faults"])
    faulted["faults"][0]["kind"] = "x\x1b]0;OWNED\x07\nFAKE: leaderboard verified OK"
    (folder / "games.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    code, out = cli("replay", folder, "--game", faulted["id"][:6])
    assert code == 0, out
    assert "\x1b" not in out and "\x07" not in out
    assert not any(line.startswith("FAKE") for line in out.splitlines()), out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_stepping_through_a_game_in_a_terminal(game, folders):
    line, record = game_of(folders[game])
    states, total = positions(record), len(record.actions)
    seat = 1 if game == "citadels" else None
    answers = ["", "", "b", "7", "nonsense", str(total + 5), str(total - 1), "", "", "", ""]
    args = ["replay", str(folders[game]), "--game", line["id"][:8], "--step"] + \
        (["--seat", str(seat)] if seat is not None else [])
    session = Session(args, folders[game], STEP_PROMPT).run(lambda screen, number: answers[number])
    assert session.returncode == 0, session.output[-2000:]
    shown = [re.search(r"--- position after (the start|move (\d+) of)", s) for s in session.screens]
    at = [None if m is None else 0 if m.group(1) == "the start" else int(m.group(2)) for m in shown]
    assert at == [0, 1, 2, 1, 7, None, None, total - 1, total], session.output[-2000:]
    view = (lambda k: states[k].render()) if seat is None else (lambda k: states[k].observation(seat).render())
    for screen, k in zip(session.screens, at):
        if k is not None:
            assert view(k) in screen
    assert "not understood" in session.screens[5] and f"no move {total + 5}" in session.screens[6]
    assert "--- result ---" in session.screens[8]
    assert len(session.screens) == 9  # Enter at the last position quits


def test_replay_reads_a_results_folder_without_writing_or_needing_its_secret(folders, tmp_path):
    import shutil

    copy = tmp_path / "shared"
    shutil.copytree(folders["origin"], copy)
    (copy / ".secret").unlink()
    before = (copy / "games.jsonl").read_bytes()
    ids = [g["id"] for g in read_games(copy)]
    code, out = cli("replay", copy, "--game", ids[0][:8], "--at", 2)
    assert code == 0, out
    assert (copy / "games.jsonl").read_bytes() == before
    assert Replay(GameRecord.from_json(json.dumps(read_games(copy)[0]))).total == len(read_games(copy)[0]["actions"])
