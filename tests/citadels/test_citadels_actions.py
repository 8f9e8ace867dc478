"""The Action phase: settling, trait cards, attacks (seed "Действия и лимиты", "Атака"; rules ref. §C, §E)."""
import pytest
from citadels_builder import Position, legal_texts, play

from engine.citadels.roles import KING, SHAMAN
from engine.contract import IllegalActionError


def _two_player_actions(*tiles):
    p = Position().roles({0: KING, 1: SHAMAN})
    for x, y, name in tiles:
        p.tile(x, y, name)
    return p


# -- settling (C4) ---------------------------------------------------------------
def test_settle_on_any_tile_once_per_turn():
    p = _two_player_actions((1, 0, "forest"), (5, 5, "mountains"))
    s = p.at_actions(0)
    assert [t for t in legal_texts(s) if t.startswith("settle")] == ["settle 0,0", "settle 1,0", "settle 5,5"]
    play(s, "settle 5,5")
    assert s.cr_pos[0] == (5, 5) and s.cr_traits[0] == 0 and s.cr_wound[0] == 0
    assert not any(t.startswith("settle") for t in legal_texts(s))


def test_at_most_two_creatures_per_tile_and_of_different_players():
    p = Position(players=3).roles({0: KING, 1: SHAMAN, 2: 4})
    p.tile(1, 0, "plains")
    p.creature(0, 1, 0)
    p.creature(1, 0, 0)
    p.creature(2, 0, 0)
    s = p.at_actions(0)
    settle = [t for t in legal_texts(s) if t.startswith("settle")]
    assert settle == []  # (0,0) is full, (1,0) has his own creature
    s = p.at_actions(1)
    assert [t for t in legal_texts(s) if t.startswith("settle")] == ["settle 1,0"]


def test_a_player_has_four_creatures():
    p = _two_player_actions(*[(x, 0, "plains") for x in range(1, 6)])
    for x in range(4):
        p.creature(0, x, 0)
    s = p.at_actions(0)
    assert not any(t.startswith("settle") for t in legal_texts(s))


# -- trait cards (C3) ------------------------------------------------------------
def test_one_trait_card_per_turn_on_an_own_creature():
    p = _two_player_actions((1, 0, "forest"))
    p.creature(0, 0, 0)
    p.creature(1, 1, 0)
    p.hand(0, "predator", "fat")
    s = p.at_actions(0)
    traits = [t for t in legal_texts(s) if t.startswith("trait")]
    assert traits == ["trait predator 0,0", "trait fat 0,0"]  # never on p1's creature
    play(s, "trait fat 0,0")
    assert s.hands[0] == [1, 0, 0, 0] and s.cr_card_traits[0] == 0b1000
    assert not any(t.startswith("trait") for t in legal_texts(s))


def test_no_duplicate_trait_and_at_most_three():
    p = _two_player_actions()
    p.creature(0, 0, 0, "predator", "aquatic", "fat")
    p.hand(0, "camouflage", "predator")
    s = p.at_actions(0)
    assert not any(t.startswith("trait") for t in legal_texts(s))
    p = _two_player_actions()
    p.creature(0, 0, 0, "predator")
    p.hand(0, "predator", "camouflage")
    s = p.at_actions(0)
    assert [t for t in legal_texts(s) if t.startswith("trait")] == ["trait camouflage 0,0"]


def test_actions_in_any_order_and_end_passes_the_turn():
    p = _two_player_actions((1, 0, "forest"))
    p.creature(0, 0, 0)
    p.hand(0, "predator")
    s = play(p.at_actions(0), "trait predator 0,0", "settle 1,0", "end")
    assert s.current_player == 1


# -- attacks (§E) -----------------------------------------------------------------
def _predator_position(*victim_traits, wounded=False):
    p = _two_player_actions((1, 0, "forest"), (1, 1, "forest"), (-1, 0, "plains"))
    p.creature(0, 0, 0, "predator")
    victim = p.creature(1, 1, 0, *victim_traits, wounded=wounded)
    return p, victim


def test_a_predator_attacks_an_opponent_on_an_adjacent_tile_only():
    p, _ = _predator_position()
    p.creature(1, 0, 0)  # same tile: no
    p.creature(1, 1, 1)  # diagonal: no
    p.creature(0, -1, 0)  # own creature: no
    s = p.at_actions(0)
    assert [t for t in legal_texts(s) if t.startswith("attack")] == ["attack 0,0 -> p1.1,0"]


def test_camouflage_protects_from_every_predator():
    p, _ = _predator_position("camouflage")
    assert not any(t.startswith("attack") for t in legal_texts(p.at_actions(0)))


def test_an_attack_wounds_and_feeds_the_predator():
    p, victim = _predator_position()
    s = play(p.at_actions(0), "attack 0,0 -> p1.1,0")
    assert s.cr_wound[victim] == 1 and s.cr_food[0] == 1
    assert not any(t.startswith("attack") for t in legal_texts(s))  # once per predator


def test_a_second_wound_kills_and_returns_the_token_and_its_cards():
    p, victim = _predator_position("aquatic", wounded=True)
    s = p.s
    s.cr_traits[victim] |= 0b1000  # a Shaman-given fat reserve: no card
    discard_before = list(s.discard)
    play(p.at_actions(0), "attack 0,0 -> p1.1,0")
    assert s.cr_pos[victim] is None and s.cr_traits[victim] == 0 and s.cr_wound[victim] == 0
    assert s.discard[2] == discard_before[2] + 1 and s.discard[3] == discard_before[3]
    assert s.cr_food[0] == 1


def test_an_illegal_action_is_refused():
    p, _ = _predator_position("camouflage")
    s = p.at_actions(0)
    with pytest.raises(IllegalActionError):
        s.apply(s.legal_actions()[0].__class__(9, 9))
