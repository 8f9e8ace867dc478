"""Carnivorous attacks (§4 Carnivorous) with the static protections (Big, Swimming,
Camouflage/Sharp Vision, Burrowing, Symbiosis), the defender's active defences
(Running, Mimicry, Tail Loss, in the order he likes), Poisonous and Scavenger.

While the defender decides, ``phase`` is DEFENCE and the defender is
``current_player``; while the owner of several Scavengers picks one, it is SCAVENGE.
"""
from __future__ import annotations

from engine.origin import feeding, turn
from engine.origin.actions import ACCEPT, RUN, Attack, DropTail, Mimic, Scavenge, by_target
from engine.origin.animal import (ATTACKED, FIRST_TRAIT, FLAGS, FOOD, HIBERNATING, MIMICRY_USED, NEED,
                                  POISONED, TRAITS_MASK, remove_trait)
from engine.origin.cards import (BIG, BURROWING, CAMOUFLAGE, MIMICRY, POISONOUS, RUNNING, SCAVENGER,
                                 SHARP_VISION, SWIMMING, SYMBIOSIS, TAIL_LOSS)
from engine.origin.board import (ATK_POS, ATK_RAN, ATK_SEAT, ATK_TARGETED, ATK_TPOS, ATK_TSEAT, DEFENCE,
                                 FEEDING, LINK_FIRST, LINK_KIND, LINK_SECOND, LINK_TRAIT, SCAVENGE)

_BIG, _SWIMMING, _CAMOUFLAGE, _SHARP_VISION, _BURROWING = (1 << BIG, 1 << SWIMMING, 1 << CAMOUFLAGE,
                                                           1 << SHARP_VISION, 1 << BURROWING)
_RUNNING, _MIMICRY, _TAIL_LOSS, _POISONOUS, _SCAVENGER = (1 << RUNNING, 1 << MIMICRY, 1 << TAIL_LOSS,
                                                          1 << POISONOUS, 1 << SCAVENGER)


def can_be_attacked(s, carnivore: list, seat: int, pos: int) -> bool:
    """The target's static protections against this carnivore (§4)."""
    target = s.animals[seat][pos]
    mask = target[TRAITS_MASK]
    own = carnivore[TRAITS_MASK]
    if mask & _BIG and not own & _BIG:
        return False
    if (mask & _SWIMMING) != (own & _SWIMMING):  # Swimming only by and only on swimmers
        return False
    if mask & _CAMOUFLAGE and not own & _SHARP_VISION:
        return False
    if mask & _BURROWING and (target[FOOD] >= target[NEED] or target[FLAGS] & HIBERNATING):
        return False
    for link in s.links[seat]:  # a symbiont is safe while its host lives
        if link[LINK_FIRST] == pos and link[LINK_TRAIT] == SYMBIOSIS:
            return False
    return True


def attack_targets(s, seat: int, pos: int) -> list:
    """Every animal on the table (own included, never itself) this carnivore may attack."""
    carnivore = s.animals[seat][pos]
    return [(other, p) for other, row in enumerate(s.animals) for p in range(len(row))
            if (other != seat or p != pos) and can_be_attacked(s, carnivore, other, p)]


# _ATTACKS[pos][seat]: Attack(pos, seat, target) by target position (``by_target``)
_ATTACKS = []
for _pos in range(12):
    for _seat in range(8):
        by_target(_ATTACKS, Attack, _pos, _seat, 12)


def add_attack_actions(s, seat: int, pos: int, actions: list) -> None:
    """Append an Attack for every legal target of this carnivore (the playout hot path:
    ``can_be_attacked`` inlined).  Big, Camouflage and Swimming fold into one test,
    ``(mask ^ flip) & danger``: ``danger`` holds Big unless the carnivore is Big,
    Camouflage unless it has Sharp Vision, and Swimming, which ``flip`` inverts for a
    swimming carnivore (Swimming only by and only on swimmers)."""
    own = s.animals[seat][pos][TRAITS_MASK]
    danger = (0 if own & _BIG else _BIG) | (0 if own & _SHARP_VISION else _CAMOUFLAGE) | _SWIMMING
    flip = own & _SWIMMING
    if pos >= len(_ATTACKS):
        by_target(_ATTACKS, Attack, pos, seat, 0)  # (the table grows to hold ``pos``)
    table = _ATTACKS[pos]
    links = s.links
    other = -1
    for row in s.animals:
        other += 1
        if not row:
            continue
        plays = table[other]
        if len(plays) < len(row):
            plays = by_target(_ATTACKS, Attack, pos, other, len(row))
        symbionts = links[other] and [link[LINK_FIRST] for link in links[other] if link[LINK_TRAIT] == SYMBIOSIS]
        itself = pos if other == seat else -1
        p = -1
        for target in row:
            p += 1
            mask = target[TRAITS_MASK]
            if (mask ^ flip) & danger or p == itself:
                continue
            if mask & _BURROWING and (target[FOOD] >= target[NEED] or target[FLAGS] & HIBERNATING):
                continue
            if symbionts and p in symbionts:
                continue
            actions.append(plays[p])


