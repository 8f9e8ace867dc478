"""Feeding, starvation and scoring (seed "Питание", "Очки"; rules ref. §D, §F)."""
from citadels_builder import Position, legal_texts, play, stop_all_feeding

from engine.citadels import GAME
from engine.citadels.feeding import common_pool
from engine.citadels.roles import KING, MERCHANT, SHAMAN
from engine.citadels.state import FEED_POOL
from engine.rng import Rng


def _feeding(*tiles, players=2):
    p = Position(players=players).roles({0: SHAMAN, 1: MERCHANT, 2: 5} if players == 3 else {0: SHAMAN, 1: KING})
    for x, y, name in tiles:
        p.tile(x, y, name)
    return p


def test_the_pool_is_one_per_forest_and_two_per_river_on_the_whole_map():
    p = _feeding((1, 0, "forest"), (2, 0, "river"), (3, 0, "mountains"), (4, 0, "plains-forest"))
    assert common_pool(p.s) == 3


def test_an_aquatic_creature_on_a_river_gets_one_food_automatically():
    p = _feeding((1, 0, "river"), (2, 0, "plains"))
    on_river = p.creature(0, 1, 0, "aquatic")
    on_plains = p.creature(0, 2, 0, "aquatic")
    s = p.at_feeding()
    assert s.cr_food[on_river] == 1 and s.cr_food[on_plains] == 0
    assert s.pool == 2
    assert legal_texts(s) == ["feed 2,0", "stop"]  # the river creature is fed already


def test_creatures_without_food_starve_and_return_to_the_supply():
    p = _feeding()
    c = p.creature(0, 0, 0, "predator")
    s = stop_all_feeding(p.at_feeding())
    assert s.cr_pos[c] is None and s.discard[0] == 1
    assert any("starves" in str(e[1]) for e in s.log)


def test_the_pool_is_shared_round_robin_in_role_order():
    p = _feeding((1, 0, "forest"), (2, 0, "forest"), (3, 0, "forest"))
    p.creature(0, 1, 0)
    p.creature(0, 2, 0)
    p.creature(1, 3, 0)
    s = p.at_feeding()
    assert s.phase == FEED_POOL and s.pool == 3
    assert s.current_player == 1  # the King (role 1) before the Shaman (role 3)
    play(s, "feed 3,0")
    assert s.current_player == 0
    play(s, "feed 1,0")
    assert s.current_player == 0  # p1 has nobody hungry left
    play(s, "feed 2,0")
    assert s.score == [4, 2]  # everyone survived: 1 each + control
    assert s.round == 2


def test_stopping_leaves_the_rest_of_the_pool_to_others_and_it_is_then_lost():
    p = _feeding((1, 0, "river"))
    mine = p.creature(0, 1, 0)
    kings = p.creature(1, 0, 0)
    s = p.at_feeding()
    assert s.current_player == 1 and s.personal_food[1] == 1  # the King's food for the city
    play(s, "stop", "stop")  # p1 gives up his personal food, then the pool
    assert s.current_player == 0 and s.pool == 2
    play(s, "feed 1,0")
    assert s.round == 2 and s.pool == 0
    assert s.cr_pos[mine] == (1, 0) and s.cr_pos[kings] is None


def test_a_wounded_creature_needs_two_food():
    p = _feeding((1, 0, "forest"), (2, 0, "forest"))
    c = p.creature(0, 1, 0, wounded=True)
    s = play(p.at_feeding(), "feed 1,0")
    assert s.current_player == 0 and legal_texts(s) == ["feed 1,0", "stop"]
    play(s, "feed 1,0")
    assert s.cr_pos[c] == (1, 0)


def test_a_fat_reserve_stores_one_food_and_covers_a_shortfall():
    p = _feeding((1, 0, "river"))
    c = p.creature(0, 1, 0, "fat")
    s = play(p.at_feeding(), "feed 1,0", "feed 1,0")
    assert s.cr_fat[c] == 1 and s.round == 2  # stored food persists across rounds
    s = stop_all_feeding(Position.at_feeding(_as_position(s)))
    assert s.cr_pos[c] == (1, 0) and s.cr_fat[c] == 0  # the stored food was eaten


