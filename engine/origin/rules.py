"""Legal actions and their effects: dispatch by phase and by action type.
The rules themselves are in development.py, feeding.py and attack.py."""
from __future__ import annotations

from engine.contract import IllegalActionError
from engine.origin import attack, development, feeding
from engine.origin.actions import (Accept, Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, Pass, Pirate,
                                   PlayAnimal, PlayPair, PlayTrait, Run, Scavenge, TakeFood)
from engine.origin.state import DEFENCE, DEVELOPMENT, FEEDING, SCAVENGE


def legal_actions(s) -> list:
    phase = s.phase
    if phase == FEEDING:
        return feeding.feeding_actions(s, s.current_player)
    if phase == DEVELOPMENT:
        return development.development_actions(s)
    if phase == DEFENCE:
        return attack.defence_actions(s)
    if phase == SCAVENGE:
        return attack.scavenger_actions(s)
    return []


# phase -> action type -> handler
HANDLERS = {
    DEVELOPMENT: {PlayAnimal: development.play_animal, PlayTrait: development.play_trait,
                  PlayPair: development.play_pair, Pass: development.pass_development},
    FEEDING: {TakeFood: feeding.take_food, Attack: attack.start_attack, BurnFat: feeding.burn_fat,
              Graze: feeding.graze, Pirate: feeding.pirate, Hibernate: feeding.hibernate,
              Pass: feeding.pass_feeding},
    DEFENCE: {Run: attack.run, Mimic: attack.mimic, DropTail: attack.drop_tail, Accept: attack.accept},
    SCAVENGE: {Scavenge: attack.scavenge},
}


def apply_action(s, action) -> None:
    """Apply one of ``legal_actions()`` (only the phase/type pairing is checked here;
    use ``checked_apply`` for untrusted input)."""
    handler = HANDLERS.get(s.phase, {}).get(type(action))
    if handler is None:
        raise IllegalActionError(f"{action} is not legal now ({s!r})")
    handler(s, action)


def checked_apply(s, action) -> None:
    if action not in s.legal_actions():
        raise IllegalActionError(f"{action} is not legal now ({s!r})")
    s.apply(action)
