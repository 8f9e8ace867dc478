"""The engine's speed shortcuts agree with the plain versions they replace."""
from engine.origin import GAME
from engine.origin.turn import deal, draw_card
from engine.rng import Rng


def test_deal_draws_exactly_like_draw_card_with_the_state_rng():
    for seed in range(40):
        n = 2 + seed % 5
        fast, slow = GAME.new_game(n, seed), GAME.new_game(n, seed)
        wanted = [(seed + seat) % 4 for seat in range(n)]
        order = [(seed + i) % n for i in range(n)]
        deal(fast, order, wanted[:])
        left = wanted[:]
        while slow.deck and any(left):  # the rule, spelled out with Rng.below
            for seat in order:
                if left[seat] and slow.deck:
                    draw_card(slow, seat)
                    left[seat] -= 1
        assert fast.snapshot() == slow.snapshot()


def test_deal_stops_when_the_deck_runs_out():
    s = GAME.new_game(2, 3)
    del s.deck[5:]
    before = [sum(h) for h in s.hands]
    deal(s, [0, 1], [4, 4])
    assert not s.deck and sum(sum(h) for h in s.hands) == sum(before) + 5


def test_phase_name_follows_the_turn():
    s = GAME.new_game(3, 11)
    rng = Rng(11)
    names = []
    while True:
        name = s.phase_name()
        if not names or names[-1] != name:
            names.append(name)
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert names[:3] == ["turn 1: development", "turn 1: feeding", "turn 2: development"]
    assert names[-1] == f"turn {s.turn}: game over"
    assert any("(last)" in name for name in names)
    assert all(name.endswith(("development", "feeding", "game over")) for name in names)
