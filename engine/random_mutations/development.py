"""Development phase (§2.5, §2.6): blind plays from the personal deck.

A seat announces the mode and the target, then the top card of its personal deck is
played: face down as a new species (M1), an animal (M3), a bud (Budding ``free_bud``)
or a diverged species (M4), or turned face up as a trait (M2) that lands on the
announced species or moves right (§2.6).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.random_mutations import feeding as feeding_module
from engine.random_mutations.actions import ADD, BUD, DIVERGE, DROP, NEW, NEW_ACTION, PASS_ACTION, TRAIT
from engine.random_mutations.cards import BIT, BUDDING, EXTREMOPHILE, SIMPLIFICATION
from engine.random_mutations.phases import DEVELOPMENT, DROP as DROP_PHASE
from engine.random_mutations.species import (ANIMALS, INHERITED, MASK, STRIDE, TRAITS, make_species, recompute)

if TYPE_CHECKING:
    from engine.random_mutations.state import RMState

BUDDING_BIT = BIT[BUDDING]
EXTREMO_BIT = BIT[EXTREMOPHILE]
SIMPL_BIT = BIT[SIMPLIFICATION]


def legal(s: "RMState") -> list:
    seat = s.current_player
    deck = s.pdecks[seat]
    if not deck:
        return [PASS_ACTION]
    r = s.rules
    row = s.rows[seat]
    nsp = len(row)
    acts = [PASS_ACTION, NEW_ACTION]
    # Extremophile (§3.1): no animal may join with only one card left (both readings)
    extremo_blocked = len(deck) < 2
    for i, sp in enumerate(row):
        pop = len(sp[ANIMALS]) // STRIDE
        if pop == 1:
            acts.append((TRAIT, i))
        mask = sp[MASK]
        if extremo_blocked and mask & EXTREMO_BIT:
            continue
        cap_ok = pop < nsp  # §2.5 M3: pop + 1 <= number of his species
        if cap_ok or (mask & BUDDING_BIT and r.budding_no_cap):
            acts.append((ADD, i))
        elif mask & BUDDING_BIT and r.budding_free_bud and not s.budded >> seat & 1:
            acts.append((BUD, i))
        if r.divergence and (cap_ok or not r.divergence_cap):
            acts.append((DIVERGE, i))
    return acts


def _extremophile_cost(s: "RMState", seat: int, sp: list) -> None:
    """``extremophile = cost_one_card``: adding an animal to an Extremophile species
    discards the next personal-deck card unseen."""
    if sp[MASK] & EXTREMO_BIT and s.rules.extremophile_cost_one_card:
        deck = s.pdecks[seat]
        if deck:
            s.buried[deck.pop()] += 1
            s.discards[seat] += 1


def play_face_down(s: "RMState", seat: int) -> None:
    """The top card goes face down somewhere on the table: its face stays unknown."""
    s.buried[s.pdecks[seat].pop()] += 1


def apply(s: "RMState", action) -> None:
    seat = s.current_player
    verb = action[0]
    if verb == 0:  # PASS
        s.passed[seat] = True
        advance(s)
        return
    row = s.rows[seat]
    if verb == NEW:
        play_face_down(s, seat)
        row.append([0, 1, (), (), [0, 0, 0, 0, 0]])
    elif verb == TRAIT:
        card = s.pdecks[seat].pop()
        s.seen[card] += 1
        if place_trait(s, seat, action[1], card):
            return  # Simplification waits for its owner's choice
    elif verb == ADD or verb == BUD:
        sp = row[action[1]]
        play_face_down(s, seat)
        sp[ANIMALS].extend((0, 0, 0, 0, 0))
        _extremophile_cost(s, seat, sp)
        if verb == BUD:
            s.budded |= 1 << seat
    elif verb == DIVERGE:
        si = action[1]
        sp = row[si]
        play_face_down(s, seat)
        child = make_species((), sp[TRAITS] + sp[INHERITED], s.rules.bonus)
        if s.rules.divergence_right_of_parent:
            row.insert(si + 1, child)
        else:
            row.append(child)
        _extremophile_cost(s, seat, sp)
    advance(s)


def can_take(sp: list, card: int, excl: int, single: bool) -> bool:
    """§2.6: no duplicate, no excluded pair, and (where required) population 1."""
    mask = sp[MASK]
    if mask >> card & 1 or mask & excl:
        return False
    return not single or len(sp[ANIMALS]) == STRIDE


def place_trait(s: "RMState", seat: int, si: int, card: int) -> bool:
    """Put a revealed trait on species ``si`` or the next one to the right that can take
    it (§2.6); returns True when Simplification now waits for a DROP choice."""
    r = s.rules
    row = s.rows[seat]
    excl = r.exclusions[card]
    single = r.moved_trait_needs_single
    order = list(range(si, len(row)))
    if r.trait_overflow_wrap:
        order += range(0, si)
    for i in order:
        # the announced species has population 1 (checked by legal); moved traits per option
        if can_take(row[i], card, excl, single):
            sp = row[i]
            sp[TRAITS] = sp[TRAITS] + (card,)
            recompute(sp, r.bonus)
            if card == SIMPLIFICATION:
                return simplify(s, seat, i)
            return False
    if r.trait_overflow_discard:
        s.discards[seat] += 1
    else:  # a new species at the right end, face down with a public identity
        row.append([0, 1, (), (), [0, 0, 0, 0, 0]])
    return False


def other_traits(sp: list) -> list:
    """The traits Simplification may remove: every other trait, cards then inherited."""
    out = [t for t in sp[TRAITS] if t != SIMPLIFICATION]
    out += [t for t in sp[INHERITED] if t != SIMPLIFICATION and t not in out]
    return out


def drop_trait(s: "RMState", seat: int, sp: list, trait: int) -> None:
    """Remove one trait: a card goes to the owner's discard pile, an inherited one just goes."""
    traits = sp[TRAITS]
    if trait in traits:
        k = traits.index(trait)
        sp[TRAITS] = traits[:k] + traits[k + 1:]
        s.discards[seat] += 1
    else:
        k = sp[INHERITED].index(trait)
        sp[INHERITED] = sp[INHERITED][:k] + sp[INHERITED][k + 1:]
    recompute(sp, s.rules.bonus)


