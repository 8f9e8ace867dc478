"""Extinction and draw (§2.9, §5), the restart deck, the start of a turn and the end.

Steps: parasites (the PARASITE decisions of the affected owners, in turn order from the
first player), hunger, clearing the tokens, drawing (animals + 2, one card at a time
from the first player), then the first-player role passes left.  A new turn deals the
restart decks, then is the last turn if the main deck is empty (§2.10).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.contract import TERMINAL
from engine.random_mutations import development as development_module
from engine.random_mutations.actions import PARASITE
from engine.random_mutations.phases import OVER, PARASITE as PARASITE_PHASE
from engine.random_mutations.scoring import scores
from engine.random_mutations.species import (ANIMALS, POISONED, STRIDE, TRAITS, distinct_animals, is_fed,
                                             remove_animal)

if TYPE_CHECKING:
    from engine.random_mutations.state import RMState

RESTART_CARDS = 10


def black_tokens(sp: list) -> int:
    """The black tokens on the species' animals."""
    an = sp[ANIMALS]
    n = len(an)
    total = 0
    i = 3
    while i < n:
        total += an[i]
        i += STRIDE
    return total


def parasite_candidates(s: "RMState", seat: int, top: int) -> list:
    """(species, animal) choices of ``seat`` losing one animal to parasites: in his species
    carrying ``top`` black tokens (``top`` None: his own most parasitised), per the options."""
    r = s.rules
    row = s.rows[seat]
    counts = [black_tokens(sp) for sp in row]
    if top is None:
        top = max(counts, default=0)
    if top <= 0:
        return []
    out = []
    for si, sp in enumerate(row):
        if counts[si] != top:
            continue
        an = sp[ANIMALS]
        for i in distinct_animals(an):
            if r.parasite_victim_carrier and not an[i + 3]:
                continue
            if r.parasite_shelter_protects and an[i + 2]:
                continue
            out.append((PARASITE, si, i // STRIDE))
    return out


def start_extinction(s: "RMState") -> None:
    s.centre = [0, 0, 0]  # leftover tokens go back to the box (§2.8)
    s.ctx = None
    if s.rules.parasite_scope_global:
        top = 0  # the most black tokens on one species (none: 0)
        for row in s.rows:
            for sp in row:
                b = black_tokens(sp)
                if b > top:
                    top = b
    else:
        top = -1  # each seat its own maximum
    n = s.num_players
    queue = tuple([(s.first + k) % n for k in range(n)]) if top != 0 else ()
    next_parasite(s, top, queue)


def next_parasite(s: "RMState", top: int, queue: tuple) -> None:
    for k, seat in enumerate(queue):
        cands = parasite_candidates(s, seat, None if top < 0 else top)
        if not cands:
            continue
        if len(cands) == 1:
            _, si, a = cands[0]
            remove_animal(s, seat, si, a * STRIDE)
            continue
        s.phase = PARASITE_PHASE
        s.ctx = (top, queue[k + 1:])
        s.current_player = seat
        return
    hunger_and_draw(s)


def legal_parasite(s: "RMState") -> list:
    top = s.ctx[0]
    return parasite_candidates(s, s.current_player, None if top < 0 else top)


def apply_parasite(s: "RMState", action) -> None:
    top, queue = s.ctx
    remove_animal(s, s.current_player, action[1], action[2] * STRIDE)
    next_parasite(s, top, queue)


def hunger_and_draw(s: "RMState") -> None:
    persist = s.rules.black_tokens_persist
    for seat, row in enumerate(s.rows):
        keep = []
        for sp in row:
            an = sp[ANIMALS]
            survivors = []
            n = len(an)
            i = 0
            while i < n:  # (not a range with a variable step: a Python range in the compiled build)
                if is_fed(sp, i) and not an[i + 4] & POISONED:
                    survivors += (0, 0, 0, an[i + 3] if persist else 0, 0)
                i += STRIDE
            dead = len(an) - len(survivors)
            if dead:
                s.discards[seat] += dead // STRIDE
            if survivors:
                sp[ANIMALS] = survivors
                keep.append(sp)
            else:
                s.discards[seat] += len(sp[TRAITS])
        s.rows[seat] = keep
    s.ctx = None
    if s.last_turn:
        end_game(s)
        return
    draw(s)
    s.first = (s.first + 1) % s.num_players
    s.turn += 1
    start_turn(s)


def _deal(s: "RMState", wants: list) -> list:
    """One card at a time from the first player, clockwise, while the main deck lasts."""
    n = s.num_players
    got = [[] for _ in range(n)]
    deck = s.deck
    left = list(wants)
    while deck and any(left):
        for k in range(n):
            seat = (s.first + k) % n
            if left[seat] and deck:
                got[seat].append(deck.pop())
                left[seat] -= 1
    return got


def _to_personal(s: "RMState", seat: int, cards: list) -> None:
    pdeck = s.pdecks[seat]
    if s.rules.drawn_cards_bottom:
        pdeck[0:0] = cards[::-1]  # each new card goes under the previous one
    else:
        pdeck.extend(cards)


def draw(s: "RMState") -> None:
    """§2.9 steps 5-6: animals + 2 cards each; a seat with no animal and no card is due a
    restart deck and draws nothing (option ``restart``: 'ten_plus_draw' draws its 2 too)."""
    n = s.num_players
    wants = []
    for seat in range(n):
        animals = 0
        for sp in s.rows[seat]:
            animals += len(sp[ANIMALS]) // STRIDE
        if not animals and not s.pdecks[seat]:
            s.restarts |= 1 << seat
            wants.append(2 if s.rules.restart_ten_plus_draw else 0)
        else:
            wants.append(animals + 2)
    for seat, cards in enumerate(_deal(s, wants)):
        if cards:
            _to_personal(s, seat, cards)


def start_turn(s: "RMState") -> None:
    n = s.num_players
    if s.restarts:
        wants = [RESTART_CARDS if s.restarts >> seat & 1 else 0 for seat in range(n)]
        for seat, cards in enumerate(_deal(s, wants)):
            if not cards:
                continue
            if s.rules.restart_setup_like:
                for _ in cards[:3]:
                    s.buried[_] += 1
                    s.rows[seat].append([0, 1, (), (), [0, 0, 0, 0, 0]])
                cards = cards[3:]
            _to_personal(s, seat, cards)
        s.restarts = 0
    if not s.deck:
        s.last_turn = True
    development_module.start_development(s)


def end_game(s: "RMState") -> None:
    """Scored after the last extinction (§2.10); the die decides what VP and discard pile
    leave tied (``final_tiebreak``: tied players roll, re-rolling ties)."""
    s.phase = OVER
    s.current_player = TERMINAL
    s.cached = None
    n = s.num_players
    tb = [0] * n
    if s.opts.final_tiebreak == "die":
        keys = [(sc, d) for sc, d in zip(scores(s), s.discards)]
        groups = {}
        for seat, key in enumerate(keys):
            groups.setdefault(key, []).append(seat)
        for seats in groups.values():
            if len(seats) < 2:
                continue
            # tied players roll; ties among them roll again until all differ
            rolls = {seat: [] for seat in seats}
            pending = [seats]
            while pending:
                group = pending.pop()
                for seat in group:
                    rolls[seat].append(s.rng.die())
                by = {}
                for seat in group:
                    by.setdefault(rolls[seat][-1], []).append(seat)
                pending.extend(g for g in by.values() if len(g) > 1)
            order = sorted(seats, key=lambda seat: rolls[seat])
            for rank, seat in enumerate(order):
                tb[seat] = rank + 1
    s.tiebreak = tb
