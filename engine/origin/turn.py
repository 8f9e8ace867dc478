"""The turn sequence (§3 phases 1-4, §5 end): who decides next, the
food bank roll, extinction and drawing.  Rules for single actions live in
development.py, feeding.py and attack.py."""
from __future__ import annotations

from engine.contract import TERMINAL
from engine.origin import feeding
from engine.origin.animal import (CARD, FIRST_TRAIT, FLAGS, FOOD, GRAZED, HIBERNATED_LAST, HIBERNATING,
                                  NEED, POISONED)
from engine.origin.cards import FOOD_TABLE, HAND_SIZE
from engine.origin.board import DEVELOPMENT, FEEDING, LINK_FIRST, LINK_KIND, LINK_SECOND, LINK_USED, OVER


def deal(s, order: list, wanted: list) -> None:
    """One card at a time to each seat of ``order`` in turn until each has ``wanted[seat]``
    or the deck runs out (§3 phase 4).  Who gets the k-th card does not depend on which
    cards come: round r gives one card to every seat that wants more than r, in
    ``order``; so the cards are drawn at once (``Rng.take``) and handed out in that order."""
    hands = s.hands
    total = sum(wanted)
    if total > len(s.deck):
        total = len(s.deck)
    drawn = s.rng.take(s.deck, total)
    i = r = 0
    while i < total:
        for seat in order:
            if wanted[seat] > r:
                hands[seat][drawn[i]] += 1
                i += 1
                if i == total:
                    return
        r += 1


# --- §3 phase 1: development -----------------------------------------------------
def begin_development(s) -> None:
    s.phase = DEVELOPMENT
    s.passed = [not any(h) for h in s.hands]
    s.actor = (s.first_player - 1) % s.num_players
    next_developer(s)


# CLOCKWISE[n][seat]: the seats after ``seat`` clockwise, ``seat`` itself last
CLOCKWISE = [[tuple((seat + i) % n for i in range(1, n + 1)) for seat in range(n)] for n in range(9)]


def next_developer(s) -> None:
    """Next seat clockwise that has not passed; when all have passed, feeding begins."""
    passed = s.passed
    for seat in CLOCKWISE[s.num_players][s.actor]:
        if not passed[seat]:
            s.actor = s.current_player = seat
            return
    begin_feeding(s)


# --- §3 phase 2: food bank, phase 3: feeding rounds ------------------------------------
def begin_feeding(s) -> None:
    dice, added = FOOD_TABLE[s.num_players]
    die = s.rng.die
    bank = added
    for _ in range(dice):
        bank += die()
    s.food_bank = bank
    s.phase = FEEDING
    s.acted = False
    find_feeder(s, s.first_player)


def new_round(s) -> None:
    """Once-per-round abilities (Grazing, paired traits) refresh (§4)."""
    s.acted = False
    if s.marks:
        clear_marks(s)


def clear_marks(s) -> None:
    """Every animal's GRAZED flag and every paired card's used bit back to 0 (see ``marks``)."""
    s.marks = False
    for row in s.animals:
        for a in row:
            if a[FLAGS] & GRAZED:
                a[FLAGS] &= ~GRAZED
    for row in s.links:
        for i, link in enumerate(row):
            if link[LINK_USED]:
                row[i] = link[:LINK_USED] + (0,)


def find_feeder(s, seat: int, after: bool = False) -> None:
    """From ``seat`` on (from the seat after it when ``after``), the first seat that has
    something to do besides passing (a seat with nothing to do passes without being
    asked).  The phase ends after a full round in which nobody acted (§3 phase 3,
    reference [inf]); a new round begins whenever the turn comes back to the first player."""
    n = s.num_players
    first = s.first_player
    feeding_actions = feeding.feeding_actions
    while True:
        if after:
            seat += 1
            if seat == n:
                seat = 0
            if seat == first:
                if not s.acted:
                    end_of_turn(s)
                    return
                new_round(s)
        after = True
        actions = feeding_actions(s, seat)
        if len(actions) > 1:
            s.actor = s.current_player = seat
            s.cached = actions
            return


# --- §3 phase 4: extinction and drawing; §5 end -------------------------------------
def end_of_turn(s) -> None:
    extinction(s)
    if s.last_turn:
        s.phase = OVER
        s.current_player = TERMINAL
        s.cached = []
        return
    drawing(s)
    s.last_turn = not s.deck  # §5: the deck ran out, the next turn is the last
    s.first_player = (s.first_player + 1) % s.num_players
    s.turn += 1
    begin_development(s)


def extinction(s) -> None:
    """Unfed (not hibernating) and poisoned animals die; food goes back, fat stays (§3 phase 4)."""
    s.food_bank = 0
    seat = -1
    for row in s.animals:
        seat += 1
        pos = len(row)
        for a in reversed(row):
            pos -= 1
            flags = a[FLAGS]
            if flags & POISONED or a[FOOD] < a[NEED] and not flags & HIBERNATING:
                remove_animal(s, seat, pos)
            else:  # a survivor starts the next turn hungry, remembering a sleep
                a[FOOD] = 0
                a[FLAGS] = HIBERNATED_LAST if flags & HIBERNATING else 0
    if s.marks:
        clear_marks(s)


def cards_wanted(s, seat: int) -> int:
    """Surviving animals + 1; the no-animals case is the option ``draw_without_animals``."""
    count = len(s.animals[seat])
    if count:
        return count + 1
    if s.opts.draw_without_animals == "six" or not any(s.hands[seat]):
        return HAND_SIZE
    return 1


def drawing(s) -> None:
    """One card at a time, from the first player clockwise, until each has his share
    or the deck runs out (§3 phase 4)."""
    wanted = []
    seat = 0
    for row in s.animals:
        wanted.append(len(row) + 1 if row else cards_wanted(s, seat))
        seat += 1
    deal(s, CLOCKWISE[s.num_players][s.first_player - 1], wanted)


def remove_animal(s, seat: int, pos: int) -> None:
    """The animal, its trait cards and every paired card touching it go face down
    to the owner's discard pile (§3 phase 4); later animals move up one place."""
    row = s.animals[seat]
    a = row.pop(pos)
    discard = s.discards[seat]
    discard[a[CARD]] += 1
    for e in a[FIRST_TRAIT:]:
        discard[e & 31] += 1
    if not s.links[seat]:
        return
    kept = []
    for link in s.links[seat]:
        first, second = link[LINK_FIRST], link[LINK_SECOND]
        if first == pos or second == pos:
            discard[link[LINK_KIND]] += 1
            continue
        if first > pos or second > pos:
            link = (link[0], first - (first > pos), second - (second > pos)) + link[3:]
        kept.append(link)
    s.links[seat] = kept

