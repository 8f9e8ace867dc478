"""What lies on the table besides the animals (``animal.py``) and the cards
(``cards.py``): the phases of a turn, the paired-trait links and the attack in
progress, as positions in flat lists.  Shared by the State and the rule modules."""
from __future__ import annotations

# phases of a turn (§3); the food bank roll and extinction/drawing happen inside apply().
# CHAIN: the owner picks which of several paired cards set off at once fires next (option
# ``paired_trait_order``); FREE_ACTIONS: after his feeding action the player may still use
# Grazing, Piracy, Hibernation or pass (option ``free_actions_after_feeding``).
DEVELOPMENT, FEEDING, DEFENCE, SCAVENGE, OVER, CHAIN, FREE_ACTIONS = range(7)
PHASE_NAMES = ("development", "feeding", "defence", "scavenger", "over", "paired-trait order", "free actions")

# a paired-trait link: (trait, first, second, kind, used_this_round); for Symbiosis
# first = symbiont, second = host (§4 Symbiosis)
LINK_TRAIT, LINK_FIRST, LINK_SECOND, LINK_KIND, LINK_USED = range(5)

# the attack in progress: [attacker seat, carnivore pos, target seat, target pos,
# ran (Running already tried by this target), targeted (positions already attacked)]
# (with option ``mimicry_excludes_attacked`` false, ``targeted`` also holds ``-1 - pos`` for
# an animal that tried Running before its Mimicry sent the attack on: it runs once per attack)
ATK_SEAT, ATK_POS, ATK_TSEAT, ATK_TPOS, ATK_RAN, ATK_TARGETED = range(6)

# ``chain``: a paired-trait chain waiting for its owner's choice (phase CHAIN), else None:
# (then, arg, seat, stack).  ``stack`` holds (pos, red) for each animal of ``seat`` whose
# token's cards are still to fire, the latest last; ``then`` and ``arg`` say how the game
# goes on once the chain is over (``feeding.resume_after_chain``).
