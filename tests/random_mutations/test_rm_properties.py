"""Contract properties over random games, every player count (2-8) and every option set:
no exception, the invariants after every move, scores recomputed independently, exact
action text, replays, independent clones, samples consistent with the observation, and
observations that reveal nothing hidden (nobody sees a face-down card, §7).

``RM_GAMES=2000 pytest tests/random_mutations/test_rm_properties.py`` plays that many
random games in the first test (default: a modest number)."""
import os
import random

from engine.contract import State
from engine.random_mutations import GAME
from engine.random_mutations.observation import RMObservation
from engine.rng import Rng

PLAYERS = (2, 3, 4, 5, 6, 7, 8)
# every alternative of every option appears in at least one set
OPTION_SETS = (
    {},
    dict(first_player="seat0", climate_formula="base_like", trait_overflow="wrap", moved_trait_needs_single=False,
         red_only_on_unfed=False, feeding_pass="final", carnivore_attacks_when_fed=True, big_protection=False,
         running_escape=5, scavenger_needs_unfed=False, grazing_timing="before", budding="free_bud",
         extremophile="literal", simplification="discard_latest", developmental_defects="auto",
         parasite_scope="per_player", parasite_victim="carrier", parasite_shelter_protects=True,
         black_tokens_persist=True, restart="setup_like", divergence=True, divergence_place="right_end",
         divergence_inherited="score", divergence_cap=True, final_tiebreak="shared",
         drawn_cards_position="top", extra_exclusions="big/swimming;running/burrowing",
         carnivore_food_bonus=0, obligate_food_bonus=2, metabolic_food_bonus=1),
    dict(budding="auto_bud", simplification="split_to_species", trait_overflow="discard", restart="ten_plus_draw",
         trait_slots_14_16="poisonous_tail_loss_mimicry",
         divergence=True, deck_composition="carnivore=20,obligate=10,scavenger=10,simplification=20,"
                                           "defects=10,grazing=10,budding=10"),
    dict(trait_slots_14_16="poisonous_tail_loss_piracy", developmental_defects="auto"),
    dict(trait_slots_14_16="poisonous_tail_loss_mimicry", deck_composition="carnivore=15,obligate=10,big=5,"
         "running=5,poisonous=10,tail_loss=15,mimicry=15,piracy=10,defects=5"),
)


def random_game(seed, players, options=None, on_step=None):
    s = GAME.new_game(players, seed, options)
    rng = Rng(seed + 7919)
    actions = []
    while not s.is_terminal():
        legal = s.legal_actions()
        action = legal[rng.below(len(legal))]
        if on_step:
            on_step(s, action)
        s.apply(action)
        actions.append(action)
    return s, actions


def test_random_games_keep_the_invariants_and_score_right():
    games = int(os.environ.get("RM_GAMES", "70"))
    played = 0

    def check(s, action):
        GAME.invariants(s)
        assert GAME.action_from_text(GAME.action_to_text(action)) == action

    for g in range(games):
        players = PLAYERS[g % len(PLAYERS)]
        options = OPTION_SETS[(g // len(PLAYERS)) % len(OPTION_SETS)]
        s, _ = random_game(g, players, options, check)
        GAME.invariants(s)
        assert s.scores() == GAME.rescore(s)
        assert sorted(s.ranking()) == list(range(1, players + 1)) or options.get("final_tiebreak") == "shared"
        played += 1
    assert played == games


def test_every_legal_action_reads_back_from_its_text():
    def check(s, action):
        for a in s.legal_actions():
            assert GAME.action_from_text(GAME.action_to_text(a)) == a
    for seed in range(12):
        random_game(10_000 + seed, PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)], check)


def test_seed_and_actions_replay_to_the_same_state_and_clones_are_independent():
    for seed in range(30):
        players, options = PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)]
        final, actions = random_game(20_000 + seed, players, options)
        s = GAME.new_game(players, 20_000 + seed, options)
        cut = len(actions) // 2
        for a in actions[:cut]:
            s.apply(a)
        copy = s.clone()
        frozen = copy.snapshot()
        for a in actions[cut:]:
            s.apply(a)
        assert s.snapshot() == final.snapshot()
        assert copy.snapshot() == frozen
        for a in actions[cut:]:
            copy.apply(a)
        assert copy.snapshot() == final.snapshot()


