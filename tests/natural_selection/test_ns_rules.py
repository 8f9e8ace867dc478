"""One test per rule (rules reference §2, §3, §5), each on a small position."""
from engine.contract import TERMINAL
from engine.natural_selection import GAME, deal, reveal
from engine.natural_selection.actions import (ATTACK, BODY, DONE, DROP, EAT, FOOD, NEW_LEFT, NEW_RIGHT,
                                              PASS, POP, TRAIT, Move)
from engine.natural_selection.board import FACE_DOWN, FAT, MASK, OVER, PLAY, SELECT_FOOD
from engine.natural_selection.board import FOOD as S_FOOD
from engine.natural_selection.board import POP as S_POP
from engine.natural_selection.cards import CARNIVORE, FAT_TISSUE, build_deck
from engine.natural_selection.feeding import end_feeding
from engine.natural_selection.observation import HIDDEN
from engine.rng import Rng
from ns_builder import code, position, species


def carnivore(body=3, pop=2, traits=(), **kw):
    return species(body=body, pop=pop, traits=("Carnivore",) + tuple(traits), **kw)


# §1 components and §2 setup -------------------------------------------------

def test_deck_has_17_carnivores_and_7_of_each_other_trait():
    deck = build_deck()
    assert len(deck) == 129
    assert sum(1 for c in deck if c >> 4 == CARNIVORE) == 17
    assert all(sum(1 for c in deck if c >> 4 == t) == 7 for t in range(17) if t != CARNIVORE)


def test_setup_gives_one_species_and_three_plus_one_cards():
    s = GAME.new_game(3, seed=4)
    assert all(row == [[1, 1, 0, 0, 0]] for row in s.rows)
    assert [len(h) for h in s.hands] == [4, 4, 4] and len(s.deck) == 129 - 12
    assert s.phase == SELECT_FOOD and s.current_player == s.first_player


# §3 Phase 1 --------------------------------------------------------------------

def test_deal_gives_a_player_without_species_a_new_one():
    s = position([[], [species(), species()]])
    deal.start_round(s)
    assert s.rows[0] == [[1, 1, 0, 0, 0]]
    assert [len(h) for h in s.hands] == [4, 5]


def test_deck_reshuffled_while_dealing_makes_this_round_last():
    s = position([[species()], [species()]], deck=["Horns", "Horns"])
    deal.start_round(s)
    assert s.last_round and [len(h) for h in s.hands] == [4, 4]


# [seed000] «Если при этом колода заканчивается, то сброс карт перемешивается и делается
# новая колода но этот ход считается последним»: the deal that empties the deck makes its
# round the last, even when it takes the last card exactly (option last_round_trigger).
EIGHT_CARDS = ["Horns"] * 4 + ["Climbing"] * 4  # the 3 + 1 cards each of two players with one species


def test_deal_that_takes_the_last_card_makes_this_round_last():
    s = position([[species(food=1)], [species(food=1)]], deck=EIGHT_CARDS)
    deal.start_round(s)
    assert [len(h) for h in s.hands] == [4, 4] and s.deck == []
    assert s.last_round  # the deck ran out during the deal: this round is the last
    end_feeding(s)
    assert s.is_terminal()


def test_option_card_needed_only_a_deal_short_of_a_card_makes_its_round_last():
    s = position([[species(food=1)], [species(food=1)]], deck=EIGHT_CARDS,
                 options={"last_round_trigger": "card_needed"})
    deal.start_round(s)
    assert [len(h) for h in s.hands] == [4, 4] and s.deck == []
    assert not s.last_round  # the last card was dealt, but no card was missing
    end_feeding(s)  # the next round's deal needs a card: the discard pile becomes the deck
    assert not s.is_terminal() and s.last_round and [len(h) for h in s.hands] == [8, 8]


