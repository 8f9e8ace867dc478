"""The engine's speed shortcuts agree with the plain versions they replace."""
import random

from engine.contract import State
from engine.origin import GAME
from engine.origin.turn import deal
from engine.rng import Rng


def test_deal_hands_out_one_card_at_a_time_in_seat_order():
    """The rule spelled out: one card at a time to each seat of ``order`` that still
    wants one, round after round; the k-th card is the k-th draw of ``Rng.take``."""
    for seed in range(40):
        n = 2 + seed % 5
        fast, slow = GAME.new_game(n, seed), GAME.new_game(n, seed)
        wanted = [(seed + seat) % 4 for seat in range(n)]
        order = [(seed + i) % n for i in range(n)]
        if seed % 3 == 0:  # a short deck: the deal stops when it runs out
            del fast.deck[7:], slow.deck[7:]
        deal(fast, order, wanted[:])
        draws = slow.rng.take(slow.deck, min(len(slow.deck), sum(wanted)))
        left, k = wanted[:], 0
        while k < len(draws):
            for seat in order:
                if left[seat] and k < len(draws):
                    slow.hands[seat][draws[k]] += 1
                    left[seat] -= 1
                    k += 1
        assert fast.snapshot() == slow.snapshot(), seed


def test_take_draws_every_item_equally_often():
    rng, counts = Rng(11), {}
    for _ in range(12000):
        first, second = rng.take(list(range(6)), 2)
        assert first != second
        counts[first, second] = counts.get((first, second), 0) + 1
    assert len(counts) == 30 and all(300 < c < 500 for c in counts.values())  # 400 expected each


def plain_take(rng, pool, count):
    """Rng.take as its docstring defines it: a draw from n items is x % n, then x //= n;
    a fresh 64-bit number whenever fewer than n * 2**32 values are left."""
    drawn, x, room = [], 0, 0
    for _ in range(count):
        n = len(pool)
        if room < n << 32:
            x, room = rng.next64(), (1 << 64) - 1
        i, x, room = x % n, x // n, room // n
        drawn.append(pool[i])
        pool[i] = pool[-1]
        pool.pop()
    return drawn


def test_take_draws_exactly_as_defined():
    """Same seed, same draws: every game's deal and every sample depend on this sequence."""
    rng = Rng(3)
    for trial in range(3000):
        size = rng.below(170)
        pool = [rng.below(20) for _ in range(size)]
        count = rng.below(size + 1)
        fast, plain = Rng(trial), Rng(trial)
        fast_pool, plain_pool = pool[:], pool[:]
        assert fast.take(fast_pool, count) == plain_take(plain, plain_pool, count)
        assert fast_pool == plain_pool and fast.counter == plain.counter


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


def test_unrecorded_random_moves_make_the_moves_of_the_plain_loop():
    """``OriginState.random_moves(record=False)`` (the rollout loop: legal_actions and
    apply inlined, no history) against the contract's plain loop: the same moves, so
    the same states and counts, from a new game, mid-game (after a cut) and at the end;
    the history is left as it was.  ``record=True`` is the plain loop, history and all."""
    for seed in range(30):
        n = 2 + seed % 4
        fast, slow = GAME.new_game(n, seed), GAME.new_game(n, seed)
        fast_rand, slow_rand = random.Random(seed).random, random.Random(seed).random
        for limit in (0, 1 + seed % 7, 40, None, 5):
            before = list(fast.history)
            moved = fast.random_moves(fast_rand, limit, record=False)
            assert moved == State.random_moves(slow, slow_rand, limit), (seed, limit)
            assert fast.snapshot() == slow.snapshot() and fast.history == before, (seed, limit)
            assert fast.legal_actions() == slow.legal_actions()
        assert fast.is_terminal() and moved == 0
        recorded, plain = GAME.new_game(n, seed), GAME.new_game(n, seed)
        recorded.random_moves(random.Random(seed).random, 60)
        State.random_moves(plain, random.Random(seed).random, 60)
        assert recorded.snapshot() == plain.snapshot() and recorded.history == plain.history