def simplify(s: "RMState", seat: int, si: int) -> bool:
    """Simplification lands on species ``si`` (option ``simplification``)."""
    sp = s.rows[seat][si]
    others = other_traits(sp)
    if not others:
        return False
    mode = s.opts.simplification
    if mode == "discard_choice":
        if len(others) == 1:
            drop_trait(s, seat, sp, others[0])
            return False
        s.phase = DROP_PHASE
        s.ctx = (seat, si)
        s.current_player = seat
        return True
    latest = [t for t in sp[TRAITS] if t != SIMPLIFICATION]
    victim = latest[-1] if latest else others[-1]
    if mode == "discard_latest":
        drop_trait(s, seat, sp, victim)
        return False
    # split_to_species: the removed trait's card (if it has one) and Simplification become new species
    row = s.rows[seat]
    was_card = victim in sp[TRAITS]
    traits = tuple(t for t in sp[TRAITS] if t != victim and t != SIMPLIFICATION)
    if not was_card:
        k = sp[INHERITED].index(victim)
        sp[INHERITED] = sp[INHERITED][:k] + sp[INHERITED][k + 1:]
    sp[TRAITS] = traits
    recompute(sp, s.rules.bonus)
    for _ in range(2 if was_card else 1):
        row.append([0, 1, (), (), [0, 0, 0, 0, 0]])
    return False


def legal_drop(s: "RMState") -> list:
    seat, si = s.ctx
    return [(DROP, t) for t in other_traits(s.rows[seat][si])]


def apply_drop(s: "RMState", action) -> None:
    seat, si = s.ctx
    drop_trait(s, seat, s.rows[seat][si], action[1])
    s.phase = DEVELOPMENT
    s.ctx = None
    advance(s)


def _auto_bud(s: "RMState", seat: int) -> None:
    """``budding = auto_bud``: at the start of each of his development turns every Budding
    species of the seat gets one animal (top card, unseen), while cards last."""
    deck = s.pdecks[seat]
    for sp in s.rows[seat]:
        if sp[MASK] & BUDDING_BIT and deck and not (sp[MASK] & EXTREMO_BIT and len(deck) < 2):
            play_face_down(s, seat)
            sp[ANIMALS].extend((0, 0, 0, 0, 0))
            _extremophile_cost(s, seat, sp)


def advance(s: "RMState") -> None:
    """The next seat in the round that has not passed; a seat with an empty personal
    deck must pass (§2.5).  When all have passed, the climate phase and feeding follow."""
    n = s.num_players
    seat = s.current_player
    passed = s.passed
    auto = s.rules.budding_auto_bud
    for _ in range(n):
        seat = (seat + 1) % n
        if passed[seat]:
            continue
        if auto:
            _auto_bud(s, seat)
        if not s.pdecks[seat]:
            passed[seat] = True
            continue
        s.current_player = seat
        return
    feeding_module.start_feeding(s)


def start_development(s: "RMState") -> None:
    s.phase = DEVELOPMENT
    s.passed = [False] * s.num_players
    s.budded = 0
    s.current_player = (s.first - 1) % s.num_players
    advance(s)