def test_extinction_draw_that_takes_the_last_card_makes_the_next_round_last():
    s = position([[species(food=0, traits=["Horns"])], [species(food=1)]], deck=["Climbing"])
    end_feeding(s)  # seat 0's species starves: its one trait draws the deck's last card
    assert s.next_round_last and s.round_no == 2 and s.last_round
    s = position([[species(food=0, traits=["Horns"])], [species(food=1)]], deck=["Climbing"],
                 options={"last_round_trigger": "card_needed"})
    end_feeding(s)  # the same last round, found by the next deal instead
    assert not s.next_round_last and s.round_no == 2 and s.last_round


def test_deck_running_out_on_extinction_makes_next_round_last():
    s = position([[species(food=0, traits=["Horns"])], [species(food=1)]], deck=[])
    end_feeding(s)  # seat 0's species starves: its card is drawn from the reshuffled discard
    assert s.next_round_last and s.round_no == 2 and s.last_round  # the next round (now dealt) is last


# §3 Phase 2 --------------------------------------------------------------------

def test_food_card_choice_is_hidden_from_the_others():
    s = GAME.new_game(2, seed=1)
    chooser = s.current_player
    card = s.legal_actions()[0].card
    s.apply(Move(FOOD, card))
    other = 1 - chooser
    seen_by_other = s.observation(other)
    assert seen_by_other.food_chosen[chooser] and seen_by_other.food_card == -1
    assert s.observation(chooser).food_card == card
    assert s.current_player == other


def test_food_cards_add_their_sum_to_the_watering_hole():
    s = position([[species()], [species()]], food_cards=["LongNeck:9", "Ambush:-3"], hole=2)
    reveal.reveal_food_cards(s)
    assert s.watering_hole == 8 and code("LongNeck:9") in s.discard and s.food_cards == [-1, -1]


def test_negative_food_sum_removes_food_down_to_zero():
    s = position([[species()], [species()]], food_cards=["Ambush:-3", "PackHunting:-3"], hole=2)
    reveal.reveal_food_cards(s)
    assert s.watering_hole == 0


# §3 Phase 3 --------------------------------------------------------------------

def play_position(rows, hands, **kw):
    return position(rows, hands=hands, phase=PLAY, **kw)


def test_at_most_three_traits_per_species():
    rows = [[species(traits=["Horns", "Climbing", "Burrowing"])], [species()], [species()]]
    s = play_position(rows, [["Foraging"]])
    assert not [m for m in s.legal_actions() if m.verb == TRAIT]


def test_two_traits_per_species_with_two_players():
    s = play_position([[species(traits=["Horns", "Climbing"])], [species()]], [["Foraging"]])
    assert not [m for m in s.legal_actions() if m.verb == TRAIT]
    s = play_position([[species(traits=["Horns", "Climbing"])], [species()]], [["Foraging"]],
                      options={"two_player_trait_limit": 3})
    assert [m for m in s.legal_actions() if m.verb == TRAIT]


def test_no_duplicate_trait_even_face_down():
    s = play_position([[species(face_down=["Horns"])], [species()]], [["Horns"]])
    assert not [m for m in s.legal_actions() if m.verb == TRAIT]


def test_new_species_at_either_end_of_the_row():
    s = play_position([[species(body=3)], [species()]], [["Horns", "Climbing"]])
    s.apply(Move(NEW_LEFT, code("Horns:1")))
    s.apply(Move(NEW_RIGHT, code("Climbing:1")))
    assert [sp[0] for sp in s.rows[0]] == [1, 3, 1]
    assert s.hands[0] == [] and sorted(s.discard) == sorted([code("Horns:1"), code("Climbing:1")])


def test_body_size_and_population_stop_at_6():
    s = play_position([[species(body=6, pop=5)], [species()]], [["Horns"]])
    moves = s.legal_actions()
    assert Move(BODY, code("Horns:1"), 0) not in moves and Move(POP, code("Horns:1"), 0) in moves
    s.apply(Move(POP, code("Horns:1"), 0))
    assert s.rows[0][0][S_POP] == 6


