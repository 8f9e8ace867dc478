"""Round start, the role draft and the five roles (seed "Роли"; rules ref. §A, C2)."""
import pytest
from citadels_builder import Position, legal_texts, play, stop_all_feeding

from engine.citadels import GAME
from engine.citadels.roles import ARCHITECT, KING, MAGE, MERCHANT, ROLES, SHAMAN
from engine.citadels.state import ACTIONS, DISCARD, DRAFT
from engine.contract import IllegalActionError
from engine.rng import Rng


def _picks(s):
    return sorted({a.role for a in s.legal_actions()})


# -- round start (C2) ---------------------------------------------------------
def test_each_player_starts_with_two_cards_and_draws_two_in_round_one():
    s = GAME.new_game(3, 1)
    assert [sum(h) for h in s.hands] == [4, 4, 4]  # 2 at setup + 2 at the round start
    assert s.phase == DRAFT


def test_a_hand_over_four_is_discarded_down_face_up():
    p = Position()
    p.hand(0, "predator", "predator", "aquatic", "fat", "fat", "camouflage")
    s = p.s
    s.phase = DISCARD
    s.crown = 0
    from engine.citadels.rounds import advance
    advance(s)
    assert s.current_player == 0
    assert legal_texts(s) == ["discard predator", "discard camouflage", "discard aquatic", "discard fat"]
    play(s, "discard fat", "discard predator")
    assert sum(s.hands[0]) == 4 and s.discard == [1, 0, 0, 1]
    assert s.phase == DRAFT
    assert s.observation(1).discard == (1, 0, 0, 1)  # face up


def test_an_empty_deck_is_refilled_from_the_discard_pile():
    from engine.citadels.draft import draw_trait_card
    s = Position().s
    s.discard[:] = s.deck
    s.deck[:] = [0, 0, 0, 0]
    draw_trait_card(s, 0)
    assert sum(s.hands[0]) == 1 and sum(s.deck) + sum(s.discard) == 31 and not any(s.discard)


# -- the draft (A1-A6) ---------------------------------------------------------
def test_one_role_is_removed_face_down_before_the_draft():
    s = GAME.new_game(2, 3)
    assert s.role_removed in ROLES
    assert s.role_removed not in _picks(s)
    assert len(_picks(s)) == 4


def test_the_crown_holder_picks_first_then_clockwise():
    s = GAME.new_game(3, 4)
    first = s.crown
    assert s.current_player == first
    s.apply(s.legal_actions()[0])
    assert s.current_player == (first + 1) % 3
    s.apply(s.legal_actions()[0])
    assert s.current_player == (first + 2) % 3


def test_each_picker_sees_only_the_roles_still_free():
    s = GAME.new_game(3, 4)
    taken = s.legal_actions()[0]
    s.apply(taken)
    assert taken.role not in _picks(s) and len(_picks(s)) == 3


def test_picks_stay_hidden_until_the_reveal():
    s = GAME.new_game(3, 4)
    first = s.current_player
    s.apply(s.legal_actions()[0])
    other = (first + 1) % 3
    assert s.observation(other).roles[first] is None
    while s.phase == DRAFT:
        s.apply(s.legal_actions()[0])
    assert s.observation(other).roles[first] == s.roles[first]


def test_the_removed_role_is_hidden_from_a_player_until_he_picks():
    s = GAME.new_game(3, 4)
    s.apply(s.legal_actions()[-1])
    third = s.draft_order[2]  # has not seen the free roles yet
    removed = {s.observation(third).sample(Rng(i)).role_removed for i in range(40)}
    assert len(removed) == 5  # it does not even know the first pick
    # the next picker sees what is free, so his samples exclude the free roles
    second = s.draft_order[1]
    samples = {s.observation(second).sample(Rng(i)).role_removed for i in range(40)}
    assert s.role_removed in samples and not samples & set(_picks(s))


def test_the_mage_names_another_player_never_himself():
    s = GAME.new_game(3, 5)
    seat = s.current_player
    mage = [a for a in s.legal_actions() if a.role == MAGE]
    if not mage:
        pytest.skip("the Mage was removed in this deal")
    assert sorted(a.target for a in mage) == sorted({0, 1, 2} - {seat})
    with pytest.raises(IllegalActionError):
        from engine.citadels.actions import PickRole
        s.apply(PickRole(MAGE, seat))


def test_the_mage_block_is_hidden_until_the_reveal():
    for seed in range(20):
        s = GAME.new_game(3, seed)
        seat = s.current_player
        mage = [a for a in s.legal_actions() if a.role == MAGE]
        if mage:
            break
    s.apply(mage[0])
    assert s.observation(seat).blocked == mage[0].target
    assert s.observation((seat + 1) % 3).blocked is None
    while s.phase == DRAFT:
        s.apply(s.legal_actions()[0])
    assert s.observation((seat + 1) % 3).blocked == mage[0].target


def test_later_phases_go_in_role_number_order():
    s = Position(players=3).roles({0: ARCHITECT, 1: SHAMAN, 2: KING}).s
    assert s.order == [2, 1, 0]


# -- the roles -------------------------------------------------------------------
def _end_round(p):
    return stop_all_feeding(p.at_feeding())


