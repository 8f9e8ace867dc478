"""What search players may know about a *Random Mutations* position beyond its
score: a value per seat for a cut-off rollout (``GameSpec.heuristic``) and a cheap
move ordering for informed rollouts (``move_priorities``).

Both read the full State: a search player calls them on its own sampled
determinization, never on the true state (and nothing here looks at a hidden card).

**Value** (``heuristic``).  Per seat, the points it holds and the points it can
still expect, turned into per-seat values in [0, 1] by the smooth margin of
``engine.values.margin_values`` (against each other seat: 1/2 plus half the
lead over the sum of both, averaged):

* every animal scores 2 VP (§2.10), weighted by its chance to survive this turn's
  extinction: 1 once fed; during the feeding phase an unfed animal's share of the red
  tokens left (the red in the centre over the food still missing on the whole table,
  at most ``UNFED_CAP``; an unfed predator with its attack unused at least
  ``HUNT_CHANCE``); from the parasite step on, 0 (it dies of hunger); during
  development, before the climate roll, every animal of the seat the same chance: its
  food budget (``FOOD_SHARE`` times its fair share of the expected red tokens, plus
  one per predator animal, which feeds itself) over the food its animals need, at most 1;
* every trait card scores 1 + its "+N" (§2.10), weighted by the chance that at least one
  animal of its species survives (an extinct species loses its trait cards);
* each card in the personal deck is worth ``CARD_VALUE`` while the seat can still play
  it (not in the last turn once its development is over);
* each animal expected to survive is worth ``DRAW_VALUE`` more while turns remain: it
  draws one card at the next extinction (§2.9 step 5).

**Ordering** (``move_priorities``): the rule player's rules of thumb
(``players/rules/random_mutations.py``) read from the State, as numbers.
"""
from __future__ import annotations

from engine.values import margin_values

from engine.random_mutations.actions import (ADD, ATTACK, BLACK, BUD, DIVERGE, DROP, GRAZE, GREEN, MIMIC, NEW,
                                             PARASITE, PIRATE, RED, TAIL, TRAIT, VICTIM)
from engine.random_mutations.cards import (BARK_BEETLE, BIG, BIT, DEV_DEFECTS, EXTREMOPHILE,
                                           METABOLIC, OBLIGATE, PREDATOR_BITS, RUNNING, SCAVENGER)
from engine.random_mutations.feeding import attack_allowed
from engine.random_mutations.phases import DEVELOPMENT, DROP as DROP_PHASE, FEEDING, GRAZE as GRAZE_PHASE
from engine.random_mutations.phases import SCAVENGE as SCAVENGE_PHASE, VICTIM as VICTIM_PHASE
from engine.random_mutations.species import ANIMALS, ATTACKED, MASK, NEED, OFED, STRIDE, TRAITS

# A card in the personal deck becomes an animal (2 VP if fed), a trait (1-3 VP) or a
# new species; it costs food and may be a harmful trait, so about one point.
CARD_VALUE = 1.0
# A surviving animal draws one card at the next extinction (§2.9): half a card's worth,
# since the main deck runs dry and the card must still be played and fed.
DRAW_VALUE = 0.5
# Before the climate roll a seat gets about its fair share of the red tokens, and more
# (others waste food on fed animals, sheltering, passing): 1.5 shares feed it.
FOOD_SHARE = 1.5
# An unfed animal in the feeding phase never counts as certain: others compete for the
# red tokens and Grazing destroys them.
UNFED_CAP = 0.8
# An unfed predator with its attack unused: about half of attacks find and eat prey.
HUNT_CHANCE = 0.5

_OBL = BIT[OBLIGATE]
_BBB = BIT[BARK_BEETLE]
_RUN = BIT[RUNNING]
_FEEDING_PHASES = (FEEDING, VICTIM_PHASE, SCAVENGE_PHASE, GRAZE_PHASE)
# Simplification / Tail Loss: what to give up first (harmful first, the most useful last)
DROP_ORDER = (METABOLIC, BARK_BEETLE, EXTREMOPHILE, DEV_DEFECTS, SCAVENGER, BIG, RUNNING)
_DROP_RANK = {t: i for i, t in enumerate(DROP_ORDER)}


def _expected_red(state) -> float:
    row = state.rules.climate[state.num_players]  # (``rules``: the options read once, as the rules read them)
    return 3.5 * row[0] + row[1]


def _missing(sp, i) -> int:
    """Food tokens animal offset ``i`` of ``sp`` still needs (0 when fed)."""
    an = sp[ANIMALS]
    if sp[MASK] & _OBL:
        return 0 if an[i + 4] & OFED else 1
    m = sp[NEED] - an[i] - an[i + 1]
    return m if m > 0 else 0


