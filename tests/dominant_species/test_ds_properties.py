"""Contract properties over random games at 2-6 players.

Checked after every move: the invariants hook (cubes, discs, APs, tiles, cards
conserved; displays and counts in range), ``rescore`` equals ``scores()``, the
action's text reads back.  Per game: (seed, actions) replays identically,
clones are independent, observations hold no State and their samples agree
with the public position.

The default suite plays a few games; ``DS_RANDOM_GAMES=2000`` plays that many
(checks every 10th move after the first 50 games), the issue's contract run;
``DS_RANDOM_FIRST=k`` starts at game k (chunks of one long series).
"""
import os
import random

from engine.contract import State
from engine.dominant_species import GAME
from engine.dominant_species.checks import invariants
from engine.dominant_species.scoring import rescore
from engine.rng import Rng

OPTION_SETS = ({}, {"max_turns": 12}, {"rim_corners": False, "removed_elements_to_bag": False},
               {"tundra_hides_terrain": False, "glaciation_place_leftmost": False, "initiative_optional": False},
               {"arachnid_competition_any_type": False, "instinct_from_supply": False,
                "aquatic_species_without_element": False, "evolution_victim_to_box": True,
                "ecodiversity_all_animals": True, "insect_free_speciation": False, "bonus_cap": 0})
GAMES = int(os.environ.get("DS_RANDOM_GAMES", "5"))
FIRST = int(os.environ.get("DS_RANDOM_FIRST", "0"))  # to run the long series in chunks


def setup(i):
    options = dict(OPTION_SETS[(i + i // 5) % len(OPTION_SETS)])  # every (players, options) pair in 25 games
    if i < 5:
        options["max_turns"] = 6  # the default suite stays short
    return 2 + i % 5, 500 + i, GAME.resolve_options(options)


def play(n, seed, options, check_every=1):
    s = GAME.new_game(n, seed, options)
    rand = random.Random(seed).random
    actions = []
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = legal[int(rand() * len(legal))]
        assert GAME.action_from_text(GAME.action_to_text(action)) == action
        s.apply(action)
        actions.append(action)
        if len(actions) % check_every == 0:
            invariants(s)
            assert rescore(s) == s.scores()
    invariants(s)
    assert rescore(s) == s.scores()
    assert s.legal_actions() == [] and s.ranking()
    return s, actions


def test_random_games_keep_every_invariant():
    finished = 0
    for i in range(FIRST, FIRST + GAMES):
        n, seed, options = setup(i)
        s, _ = play(n, seed, options, check_every=1 if i < 50 else 10)
        finished += s.is_terminal()
    assert finished == GAMES


def test_seed_and_actions_replay_identically():
    n, seed, options = setup(1)
    s, actions = play(n, seed, options, check_every=10 ** 9)
    again = GAME.new_game(n, seed, options)
    for a in actions:
        again.apply(a)
    assert again.render() == s.render() and again.scores() == s.scores() and again.log == s.log


def test_clones_are_independent():
    s = GAME.new_game(4, 3)
    s.random_moves(random.Random(1).random, 300)
    before = s.render()
    c = s.clone()
    c.random_moves(random.Random(2).random, 200)
    assert s.render() == before and c.render() != before
    d = s.clone()
    d.random_moves(random.Random(3).random, None)
    s.random_moves(random.Random(3).random, None)
    assert d.render() == s.render() and d.scores() == s.scores()


def _public(s):
    return (s.terrain, s.tundra, s.sp, s.elem, s.disp, s.gene, s.elim, s.supply, s.vp, s.bag, s.box, s.order,
            s.ap, s.faceup, s.wl_up, s.turn, s.phase, s.pk, s.pseat, sorted(s.deck),
            sorted(t for x in s.wl for t in x), [len(x) for x in s.wl])


def test_observations_hold_no_state_and_samples_agree_with_the_public_position():
    for n in (2, 3, 6):
        s = GAME.new_game(n, n)
        rand = random.Random(n).random
        for step in range(12):
            s.random_moves(rand, 60)
            if s.is_terminal():
                break
            seat = s.current_player
            o = s.observation(seat)
            for name in o.__slots__:
                assert not isinstance(getattr(o, name), State)
            assert o.legal_actions == s.legal_actions()
            assert s.observation((seat + 1) % n).legal_actions == []
            t = o.sample(Rng(step))
            assert [list(x) if isinstance(x, tuple) else x for x in _public(t)] == \
                   [list(x) if isinstance(x, tuple) else x for x in _public(s)]
            assert t.legal_actions() == s.legal_actions()
            assert t.deck[0] == s.deck[0]  # Ice Age stays at the bottom
            t.random_moves(rand, None, record=False)
            assert t.is_terminal()


def test_samples_redeal_the_hidden_orders():
    s = GAME.new_game(3, 9)
    o = s.observation(0)
    decks = {tuple(o.sample(Rng(k)).deck) for k in range(10)}
    stacks = {tuple(map(tuple, o.sample(Rng(k)).wl)) for k in range(10)}
    assert len(decks) > 1 and len(stacks) > 1


def test_views_for_bot_authors():
    s = GAME.new_game(4, 2, {"deal_animals": False})
    o = s.observation(1)
    assert o.me.animal == "reptiles" and o.me.elements == {"sun": 2} and o.me.initiative == 3
    tiles = {t.name: t for t in o.tiles()}
    assert tiles["(0,0)"].tundra and tiles["(1,0)"].terrain == "desert" and tiles["(1,0)"].dominant == 1
    assert len(o.faceup_cards) == 5 and sum(len(v) for v in o.boxes.values()) >= 3
    assert "dominant" in o.render()
