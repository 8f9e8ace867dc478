"""The phases of a turn (static data): the numbers ``State.phase`` holds and their names.

A seat acts in DEVELOPMENT (§2.5), FEEDING (§2.8, a main action), VICTIM (the attacked
owner's choice), SCAVENGE, GRAZE, PARASITE (§5, the animal the parasites kill) and DROP
(Simplification's discard); OVER once the game is scored.  The climate roll,
extinction and drawing happen inside ``apply``, with nobody to act.
"""
from __future__ import annotations

DEVELOPMENT, FEEDING, VICTIM, SCAVENGE, GRAZE, PARASITE, DROP, OVER = range(8)
PHASE_NAMES = ("development", "feeding", "victim choice", "scavenger", "grazing", "parasites",
               "simplification", "over")