def start_attack(s, action) -> None:
    """B: the attack uses the carnivore for this turn and the player's feeding action."""
    seat = s.actor
    s.animals[seat][action.pos][FLAGS] |= ATTACKED
    s.acted = True
    s.attack = [seat, action.pos, action.seat, action.target, False, (action.target,)]
    offer_defence(s)


def defence_actions(s) -> list:
    """The defender's choices against the attack in progress (§4 Running, Mimicry, Tail Loss)."""
    atk = s.attack
    seat, pos = atk[ATK_TSEAT], atk[ATK_TPOS]
    target = s.animals[seat][pos]
    mask = target[TRAITS_MASK]
    actions = []
    if mask & _RUNNING and not atk[ATK_RAN]:
        actions.append(RUN)
    mimic = False
    if mask & _MIMICRY and not target[FLAGS] & MIMICRY_USED:
        # option mimicry_excludes_attacked: False (default, the reference and evoweb): any
        # other own animal but the attacker; True: none already attacked in this attack
        carnivore = s.animals[atk[ATK_SEAT]][atk[ATK_POS]]
        excluded = atk[ATK_TARGETED] if s.opts.mimicry_excludes_attacked else (pos,)
        for p in range(len(s.animals[seat])):
            if (p not in excluded and (seat != atk[ATK_SEAT] or p != atk[ATK_POS])
                    and can_be_attacked(s, carnivore, seat, p)):
                actions.append(Mimic(p))
                mimic = True
    if mask & _TAIL_LOSS:
        seen = set()
        for e in target[FIRST_TRAIT:]:
            if e >> 5 not in seen:
                seen.add(e >> 5)
                actions.append(DropTail(e >> 5))
        for link in s.links[seat]:  # a paired card is a trait of both its animals
            if pos in (link[LINK_FIRST], link[LINK_SECOND]):
                partner = link[LINK_SECOND] if link[LINK_FIRST] == pos else link[LINK_FIRST]
                actions.append(DropTail(link[LINK_TRAIT], partner))
    # option mimicry_compulsory: a usable Mimicry must redirect (evoweb) instead of taking the hit
    if not (mimic and s.opts.mimicry_compulsory):
        actions.append(ACCEPT)
    return actions


_ACTIVE_DEFENCES = _RUNNING | _MIMICRY | _TAIL_LOSS


def offer_defence(s) -> None:
    """The defender decides when he has a defence to use; otherwise the attack succeeds."""
    atk = s.attack
    if not s.animals[atk[ATK_TSEAT]][atk[ATK_TPOS]][TRAITS_MASK] & _ACTIVE_DEFENCES:
        kill(s)  # (no defence trait: defence_actions would offer ACCEPT alone)
        return
    actions = defence_actions(s)
    if actions[0] is not ACCEPT:  # (ACCEPT comes last: anything before it is a defence)
        s.phase = DEFENCE
        s.cached = actions
        s.current_player = s.attack[ATK_TSEAT]
    else:
        kill(s)


def run(s, action) -> None:
    """Running: a die roll of ``running_escape_roll`` (default 4) or more escapes (§4)."""
    if s.rng.die() >= s.opts.running_escape_roll:
        end_attack(s)
    else:
        s.attack[ATK_RAN] = True
        offer_defence(s)


def mimic(s, action) -> None:
    """Mimicry: the attack turns to another own animal this carnivore could attack (§4).
    The new target may defend itself in turn.  Option ``mimicry_excludes_attacked``:
    False (default, the reference): the attack may come back to an animal it has left
    (whose Mimicry is spent), which then runs only if it has not tried Running in this
    attack; True: no animal is attacked twice."""
    atk = s.attack
    s.animals[atk[ATK_TSEAT]][atk[ATK_TPOS]][FLAGS] |= MIMICRY_USED
    targeted = atk[ATK_TARGETED]
    if atk[ATK_RAN] and not s.opts.mimicry_excludes_attacked:
        targeted += (-1 - atk[ATK_TPOS],)  # (it ran, and failed)
    atk[ATK_TPOS] = action.pos
    atk[ATK_RAN] = -1 - action.pos in targeted
    atk[ATK_TARGETED] = targeted + (action.pos,)
    offer_defence(s)