def public(obs):
    return {name: getattr(obs, name) for name in RMObservation.__slots__
            if not name.startswith("_") and name not in ("seat", "legal_actions")}


def test_every_seat_sees_the_same_public_state():
    def check(s, action):
        views = [public(s.observation(seat)) for seat in range(s.num_players)]
        assert all(v == views[0] for v in views)
        assert s.observation(s.current_player).legal_actions == s.legal_actions()
        assert all(s.observation(seat).legal_actions == [] for seat in range(s.num_players)
                   if seat != s.current_player)
    for seed in range(10):
        random_game(25_000 + seed, PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)], check)


def test_samples_agree_with_the_observation_and_vary_hidden_cards():
    rng = Rng(5)
    for seed in range(15):
        players, options = PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)]
        hidden = set()

        def check(s, action):
            if rng.below(6):
                return
            seat = rng.below(players)
            obs = s.observation(seat)
            for _ in range(2):
                sample = obs.sample(rng)
                GAME.invariants(sample)
                assert public(sample.observation(seat)) == public(obs)
                assert sample.observation(seat).legal_actions == obs.legal_actions
                hidden.add((s.turn, tuple(sample.deck[-3:]), tuple(map(tuple, sample.pdecks))))
                # a sample plays on to the end like any game
                sample.random_moves(random.Random(seed).random, 30, record=False)
                GAME.invariants(sample)
        random_game(30_000 + seed, players, options, check)
        assert len(hidden) > len({t for t, _, _ in hidden})


def hide_differently(s):
    """The same public position with the unseen cards exchanged: the main deck, the personal
    decks and the face-down cards dealt again from their joint multiset."""
    t = s.clone()
    pool = list(t.deck) + [k for d in t.pdecks for k in d] + [k for k, c in enumerate(t.buried) for _ in range(c)]
    Rng(len(pool) * 31 + t.turn).shuffle(pool)
    t.deck = pool[:len(t.deck)]
    i = len(t.deck)
    for seat, d in enumerate(t.pdecks):
        t.pdecks[seat] = pool[i:i + len(d)]
        i += len(d)
    t.buried = [0] * len(t.buried)
    for k in pool[i:]:
        t.buried[k] += 1
    return t


def test_an_observation_does_not_depend_on_what_nobody_can_see():
    changed = []
    for seed in range(12):
        def check(s, action):
            other = hide_differently(s)
            GAME.invariants(other)
            changed.append(other.snapshot() != s.snapshot())
            seat = s.current_player
            assert public(other.observation(seat)) == public(s.observation(seat))
            assert other.legal_actions() == s.legal_actions()
        random_game(40_000 + seed, PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)], check)
    assert sum(changed) > len(changed) // 2


def reachable(value, seen):
    if id(value) in seen:
        return
    seen.add(id(value))
    assert not isinstance(value, State), "an observation leads to a State"
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            reachable(item, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            reachable(k, seen)
            reachable(v, seen)
    elif hasattr(value, "__slots__") or hasattr(value, "__dict__"):
        for name in getattr(type(value), "__slots__", ()) or ():
            if hasattr(value, name):
                reachable(getattr(value, name), seen)
        for v in getattr(value, "__dict__", {}).values():
            reachable(v, seen)


def test_no_state_and_no_live_list_is_reachable_from_an_observation():
    def check(s, action):
        obs = s.observation(s.current_player)
        reachable(obs, set())
        before = public(obs)
        s.clone().apply(action)
        legal = s.legal_actions()
        assert obs.legal_actions == legal and obs.legal_actions is not legal
        assert all(not isinstance(sp[4], list) for row in obs.rows for sp in row)
        assert public(obs) == before
    for seed in range(8):
        random_game(50_000 + seed, PLAYERS[seed % 7], OPTION_SETS[seed % len(OPTION_SETS)], check)


def test_named_views_read_the_board():
    s = GAME.new_game(3, 1)
    obs = s.observation(0)
    mine = obs.my_species
    assert len(mine) == 3 and all(sp.population == 1 and sp.traits == () and sp.need == 1 for sp in mine)
    assert obs.personal_deck_sizes == (7, 7, 7) and obs.deck_size == 90 - 30
    odds = obs.next_trait_odds()
    assert abs(sum(odds.values()) - 1) < 1e-9 and odds["Carnivore"] == 6 / 90
    assert "seen by p0" in obs.render() and "p2:" in s.render()