def test_discarding_a_trait_makes_room_and_loses_fat():
    s = play_position([[species(body=3, fat=2, traits=["FatTissue", "Horns"])], [species()]], [["Climbing"]])
    s.apply(Move(DROP, -1, 0, trait=FAT_TISSUE))
    sp = s.rows[0][0]
    assert sp[FAT] == 0 and not sp[MASK] >> FAT_TISSUE & 1 and len(sp) == 6
    assert Move(TRAIT, code("Climbing:1"), 0) in s.legal_actions()


def test_traits_stay_face_down_until_everyone_has_played():
    s = play_position([[species()], [species(pop=3)]], [["Horns"], []], hole=5)
    s.apply(Move(TRAIT, code("Horns:1"), 0))
    assert s.observation(1).rows[0][0][5] == (HIDDEN,)
    assert s.observation(0).rows[0][0][5] == (code("Horns:1") | FACE_DOWN,)
    s.apply(Move(DONE))
    assert s.observation(1).rows[0][0][5] == (HIDDEN,)
    s.apply(Move(DONE))  # the last player is done: the reveal
    assert s.rows[0][0][5] == code("Horns:1") and s.rows[0][0][MASK] != 0


# §3 Phase 4 --------------------------------------------------------------------

def test_feeding_starts_with_the_first_player_and_skips_who_cannot_feed():
    s = play_position([[species(pop=2)], [species(pop=2)], [species(pop=2)]], [[], [], []],
                      first=1, hole=0, food_cards=["LongNeck:3", "", ""])
    s.apply(Move(DONE)); s.apply(Move(DONE)); s.apply(Move(DONE))
    assert s.watering_hole == 3 and s.current_player == 1
    s.apply(Move(EAT, -1, 0))
    assert s.current_player == 2


def test_a_player_must_feed_a_hungry_species():
    s = position([[species(pop=2)], [species()]], hole=3)
    assert Move(PASS) not in s.legal_actions()


def test_pass_ends_that_players_feeding():
    s = position([[species(body=3, food=1, traits=["FatTissue"])], [species(pop=3)]], hole=5)
    s.apply(Move(PASS))
    s.apply(Move(EAT, -1, 0))
    assert s.current_player == 1 and s.passed == 1


def test_carnivore_must_attack_by_default():
    s = position([[carnivore()], [species()]])
    assert Move(PASS) not in s.legal_actions()
    s = position([[carnivore()], [species()]], options={"carnivore_must_attack": False})
    assert Move(PASS) in s.legal_actions()


def test_carnivore_may_attack_its_own_species():
    s = position([[carnivore(), species()], [species(body=5)]])
    assert Move(ATTACK, -1, 0, 0, 1) in s.legal_actions()
    s = position([[carnivore(), species()], [species(body=5)]], options={"attack_own_species": False})
    assert Move(ATTACK, -1, 0, 0, 1) not in s.legal_actions()


def test_meat_capped_by_hunger_plus_fat_tissue():
    s = position([[carnivore(body=5, pop=1, traits=["FatTissue"])], [species(body=4, pop=2), species(pop=6)]],
                 hole=9)
    s.apply(Move(ATTACK, -1, 0, 1, 0))
    assert s.rows[0][0][S_FOOD] == 1 and s.rows[0][0][FAT] == 3


def surplus_case(rule):
    s = position([[carnivore()], [species(body=2, pop=2, food=2), species(pop=6)]], hole=9,
                 options={"prey_surplus": rule})
    s.apply(Move(ATTACK, -1, 0, 1, 0))
    return s


def test_prey_surplus_goes_to_its_owner_by_default():
    s = surplus_case("owner_bag")
    assert s.rows[1][0][S_FOOD] == 1 and s.bags == [0, 1]


def test_prey_surplus_options():
    assert surplus_case("attacker_bag").bags == [1, 0]
    assert surplus_case("discard").bags == [0, 0]


def test_prey_at_zero_population_goes_extinct_and_owner_draws_per_trait():
    s = position([[carnivore()], [species(body=2, traits=["Horns", "Burrowing"]), species(pop=6)]], hole=9)
    s.apply(Move(ATTACK, -1, 0, 1, 0))
    assert len(s.rows[1]) == 1 and len(s.hands[1]) == 2


