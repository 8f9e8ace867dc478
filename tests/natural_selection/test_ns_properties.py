"""Properties over many random games with 2 to 6 players (the engine contract)."""
from collections import Counter

from engine.contract import State
from engine.natural_selection import GAME
from engine.natural_selection.actions import move_from_text, move_to_text
from engine.natural_selection.board import FACE_DOWN, FIRST_CARD
from engine.natural_selection.cards import build_deck
from engine.rng import Rng

DECK = sorted(build_deck())
FULL = Counter(DECK)


def snapshot(s):
    """Every field of a state as plain values (rng as its two ints)."""
    return (s.num_players, s.current_player, s.rng.seed, s.rng.counter, tuple(s.deck), tuple(s.discard),
            tuple(map(tuple, s.hands)), tuple(tuple(map(tuple, row)) for row in s.rows), tuple(s.bags),
            s.watering_hole, s.first_player, s.phase, s.turn, tuple(s.food_cards), s.passed,
            s.last_round, s.next_round_last, s.round_no, tuple(s.history))


def independent_scores(s):
    """§5 recomputed from the board: bag + Population + traits of surviving species."""
    return [s.bags[seat] + sum(sp[1] + sp[2] + len(sp) - 5 for sp in row) for seat, row in enumerate(s.rows)]


def random_game(seed, n, check=None):
    s = GAME.new_game(n, seed)
    rng = Rng(seed ^ 0xABC)
    actions = []
    while not s.is_terminal():
        moves = s.legal_actions()
        assert moves, "legal_actions empty before the end"
        move = moves[rng.below(len(moves))]
        if check:
            check(s, move, len(actions))
        s.apply(move)
        actions.append(move)
    return s, actions


def test_2000_random_games_conserve_cards_and_score_correctly():
    """No exception, every card in one place at every step, scores recomputed at the end,
    at one random step per game: clone independence, sample agreement, hidden info;
    every tenth game replayed from its seed and actions."""
    for game in range(2000):
        n = 2 + game % 5
        s = GAME.new_game(n, game)
        rng = Rng(game)
        probe_at = rng.below(120)
        played = []
        while not s.is_terminal():
            moves = s.legal_actions()
            move = moves[rng.below(len(moves))]
            if len(played) == probe_at:
                probe(s, move, rng)
            s.apply(move)
            played.append(move)
            cards = s.all_cards()
            cards.sort()
            assert cards == DECK, (game, move)
        assert s.legal_actions() == []
        assert all(sp[2] == 0 for row in s.rows for sp in row)
        assert s.scores() == independent_scores(s)
        if game % 10 == 0:  # (seed, actions as text) replays to the identical state
            again = GAME.new_game(n, game)
            for move in played:
                again.apply(GAME.action_from_text(GAME.action_to_text(move)))
            assert snapshot(again) == snapshot(s)


def probe(s, move, rng):
    before = snapshot(s)
    c = s.clone()
    for _ in range(20):
        if c.is_terminal():
            break
        moves = c.legal_actions()
        c.apply(moves[rng.below(len(moves))])
    assert snapshot(s) == before, "clone shares state with its original"
    seat = s.current_player
    obs = s.observation(seat)
    sample = obs.sample(rng)
    assert sample.observation(seat) == obs
    assert sample.legal_actions() == obs.legal_actions and move in sample.legal_actions()
    watcher = (seat + 1 + rng.below(s.num_players - 1)) % s.num_players
    assert shuffle_hidden(s, watcher, rng).observation(watcher) == s.observation(watcher)


def test_every_card_in_exactly_one_place_at_every_step():
    def check(s, move, _):
        assert Counter(s.all_cards()) == FULL
    for game in range(60):
        random_game(game, 2 + game % 5, check)


def test_action_text_round_trips():
    def check(s, move, _):
        for m in s.legal_actions():
            assert move_from_text(move_to_text(m)) == m
    for game in range(25):
        random_game(game, 2 + game % 5, check)


