"""The action codec (``engine/random_mutations/codec.py``) beyond the shared tests in
tests/test_action_codec.py: the verbs that exist only with some options (Tail Loss,
Mimicry, Piracy, Budding, Divergence), and the bounds of the joint numbering."""
import random

import pytest

from engine.random_mutations import GAME
from engine.random_mutations.actions import ATTACK, PIRATE
from engine.random_mutations.cards import BARK_BEETLE, BURROWING
from engine.random_mutations.codec import _Pairs, action_codec
from test_rm_properties import OPTION_SETS


@pytest.mark.parametrize("options", range(1, len(OPTION_SETS)))
def test_every_legal_action_with_every_option_set_encodes_uniquely_and_decodes_back(options):
    verbs = set()
    for seed, n in enumerate((2, 3, 5, 8)):
        codec = action_codec(n)
        s = GAME.new_game(n, seed, OPTION_SETS[options])
        rand = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            ids = [codec.encode(a) for a in legal]
            assert len(set(ids)) == len(ids) and all(0 <= i < codec.size for i in ids)
            assert [codec.decode(i) for i in ids] == legal
            verbs.update(a[0] for a in legal)
            s.apply(legal[rand.randrange(len(legal))])
    assert len(verbs) >= 10


@pytest.mark.parametrize("with_b", [False, True])
def test_the_joint_numbering_is_a_bijection_onto_the_bounded_tuples(with_b):
    top = 6
    pairs = _Pairs(top, with_b)
    ranks = []
    for s in range(top + 2):
        for t in range(top + 2):
            for a in range(top + 2):
                for b in (range(top + 2) if with_b else (0,)):
                    rank = pairs.rank(s, a, t, b)
                    assert (rank is not None) == (max(s, t) + a + b <= top)
                    if rank is not None:
                        assert pairs.unrank(rank) == (s, a, t, b)
                        ranks.append(rank)
    assert sorted(ranks) == list(range(pairs.count))


def test_positions_at_the_bound_encode_and_one_beyond_is_an_error():
    codec = action_codec(2)  # one box: 90 cards, max(s, t) + a + b <= 89
    for action in [(ATTACK, 89, 0, 1, 0, -1), (ATTACK, 0, 89, 1, 0, BURROWING), (PIRATE, 40, 20, 1, 3, 29)]:
        assert codec.decode(codec.encode(action)) == action
    for action in [(ATTACK, 89, 1, 1, 0, -1), (PIRATE, 40, 20, 1, 3, 30), (ATTACK, 0, 0, 2, 0, -1),
                   (ATTACK, 0, 0, 1, 1, BARK_BEETLE)]:
        with pytest.raises(ValueError, match="outside"):
            codec.encode(action)
    assert action_codec(8).size < 2 ** 31  # OpenSpiel counts actions in an int32
