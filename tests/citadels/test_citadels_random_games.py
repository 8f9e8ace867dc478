"""Citadels over random games with every option set, beyond the engine contract
(tests/contract/): each round's points recomputed from the rules text at the moment
of scoring, the tie-break keys, and the renderings."""
from engine.citadels import GAME
from engine.citadels.tiles import IS_CITY
from engine.rng import Rng

OPTION_SETS = ({}, {"two_roles_in_2p": True}, {"merchant_point_per_survivor": True},
               {"two_roles_in_2p": True, "merchant_point_per_survivor": True})


def _game_setup(i):
    return 2 + i % 2, 1000 + i, OPTION_SETS[(i // 2) % 4]

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
        points += len(mine) if s.options.merchant_point_per_survivor else 1
    return points


def play_checked(num_players, seed, options):
    s = GAME.new_game(num_players, seed, options)
    rng = Rng(seed * 7 + 1)
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal
        action = legal[rng.below(len(legal))]
        before_round, before_score = s.round, s.score[:]
        merchants = [s.has_active(seat, 4) for seat in range(num_players)]
        s.apply(action)
        if s.round != before_round or s.is_terminal():
            for seat in range(num_players):
                assert s.score[seat] - before_score[seat] == expected_points(s, seat, merchants[seat])
    return s


def test_each_round_scores_as_the_rules_text_counts_and_ties_break_on_survivors_then_tiles():
    for i in range(200):
        n, seed, options = _game_setup(i)
        s = play_checked(n, seed, options)
        keys = s.rank_keys()
        for seat in range(n):
            mine = [c for c in range(4 * seat, 4 * seat + 4) if s.cr_pos[c] is not None]
            others = {s.cr_pos[c] for c in range(4 * n) if c // 4 != seat and s.cr_pos[c] is not None}
            assert keys[seat] == (s.score[seat], len(mine), sum(1 for c in mine if s.cr_pos[c] not in others))


def test_render_shows_the_map_for_states_and_observations():
    s = GAME.new_game(2, 1)
    rng = Rng(1)
    for _ in range(40):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert "P*" in s.render() and "round" in s.render()
    assert "seen by p0" in s.observation(0).render()


def test_observations_show_the_map_as_it_is_after_every_lay_and_in_every_sample():
    """The state keeps the board as observations show it until the next lay (board_items): each
    observation's board, tiles() and creatures are the state's own at that moment, also in a
    state sampled from an observation and in clones taken before a lay."""
    for i in range(6):
        num_players, seed, options = _game_setup(i)
        s = GAME.new_game(num_players, seed, options)
        rng = Rng(seed)
        before = None
        while not s.is_terminal():
            for seat in range(s.num_players):
                o = s.observation(seat)
                assert o.board == tuple(s.board.items())
                assert set(o.tiles()) == set(s.board)
                assert [(c.seat, c.cell) for c in o.every_creature()] == [
                    (c // 4, s.cr_pos[c]) for c in range(4 * s.num_players) if s.cr_pos[c] is not None]
                t = o.sample(rng)
                assert t.board == s.board and t.observation(seat).board == o.board
            if before is not None:  # a clone made before the last move shows its own map
                assert before.observation(0).board == tuple(before.board.items())
            before = s.clone()
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