def drop_tail(s, action) -> None:
    """Tail Loss: one trait card of the target goes to its owner's discard; the
    carnivore gets 1 food instead of 2 and the target lives (§4)."""
    atk = s.attack
    seat, pos = atk[ATK_TSEAT], atk[ATK_TPOS]
    if action.partner < 0:
        kind = remove_trait(s.animals[seat][pos], action.trait)
    else:
        kind = remove_link(s.links[seat], action.trait, pos, action.partner)
    s.discards[seat][kind] += 1
    if (feeding.can_accept(s, atk[ATK_SEAT], atk[ATK_POS])
            and feeding.give_food(s, atk[ATK_SEAT], atk[ATK_POS], False, feeding.AFTER_ATTACK)):
        return  # the owner orders his paired cards first
    end_attack(s)


def remove_link(links: list, trait: int, pos: int, partner: int) -> int:
    """Take the paired card ``trait`` between ``pos`` and ``partner`` off the table; its kind."""
    for i, link in enumerate(links):
        if link[LINK_TRAIT] == trait and {link[LINK_FIRST], link[LINK_SECOND]} == {pos, partner}:
            del links[i]
            return link[LINK_KIND]
    raise ValueError(f"no {trait} link between a{pos} and a{partner}")


def accept(s, action) -> None:
    kill(s)


def kill(s) -> None:
    """The target dies; the carnivore gets 2 blue tokens (excess into fat, else lost);
    eating a Poisonous animal poisons it; then one Scavenger eats (§4)."""
    seat, pos, tseat, tpos = s.attack[:4]
    target = s.animals[tseat][tpos]
    turn.remove_animal(s, tseat, tpos)
    if tseat == seat and tpos < pos:
        pos -= 1
        s.attack[ATK_POS] = pos
    if target[TRAITS_MASK] & _POISONOUS:
        s.animals[seat][pos][FLAGS] |= POISONED
    carnivore_eats(s, 2)


def carnivore_eats(s, tokens: int) -> None:
    """The carnivore of the attack takes ``tokens`` blue tokens one by one, as many as it
    can; then a Scavenger eats, and the attack is over."""
    seat, pos = s.attack[ATK_SEAT], s.attack[ATK_POS]
    while tokens:
        tokens -= 1
        if feeding.can_accept(s, seat, pos) and feeding.give_food(s, seat, pos, False, feeding.AFTER_KILL, tokens):
            return  # the owner orders his paired cards first
    if not feed_scavenger(s, seat):
        end_attack(s)


def feed_scavenger(s, attacker: int) -> bool:
    """Exactly one Scavenger gets a blue token: the attacker's first, then clockwise;
    an owner with several hungry Scavengers chooses (§4 Scavenger).  True when a
    choice is pending (that one, or the order of paired cards the token sets off)."""
    for seat in turn.CLOCKWISE[s.num_players][attacker - 1]:  # the attacker first
        hungry = None
        p = -1
        for a in s.animals[seat]:
            p += 1
            if a[TRAITS_MASK] & _SCAVENGER and feeding.can_accept(s, seat, p):
                if hungry is None:
                    hungry = [p]
                else:
                    hungry.append(p)
        if hungry is None:
            continue
        if len(hungry) == 1:
            return feeding.give_food(s, seat, hungry[0], False, feeding.AFTER_ATTACK)
        if hungry:
            s.phase = SCAVENGE
            s.current_player = seat
            s.cached = [Scavenge(p) for p in hungry]
            return True
    return False


def scavenger_actions(s) -> list:
    seat = s.current_player
    return [Scavenge(p) for p, a in enumerate(s.animals[seat])
            if a[TRAITS_MASK] & _SCAVENGER and feeding.can_accept(s, seat, p)]


def scavenge(s, action) -> None:
    if not feeding.give_food(s, s.current_player, action.pos, False, feeding.AFTER_ATTACK):
        end_attack(s)


def end_attack(s) -> None:
    """The attack is over; it was the attacker's feeding action for this round."""
    s.attack = None
    s.phase = FEEDING
    s.current_player = s.actor
    feeding.end_feeding_action(s)
