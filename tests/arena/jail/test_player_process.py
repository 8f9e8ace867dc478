"""The game master's side of a player process: what the player is shown."""
import time

import pytest

from arena.runs.checks import default_limits
from arena.jail import spawn
from engine.registry import get_game
from engine.rng import Rng
from conftest import HERE
from history_player import digest_index

SPEC = f"{HERE / 'history_player.py'}:HistoryDigest"


@pytest.fixture
def process():
    """A player process answering with a digest of the history it is shown; ``.short``
    lists, request by request, whether the observation went without its history."""
    process = spawn(SPEC, {}, "origin", default_limits())
    real, process.short = process._act_message, []

    def spy(observation):
        message = real(observation)
        process.short.append(type(message) is bytes)  # pickled here: the short form
        return message

    process._act_message = spy
    process.load()
    yield process
    process.kill()


def _decisions(seed: int):
    """Seat 0's observations at its decisions in a game of random moves."""
    state, rng = get_game("origin").new_game(2, seed), Rng(seed)
    while not state.is_terminal():
        if state.current_player == 0:
            yield state.observation(0)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def _ask(process, observation) -> None:
    history = observation.history
    assert process.act(observation, time.monotonic() + 60, False) == digest_index(observation)
    assert observation.history is history  # the game master's observation is left whole


def test_a_player_process_sees_the_whole_history_though_only_new_entries_are_sent(process):
    for seed in (1, 2):  # the second game starts from an empty history again
        process.start("origin", 0, 2, seed, time.monotonic() + 60)
        first = len(process.short)
        for observation in _decisions(seed):
            _ask(process, observation)
        assert process.short[first] is False  # a new game's first observation goes whole
        assert all(process.short[first + 1:]) and len(process.short) - first > 20


def test_a_history_that_changed_where_it_was_sent_goes_whole(process):
    process.start("origin", 0, 2, 3, time.monotonic() + 60)
    decisions = _decisions(3)
    for _ in range(5):
        _ask(process, next(decisions))
    observation = next(decisions)
    true = observation.history
    observation.history = ((1, "a rewritten entry"),) + true[1:]  # an entry sent before, now another
    _ask(process, observation)
    observation.history = true  # and back: not a continuation of what was sent last
    _ask(process, observation)
    _ask(process, next(decisions))
    assert process.short == [False, True, True, True, True, False, False, True]