def seat_values(state) -> list:
    """The raw per-seat values the heuristic compares (see the module docstring)."""
    phase = state.phase
    bonus = state.rules.bonus
    feeding = phase in _FEEDING_PHASES
    developing = phase == DEVELOPMENT or phase == DROP_PHASE
    last = state.last_turn
    if feeding:
        red = state.centre[0]
        total_missing = 0
        for row in state.rows:
            for sp in row:
                if sp[MASK] & _OBL:
                    continue
                an = sp[ANIMALS]
                need = sp[NEED]
                for i in range(0, len(an), STRIDE):
                    m = need - an[i] - an[i + 1]
                    if m > 0:
                        total_missing += m
        share = min(UNFED_CAP, red / total_missing) if total_missing else UNFED_CAP
    elif developing:
        fair = FOOD_SHARE * _expected_red(state) / state.num_players
    out = []
    for seat, row in enumerate(state.rows):
        if developing:
            need = 0
            budget = fair
            for sp in row:
                pop = len(sp[ANIMALS]) // STRIDE
                need += sp[NEED] * pop
                if sp[MASK] & PREDATOR_BITS:
                    budget += pop
            p_seat = 1.0 if need <= budget else budget / need
        total = 0.0
        expected_animals = 0.0
        for sp in row:
            an = sp[ANIMALS]
            pop = len(an) // STRIDE
            if developing:
                alive = pop * p_seat
                none = (1.0 - p_seat) ** pop
            else:
                alive = 0.0
                none = 1.0
                predator = sp[MASK] & PREDATOR_BITS
                for i in range(0, len(an), STRIDE):
                    if _missing(sp, i) == 0:
                        p = 1.0
                    elif not feeding:
                        p = 0.0
                    else:
                        p = 0.0 if sp[MASK] & _OBL else share
                        if predator and not an[i + 4] & ATTACKED and p < HUNT_CHANCE:
                            p = HUNT_CHANCE
                    alive += p
                    none *= 1.0 - p
            cards = 0
            for t in sp[TRAITS]:
                cards += 1 + bonus[t]
            total += 2.0 * alive + cards * (1.0 - none)
            expected_animals += alive
        if not last:
            total += DRAW_VALUE * expected_animals
        if not last or (developing and not state.passed[seat]):
            total += CARD_VALUE * len(state.pdecks[seat])
        out.append(total)
    return out


def heuristic(state) -> list:
    """Per-seat values in [0, 1] of a position that is not over."""
    return margin_values(seat_values(state))


# --- move ordering ----------------------------------------------------------------

def _budget(state, row) -> tuple:
    """(food need of the seat's animals, the rule player's food budget: 2.2 fair shares
    of the expected red tokens + 0.5 + one per predator animal)."""
    need = 0
    predators = 0
    for sp in row:
        pop = len(sp[ANIMALS]) // STRIDE
        need += sp[NEED] * pop
        if sp[MASK] & PREDATOR_BITS:
            predators += pop
    return need, 2.2 * _expected_red(state) / state.num_players + 0.5 + predators


def _develop(state, legal) -> list:
    row = state.rows[state.current_player]
    need, budget = _budget(state, row)
    last = state.last_turn
    grow = need + 1 <= budget or (last and need + 1 <= budget + 1)
    out = []
    for a in legal:
        v = a[0]
        if v == ADD or v == BUD:
            sp = row[a[1]]
            # the species whose animals need least, then the one with most trait cards
            out.append(3.0 - 0.5 * sp[NEED] + 0.05 * len(sp[TRAITS]) if grow else -1.0)
        elif v == NEW:
            out.append(2.0 if grow else (0.8 if last and need + 1 <= budget + 2 else -1.0))
        elif v == TRAIT:
            sp = row[a[1]]
            # a bare species first (a first trait), the one whose animals need least
            out.append(1.5 - 0.3 * len(sp[TRAITS]) - 0.1 * sp[NEED])
        elif v == DIVERGE:
            out.append(0.5 if need + 1 <= budget else -1.0)
        else:  # PASS: keep the cards, except in the last turn where they are lost
            out.append(-0.5 if last else 0.0)
    return out


def _black_load(sp) -> int:
    an = sp[ANIMALS]
    load = 0
    for i in range(3, len(an), STRIDE):
        load += an[i]
    return load


def _hunters(rows, seat: int) -> list:
    """The opposing predator species with an animal that has not attacked and is not fed."""
    out = []
    s2 = 0
    for row in rows:
        if s2 != seat:
            for p in row:
                if p[MASK] & PREDATOR_BITS:
                    an = p[ANIMALS]
                    for j in range(0, len(an), STRIDE):
                        if not an[j + 4] & ATTACKED and _missing(p, j) > 0:
                            out.append(p)
                            break
        s2 += 1
    return out


