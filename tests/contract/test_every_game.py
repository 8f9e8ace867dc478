"""The engine contract, checked on every registered game and every player count.

A new game registered in ``engine.registry`` runs through all of this with no edit
here.  Every game declares three hooks on its ``GameSpec``: ``invariants`` (its
conservation laws), ``rescore`` (its scoring written again) and ``redeal`` (what a
seat cannot see dealt again, apart from ``sample``); a game without one fails.

Each check plays ``ARENA_CONTRACT_GAMES`` random games per game and player count
(default 2; ``ARENA_CONTRACT_GAMES=300 python -m pytest tests/contract`` is a long
run).  Seeds differ per check, so a run covers that many different games per check.
"""
from __future__ import annotations

import os
import random

import pytest

from engine.contract import IllegalActionError, State, places_from_keys
from engine.registry import game_names, get_game
from engine.rng import Rng

GAMES = int(os.environ.get("ARENA_CONTRACT_GAMES", "2"))
PROBES = 6  # positions per game where the expensive checks (clones, samples, ...) run


def _cases():
    cases = []
    for name in game_names():
        spec = get_game(name)
        for n in range(spec.min_players, spec.max_players + 1):
            cases.append(pytest.param(spec, n, id=f"{name}-{n}p"))
    return cases


CASES = _cases()
every_game = pytest.mark.parametrize("spec,players", CASES)


# --- comparing states and observations by value ------------------------------