def test_the_king_takes_the_crown():
    p = Position().roles({0: MAGE, 1: KING}, blocked=0)
    p.s.crown = 0
    assert _end_round(p).crown == 1


def test_a_blocked_king_keeps_neither_crown_nor_food():
    p = Position().roles({0: MAGE, 1: KING}, blocked=1)
    p.tile(1, 0, "plains")
    p.creature(1, 1, 0)
    p.s.crown = 0
    s = p.at_feeding()
    assert s.personal_food[1] == 0
    assert stop_all_feeding(s).crown == 0


def test_king_food_is_one_per_controlled_plains_tile_at_most_three():
    p = Position().roles({0: KING, 1: SHAMAN})
    p.tile(1, 0, "plains").tile(2, 0, "plains").tile(-1, 0, "plains-forest").tile(0, 1, "forest")
    for x, y in [(0, 0), (1, 0), (0, 1)]:
        p.creature(0, x, y)
    p.creature(1, 1, 0)  # shared: not controlled
    s = p.at_feeding()
    assert s.personal_food[0] == 1  # the city only (the forest is not plains)
    p = Position().roles({0: KING, 1: SHAMAN})
    p.tile(1, 0, "plains").tile(2, 0, "plains").tile(-1, 0, "plains-forest")
    for x, y in [(0, 0), (1, 0), (2, 0), (-1, 0)]:
        p.creature(0, x, y)
    assert p.at_feeding().personal_food[0] == 3  # capped at 3


def test_the_merchant_gets_two_food_and_a_point_if_a_creature_survives():
    p = Position().roles({0: MERCHANT, 1: SHAMAN})
    p.tile(1, 0, "plains").tile(2, 0, "plains")
    p.creature(0, 1, 0)
    p.creature(0, 2, 0)
    s = p.at_feeding()
    assert s.personal_food[0] == 2
    play(s, "feed 1,0", "feed 2,0")
    stop_all_feeding(s)
    assert s.score[0] == 2 + 2 + 1  # two survivors, two controlled tiles, the Merchant's point


def test_the_merchant_scores_nothing_without_survivors():
    p = Position().roles({0: MERCHANT, 1: SHAMAN})
    assert _end_round(p).score[0] == 0


def test_a_blocked_merchant_gets_no_food_and_no_point():
    p = Position().roles({0: MERCHANT, 1: MAGE}, blocked=0)
    p.tile(1, 0, "forest")
    p.creature(0, 1, 0)
    s = p.at_feeding()
    assert s.personal_food[0] == 0
    play(s, "feed 1,0")
    stop_all_feeding(s)
    assert s.score[0] == 2  # survivor + control, no Merchant point


def test_option_merchant_point_per_survivor():
    p = Position(merchant_point_per_survivor=True).roles({0: MERCHANT, 1: SHAMAN})
    p.tile(1, 0, "plains").tile(2, 0, "plains")
    p.creature(0, 1, 0)
    p.creature(0, 2, 0)
    s = p.at_feeding()
    play(s, "feed 1,0", "feed 2,0")
    stop_all_feeding(s)
    assert s.score[0] == 2 + 2 + 2


def test_the_shaman_gives_any_trait_without_a_card():
    p = Position().roles({0: SHAMAN, 1: KING})
    p.creature(0, 0, 0, "predator")
    s = p.at_actions(0)
    legal = legal_texts(s)
    assert "shaman camouflage 0,0" in legal and "shaman predator 0,0" not in legal
    play(s, "shaman camouflage 0,0")
    assert not any(t.startswith(("shaman", "heal")) for t in legal_texts(s))  # once a round
    assert s.cr_traits[0] == 0b11 and s.cr_card_traits[0] == 0b01  # no card used


def test_the_shaman_heals_a_wound_instead():
    p = Position().roles({0: SHAMAN, 1: KING})
    p.creature(0, 0, 0, wounded=True)
    s = play(p.at_actions(0), "heal 0,0")
    assert s.cr_wound[0] == 0
    assert not any(t.startswith("shaman") for t in legal_texts(s))


def test_a_blocked_shaman_has_no_gift_but_keeps_ordinary_actions():
    p = Position().roles({0: SHAMAN, 1: MAGE}, blocked=0)
    p.creature(0, 0, 0, wounded=True)
    p.hand(0, "aquatic")
    s = p.at_actions(0)
    legal = legal_texts(s)
    assert not any(t.startswith(("shaman", "heal")) for t in legal)
    assert "trait aquatic 0,0" in legal and "end" in legal


def test_option_two_roles_in_2p():
    s = GAME.new_game(2, 7, {"two_roles_in_2p": True})
    first = s.crown
    seats = []
    while s.phase == DRAFT:
        seats.append(s.current_player)
        s.apply(s.legal_actions()[-1])
    assert seats == [first, 1 - first, first, 1 - first]
    assert all(bin(m).count("1") == 2 for m in s.roles)
    assert s.order == sorted((0, 1), key=lambda seat: min(r for r in ROLES if s.roles[seat] >> r & 1))


def test_without_the_option_2p_takes_one_role_each():
    s = GAME.new_game(2, 7)
    while s.phase == DRAFT:
        s.apply(s.legal_actions()[0])
    assert all(bin(m).count("1") == 1 for m in s.roles)
    assert s.phase in (ACTIONS, 2)
