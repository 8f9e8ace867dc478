"""Observation tensors and the fixed action space of every game (engine/tensor.py, engine/<game>/tensor.py)."""
import random

import numpy as np
import pytest

from engine import tensor
from engine.registry import game_names, get_game
from engine.rng import Rng

GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]
COUNTS = [(name, n) for name in GAMES for n in range(get_game(name).min_players, get_game(name).max_players + 1)]
# games whose seats hold cards the others cannot see (Dominant Species and Random Mutations:
# only deck orders are hidden, the same from every seat)
PRIVATE_HANDS = {"origin", "natural_selection", "citadels"}


def positions(name, n, seed=0, limit=None):
    """The states along one random game (every ``step``-th when the game is long)."""
    state = get_game(name).new_game(n, seed)
    rand = random.Random(seed)
    moves = 0
    while not state.is_terminal() and (limit is None or moves < limit):
        yield state
        legal = state.legal_actions()
        state.apply(legal[rand.randrange(len(legal))])
        moves += 1
    yield state


def test_every_game_has_a_tensor_module():
    assert set(GAMES) <= set(game_names())
    for name in GAMES:
        module = tensor.for_game(name)
        assert callable(module.encode) and callable(module.layout) and callable(module.action_space)
    with pytest.raises(ValueError, match="no tensor encoding"):
        tensor.for_game("no_such_game")


@pytest.mark.parametrize("name", GAMES)
def test_the_layout_is_contiguous_and_documented_field_by_field(name):
    module = tensor.for_game(name)
    for n in (get_game(name).min_players, get_game(name).max_players):
        lay = module.layout(n)
        at = 0
        for field, length, meaning in lay.fields:
            assert lay.offset[field] == at and length > 0 and meaning
            at += length
        assert lay.size == at
        text = lay.describe()
        assert all(field in text for field, _, _ in lay.fields)
    # the module's docstring lists every field (the table a user reads)
    for field, _, _ in module.layout(2).fields:
        assert f"\n{field} " in module.__doc__, f"{name}: field {field} is not in the docstring"


@pytest.mark.parametrize("name,n", COUNTS)
def test_tensors_have_the_layout_size_and_stay_the_same_when_hidden_cards_are_redealt(name, n):
    spec = get_game(name)
    lay = tensor.layout(name, n)
    rng = Rng(7)
    limit = 400 if name == "dominant_species" else None
    checked = changed = 0
    distinct = set()
    for i, state in enumerate(positions(name, n, seed=n, limit=limit)):
        seat = i % n
        obs = state.observation(seat)
        v = tensor.encode(obs)
        assert v.dtype == np.float32 and v.shape == (lay.size,) and np.isfinite(v).all()
        distinct.add(v.tobytes())
        if i % 5 or state.is_terminal():
            continue
        sample = obs.sample(rng)
        again = tensor.encode(sample.observation(seat))
        assert np.array_equal(v, again), f"{name}: seat {seat}'s tensor changed when hidden cards were re-dealt"
        if spec.redeal is not None:
            assert np.array_equal(v, tensor.encode(spec.redeal(state, seat, rng).observation(seat)))
        other = (seat + 1) % n
        if not np.array_equal(tensor.encode(state.observation(other)),
                              tensor.encode(sample.observation(other))):
            changed += 1  # the sample did re-deal what ``seat`` cannot see
        checked += 1
    assert checked >= 5
    assert len(distinct) > checked  # the tensor follows the game
    if name in PRIVATE_HANDS:
        assert changed > 0, "no sample ever changed another seat's view: the invariance test would prove nothing"


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_itself_first(name):
    """Seats are relative: the own hand / row is block 0 whichever seat observes."""
    state = next(s for i, s in enumerate(positions(name, 3 if get_game(name).max_players >= 3 else 2, seed=3))
                 if i == 30)
    n = state.num_players
    first = [tensor.encode(state.observation(seat)) for seat in range(n)]
    assert len({v.tobytes() for v in first}) == n  # every seat its own view
    lay = tensor.layout(name, n)
    if "to_move" in lay.offset and not state.is_terminal():
        for seat in range(n):
            block = first[seat][lay.slice("to_move")]
            assert block[(state.current_player - seat) % n] == 1 and block.sum() == 1


@pytest.mark.parametrize("name,n", COUNTS)
def test_every_legal_action_maps_to_one_index_and_back(name, n):
    space = tensor.action_space(name, n)
    limit = 500 if name == "dominant_species" else None
    total = 0
    for state in positions(name, n, seed=11 + n, limit=limit):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        mask, ids, missing = tensor.legal_mask(space, legal)
        assert missing == 0, f"{name}: a legal action has no index: {[a for a, i in zip(legal, ids) if i is None]}"
        assert len(set(ids)) == len(ids) and all(0 <= i < space.size for i in ids)
        assert [space.decode(i) for i in ids] == legal
        assert mask.dtype == np.int8 and mask.shape == (space.size,) and int(mask.sum()) == len(legal)
        total += len(legal)
    assert total > 0


def test_a_capped_space_numbers_a_subset_of_the_exact_codec_and_reports_what_it_cannot():
    from engine.origin.actions import Attack, Pass
    from engine.origin.tensor import MAX_ANIMALS
    space = tensor.action_space("origin", 2)
    exact = get_game("origin").action_codec(2)
    assert space.size < exact.size
    near, far = Attack(1, 1, 2), Attack(MAX_ANIMALS, 1, 0)
    assert space.decode(space.encode(near)) == near and exact.decode(exact.encode(far)) == far
    with pytest.raises(ValueError, match="outside"):
        space.encode(far)
    mask, ids, missing = tensor.legal_mask(space, [Pass(), far, near])
    assert missing == 1 and ids[1] is None and mask.sum() == 2


def test_sizes_fit_a_mask():
    for name, n in COUNTS:
        assert tensor.action_space(name, n).size < 500_000, (name, n)
        assert tensor.layout(name, n).size < 20_000, (name, n)
