"""A network in an ONNX file as a submitted player (docs/rl.md, "A network as a player (ONNX)").

    players:
      - {name: net, class: examples/onnx_policy/player.py:Policy, params: {model: origin-2p.onnx}}

A submitted player is jailed and reads only its own code folder (this one), so its ONNX
file lies here, beside this file: ``model`` is looked up next to this file.  onnxruntime
runs inside the jail with one thread.
"""
from players.onnx_policy import OnnxPolicyPlayer


class Policy(OnnxPolicyPlayer):
    """``players.onnx_policy.OnnxPolicyPlayer``, finding its model beside this file."""

    name = "onnx-policy"

    def __init__(self, model: str = "origin-2p.onnx", mode: str = "argmax", temperature: float = 1.0,
                 seed: int = 0):
        super().__init__(model, mode, temperature, seed)
