"""What lies on the table besides the animals (``animal.py``) and the cards
(``cards.py``): the phases of a turn, the paired-trait links and the attack in
progress, as positions in flat lists.  Shared by the State and the rule modules."""
from __future__ import annotations

# phases of a turn (§3); the food bank roll and extinction/drawing happen inside apply()
DEVELOPMENT, FEEDING, DEFENCE, SCAVENGE, OVER = range(5)
PHASE_NAMES = ("development", "feeding", "defence", "scavenger", "over")

# a paired-trait link: (trait, first, second, kind, used_this_round); for Symbiosis
# first = symbiont, second = host (§4 Symbiosis)
LINK_TRAIT, LINK_FIRST, LINK_SECOND, LINK_KIND, LINK_USED = range(5)

# the attack in progress: [attacker seat, carnivore pos, target seat, target pos,
# ran (Running already tried by this target), targeted (positions already attacked)]
ATK_SEAT, ATK_POS, ATK_TSEAT, ATK_TPOS, ATK_RAN, ATK_TARGETED = range(6)
