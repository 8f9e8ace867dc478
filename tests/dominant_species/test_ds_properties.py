"""What the shared contract suite (tests/contract) does not cover for this game.

The shared suite plays every check under the default rule options; here random
games run under every option set of the game at every player count, with the
invariants hook after every move and ``rescore`` at the end.  The shared knob
``ARENA_CONTRACT_GAMES=N`` (default 2) plays N games per player count here, the
option sets taking turns so that 5 players x 5 option sets are all met in 25
games; ``ARENA_CONTRACT_GAMES=400`` is the issue's 2,000-game run.  Plus the
game's own rules about its hidden things: Ice Age stays at the bottom of the
deck in every sample and redeal, and both the deck and the wanderlust stacks are
dealt again.
"""
import os
import random

from engine.dominant_species import GAME
from engine.dominant_species.cards import ICE_AGE
from engine.dominant_species.checks import invariants
from engine.dominant_species.observation import redeal
from engine.dominant_species.scoring import rescore
from engine.rng import Rng

OPTION_SETS = ({}, {"max_turns": 12}, {"rim_corners": False, "removed_elements_to_bag": False},
               {"tundra_hides_terrain": False, "glaciation_place_leftmost": False, "initiative_optional": False},
               {"arachnid_competition_any_type": False, "instinct_from_supply": False,
                "aquatic_species_without_element": False, "evolution_victim_to_box": True,
                "ecodiversity_all_animals": True, "insect_free_speciation": False, "bonus_cap": 0})
GAMES = 5 * int(os.environ.get("ARENA_CONTRACT_GAMES", "2"))


def setup(i):
    options = dict(OPTION_SETS[(i + i // 5) % len(OPTION_SETS)])  # every (players, options) pair in 25 games
    if i < 5:
        options["max_turns"] = 6  # the default run stays short
    return 2 + i % 5, 500 + i, GAME.resolve_options(options)


def test_random_games_under_every_option_set_keep_every_invariant_and_rescore():
    for i in range(GAMES):
        n, seed, options = setup(i)
        s = GAME.new_game(n, seed, options)
        rand = random.Random(seed).random
        check_every = 1 if i < 50 else 10
        moves = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            action = legal[int(rand() * len(legal))]
            assert GAME.action_from_text(GAME.action_to_text(action)) == action
            s.apply(action)
            moves += 1
            if moves % check_every == 0:
                invariants(s)
        invariants(s)
        assert rescore(s) == s.scores() and s.legal_actions() == []


def test_ice_age_stays_at_the_bottom_while_deck_and_stacks_are_dealt_again():
    s = GAME.new_game(3, 9)
    s.random_moves(random.Random(9).random, 40)
    o = s.observation(0)
    worlds = [o.sample(Rng(k)) for k in range(10)] + [redeal(s, 0, Rng(k)) for k in range(10)]
    assert all(t.deck[0] == ICE_AGE for t in worlds)
    assert len({tuple(t.deck) for t in worlds}) > 2 and len({tuple(map(tuple, t.wl)) for t in worlds}) > 2
    assert all(sorted(t.deck) == sorted(s.deck) and [len(x) for x in t.wl] == [len(x) for x in s.wl]
               for t in worlds)


def test_views_for_bot_authors():
    s = GAME.new_game(4, 2, {"deal_animals": False})
    o = s.observation(1)
    assert o.me.animal == "reptiles" and o.me.elements == {"sun": 2} and o.me.initiative == 3
    tiles = {t.name: t for t in o.tiles()}
    assert tiles["(0,0)"].tundra and tiles["(1,0)"].terrain == "desert" and tiles["(1,0)"].dominant == 1
    assert len(o.faceup_cards) == 5 and sum(len(v) for v in o.boxes.values()) >= 3
    assert "dominant" in o.render()


def test_the_playout_dispatch_calls_what_the_decision_tables_register():
    """flow.legal_of / apply_of (the if-chain random playouts take, C calls when compiled) give the
    same legal lists and the same next states as decisions.LEGAL / APPLY, for every decision met
    in random games under every option set."""
    from engine.dominant_species import decisions, flow
    from tests.contract.test_every_game import first_difference, freeze

    met = set()
    for i in range(5):  # (five short games: 2 to 6 players, 6 turns)
        n, seed, options = setup(i)
        s = GAME.new_game(n, seed, options)
        rand = random.Random(seed).random
        while not s.is_terminal():
            pk = s.pk
            met.add(pk)
            legal = decisions.LEGAL[pk](s.clone())
            assert flow.legal_of(s.clone(), pk) == legal
            action = legal[int(rand() * len(legal))]
            by_table, by_chain = s.clone(), s.clone()
            decisions.APPLY[pk](by_table, action)
            flow.apply_of(by_chain, pk, action)
            a, b = freeze(by_table), freeze(by_chain)
            assert a == b, first_difference(a, b)
            s.apply(action)
    assert len(met) >= 30  # (most of the game's decisions: the chain's kinds and the cards')