def test_replay_from_seed_and_actions_is_identical():
    for game in range(40):
        n = 2 + game % 5
        final, actions = random_game(game, n)
        again = GAME.new_game(n, game)
        for text in [str(a) for a in actions]:
            again.apply(GAME.action_from_text(text))
        assert snapshot(again) == snapshot(final)


def test_clone_is_independent():
    def check(s, move, step):
        if step % 7:
            return
        before = snapshot(s)
        c = s.clone()
        assert snapshot(c) == before
        rng = Rng(step)
        for _ in range(30):
            if c.is_terminal():
                break
            moves = c.legal_actions()
            c.apply(moves[rng.below(len(moves))])
        assert snapshot(s) == before
    for game in range(40):
        random_game(game, 2 + game % 5, check)


def _reachable(obj, seen):
    if id(obj) in seen or isinstance(obj, (int, str, bool, float, type(None))):
        return
    seen.add(id(obj))
    assert not isinstance(obj, State), "an observation leads to a State"
    if isinstance(obj, dict):
        for k, v in obj.items():
            _reachable(k, seen)
            _reachable(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _reachable(v, seen)
    else:
        for name in getattr(type(obj), "__slots__", ()):
            if hasattr(obj, name):
                _reachable(getattr(obj, name), seen)
        for v in getattr(obj, "__dict__", {}).values():
            _reachable(v, seen)


def test_sample_agrees_with_its_observation_and_varies_hidden_cards():
    varied = [0]

    def check(s, move, step):
        if step % 5:
            return
        for seat in (s.current_player, (s.current_player + 1) % s.num_players):
            obs = s.observation(seat)
            _reachable(obs, set())
            a = obs.sample(Rng(step))
            b = obs.sample(Rng(step + 1))
            for sample in (a, b):
                assert sample.observation(seat) == obs, obs.differences(sample.observation(seat))
                assert sorted(sample.all_cards()) == DECK
            if snapshot(a) != snapshot(b):
                varied[0] += 1
            if seat == s.current_player:
                assert a.legal_actions() == obs.legal_actions
                a.apply(move)  # the true move is legal in every determinization
    for game in range(50):
        random_game(game, 2 + game % 5, check)
    assert varied[0] > 100


def shuffle_hidden(s, seat, rng):
    """A copy of ``s`` whose cards hidden from ``seat`` are dealt again (independently of
    ``observation.sample``): other hands, the deck, others' food cards and face-down traits."""
    for _ in range(50):
        t = s.clone()
        slots = [(t.deck, i) for i in range(len(t.deck))]
        for other in range(t.num_players):
            if other == seat:
                continue
            slots += [(t.hands[other], i) for i in range(len(t.hands[other]))]
            if t.food_cards[other] >= 0:
                slots.append((t.food_cards, other))
            for sp in t.rows[other]:
                slots += [(sp, k) for k in range(FIRST_CARD, len(sp)) if sp[k] & FACE_DOWN]
        cards = [place[i] & ~FACE_DOWN for place, i in slots]
        rng.shuffle(cards)
        for (place, i), card in zip(slots, cards):
            place[i] = card | (place[i] & FACE_DOWN if place is not t.food_cards else 0)
        if all(len({(c & ~FACE_DOWN) >> 4 for c in sp[FIRST_CARD:]}) == len(sp) - FIRST_CARD
               for row in t.rows for sp in row):
            return t
    return s.clone()


def test_observation_ignores_what_the_seat_cannot_see():
    changed = [0]

    def check(s, move, step):
        if step % 4:
            return
        rng = Rng(step)
        for seat in range(s.num_players):
            other = shuffle_hidden(s, seat, rng)
            if snapshot(other) != snapshot(s):
                changed[0] += 1
            assert other.observation(seat) == s.observation(seat)
    for game in range(40):
        random_game(game, 2 + game % 5, check)
    assert changed[0] > 100


def test_render_state_and_observation():
    s, _ = random_game(3, 4)
    assert "seat 3" in s.render() and "game over" in s.render()
    s = GAME.new_game(3, 5)
    assert "cards in hand" in s.observation(0).render()
