"""The rule options of Citadels of Evolution: where the seed leaves a gap or
contradicts itself (``docs/rules/citadels_of_evolution.md``, section codes A1, A10),
each with its documented default."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from engine.contract import RuleOption

RULE_OPTIONS = (
    RuleOption(
        "two_roles_in_2p", False,
        "A1: with 2 players each takes two roles (draft crown, other, crown, other) "
        "instead of one; a player goes at his lower role number and the Mage blocks "
        "both roles of the player he names. Default off: one role each, the rest inactive."),
    RuleOption(
        "merchant_point_per_survivor", False,
        "A10: the seed's scoring list gives the Merchant 1 point per surviving creature; "
        "its role text gives 1 point if at least one survives. Default off: the role text."),
    RuleOption(
        "rounds", 6,
        "Number of rounds (seed: 6). Fewer rounds make short games for tests and search."),
)


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved rule options of one game, one field per ``RULE_OPTIONS`` entry."""
    two_roles_in_2p: bool = False
    merchant_point_per_survivor: bool = False
    rounds: int = 6

    @property
    def values(self) -> dict:
        """The options as the dict ``GameSpec.resolve_options`` gives."""
        return asdict(self)
