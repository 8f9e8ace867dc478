"""One seat as a Gymnasium environment against arena players (arena/rl/gym_env.py)."""
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from gymnasium.wrappers.common import PassiveEnvChecker  # noqa: E402

import arena.rl.gym_env  # noqa: E402,F401  (registers arena/<game>)
from engine.registry import get_game  # noqa: E402

GAMES = ["origin", "natural_selection", "citadels", "dominant_species", "random_mutations"]
# at 2 seats and at the game's most: one rule player, the other seats random
COUNTS = [(name, n) for name in GAMES for n in sorted({2, get_game(name).max_players})]


@pytest.mark.parametrize("actions", ["flat", "factored"])
@pytest.mark.parametrize("name,n", COUNTS)
def test_gymnasium_check_env_passes(name, n, actions):
    e = gymnasium.make(f"arena/{name}", opponents=["rules"] + ["random"] * (n - 2), seat="random",
                       actions=actions)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either
        check_env(e.unwrapped, skip_render_check=True)


def test_make_wraps_the_env_in_gymnasiums_checker():
    e = gymnasium.make("arena/origin", opponents=["random"])
    layers = []
    while hasattr(e, "env"):
        layers.append(type(e))
        e = e.env
    assert PassiveEnvChecker in layers
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's first reset and step find nothing to say
        wrapped = gymnasium.make("arena/origin", opponents=["random"])
        obs, _ = wrapped.reset(seed=1)
        wrapped.step(int(np.flatnonzero(obs["action_mask"])[0]))


def episode(e, seed):
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        assert obs["action_mask"].sum() > 0
        assert np.array_equal(e.unwrapped.action_masks(), obs["action_mask"].astype(bool))
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(a)
        obs, reward, terminated, truncated, info = e.step(a)
        if terminated or truncated:
            return actions, reward, info


def test_the_learner_plays_only_its_own_seat_and_is_rewarded_from_its_place():
    e = gymnasium.make("arena/origin", opponents=["rules", "random"], seat=1)
    actions, reward, info = episode(e, seed=4)
    place = info["ranking"][1]
    assert info["seat"] == 1 and len(actions) > 10
    assert reward == {1: 1.0, 3: -1.0}.get(place, reward) and -1.0 <= reward <= 1.0
    # the same seed: the same opponents' moves, the same game
    assert episode(e, seed=4) == (actions, reward, info)


def test_an_illegal_index_loses_the_episode_or_raises():
    e = gymnasium.make("arena/citadels", opponents=["random"])
    obs, _ = e.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "not legal" in info["illegal"]
    strict = gymnasium.make("arena/citadels", opponents=["random"], illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_bad_settings_are_refused_with_what_is_wrong():
    with pytest.raises(ValueError, match="opponents"):
        gymnasium.make("arena/citadels", opponents=["random"] * 3)
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("arena/origin", opponents=["random"], seat=5)
    with pytest.raises(Exception, match="no_such_player"):
        gymnasium.make("arena/origin", opponents=["no_such_player"])


def test_factored_steps_play_the_learners_action_when_whole_and_the_opponents_then():
    e = gymnasium.make("arena/natural_selection", opponents=["random"], seat=0, actions="factored")
    obs, _ = e.reset(seed=3)
    f = e.unwrapped.position.factored
    assert e.action_space.n == f.width and obs["observation"].shape == e.observation_space["observation"].shape
    rng = np.random.default_rng(3)
    steps = whole = 0
    while True:
        before = e.unwrapped.position.prefix
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert np.array_equal(e.unwrapped.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = e.step(a)
        steps += 1
        if terminated:
            break
        if len(before) + 1 < f.steps((before + (a,))[0]):  # mid-action: still the learner, nobody else moved
            assert e.unwrapped.position.prefix == before + (a,) and reward == 0.0
        else:
            whole += 1
            assert e.unwrapped.position.prefix == () and e.unwrapped.position.state.current_player == 0
    assert steps > whole > 10 and reward in (-1.0, 0.0, 1.0) and "ranking" in info
