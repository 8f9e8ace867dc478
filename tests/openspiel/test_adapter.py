"""Our games inside OpenSpiel (arena/interop/openspiel.py).  These tests need the
`openspiel` extra, which CI installs (.ci/run)."""
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (pip install -e '.[openspiel]')")

from arena.interop.openspiel import load_game, observation_text  # noqa: E402
from engine.registry import game_names, get_game  # noqa: E402
from engine.rng import Rng  # noqa: E402
from players.search_tree import rewards_from_places  # noqa: E402

GAMES = [name for name in game_names() if get_game(name).action_codec is not None]
ENDS = [(name, n) for name in GAMES for n in sorted({get_game(name).min_players, get_game(name).max_players})]


@pytest.mark.parametrize("name,n", ENDS)
def test_openspiel_random_sim_test_passes(name, n):
    # Dominant Species plays 2,000 moves at 6 seats, each read as every seat's tensor: two turns
    # of it show every phase of a turn to the check, in a fifth of the time
    options = {"max_turns": 2} if name == "dominant_species" else {}
    game = load_game(name, players=n, seed=5, **options)
    assert game.num_distinct_actions() <= 1_000  # factored ids: the mask test is cheap in every game
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False, mask_test=True)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("actions", ["factored", "flat"])
def test_random_play_through_pyspiel_ends_in_the_engines_state_and_returns(name, actions):
    spec = get_game(name)
    n = spec.default_players
    for seed in (1, 2):
        game = load_game(name, players=n, seed=seed, actions=actions)
        ours = spec.new_game(n, seed)
        state = game.new_initial_state()
        rand = random.Random(seed)
        while not state.is_terminal():
            action = rand.choice(state.legal_actions())
            if actions == "flat":
                ours.apply(game.codec.decode(action))
            else:
                path = state.chosen() + (action,)
                if len(path) == game.factored.steps(path[0]):  # the last step: the action is played
                    ours.apply(game.factored.action(path))
            state.apply_action(action)
        assert ours.is_terminal()
        assert state.engine_state().render() == ours.render()
        assert state.engine_state().scores() == ours.scores()
        assert state.returns() == [2 * r - 1 for r in rewards_from_places(ours.ranking())]
        assert sum(state.returns()) == pytest.approx(0.0)


def positions(name, seed, every=7):
    """Every ``every``-th decision of a random game driven through pyspiel."""
    game = load_game(name, seed=seed)
    state = game.new_initial_state()
    rand = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        if moves % every == 0:
            yield state
        state.apply_action(rand.choice(state.legal_actions()))
        moves += 1


@pytest.mark.parametrize("name", GAMES)
def test_resample_and_clone_keep_the_information_state_and_the_legal_actions(name):
    rng = Rng(3)
    for state in positions(name, seed=3):
        seat = state.current_player()
        key, legal = state.information_state_string(seat), state.legal_actions()
        clone = state.clone()
        assert clone.history() == state.history()
        assert [clone.information_state_string(p) for p in range(state.num_players())] == \
            [state.information_state_string(p) for p in range(state.num_players())]
        assert clone.legal_actions() == legal
        for _ in range(3):
            sample = state.resample(seat, rng)
            assert sample.information_state_string(seat) == key
            assert sample.observation_string(seat) == state.observation_string(seat)
            assert sample.legal_actions() == legal
        sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(seat) == key


def shared_view(observation) -> list:
    """An observation's lines without those that differ by seat in any game (the seat
    number, the legal actions): what is left differs between seats exactly where one
    seat knows something the other does not."""
    return [line for line in observation_text(observation).splitlines()
            if not line.startswith(("seat=", "legal_actions="))]


@pytest.mark.parametrize("name", GAMES)
def test_the_key_changes_when_the_seats_own_hidden_cards_differ(name):
    """Worlds the other seat cannot tell apart may deal this seat's private cards (its
    hand) again: the seat's key is equal exactly when its whole view is.  In a game where
    a seat knows what another does not, such worlds occur; in one where nobody does
    (Random Mutations: nobody sees a face-down card, its owner included) none changes
    the seat's view."""
    differing = private = 0
    for state in positions(name, seed=11, every=5):
        if state.chosen():  # mid-action: a world of the other seat's does not hold this seat's steps so far
            continue
        seat = state.current_player()
        other = (seat + 1) % state.num_players()
        own = state.engine_state().observation(seat)
        own_text = observation_text(own)
        private += shared_view(own) != shared_view(state.engine_state().observation(other))
        for k in range(4):
            world = state.resample(other, Rng(100 + k))
            text = observation_text(world.engine_state().observation(seat))
            same = world.information_state_string(seat) == state.information_state_string(seat)
            assert same == (text == own_text)
            differing += not same
    assert (differing > 0) == (private > 0), (differing, private)


def test_readable_keys_are_the_observations_fields():
    state = load_game("origin", seed=1, readable_keys=True).new_initial_state()
    text = state.information_state_string(0)
    assert "hand_counts=" in text and "history=" in text
    assert "history=" not in state.observation_string(0)


def test_the_seed_and_rule_options_are_game_parameters():
    game = load_game("origin", players=3, seed=9, running_escape_roll="5")  # text, as from a command line
    assert game.get_parameters()["seed"] == 9 and game.num_players() == 3
    assert game.new_initial_state().engine_state().render() == get_game("origin").new_game(
        3, 9, {"running_escape_roll": 5}).render()
    with pytest.raises(ValueError, match="no option 'nope'"):
        load_game("origin", nope=1)


def test_the_steps_chosen_so_far_are_the_acting_seats_alone():
    """Factored ids: the acting seat's key ends with its steps so far, the other seats' keys do
    not change with them, and a world the acting seat resamples keeps them."""
    game = load_game("origin", seed=2)
    state = game.new_initial_state()
    while not state.chosen():  # to the middle of an action of several steps
        state.apply_action(state.legal_actions()[-1])
    seat, other = state.current_player(), 1 - state.current_player()
    assert state.information_state_string(seat).endswith("chosen=" + ",".join(map(str, state.chosen())))
    before = state.clone()
    assert before.information_state_string(other) == state.information_state_string(other)
    world = state.resample(seat, Rng(1))
    assert world.chosen() == state.chosen() and world.legal_actions() == state.legal_actions()
    assert state.resample(other, Rng(1)).chosen() == ()
