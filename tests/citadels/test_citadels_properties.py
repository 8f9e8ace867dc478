"""Properties over thousands of random games (2 and 3 players, every option).

Checked: no exception and never an empty legal list before the end; every
chosen action reads back from its text; tiles, cards and creatures are
conserved; each round's points recomputed here independently match; final
rank keys; (seed, actions) replays identically; clones are independent;
observations and their samples agree; no State is reachable from an
observation.
"""
from citadels_builder import snapshot

from engine.citadels import GAME
from engine.citadels.state import CitadelsState
from engine.citadels.tiles import IS_CITY, STACK_COUNTS, START_TILE
from engine.contract import State
from engine.rng import Rng

OPTION_SETS = ({}, {"two_roles_in_2p": True}, {"merchant_point_per_survivor": True},
               {"two_roles_in_2p": True, "merchant_point_per_survivor": True})
MERCHANT_BIT = 1 << 4


def _game_setup(i):
    return 2 + i % 2, 1000 + i, OPTION_SETS[(i // 2) % 4]


def check_conservation(s):
    n = s.num_players
    tiles = list(STACK_COUNTS)
    tiles[START_TILE] += 1
    for kind, _ in s.board.values():
        tiles[kind] -= 1
    for kind in s.bottom:
        tiles[kind] -= 1
    if s.drawn >= 0:
        tiles[s.drawn] -= 1
    assert tiles == s.stack, "tiles not conserved"
    cards = [s.deck[t] + s.discard[t] + sum(h[t] for h in s.hands) for t in range(4)]
    per_tile = {}
    for c in range(4 * n):
        pos = s.cr_pos[c]
        if pos is None:
            assert s.cr_traits[c] == s.cr_card_traits[c] == s.cr_wound[c] == s.cr_fat[c] == 0
            continue
        assert pos in s.board and s.cr_card_traits[c] & ~s.cr_traits[c] == 0
        assert bin(s.cr_traits[c]).count("1") <= 3 and s.cr_wound[c] in (0, 1)
        per_tile.setdefault(pos, []).append(c // 4)
        for t in range(4):
            cards[t] += s.cr_card_traits[c] >> t & 1
    assert cards == [8, 8, 8, 8], "cards not conserved"
    for owners in per_tile.values():
        assert len(owners) <= 2 and len(set(owners)) == len(owners)
    picked = [r for _, r in s.role_picks]
    assert len(set(picked)) == len(picked) and s.role_removed not in picked


def expected_points(s, seat, merchant):
    """Round points from the rules text, written apart from engine.citadels.scoring."""
    owners = {}
    for c in range(4 * s.num_players):
        if s.cr_pos[c] is not None:
            owners.setdefault(s.cr_pos[c], set()).add(c // 4)
    mine = [c for c in range(4 * seat, 4 * seat + 4) if s.cr_pos[c] is not None]
    points = sum(2 if bin(s.cr_traits[c]).count("1") >= 2 else 1 for c in mine)
    points += sum(2 if IS_CITY[s.board[cell][0]] else 1 for cell, who in owners.items() if who == {seat})
    if merchant and mine:
        points += len(mine) if s.options["merchant_point_per_survivor"] else 1
    return points


def play_checked(num_players, seed, options, check_every=1):
    s = GAME.new_game(num_players, seed, options)
    rng = Rng(seed * 7 + 1)
    actions, step = [], 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal
        action = legal[rng.below(len(legal))]
        assert GAME.action_from_text(GAME.action_to_text(action)) == action
        before_round, before_score = s.round, s.score[:]
        merchants = [s.has_active(seat, 4) for seat in range(num_players)]
        s.apply(action)
        actions.append(action)
        step += 1
        if step % check_every == 0:
            check_conservation(s)
        if s.round != before_round or s.is_terminal():
            for seat in range(num_players):
                assert s.score[seat] - before_score[seat] == expected_points(s, seat, merchants[seat])
    return s, actions


def test_random_games_never_fail_and_keep_every_invariant():
    for i in range(2000):
        n, seed, options = _game_setup(i)
        s, _ = play_checked(n, seed, options, check_every=1 if i < 300 else 25)
        check_conservation(s)
        keys = s.rank_keys()
        for seat in range(n):
            mine = [c for c in range(4 * seat, 4 * seat + 4) if s.cr_pos[c] is not None]
            others = {s.cr_pos[c] for c in range(4 * n) if c // 4 != seat and s.cr_pos[c] is not None}
            assert keys[seat] == (s.score[seat], len(mine), sum(1 for c in mine if s.cr_pos[c] not in others))


def test_every_legal_action_reads_back_from_its_text():
    for i in range(30):
        s = GAME.new_game(*_game_setup(i)[:2], _game_setup(i)[2])
        rng = Rng(i)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                assert GAME.action_from_text(str(a)) == a
            assert len(set(legal)) == len(legal)
            s.apply(legal[rng.below(len(legal))])


def test_seed_and_actions_replay_to_identical_states():
    for i in range(60):
        n, seed, options = _game_setup(i)
        s, actions = play_checked(n, seed, options, check_every=1000)
        again = GAME.new_game(n, seed, options)
        for a in actions:
            again.apply(GAME.action_from_text(str(a)))
        assert snapshot(again) == snapshot(s)


def test_clones_are_independent():
    for i in range(60):
        n, seed, options = _game_setup(i)
        s = GAME.new_game(n, seed, options)
        rng = Rng(i)
        stop_at = 20 + rng.below(80)
        for _ in range(stop_at):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        before = snapshot(s)
        c = s.clone()
        assert snapshot(c) == before
        while not c.is_terminal():
            legal = c.legal_actions()
            c.apply(legal[rng.below(len(legal))])
        assert snapshot(s) == before


def _fields(o):
    return {name: getattr(o, name) for name in type(o).__slots__}


def _hidden(s, seat):
    others = tuple(tuple(h) for i, h in enumerate(s.hands) if i != seat)
    return others, s.role_removed, tuple(s.role_picks), s.drawn, tuple(s.stack), tuple(s.deck)


def test_samples_agree_with_their_observation_and_vary_hidden_things():
    varied = 0
    for i in range(120):
        n, seed, options = _game_setup(i)
        s = GAME.new_game(n, seed, options)
        rng, step = Rng(i), 0
        while not s.is_terminal():
            if step % 4 == 0:
                for seat in range(n):
                    o = s.observation(seat)
                    fields = _fields(o)
                    for k in range(2):
                        t = o.sample(Rng(step * 31 + seat * 7 + k))
                        assert isinstance(t, CitadelsState)
                        assert _fields(t.observation(seat)) == fields
                        varied += _hidden(t, seat) != _hidden(s, seat)
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            step += 1
    assert varied > 1000


def test_observations_ignore_what_the_seat_cannot_see():
    s = GAME.new_game(3, 5)
    actor = s.current_player
    seat = (actor + 1) % 3  # not to act, has not seen the free roles yet
    before = _fields(s.observation(seat))
    t = s.clone()
    kind = next(k for k in range(4) if t.hands[actor][k])
    swap = next(k for k in range(4) if t.deck[k] and k != kind)
    t.hands[actor][kind] -= 1
    t.deck[kind] += 1
    t.deck[swap] -= 1
    t.hands[actor][swap] += 1
    t.role_removed = next(r for r in (1, 2, 3, 4, 5) if r != s.role_removed)
    t.rng = Rng(99)
    assert _fields(t.observation(seat)) == before
    assert _fields(t.observation(actor)) != _fields(s.observation(actor))


def _reaches_state(value, seen) -> bool:
    if id(value) in seen:
        return False
    seen.add(id(value))
    if isinstance(value, State):
        return True
    if isinstance(value, (str, int, float, bool, type(None))):
        return False
    if isinstance(value, dict):
        return any(_reaches_state(k, seen) or _reaches_state(v, seen) for k, v in value.items())
    if isinstance(value, (tuple, list, set, frozenset)):
        return any(_reaches_state(v, seen) for v in value)
    slots = getattr(type(value), "__slots__", ())
    attrs = [getattr(value, name) for name in slots if hasattr(value, name)]
    attrs += list(getattr(value, "__dict__", {}).values())
    return any(_reaches_state(v, seen) for v in attrs)


def test_no_state_is_reachable_from_an_observation():
    for i in range(6):
        n, seed, options = _game_setup(i)
        s = GAME.new_game(n, seed, options)
        rng = Rng(i)
        while not s.is_terminal():
            o = s.observation(s.current_player)
            assert not _reaches_state(o, set())
            assert all(getattr(o, name) is not getattr(s, name, None) for name in ("options", "board", "score"))
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])


def test_render_shows_the_map_for_states_and_observations():
    s = GAME.new_game(2, 1)
    rng = Rng(1)
    for _ in range(40):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert "P*" in s.render() and "round" in s.render()
    assert "seen by p0" in s.observation(0).render()
