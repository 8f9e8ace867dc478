"""Properties over 2,000 random games with 2 to 6 players: no exception, card
conservation at every step, scores recomputed independently, replays, clones,
samples and observations that reveal nothing hidden."""
from engine.contract import State
from engine.origin import GAME
from engine.origin.animal import CARD, FAT, FAT_SLOTS, FIRST_TRAIT, FLAGS, GRAZED
from engine.origin.cards import FAT_TISSUE, FOOD_BONUS, NUM_KINDS, deck_counts
from engine.origin.observation import OriginObservation
from engine.origin.state import LINK_USED
from engine.rng import Rng

PLAYERS = (2, 3, 4, 5, 6)


def random_game(seed, players, on_step=None):
    """Play a random game; returns (final state, actions)."""
    s = GAME.new_game(players, seed)
    rng = Rng(seed + 7919)
    actions = []
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal, "no legal action before the end"
        action = legal[rng.below(len(legal))]
        if on_step:
            on_step(s, action)
        s.apply(action)
        actions.append(action)
    return s, actions


def card_places(s) -> list:
    """Count every card wherever it lies."""
    counts = [0] * NUM_KINDS
    for k in s.deck:
        counts[k] += 1
    for seat in range(s.num_players):
        for k in range(NUM_KINDS):
            counts[k] += s.hands[seat][k] + s.discards[seat][k]
        for a in s.animals[seat]:
            counts[a[CARD]] += 1
            for e in a[FIRST_TRAIT:]:
                counts[e & 31] += 1
        for link in s.links[seat]:
            counts[link[3]] += 1
    return counts


def expected_scores(s) -> list:
    """§5 recomputed from the cards on the table."""
    result = []
    for seat in range(s.num_players):
        total = len(s.links[seat])
        for a in s.animals[seat]:
            traits = [e >> 5 for e in a[FIRST_TRAIT:]]
            total += 2 + len(traits) + sum(FOOD_BONUS[t] for t in traits)
        result.append(total)
    return result


def test_random_games_keep_every_card_in_one_place_and_score_right():
    def check(s, action):
        assert card_places(s) == full[s.num_players]
        assert GAME.action_from_text(GAME.action_to_text(action)) == action
        # fat only on Fat Tissue cards (chains included: a partner fed to the brim takes no more)
        assert all(a[FAT] <= a[FAT_SLOTS] == sum(e >> 5 == FAT_TISSUE for e in a[FIRST_TRAIT:])
                   for row in s.animals for a in row)
        # ``marks`` False promises that no once-per-round mark is left to clear
        assert s.marks or not any(a[FLAGS] & GRAZED for row in s.animals for a in row)
        assert s.marks or not any(link[LINK_USED] for row in s.links for link in row)

    full = {n: deck_counts(n) for n in PLAYERS}
    for seed in range(1100):
        players = PLAYERS[seed % 5]
        s, _ = random_game(seed, players, check if seed % 2 == 0 else None)
        assert card_places(s) == full[players]
        assert s.scores() == expected_scores(s)
        assert s.rank_keys() == [(sc, sum(d)) for sc, d in zip(expected_scores(s), s.discards)]


def test_every_legal_action_reads_back_from_its_text():
    for seed in range(100):
        def check(s, action):
            for a in s.legal_actions():
                assert GAME.action_from_text(str(a)) == a
        random_game(10_000 + seed, PLAYERS[seed % 5], check)


def test_seed_and_actions_replay_to_the_same_state_and_clones_are_independent():
    for seed in range(300):
        players = PLAYERS[seed % 5]
        final, actions = random_game(20_000 + seed, players)
        s = GAME.new_game(players, 20_000 + seed)
        cut = len(actions) // 2
        for a in actions[:cut]:
            s.apply(a)
        copy = s.clone()
        frozen = copy.snapshot()
        for a in actions[cut:]:
            s.apply(a)
        assert s.snapshot() == final.snapshot()
        assert copy.snapshot() == frozen  # the clone did not move with the original
        for a in actions[cut:]:
            copy.apply(a)
        assert copy.snapshot() == final.snapshot()


def same_observation(a, b):
    for name in OriginObservation.__slots__:
        if not name.startswith("_"):
            assert getattr(a, name) == getattr(b, name), name


def test_samples_agree_with_the_observation_and_vary_hidden_cards():
    rng = Rng(5)
    for seed in range(200):
        players = PLAYERS[seed % 5]
        hidden_seen = set()

        def check(s, action):
            if rng.below(8):
                return
            seat = rng.below(players)
            obs = s.observation(seat)
            for _ in range(2):
                sample = obs.sample(rng)
                # a sample starts with the seat's legal actions: the engine finds the same
                assert sample.clone().legal_actions() == sample.legal_actions()
                same_observation(sample.observation(seat), obs)
                assert card_places(sample) == deck_counts(players)
                other = (seat + 1) % players
                hidden_seen.add((s.turn, tuple(sample.hands[other]), tuple(a[CARD] for a in sample.animals[other])))
        random_game(30_000 + seed, players, check)
        turns = {t for t, _, _ in hidden_seen}
        assert len(hidden_seen) > len(turns)  # different samples deal different hidden cards


def hide_differently(s, seat):
    """The same position with hidden cards exchanged with the deck: one card of every
    other hand, every other player's animal cards and one card of every other discard pile."""
    t = s.clone()
    deck = t.deck
    for other in range(t.num_players):
        if other == seat or not deck:
            continue
        for pile in (t.hands[other], t.discards[other]):
            kinds = [k for k in range(NUM_KINDS) if pile[k]]
            if kinds:
                i = len(deck) // 2
                pile[kinds[0]] -= 1
                pile[deck[i]] += 1
                deck[i] = kinds[0]
        for j, a in enumerate(t.animals[other]):
            i = j % len(deck)
            a[CARD], deck[i] = deck[i], a[CARD]
    return t


def test_an_observation_does_not_depend_on_what_the_seat_cannot_see():
    changed = []
    for seed in range(150):
        players = PLAYERS[seed % 5]

        def check(s, action):
            seat = s.turn % players
            other = hide_differently(s, seat)
            changed.append(other.snapshot() != s.snapshot())
            same_observation(other.observation(seat), s.observation(seat))
        random_game(40_000 + seed, players, check)
    assert sum(changed) > len(changed) // 2  # the hidden cards really differed


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


def test_no_state_is_reachable_from_an_observation():
    for seed in range(150):
        def check(s, action):
            if s.turn % 2:
                obs = s.observation(s.current_player)
                reachable(obs, set())
                assert obs.legal_actions == s.legal_actions() and obs.legal_actions is not s.legal_actions()
        random_game(50_000 + seed, PLAYERS[seed % 5], check)