def freeze(value, skip_rng: bool = False):
    """Everything reachable from ``value`` as nested tuples: equal results = equal values.
    Slots listed in a State's ``cache_slots`` and attributes named ``_...`` (private
    caches) are left out; ``skip_rng`` leaves out the RNGs (future chance)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Rng):
        return None if skip_rng else ("Rng", value.seed, value.counter)
    if isinstance(value, list):
        return ("list",) + tuple(freeze(v, skip_rng) for v in value)
    if isinstance(value, tuple):
        return (type(value).__name__,) + tuple(freeze(v, skip_rng) for v in value)
    if isinstance(value, dict):
        items = [(freeze(k, skip_rng), freeze(v, skip_rng)) for k, v in value.items()]
        return ("dict",) + tuple(sorted(items, key=repr))
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted((freeze(v, skip_rng) for v in value), key=repr))
    skip = set(getattr(type(value), "cache_slots", ()))
    fields = []
    for klass in type(value).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name not in skip and not name.startswith("_") and hasattr(value, name):
                fields.append((name, freeze(getattr(value, name), skip_rng)))
    for name, v in sorted(getattr(value, "__dict__", {}).items()):
        if not name.startswith("_"):
            fields.append((name, freeze(v, skip_rng)))
    return (type(value).__name__,) + tuple(fields)


def first_difference(a, b, path="") -> str:
    """Where two frozen values differ (for assertion messages)."""
    if type(a) is not type(b) or not isinstance(a, tuple) or len(a) != len(b):
        return f"{path or 'value'}: {a!r:.200} != {b!r:.200}"
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            name = x[0] if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str) else str(i)
            return first_difference(x, y, f"{path}.{name}")
    return ""


def assert_same(a, b, what):
    fa, fb = freeze(a), freeze(b)
    assert fa == fb, f"{what}: {first_difference(fa, fb)}"


def reaches_a_state(value, seen) -> bool:
    """Whether any object reachable from ``value`` is a State."""
    if id(value) in seen or value is None or isinstance(value, (bool, int, float, str, bytes, type)):
        return False
    seen.add(id(value))
    if isinstance(value, State):
        return True
    if isinstance(value, dict):
        return any(reaches_a_state(k, seen) or reaches_a_state(v, seen) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(reaches_a_state(v, seen) for v in value)
    if callable(value) and hasattr(value, "__self__"):  # a bound method keeps its object
        return reaches_a_state(value.__self__, seen)
    attrs = [getattr(value, name) for klass in type(value).__mro__
             for name in getattr(klass, "__slots__", ()) if hasattr(value, name)]
    attrs += list(getattr(value, "__dict__", {}).values())
    return any(reaches_a_state(v, seen) for v in attrs)


# --- random games ------------------------------------------------------------

def seeds(check: int):
    """The game seeds of one check (different checks play different games)."""
    return [1000 * check + g for g in range(GAMES)]


def random_game(spec, players, seed, on_move=None, probes=PROBES):
    """Play a random game from ``seed``; ``on_move(state, action, step)`` is called before
    ``probes`` evenly spread moves (every move with ``probes=None``).  Returns the final
    state and the actions."""
    length = None
    if on_move is not None and probes is not None:
        length = len(random_game(spec, players, seed)[1])
    at = None if length is None else {length * k // (probes + 1) for k in range(1, probes + 1)}
    state = spec.new_game(players, seed)
    pick = Rng(seed ^ 0x5EED)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "no legal action before the end of the game"
        action = legal[pick.below(len(legal))]
        if on_move is not None and (at is None or len(actions) in at):
            on_move(state, action, len(actions))
        state.apply(action)
        actions.append(action)
    return state, actions


# --- the checks --------------------------------------------------------------

@pytest.mark.parametrize("name", game_names())
def test_every_game_declares_the_hooks_the_suite_needs(name):
    spec = get_game(name)
    missing = [hook for hook in ("invariants", "rescore", "redeal") if getattr(spec, hook) is None]
    assert not missing, f"{name}: GameSpec has no {', '.join(missing)} (engine/README.md)"


@every_game
def test_random_games_keep_the_invariants_and_end_scored_as_rescored(spec, players):
    """After every move the game's invariants hold (conservation); at the end there is
    nothing left to do, the scores are those the game's independent re-scoring gives and
    the ranking follows the rank keys."""
    def check(state, action, step):
        spec.invariants(state)

    for seed in seeds(1):
        final, actions = random_game(spec, players, seed, check, probes=None)
        spec.invariants(final)
        assert final.legal_actions() == [] and len(final.scores()) == players
        assert final.scores() == spec.rescore(final)
        assert final.ranking() == places_from_keys(final.rank_keys())


@every_game
def test_every_legal_action_reads_back_from_its_text(spec, players):
    def check(state, action, step):
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), "a legal action is listed twice"
        for a in legal:
            text = spec.action_to_text(a)
            assert spec.action_from_text(text) == a, text

    for seed in seeds(2):
        random_game(spec, players, seed, check, probes=None)
    with pytest.raises(IllegalActionError):
        spec.action_from_text("no such action ~")


@every_game
def test_seed_and_action_texts_replay_to_the_same_state(spec, players):
    for seed in seeds(3):
        final, actions = random_game(spec, players, seed)
        again = spec.new_game(players, seed)
        for text in [spec.action_to_text(a) for a in actions]:
            again.apply(spec.action_from_text(text))
        assert_same(again, final, "replayed state")


@every_game
def test_a_clone_is_equal_and_independent(spec, players):
    """A clone equals its original; moves on either leave the other as it was."""
    kept = []

    def check(state, action, step):
        before = freeze(state)
        copy = state.clone()
        assert freeze(copy) == before, first_difference(freeze(copy), before)
        copy.random_moves(random.Random(step).random)
        assert freeze(state) == before, "playing on a clone changed the original"
        kept.append((state.clone(), before))  # the original plays on: these must not move

    for seed in seeds(4):
        random_game(spec, players, seed, check)
    for copy, before in kept:
        assert freeze(copy) == before, "playing on the original changed a clone"


@every_game
def test_samples_agree_with_the_observation_and_deal_the_hidden_things_again(spec, players):
    """Every sample keeps the game's invariants, gives back the observation it came from
    and starts with the seat's legal actions, the true move is legal in every sample,
    and samples differ in what the seat cannot see."""
    varied = []

    def check(state, action, step):
        actor = state.current_player
        for seat in (actor, (actor + 1) % players):
            obs = state.observation(seat)
            samples = [obs.sample(Rng(step * 17 + seat * 5 + k)) for k in range(3)]
            for sample in samples:
                assert isinstance(sample, State)
                spec.invariants(sample)
                assert_same(sample.observation(seat), obs, f"observation of a sample (seat {seat})")
                if seat == actor:
                    assert sample.legal_actions() == obs.legal_actions == state.legal_actions()
                    sample.clone().apply(action)  # the true move is legal in every sample
            varied.append(len({freeze(s, skip_rng=True) for s in samples}) > 1)

    for seed in seeds(5):
        random_game(spec, players, seed, check)
    assert any(varied), "no two samples differed in what is hidden"


@every_game
def test_an_observation_does_not_change_when_what_the_seat_cannot_see_is_dealt_again(spec, players):
    """``GameSpec.redeal`` (written apart from ``sample``) deals again what a seat cannot
    see; that seat's observation stays the same, another seat's may not."""
    changed = []

    def check(state, action, step):
        for seat in range(players):
            before = freeze(state)
            other = spec.redeal(state, seat, Rng(step * 31 + seat))
            assert freeze(state) == before, "redeal changed the state it was given"
            changed.append(freeze(other) != before)
            assert_same(other.observation(seat), state.observation(seat), f"observation of seat {seat}")

    for seed in seeds(6):
        random_game(spec, players, seed, check)
    assert sum(changed) > len(changed) // 3, "redeal hardly ever changed anything"


@every_game
def test_no_state_is_reachable_from_an_observation(spec, players):
    def check(state, action, step):
        for seat in range(players):
            obs = state.observation(seat)
            assert not reaches_a_state(obs, set()), f"an observation of seat {seat} leads to a State"
            if seat == state.current_player:
                assert obs.legal_actions == state.legal_actions()
                assert obs.legal_actions is not state.legal_actions()
            else:
                assert obs.legal_actions == []
            assert (obs.game, obs.seat, obs.num_players, obs.current_player, obs.is_terminal) == (
                spec.name, seat, players, state.current_player, False)

    for seed in seeds(7):
        random_game(spec, players, seed, check)


@every_game
def test_random_moves_are_the_moves_of_the_plain_loop(spec, players):
    """``random_moves`` with a limit plays exactly the plain legal_actions/apply loop's
    moves; unrecorded, on a sample, it plays to an end that keeps the invariants."""
    for seed in seeds(8):
        state, plain = spec.new_game(players, seed), spec.new_game(players, seed)
        rand = random.Random(seed).random
        moved = state.random_moves(random.Random(seed).random, 25)
        steps = 0
        while steps < 25 and not plain.is_terminal():
            legal = plain.legal_actions()
            plain.apply(legal[int(rand() * len(legal))])
            steps += 1
        assert moved == steps
        assert_same(state, plain, "after random_moves")
        sample = state.observation(max(state.current_player, 0)).sample(Rng(seed))
        sample.random_moves(random.Random(seed).random, None, record=False)
        assert sample.is_terminal() and sample.random_moves(random.random) == 0
        spec.invariants(sample)


@every_game
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(spec, players):
    """One policy for every game: ``apply`` of an action that is not in ``legal_actions()``
    raises ``IllegalActionError`` and changes nothing.  The illegal actions tried are
    actions legal elsewhere in the game (the plausible mistakes) and a foreign value."""
    seen = []
    tried = []

    def check(state, action, step):
        legal = state.legal_actions()
        seen.extend(legal[:50])
        before = freeze(state)
        for wrong in [a for a in seen[-400:] if a not in legal][-8:] + [("not", "an", "action")]:
            with pytest.raises(IllegalActionError):
                state.apply(wrong)
            assert freeze(state) == before, f"the illegal {wrong!r} changed the state"
            tried.append(wrong)
        assert state.legal_actions() == legal

    for seed in seeds(9):
        final, _ = random_game(spec, players, seed, check, probes=PROBES * 3)
        before = freeze(final)
        with pytest.raises(IllegalActionError):
            final.apply(seen[0])
        assert freeze(final) == before
    assert len(tried) > PROBES
