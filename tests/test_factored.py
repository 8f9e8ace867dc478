"""Every game's actions as a few small choices made in order (engine/factored.py): along random
games at 2 seats and at each game's most, the masks reach every legal action and only legal
ones, each by exactly one path."""
import random

import numpy as np
import pytest

from engine import factored
from engine.registry import get_game

GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]
COUNTS = [(name, n) for name in GAMES for n in sorted({2, get_game(name).max_players})]


def every_path(choices):
    """Every complete path the masks allow, walking the tree by masks alone."""
    found, stack = [], [()]
    while stack:
        prefix = stack.pop()
        if choices.complete(prefix):
            found.append(prefix)
            continue
        allowed = list(np.flatnonzero(choices.mask(prefix)))
        assert allowed, f"a dead end at {prefix}: every allowed step must lead to an action"
        assert allowed == choices.options(prefix)
        stack.extend(prefix + (int(i),) for i in allowed)
    return found


@pytest.mark.parametrize("name,n", COUNTS)
def test_the_masks_reach_every_legal_action_and_only_legal_ones(name, n):
    spec = get_game(name)
    f = factored.for_game(name, n)
    state, rand = spec.new_game(n, 3), random.Random(3)
    moves = 0
    while not state.is_terminal() and moves < 400:
        legal = state.legal_actions()
        choices = f.choices(legal)
        assert choices.unfactorable == 0
        paths = every_path(choices)
        reached = [choices.action(p) for p in paths]
        assert len(reached) == len(legal) and set(map(repr, reached)) == set(map(repr, legal))
        for action in legal:
            path = f.path(action)
            assert f.action(path) == action and path in paths
            assert all(0 <= i < f.width for i in path) and len(path) <= f.depth
        state.apply(legal[rand.randrange(len(legal))])
        moves += 1


@pytest.mark.parametrize("name,n", COUNTS)
def test_every_step_is_small_where_the_flat_ids_are_not(name, n):
    f = factored.for_game(name, n)
    assert f.width <= 1_000 and f.depth <= 6
    assert f.feature_size == sum(length for _, length, _ in f.feature_fields)


def test_a_step_outside_the_mask_is_not_allowed_and_the_choices_so_far_are_features():
    state = get_game("origin").new_game(2, 1)
    f = factored.for_game("origin", 2)
    choices = f.choices(state.legal_actions())
    kind = choices.options()[0]
    assert choices.allows((), kind) and not choices.allows((), f.width + 1)
    refused = [i for i in range(f.width) if i not in choices.options()]
    assert refused and not choices.allows((), refused[0])
    v = f.choice_features((kind,))
    assert v[1] == 1 and v[f.depth + kind] == 1 and v.sum() == 2  # step 1 next, the kind chosen
    assert f.step_text((), kind) == f"kind={f.kinds[kind]}"


def test_random_mutations_factors_its_tuples_by_their_fields():
    f = factored.for_game("random_mutations", 2)
    attack = (9, 1, 0, 1, 2, -1)  # attack: species 1, animal 0, seat 1, target 2, nothing ignored
    path = f.path(attack)
    assert f.kinds[path[0]] == "attack" and f.action(path) == attack
    assert [f.step_text(path[:k], path[k]) for k in range(1, len(path))] == [
        "species=1", "animal=0", "seat=1", "target=2", "ignored=-1"]
    with pytest.raises(ValueError, match="outside its range"):
        f.path((9, 1, 0, 5, 2, -1))  # seat 5 at 2 players
