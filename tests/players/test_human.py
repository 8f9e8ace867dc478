"""A human seat (players/human.py, `arena play GAME --players human,BOT`): every game played
through a pseudo-terminal with scripted answers, a bad one asked again; the record replays;
no clocks for the human; refused without a terminal and in a tournament."""
from __future__ import annotations

import re
import subprocess
import time

import pytest

from arena.game.match import play_game
from arena.runs.config import ConfigError, config_from_dict
from engine.record import GameRecord
from engine.registry import get_game
from players.human import HELP, PROMPT, HumanPlayer, HumanResigned, choose, without_legal
from players.random_player import RandomPlayer

from pty_session import ARENA, Session  # tests/ is on the path (tests/conftest.py)

# short games: a seed whose game is short when the human always takes the first action;
# Citadels and Dominant Species with fewer rounds/turns (their documented options)
GAMES = {
    "origin": ["--seed", "9"],
    "natural_selection": ["--seed", "2"],
    "random_mutations": ["--seed", "5"],
    "citadels": ["--seed", "1", "--option", "rounds=2"],
    "dominant_species": ["--seed", "4", "--option", "max_turns=1"],
}
RESULT = re.compile(r"^place (\d+): seat (\d+) \((\w+)\) score (-?[\d.]+)$", re.M)


def test_every_game_is_covered():
    from engine.registry import game_names

    assert set(GAMES) == set(game_names()) - {"toy"}


