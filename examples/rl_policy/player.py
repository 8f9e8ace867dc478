"""The policy trained by ``tools/train_policy.py`` as a submitted player (docs/rl.md).

    players:
      - {name: policy, class: examples/rl_policy/player.py:Policy, params: {weights: origin-2p.npz}}

A submitted player is jailed and reads only its own code folder (this one), so its
policy file lies here, beside this file: ``weights`` is looked up next to this file
(``players.policy.PolicyPlayer.find``).  ``mode: sample`` draws from the policy instead of
playing its most probable action.
"""
from players.policy import PolicyPlayer


class Policy(PolicyPlayer):
    """``players.policy.PolicyPlayer``, finding its weights beside this file."""

    name = "policy"

    def __init__(self, weights: str = "origin-2p.npz", mode: str = "argmax", temperature: float = 1.0,
                 seed: int = 0):
        super().__init__(weights, mode, temperature, seed)