def _feed(state, legal) -> list:
    seat = state.current_player
    rows = state.rows
    mine = rows[seat]
    bp = state.rules.big_protection
    hunters = None
    mine_top = -1  # (-1: not computed yet)
    out = []
    for a in legal:
        v = a[0]
        if v == ATTACK:
            target = rows[a[3]][a[4]]
            if a[3] == seat:
                out.append(-1.0)
                continue
            value = 10.0
            if len(target[ANIMALS]) == STRIDE:  # a lone animal takes its trait cards along
                bonus = state.rules.bonus
                for t in target[TRAITS]:
                    value += 1 + bonus[t]
            if target[MASK] & _RUN and a[5] != RUNNING:
                value -= 4.0
            out.append(value)
        elif v == RED:
            sp = mine[a[1]]
            m = _missing(sp, a[2] * STRIDE)
            # the animal closest to fed first, the species with most trait cards first
            out.append(8.0 - m + 0.2 * len(sp[TRAITS]) if m > 0 else 0.3)
        elif v == PIRATE:
            out.append(6.0)
        elif v == BLACK:
            if mine_top < 0:
                mine_top = 0
                for sp in mine:
                    load = _black_load(sp)
                    if load > mine_top:
                        mine_top = load
            sp = rows[a[1]][a[2]]
            after = _black_load(sp) + 1
            if after <= mine_top:
                out.append(-0.5)
            else:
                out.append(3.0 + 0.3 * after + (0.5 if len(sp[ANIMALS]) == STRIDE else 0.0)
                           + 0.05 * len(sp[TRAITS]))
        elif v == GREEN:
            sp = mine[a[1]]
            i = a[2] * STRIDE
            unfed = _missing(sp, i) > 0
            if sp[MASK] & _BBB and not sp[MASK] & _OBL and unfed:
                out.append(7.0)  # Bark Beetle: the shelter is food
                continue
            if unfed:
                out.append(-0.5)
                continue
            if hunters is None:
                hunters = _hunters(rows, seat)
            tmask = sp[MASK]
            threatened = False
            for p in hunters:
                if attack_allowed(p[MASK], tmask, -1, bp):
                    threatened = True
                    break
            if threatened:
                out.append(4.0 + (0.5 if len(sp[ANIMALS]) == STRIDE else 0.0) + 0.1 * len(sp[TRAITS]))
            else:
                out.append(-0.5)
        else:  # PASS
            out.append(0.0)
    return out


def _hungry(row) -> bool:
    for sp in row:
        if sp[MASK] & _OBL:
            continue
        for i in range(0, len(sp[ANIMALS]), STRIDE):
            if _missing(sp, i):
                return True
    return False


def move_priorities(state, legal: list) -> list:
    """How good each of ``legal`` looks for the seat to move (higher is better; only
    the order matters), by the rule player's rules of thumb: grow (an animal on the
    species whose animals need least, else a new species) while the seat's food need
    stays under its food budget, else turn cards over as traits on bare species, else
    pass (never in the last turn); attack the opposing species whose loss costs most
    (Running last), feed the own animal closest to fed, put parasites where they top
    the table without topping it on an own species, shelter a fed animal an opposing
    predator could eat (Bark Beetle: an unfed one, it is food); graze only when all
    own animals are fed; give up an unfed animal, then one with parasites; drop the
    most harmful trait first."""
    verb = legal[0][0]
    phase = state.phase
    if phase == DEVELOPMENT:
        return _develop(state, legal)
    if phase == FEEDING:
        return _feed(state, legal)
    if verb == GRAZE:
        sign = -1.0 if _hungry(state.rows[state.current_player]) else 1.0
        return [sign * a[1] for a in legal]
    if verb == DROP:
        return [-float(_DROP_RANK.get(a[1], len(DROP_ORDER))) for a in legal]
    if verb == PARASITE:
        mine = state.rows[state.current_player]
        out = []
        for a in legal:
            sp = mine[a[1]]
            out.append((2.0 if _missing(sp, a[2] * STRIDE) else 0.0) + 0.1 * (len(sp[ANIMALS]) // STRIDE)
                       - 0.05 * len(sp[TRAITS]))
        return out
    if phase == VICTIM_PHASE:
        p, ti = state.ctx[:2]
        tsp = state.rows[p][ti]
        an = tsp[ANIMALS]
        out = []
        for a in legal:
            v = a[0]
            if v == VICTIM:
                i = a[1] * STRIDE
                out.append((2.0 if _missing(tsp, i) else 0.0) + 0.1 * an[i + 3])
            elif v == TAIL:  # a trait card (1 VP or so) rather than an animal (2 VP and its food)
                out.append(3.0 - 0.1 * _DROP_RANK.get(a[1], len(DROP_ORDER)))
            elif v == MIMIC:
                out.append(1.0)
            else:
                out.append(0.0)
        return out
    # SCAVENGE and anything else: all alike
    return [0.0] * len(legal)

