"""Legal actions and their effects: dispatch by phase and by action type.
The rules themselves are in development.py, feeding.py and attack.py."""
from __future__ import annotations

from engine.origin import attack, development, feeding
from engine.origin.actions import (PASS, Accept, Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, Pass, Pirate,
                                   PlayAnimal, PlayPair, PlayTrait, Run, Scavenge, TakeFood, Trigger)
from engine.origin.board import CHAIN, DEFENCE, DEVELOPMENT, FEEDING, FREE_ACTIONS, OVER, SCAVENGE


def legal_actions(s) -> list:
    return LEGAL[s.phase](s)


# phase -> the legal actions of the seat to act
LEGAL = (development.development_actions,                # DEVELOPMENT
         lambda s: feeding.feeding_actions(s, s.current_player),  # FEEDING
         attack.defence_actions,                         # DEFENCE
         attack.scavenger_actions,                       # SCAVENGE
         lambda s: [],                                   # OVER
         feeding.chain_actions,                          # CHAIN
         lambda s: feeding.free_actions(s, s.current_player) + [PASS])  # FREE_ACTIONS
assert (DEVELOPMENT, FEEDING, DEFENCE, SCAVENGE, OVER, CHAIN, FREE_ACTIONS) == tuple(range(7))


# phase -> action type -> handler (indexed by phase, like LEGAL)
HANDLERS = (
    {PlayAnimal: development.play_animal, PlayTrait: development.play_trait,      # DEVELOPMENT
     PlayPair: development.play_pair, Pass: development.pass_development},
    {TakeFood: feeding.take_food, Attack: attack.start_attack, BurnFat: feeding.burn_fat,  # FEEDING
     Graze: feeding.graze, Pirate: feeding.pirate, Hibernate: feeding.hibernate, Pass: feeding.pass_feeding},
    {Run: attack.run, Mimic: attack.mimic, DropTail: attack.drop_tail, Accept: attack.accept},  # DEFENCE
    {Scavenge: attack.scavenge},                                                   # SCAVENGE
    {},                                                                            # OVER
    {Trigger: feeding.trigger},                                                    # CHAIN
    {Graze: feeding.graze, Pirate: feeding.pirate, Hibernate: feeding.hibernate,   # FREE_ACTIONS
     Pass: feeding.pass_feeding},
)