def test_fat_covers_only_one_missing_food():
    p = _feeding()
    c = p.creature(0, 0, 0, "fat", wounded=True, fat=True)
    s = stop_all_feeding(p.at_feeding())
    assert s.cr_pos[c] is None


def test_food_from_an_attack_counts_toward_the_need():
    p = _feeding((1, 0, "plains"))
    c = p.creature(0, 0, 0, "predator")
    p.creature(1, 1, 0)
    s = play(p.at_actions(0), "attack 0,0 -> p1.1,0", "end")  # the last Action turn: Feeding starts
    stop_all_feeding(s)
    assert s.cr_pos[c] == (0, 0) and s.round == 2


def test_personal_food_unused_is_lost():
    p = Position().roles({0: MERCHANT, 1: KING})
    c = p.creature(0, 0, 0)
    s = p.at_feeding()
    assert s.personal_food[0] == 2
    play(s, "feed 0,0")  # fed: the second food has no taker and is lost
    assert s.personal_food[0] == 0 and s.round == 2 and s.cr_pos[c] == (0, 0)


# -- scoring (§F) -------------------------------------------------------------------
def _score_round(p, feeds=()):
    s = p.at_feeding()
    play(s, *feeds)
    return stop_all_feeding(s)


def test_a_survivor_scores_1_and_2_or_3_traits_add_1_more():
    p = _feeding((1, 0, "forest"), (2, 0, "forest"), (3, 0, "forest"))
    p.creature(0, 1, 0, "predator", "fat")
    p.creature(0, 2, 0, "predator", "fat", "aquatic")
    p.creature(0, 3, 0, "predator")
    s = _score_round(p, ["feed 1,0", "feed 2,0", "feed 3,0"])
    assert s.score[0] == (2 + 2 + 1) + 3  # +3 control


def test_control_is_1_a_city_2_and_a_shared_tile_nothing():
    p = _feeding((1, 0, "forest"), (2, 0, "forest"), (3, 0, "forest"))
    p.creature(0, 0, 0)  # the city, alone
    p.creature(0, 1, 0)  # alone
    p.creature(0, 2, 0)
    p.creature(1, 2, 0)  # shared
    s = p.at_feeding()
    for c in range(8):
        s.cr_food[c] = 1
    stop_all_feeding(s)
    assert s.score == [3 + 2 + 1, 1]


def test_scores_accumulate_over_six_rounds_and_the_game_ends():
    s = GAME.new_game(2, 11)
    rng = Rng(3)
    rounds_seen = set()
    while not s.is_terminal():
        rounds_seen.add(s.round)
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert rounds_seen == {1, 2, 3, 4, 5, 6} and s.legal_actions() == []


def test_option_rounds():
    s = GAME.new_game(3, 2, {"rounds": 2})
    rng = Rng(4)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert s.round == 2


def test_ties_go_to_survivors_then_controlled_tiles_then_shared():
    p = _feeding((1, 0, "forest"), (2, 0, "forest"))
    s = p.s
    s.score = [5, 5]
    p.creature(0, 1, 0)
    p.creature(1, 2, 0)
    assert s.rank_keys() == [(5, 1, 1), (5, 1, 1)] and s.ranking() == [1, 1]
    p.creature(0, 2, 0)  # shares p1's tile: same survivors ahead, p1 loses control
    assert s.rank_keys() == [(5, 2, 1), (5, 1, 0)] and s.ranking() == [1, 2]
    s.score = [4, 5]
    assert s.ranking() == [2, 1]


def _as_position(state):
    """Wrap a live state so the builder's phase starters can be used on it."""
    p = Position.__new__(Position)
    p.s = state
    return p