def script(screen: str, number: int) -> str:
    """A bad answer first (asked again), then help, then the first action by its text, then by number."""
    if number == 0:
        return "no-such-move"
    if number == 1:
        assert "no action starts with 'no-such-move'" in screen and "your turn" not in screen, screen
        return "?"
    if number == 2:
        assert HELP.splitlines()[0] in screen and "your actions:" in screen, screen
        first = re.search(r"^\s+1\. (.+)$", screen, re.M).group(1)
        return first.upper()  # the whole text, in other case: exact beats prefix
    return "1"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_with_a_human_seat_through_a_terminal(game, tmp_path):
    session = Session(["play", game, "--players", "human,random", *GAMES[game], "--record", "f.json"],
                      tmp_path, PROMPT).run(script)
    assert session.returncode == 0, session.output[-3000:]
    assert len(session.screens) >= 4, session.output[-3000:]
    turns = [s for s in session.screens if "=== seat 0 (you): your turn ===" in s]
    record = GameRecord.from_json((tmp_path / "f.json").read_text())
    assert record.players == ["human", "random"]
    movers = [state.current_player for state, action in record.replay() if action is not None]
    assert len(turns) == movers.count(0) == len(session.screens) - 2  # the bad answer and ? were asked again
    final = record.final_state()
    shown = {int(seat): float(score) for _, seat, _, score in RESULT.findall(session.output)}
    assert shown and shown == {seat: float(score) for seat, score in enumerate(final.scores())}
    assert "FAULT" not in session.output and "record written to f.json" in session.output
    # the seat's own view only: the log of every move (which shows the others' hidden moves) is left out
    assert not re.search(r"^\s+\d+\. seat 1 \(random\): ", session.output, re.M)
    # the replay gives the same result
    replay = subprocess.run([ARENA, "replay", "f.json", "--quiet"], cwd=tmp_path, capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert RESULT.findall(replay.stdout) == RESULT.findall(session.output)


def test_the_end_of_the_input_resigns_the_game_and_the_record_says_so(tmp_path):
    session = Session(["play", "origin", "--players", "random,human", "--seed", "3", "--record", "g.json"], tmp_path,
                      PROMPT).run(lambda screen, number: None)
    assert session.returncode == 0
    assert len(session.screens) == 1
    assert "FAULT seat 1 (human): exception: HumanResigned" in session.output
    played = RESULT.findall(session.output)
    assert [(place, seat) for place, seat, _, _ in played] == [("1", "0"), ("2", "1")]  # the resigned seat last
    # the replay shows the outcome as played, not the unfinished position's (every seat first, score 0)
    replay = subprocess.run([ARENA, "replay", "g.json", "--quiet"], cwd=tmp_path, capture_output=True, text=True)
    assert replay.returncode == 0, replay.stderr
    assert RESULT.findall(replay.stdout) == played
    assert "FAULT seat 1 (human): exception: HumanResigned" in replay.stdout


def test_without_a_terminal_a_human_seat_is_refused(tmp_path):
    done = subprocess.run([ARENA, "play", "origin", "--players", "ismcts,human"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "terminal" in lines[0], done.stderr


@pytest.mark.parametrize("player", [{"name": "me", "class": "human"},
                                    {"name": "me", "class": "ismcts", "params": {"rollout": "human"}}])
def test_a_tournament_config_naming_human_is_refused(player):
    data = {"name": "t", "game": "origin", "seats": 2, "players": [player, {"name": "r", "class": "random"}]}
    with pytest.raises(ConfigError, match=r"players\[0\]\.class: .*'human' is the person at the terminal"):
        config_from_dict(data, "t.yaml")


def test_check_player_refuses_human():
    from arena.runs.checks import check_player
    from players.loading import PlayerSpecError

    with pytest.raises(PlayerSpecError, match="no terminal"):
        check_player("human", {}, "origin", games=1)


def test_human_is_builtin_and_runs_in_the_games_process():
    from arena.game.plugins import is_builtin
    from players.loading import make_player

    assert is_builtin("human") and isinstance(make_player("human", None, "origin"), HumanPlayer)
    assert not is_builtin("ismcts", {"rollout": "human"})


# --- the player itself, driven from lists --------------------------------------------------

class Scripted:
    def __init__(self, answers):
        self.answers, self.prompts, self.said = list(answers), 0, []

    def ask(self, prompt):
        self.prompts += 1
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def say(self, text):
        self.said.append(text)


def test_answers_by_number_text_prefix_and_help():
    spec = get_game("origin")
    actions = get_game("origin").new_game(2, 1).legal_actions()
    texts = [spec.action_to_text(a) for a in actions]
    assert choose(spec, actions, "1") == (actions[0], None)
    assert choose(spec, actions, f" {len(actions)} ") == (actions[-1], None)
    assert choose(spec, actions, "?") == (None, HELP)
    for bad in ("0", str(len(actions) + 1), "zzz", ""):
        action, problem = choose(spec, actions, bad)
        assert action is None and problem, bad
    unique = next(t for t in texts if sum(u.casefold().startswith(t[:6].casefold()) for u in texts) == 1)
    assert choose(spec, actions, unique[:6].upper()) == (actions[texts.index(unique)], None)
    shared = next(t[:3] for t in texts if sum(u.startswith(t[:3]) for u in texts) > 1)
    action, problem = choose(spec, actions, shared)
    assert action is None and "type more of it" in problem
    assert choose(spec, actions[:1], "") == (actions[0], None)  # Enter: the only action


def test_a_bad_answer_applies_nothing_and_is_asked_again():
    io = Scripted(["nonsense", "999", "?", "2"])
    human = HumanPlayer(ask=io.ask, say=io.say)
    state = get_game("origin").new_game(2, 1)
    human.start("origin", state.current_player, 2, 0)
    observation = state.observation(state.current_player)
    assert human.act(observation) == observation.legal_actions[1]
    assert io.prompts == 4
    text = "\n".join(io.said)
    assert "no action starts with 'nonsense'" in text and "there is no action 999" in text and HELP in text
    assert without_legal(observation.render()) in text and "your actions:" in text


def test_it_shows_what_happened_since_its_last_turn_as_its_seat_saw_it():
    io = Scripted(["1"] * 500)
    result = play_game("origin", [HumanPlayer(ask=io.ask, say=io.say, names=["me", "bot"]), RandomPlayer()], 9)
    assert not result.faults
    text = "\n".join(io.said)
    assert "since your last turn:" in text and "  seat 1 (bot): " in text
    assert "seat 1 (bot): animal (face down)" in text  # the other seat's card stays face down


def test_a_human_seat_has_no_clocks():
    class SlowHuman(HumanPlayer):
        def act(self, observation):
            time.sleep(0.4)
            return observation.legal_actions[0]

    # a move limit below the human's time, a game limit below its total: no fault, and the
    # other seat's game clock counts its own thinking only (the watchdog is paused meanwhile);
    # limits that a random player's moves stay far below on a loaded machine
    result = play_game("citadels", [SlowHuman(), RandomPlayer()], 1, {"rounds": 1}, move_seconds=0.3,
                       game_seconds=1.2, untimed=[0])
    assert result.faults == [] and result.moves[0] >= 4 and result.think_seconds[0] > 1.2
    timed = play_game("citadels", [SlowHuman(), RandomPlayer()], 1, {"rounds": 1}, move_seconds=0.3)
    assert [f.kind for f in timed.faults] == ["overrun"]


def test_a_resigning_human_is_a_fault_of_its_seat():
    io = Scripted([])
    result = play_game("origin", [RandomPlayer(), HumanPlayer(ask=io.ask, say=io.say)], 1, untimed=[1])
    assert [(f.seat, f.kind) for f in result.faults] == [(1, "exception")]
    assert HumanResigned.__name__ in result.faults[0].detail


def test_the_seats_view_leaves_the_legal_actions_to_the_numbered_list_and_says_hands_alike():
    from engine.registry import get_game

    for game, seats in (("origin", 2), ("citadels", 3), ("random_mutations", 2)):
        state = get_game(game).new_game(seats, 1, {})
        seat = state.current_player
        shown = []
        player = HumanPlayer(ask=lambda _: "1", say=shown.append, names=[f"s{i}" for i in range(seats)])
        player.start(game, seat, seats, 0)
        player.act(state.observation(seat))
        screen = shown[0]
        assert "legal: " not in screen, (game, screen)
        assert screen.count(get_game(game).action_to_text(state.legal_actions()[0])) == 1, (game, screen)
    state = get_game("origin").new_game(2, 1, {})
    view = state.observation(0).render()
    assert "hand 6 cards" in view and " 1 cards" not in view and " 0 cards" not in view
