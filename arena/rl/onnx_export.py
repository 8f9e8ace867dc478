"""Networks written as ONNX files that ``players.onnx_policy.OnnxPolicyPlayer`` plays (issue 46;
docs/rl.md, "A network as a player (ONNX)").  Needs the ``onnx`` package (the ``rl`` extra),
not PyTorch: the graph is built with ``onnx.helper``.

>>> import numpy as np, tempfile, os
>>> from engine import factored, tensor
>>> f = factored.for_game("citadels", 2)
>>> size = tensor.layout("citadels", 2).size + f.feature_size
>>> path = os.path.join(tempfile.mkdtemp(), "p.onnx")
>>> save_mlp(path, "citadels", 2, "factored", [(np.zeros((size, 8)), np.zeros(8)), (np.zeros((8, f.width)), np.zeros(f.width))])
>>> from players.onnx_policy import OnnxPolicyPlayer
>>> OnnxPolicyPlayer(path).actions
'factored'
"""
from __future__ import annotations

import numpy as np

try:
    import onnx
    from onnx import TensorProto, helper, numpy_helper
except ImportError as exc:  # pragma: no cover - the message is the point
    raise ImportError(f"onnx is not installed ({exc}): pip install 'arena[rl]'") from exc

ACTIVATIONS = {"tanh": "Tanh", "relu": "Relu"}
OPSET = 17


def save_mlp(path, game: str, num_players: int, actions: str, layers, mean=None, scale=None,
             activation: str = "tanh") -> None:
    """Write a multilayer perceptron as an ONNX file: ``input`` ``[batch, n]`` ->
    ``((input - mean) * scale)``, then per layer ``x @ W + b``, ``activation`` between layers
    (not after the last) -> ``logits``.  ``layers`` is a list of ``(W, b)``; ``actions`` is
    ``flat`` or ``factored`` (``players/onnx_policy.py``)."""
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {list(ACTIVATIONS)}, not {activation!r}")
    layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
    if not layers:
        raise ValueError("layers: give at least one (W, b)")
    inputs, outputs = layers[0][0].shape[0], layers[-1][0].shape[1]
    initializers, nodes = [], []
    x = "input"
    if mean is not None:
        initializers.append(numpy_helper.from_array(np.asarray(mean, np.float32), "mean"))
        nodes.append(helper.make_node("Sub", [x, "mean"], ["centred"]))
        x = "centred"
    if scale is not None:
        initializers.append(numpy_helper.from_array(np.asarray(scale, np.float32), "scale"))
        nodes.append(helper.make_node("Mul", [x, "scale"], ["scaled"]))
        x = "scaled"
    for k, (w, b) in enumerate(layers):
        if w.ndim != 2 or b.shape != (w.shape[1],) or (k and w.shape[0] != layers[k - 1][0].shape[1]):
            raise ValueError(f"layer {k}: W {w.shape} and b {b.shape} do not fit")
        initializers += [numpy_helper.from_array(w, f"W{k}"), numpy_helper.from_array(b, f"b{k}")]
        last = k == len(layers) - 1
        out = "logits" if last else f"h{k}"
        nodes.append(helper.make_node("Gemm", [x, f"W{k}", f"b{k}"], [out if last else f"z{k}"]))
        if not last:
            nodes.append(helper.make_node(ACTIVATIONS[activation], [f"z{k}"], [out]))
        x = out
    graph = helper.make_graph(
        nodes, f"arena_{game}_{num_players}p_{actions}",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT, ["batch", inputs])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", outputs])],
        initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="arena")
    model.ir_version = 8  # readable by onnxruntime releases of the last years, not only the newest
    helper.set_model_props(model, {"arena.game": game, "arena.num_players": str(int(num_players)),
                                   "arena.actions": actions})
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def npz_to_onnx(npz_path, onnx_path) -> None:
    """A ``players/policy.py`` policy file (flat actions, one ``tanh`` hidden layer or none) as
    an ONNX file that plays the same moves."""
    from players.policy import load_policy

    policy = load_policy(npz_path)
    layers = [(policy["W2"], policy["b2"])]
    if policy["W1"] is not None:
        layers.insert(0, (policy["W1"], policy["b1"]))
    save_mlp(onnx_path, policy["game"], policy["num_players"], "flat", layers, mean=policy["mean"],
             scale=policy["scale"])