def test_end_of_feeding_starved_species_shrink_and_food_is_bagged():
    s = position([[species(pop=3, food=1), species(pop=2, food=0, traits=["Horns"])],
                  [species(pop=2, food=2)]], hole=4, first=0)
    s.last_round = True
    end_feeding(s)
    assert s.rows[0] == [[1, 1, 0, 0, 0]] and s.bags == [1, 2]
    assert len(s.hands[0]) == 1  # drew one card for the extinct species' one trait
    assert s.watering_hole == 4  # leftover plant food stays
    assert s.first_player == 1 and s.phase == OVER and s.current_player == TERMINAL


def test_first_player_marker_moves_clockwise_each_round():
    s = position([[species()], [species()], [species()]], first=2)
    end_feeding(s)
    assert s.first_player == 0 and s.phase == SELECT_FOOD and s.current_player == 0


# §5 scoring ------------------------------------------------------------------

def test_score_is_bag_plus_population_plus_traits_fat_excluded():
    s = position([[species(pop=3, fat=2, traits=["FatTissue", "Horns"])], [species(pop=2)]], bags=[5, 9])
    assert s.scores() == [5 + 3 + 2, 9 + 2]


def test_tie_breaks_traits_then_population():
    s = position([[species(pop=1, traits=["Horns"])], [species(pop=2)]], bags=[3, 3])
    assert s.scores() == [5, 5]
    assert s.ranking() == [1, 2]
    s = position([[species(pop=2)], [species(pop=2)]], bags=[3, 3])
    assert s.ranking() == [1, 1]


# [seed000] «Победитель определяется последовательным сравнением: 1. суммарным числом
# победных очков; 2. общим числом свойств; 3. общим числом популяции. 4. жребий»
# (option final_tiebreak).

def full_tie(seed=0, **options):
    """Two players with the same points (bag 3 + Population 2 + 2 food eaten), no traits and
    the same Population, at the end of the last round's feeding."""
    s = position([[species(pop=2, food=2)], [species(pop=2, food=2)]], bags=[3, 3], seed=seed,
                 options=options)
    s.last_round = True
    return s


def test_a_full_tie_is_decided_by_lot_at_the_end_of_the_game():
    winners = set()
    for seed in range(16):
        s = full_tie(seed)
        assert s.ranking() == [1, 1]  # before the end nothing is drawn
        end_feeding(s)
        assert s.is_terminal() and s.scores() == [7, 7]
        places = s.ranking()
        assert sorted(places) == [1, 2]
        assert s.ranking() == places and s.clone().ranking() == places  # drawn once, kept
        assert s.observation(0).sample(Rng(1)).ranking() == places
        again = full_tie(seed)
        end_feeding(again)
        assert again.ranking() == places  # the lot comes from the game's own random numbers
        winners.add(places.index(1))
    assert winners == {0, 1}


def test_lot_decides_only_between_the_seats_tied_on_all_three():
    s = position([[species(pop=2, food=2)], [species(pop=1, food=1, traits=["Horns"])],
                  [species(pop=2, food=2)]], bags=[3, 4, 3], seed=5)
    s.last_round = True
    end_feeding(s)
    assert s.scores() == [7, 7, 7]
    places = s.ranking()
    assert places[1] == 1 and sorted(places[::2]) == [2, 3]  # more traits wins outright


def test_option_shared_a_full_tie_shares_the_place():
    s = full_tie(final_tiebreak="shared")
    end_feeding(s)
    assert s.is_terminal() and s.ranking() == [1, 1]


def test_others_face_down_traits_and_food_cards_do_not_change_an_observation():
    a = play_position([[species()], [species(face_down=["Horns"])]], [[], []], food_cards=["", "LongNeck:9"])
    b = play_position([[species()], [species(face_down=["Climbing"])]], [[], []], food_cards=["", "Ambush:-3"])
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)
