"""Climate (§4) and feeding (§2.8, §3.3): tokens, attacks, Scavenger, Grazing.

Phases: ``FEEDING`` (a seat's main action), ``GRAZE`` (its Grazing), ``VICTIM`` (the
attacked owner picks the animal eaten) and ``SCAVENGE`` (the Scavenger owner picks the
animal that gets the blue token).  A seat that cannot act passes without being asked:
the pass counts toward the N passes in a row that end the phase (with ``feeding_pass =
final`` it is final, like any pass).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.random_mutations import extinction as extinction_module
from engine.random_mutations.actions import (ATTACK, BLACK, GRAZE, GREEN, MIMIC, PASS_ACTION, PIRATE, RED, SCAVENGE,
                                             TAIL, VICTIM)
from engine.random_mutations.cards import (BARK_BEETLE, BIG, BIT, BLACK_SUPPLY, BURROWING, CAMOUFLAGE,
                                           DEV_DEFECTS, GRAZING, GREEN_SUPPLY, MIMICRY, OBLIGATE,
                                           PIRACY, POISONOUS, PREDATOR_BITS, RED_SUPPLY, RUNNING, SCAVENGER,
                                           SHARP_VISION, SWIMMING, TAIL_LOSS)
from engine.random_mutations.phases import FEEDING, GRAZE as GRAZE_PHASE, SCAVENGE as SCAVENGE_PHASE
from engine.random_mutations.phases import VICTIM as VICTIM_PHASE
from engine.random_mutations.species import (ANIMALS, ATTACKED, MASK, NEED, OFED, PIRATED, POISONED, STRIDE, TRAITS,
                                             distinct_animals, recompute, remove_animal)

if TYPE_CHECKING:
    from engine.random_mutations.state import RMState

OBL = BIT[OBLIGATE]
BB = BIT[BARK_BEETLE]
SWIM = BIT[SWIMMING]
BIGB = BIT[BIG]
CAMO = BIT[CAMOUFLAGE]
SHARP = BIT[SHARP_VISION]
BURROW = BIT[BURROWING]
RUN = BIT[RUNNING]
DD = BIT[DEV_DEFECTS]
SCAV = BIT[SCAVENGER]
GRAZ = BIT[GRAZING]
POIS = BIT[POISONOUS]
TAILB = BIT[TAIL_LOSS]
MIMB = BIT[MIMICRY]
PIRB = BIT[PIRACY]
ACTIVE_BITS = PREDATOR_BITS | PIRB  # traits that act with no token in the centre
# the traits Developmental Defects lets an attacker ignore, in the order 'auto' tries them
DEFENCES = (BIG, SWIMMING, CAMOUFLAGE, BURROWING, RUNNING, TAIL_LOSS, MIMICRY, POISONOUS)


def fed(sp: list, i: int) -> bool:
    an = sp[ANIMALS]
    if sp[MASK] & OBL:
        return bool(an[i + 4] & OFED)
    return an[i] + an[i + 1] >= sp[NEED]


# --- climate -------------------------------------------------------------------
def roll_climate(s: "RMState") -> None:
    """§4 [R]: the first player rolls; red, green and black tokens go to the centre."""
    r = s.rules
    food_dice, red_add, green_dice, black_dice, black_add = r.climate[s.num_players]
    rng = s.rng
    rolled = []
    for _ in range(food_dice + green_dice + black_dice):
        rolled.append(rng.die())
    dice = tuple(rolled)
    boxes = 2 if s.num_players > 4 else 1
    red = sum(dice[:food_dice]) + red_add
    green = sum(dice[food_dice:food_dice + green_dice])
    black = sum(dice[food_dice + green_dice:]) + black_add
    black_free = BLACK_SUPPLY * boxes
    if r.black_tokens_persist:
        for row in s.rows:
            for sp in row:
                black_free -= extinction_module.black_tokens(sp)
    s.dice = dice
    s.centre = [min(red, RED_SUPPLY * boxes), min(green, GREEN_SUPPLY * boxes), min(black, black_free)]


def start_feeding(s: "RMState") -> None:
    roll_climate(s)
    s.phase = FEEDING
    s.passes = 0
    s.passed = [False] * s.num_players
    s.actor = (s.first - 1) % s.num_players
    next_turn(s)


# --- who acts ------------------------------------------------------------------
def grazers(s: "RMState", seat: int) -> int:
    """Animals in all his Grazing species: how many red tokens he may return (§3.1)."""
    animals = 0
    for sp in s.rows[seat]:
        if sp[MASK] & GRAZ:
            animals += len(sp[ANIMALS]) // STRIDE
    return animals


def can_graze(s: "RMState", seat: int) -> bool:
    if not s.centre[0]:
        return False
    for sp in s.rows[seat]:
        mask = sp[MASK]  # (a C long in the compiled build: the ``&`` is then C arithmetic)
        if mask & GRAZ:
            return True
    return False


def next_turn(s: "RMState") -> None:
    """The next seat in the round that can act.  The phase ends after N passes in a row
    (§2.8 [R]); with ``feeding_pass = final`` when every seat has passed."""
    n = s.num_players
    passed = s.passed
    seat = s.actor
    before = s.rules.grazing_before
    final = s.rules.feeding_pass_final
    while True:
        active = n - sum(passed)
        if active == 0 or s.passes >= active:
            extinction_module.start_extinction(s)
            return
        for _ in range(n):
            seat = (seat + 1) % n
            if not passed[seat]:
                break
        main = legal_main(s, seat)
        graze = can_graze(s, seat)
        if len(main) == 1 and not graze:
            # a seat that cannot act passes without being asked (§2.4)
            if final:
                passed[seat] = True
            else:
                s.passes += 1
            continue
        s.actor = seat
        s.current_player = seat
        if before and graze:
            s.phase = GRAZE_PHASE
            s.ctx = 0  # before the main action
            s.cached = None
        else:
            s.phase = FEEDING
            s.cached = main
        return


def end_turn(s: "RMState") -> None:
    """After the main action: Grazing ('after'), then the next seat."""
    seat = s.actor
    if not s.rules.grazing_before and can_graze(s, seat):
        s.phase = GRAZE_PHASE
        s.ctx = 1
        s.current_player = seat
        return
    s.phase = FEEDING
    next_turn(s)


# --- legal main actions ----------------------------------------------------------
def victims(sp: list) -> list:
    """Offsets of animals that can be eaten (§3.3): no shelter; with Burrowing, not fed."""
    an = sp[ANIMALS]
    burrow = sp[MASK] & BURROW
    out = []
    n = len(an)
    i = 0
    while i < n:  # (not a range with a variable step: a Python range in the compiled build)
        if not an[i + 2] and not (burrow and fed(sp, i)):
            out.append(i)
        i += STRIDE
    return out


def attack_allowed(pmask: int, tmask: int, ignore: int, big_protection: bool) -> bool:
    """Static defences (§3.3), one trait of T ignored (Developmental Defects)."""
    if ignore >= 0:
        tmask &= ~(1 << ignore)
    if bool(pmask & SWIM) != bool(tmask & SWIM):
        return False
    if big_protection and tmask & BIGB and not pmask & BIGB:
        return False
    if tmask & CAMO and not pmask & SHARP:
        return False
    return True


def _victim_exists(sp: list, ignore_burrow: bool) -> bool:
    an = sp[ANIMALS]
    burrow = sp[MASK] & BURROW and not ignore_burrow
    n = len(an)
    i = 0
    while i < n:  # (as in victims)
        if not an[i + 2] and not (burrow and fed(sp, i)):
            return True
        i += STRIDE
    return False


def attack_options(s: "RMState", pmask: int, tsp: list) -> list:
    """The ``ignore`` values (-1 = none) with which a predator of mask ``pmask`` may attack ``tsp``."""
    tmask = tsp[MASK]
    bp = s.rules.big_protection
    if not tmask & DD:
        if attack_allowed(pmask, tmask, -1, bp) and _victim_exists(tsp, False):
            return [-1]
        return []
    out = []
    if attack_allowed(pmask, tmask, -1, bp) and _victim_exists(tsp, False):
        out.append(-1)
    for t in DEFENCES:
        if tmask >> t & 1 and attack_allowed(pmask, tmask, t, bp) and _victim_exists(tsp, t == BURROWING):
            out.append(t)
    if s.rules.developmental_defects_auto and out:
        # the trait that blocks the attack is ignored by itself: one attack, no choice
        if out[0] == -1:
            return [RUNNING] if RUNNING in out else [-1]
        return [out[0]]
    return out


def legal_main(s: "RMState", seat: int) -> list:
    red, green, black = s.centre
    rows = s.rows
    row = rows[seat]
    acts = [PASS_ACTION]
    append = acts.append
    only_unfed = s.rules.red_only_on_unfed
    if red or green:
        offsets = [distinct_animals(sp[ANIMALS]) for sp in row]
    else:
        for sp in row:
            mask = sp[MASK]  # (as in can_graze)
            if mask & ACTIVE_BITS:
                offsets = [distinct_animals(sp[ANIMALS]) for sp in row]
                break
        else:
            offsets = None
    if red or green:
        for si, sp in enumerate(row):
            an = sp[ANIMALS]
            offs = offsets[si]
            mask = sp[MASK]
            if red and not mask & OBL:
                need = sp[NEED]
                for i in offs:
                    if not only_unfed or an[i] + an[i + 1] < need:
                        append((RED, si, i // STRIDE))
            if green:
                for i in offs:
                    if not an[i + 2]:
                        append((GREEN, si, i // STRIDE))
    if black:
        for p in range(s.num_players):
            if p != seat:
                for si, sp in enumerate(rows[p]):
                    an = sp[ANIMALS]
                    if len(an) == STRIDE:
                        append((BLACK, p, si, 0))
                    else:
                        for i in distinct_animals(an):
                            append((BLACK, p, si, i // STRIDE))
    for si, sp in enumerate(row):
        mask = sp[MASK]
        if mask & PIRB and not mask & OBL:
            _piracy(s, seat, si, sp, offsets[si], append)
    when_fed = s.rules.carnivore_attacks_when_fed
    for si, sp in enumerate(row):
        pmask = sp[MASK]
        if not pmask & PREDATOR_BITS:
            continue
        an = sp[ANIMALS]
        hunters = [i for i in offsets[si] if not an[i + 4] & ATTACKED and (when_fed or not fed(sp, i))]
        if not hunters:
            continue
        targets = []
        for p in range(s.num_players):
            for ti, tsp in enumerate(rows[p]):
                if p == seat and ti == si:
                    continue
                for ign in attack_options(s, pmask, tsp):
                    targets.append((p, ti, ign))
        for i in hunters:
            a = i // STRIDE
            for p, ti, ign in targets:
                append((ATTACK, si, a, p, ti, ign))
    return acts


def _piracy(s: "RMState", seat: int, si: int, sp: list, offs: list, append) -> None:
    """Piracy (base game, species level [R]): an unfed animal that has not pirated this turn
    takes one food token from an animal of another species that has food but is not fed."""
    an = sp[ANIMALS]
    pirates = [i for i in offs if not an[i + 4] & PIRATED and an[i] + an[i + 1] < sp[NEED]]
    if not pirates:
        return
    victims_ = []
    for p in range(s.num_players):
        for ti, tsp in enumerate(s.rows[p]):
            if (p == seat and ti == si) or tsp[MASK] & OBL:
                continue
            tan = tsp[ANIMALS]
            for j in distinct_animals(tan):
                if 0 < tan[j] + tan[j + 1] < tsp[NEED]:
                    victims_.append((p, ti, j // STRIDE))
    for i in pirates:
        for p, ti, b in victims_:
            append((PIRATE, si, i // STRIDE, p, ti, b))


# --- effects --------------------------------------------------------------------
def apply_main(s: "RMState", action) -> None:
    verb = action[0]
    seat = s.actor
    if verb == 0:  # PASS
        if s.rules.feeding_pass_final:
            s.passed[seat] = True  # out of the phase; the others play on
        else:
            s.passes += 1
        end_turn(s)
        return
    s.passes = 0
    if verb == RED:
        sp = s.rows[seat][action[1]]
        sp[ANIMALS][action[2] * STRIDE] += 1
        s.centre[0] -= 1
    elif verb == GREEN:
        sp = s.rows[seat][action[1]]
        i = action[2] * STRIDE
        s.centre[1] -= 1
        if sp[MASK] & BB and not sp[MASK] & OBL and not fed(sp, i):
            sp[ANIMALS][i + 1] += 1  # Bark Beetle: the shelter becomes a blue food token
        else:
            sp[ANIMALS][i + 2] = 1
    elif verb == BLACK:
        s.rows[action[1]][action[2]][ANIMALS][action[3] * STRIDE + 3] += 1
        s.centre[2] -= 1
    elif verb == PIRATE:
        _, si, a, p, ti, b = action
        pan = s.rows[seat][si][ANIMALS]
        tan = s.rows[p][ti][ANIMALS]
        j = b * STRIDE
        colour = 0 if tan[j] else 1  # a red token first, else a blue one
        tan[j + colour] -= 1
        pan[a * STRIDE + colour] += 1
        pan[a * STRIDE + 4] |= PIRATED
    else:  # ATTACK
        attack(s, seat, action)
        return
    end_turn(s)


def attack(s: "RMState", seat: int, action) -> None:
    _, si, a, p, ti, ign = action
    i = a * STRIDE
    s.rows[seat][si][ANIMALS][i + 4] |= ATTACKED
    # the attack in progress: target seat and species, the ignored trait, the predator's
    # species and animal offset, whether Mimicry already redirected it
    s.ctx = (p, ti, ign, si, i, False)
    strike(s)


def strike(s: "RMState") -> None:
    """The attack in ``ctx`` reaches its target: Running's die, then the target owner's
    choice (victim, or with the alternative traits Tail Loss / Mimicry), made for him
    when there is only one."""
    p, ti, ign = s.ctx[:3]
    tsp = s.rows[p][ti]
    if tsp[MASK] & RUN and ign != RUNNING and s.rng.die() >= s.rules.running_escape:
        s.ctx = None
        end_turn(s)  # Running: the attack fails
        return
    options = legal_victim(s)
    if len(options) == 1:
        apply_victim(s, options[0])
        return
    s.phase = VICTIM_PHASE
    s.current_player = p


def victim_offsets(tsp: list, ign: int) -> list:
    """The distinct animals the attacked owner may give up (Burrowing ignored: any unsheltered)."""
    an = tsp[ANIMALS]
    offs = distinct_animals(an)
    if ign == BURROWING:
        return [j for j in offs if not an[j + 2]]
    eligible = victims(tsp)
    return [j for j in offs if j in eligible]


def legal_victim(s: "RMState") -> list:
    p, ti, ign, si, _, mimicked = s.ctx
    tsp = s.rows[p][ti]
    acts = [(VICTIM, j // STRIDE) for j in victim_offsets(tsp, ign)]
    tmask = tsp[MASK]
    if tmask & TAILB and ign != TAIL_LOSS:
        acts += [(TAIL, t) for t in tsp[TRAITS]]
    if tmask & MIMB and ign != MIMICRY and not mimicked:
        actor = s.actor
        pmask = s.rows[actor][si][MASK]
        bp = s.rules.big_protection
        for t2, sp2 in enumerate(s.rows[p]):
            if t2 == ti or (p == actor and t2 == si):
                continue
            if attack_allowed(pmask, sp2[MASK], -1, bp) and _victim_exists(sp2, False):
                acts.append((MIMIC, t2))
    return acts


def _feed_predator(s: "RMState", si: int, i: int, blue: int) -> None:
    """Carnivore: ``blue`` blue tokens; Obligate Carnivore: fully fed, marked by one blue."""
    psp = s.rows[s.actor][si]
    pan = psp[ANIMALS]
    if psp[MASK] & OBL:
        pan[i + 4] |= OFED
        pan[i + 1] += 1
    else:
        pan[i + 1] += blue


def apply_victim(s: "RMState", action) -> None:
    p, ti, ign, si, i, mimicked = s.ctx
    verb = action[0]
    if verb == MIMIC:  # the attack goes to another species of the same owner
        s.ctx = (p, action[1], -1, si, i, True)
        strike(s)
        return
    s.ctx = None
    tsp = s.rows[p][ti]
    if verb == TAIL:  # a trait card instead of an animal; the predator gets one token
        _feed_predator(s, si, i, 1)
        traits = tsp[TRAITS]
        k = traits.index(action[1])
        tsp[TRAITS] = traits[:k] + traits[k + 1:]
        recompute(tsp, s.rules.bonus)
        s.discards[p] += 1
        s.phase = FEEDING
        end_turn(s)
        return
    _feed_predator(s, si, i, 2)
    if tsp[MASK] & POIS and ign != POISONOUS:
        s.rows[s.actor][si][ANIMALS][i + 4] |= POISONED
    remove_animal(s, p, ti, action[1] * STRIDE)
    scavenge(s, s.actor)


def scavenger_candidates(s: "RMState", seat: int) -> list:
    """The Scavenger animals of ``seat`` that may take the blue token (one action each,
    animals with the same tokens once).

    [seed004] «Якщо гравець, чий хижак атакував, має вид тварин з відповідною
    властивістю, фішку отримує він. Якщо ні, право на отримання фішки передається
    наступному гравцю за годинниковою стрілкою і таке інше. Гравець сам вирішує, яке з
    його тварин із властивістю ПАДАЛЬНИК отримає фішку їжі.»  The condition is having a
    Scavenger *species*; the text names no other.  Whether a fed animal may take a blue
    token at all would be a general feeding rule, and the seed's passage on feeding limits
    is lost (a "–  –  –" gap).  No general rule of this game that survives forbids it: the
    one limit the seed implies is on red tokens from the centre ("cannot be obtained",
    option ``red_only_on_unfed``), and its blue tokens go past the need (a Carnivore gets
    two whatever it has eaten).  So the default (``scavenger_needs_unfed=False``) follows
    the seed's text: any Scavenger animal of his, fed or not; the extra food does nothing.
    ``scavenger_needs_unfed=True`` (the former default) imports the base game's "a fed
    animal takes no more food": only unfed animals, and a player without one is skipped."""
    need_unfed = s.rules.scavenger_needs_unfed
    out = []
    for si, sp in enumerate(s.rows[seat]):
        if sp[MASK] & SCAV:
            an = sp[ANIMALS]
            for i in distinct_animals(an):
                if not need_unfed or not fed(sp, i):
                    out.append((SCAVENGE, si, i // STRIDE))
    return out


def scavenge(s: "RMState", attacker: int) -> None:
    """§3.1 Scavenger: one blue token to one Scavenger animal, offered to the attacking
    player first, then clockwise (the first with a candidate, ``scavenger_candidates``,
    takes it); the receiving player picks the animal, a decision of his (phase
    SCAVENGE) when he has more than one distinct candidate."""
    n = s.num_players
    for k in range(n):
        q = (attacker + k) % n
        cands = scavenger_candidates(s, q)
        if not cands:
            continue
        if len(cands) == 1:
            _, si, a = cands[0]
            s.rows[q][si][ANIMALS][a * STRIDE + 1] += 1
            break
        s.phase = SCAVENGE_PHASE
        s.ctx = None
        s.current_player = q
        return
    s.phase = FEEDING
    end_turn(s)


def apply_scavenge(s: "RMState", action) -> None:
    s.rows[s.current_player][action[1]][ANIMALS][action[2] * STRIDE + 1] += 1
    s.phase = FEEDING
    end_turn(s)


def legal_graze(s: "RMState") -> list:
    top = min(s.centre[0], grazers(s, s.actor))
    return [(GRAZE, k) for k in range(top + 1)]


def apply_graze(s: "RMState", action) -> None:
    s.centre[0] -= action[1]
    if s.ctx == 0:  # before the main action: now the main action
        s.ctx = None
        s.phase = FEEDING
        s.cached = legal_main(s, s.actor)
        return
    s.ctx = None
    s.phase = FEEDING
    next_turn(s)
