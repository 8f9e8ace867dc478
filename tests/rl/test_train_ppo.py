"""The parts of tools/train_ppo.py that need no PyTorch (the train extra is not installed by CI):
loading it imports no PyTorch, the input normaliser, the evaluation of an ONNX player with its
Wilson interval (issue 46; docs/rl.md, "A trained baseline")."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime")

REPO = Path(__file__).resolve().parents[2]
TOOL = REPO / "tools" / "train_ppo.py"


def tool():
    spec = importlib.util.spec_from_file_location("train_ppo", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_loading_the_tool_imports_no_pytorch():
    code = (f"import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('t', {str(TOOL)!r})\n"
            f"spec.loader.exec_module(importlib.util.module_from_spec(spec))\n"
            f"assert not any(m == 'torch' or m.startswith(('torch.', 'stable_baselines3', 'sb3_contrib'))"
            f" for m in sys.modules), 'imported'\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert out.returncode == 0, out.stderr


def test_the_wilson_interval():
    wilson = tool().wilson
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)


def test_the_normaliser_is_measured_on_random_games_and_applied_with_the_mask_passed_on():
    t = tool()
    mean, scale = t.measure_normaliser("citadels", 2, {"rounds": 1}, games=2)
    from engine import factored, tensor
    size = tensor.layout("citadels", 2).size + factored.for_game("citadels", 2).feature_size
    assert mean.shape == scale.shape == (size,) and np.all(scale <= 1.0) and np.all(scale > 0)
    env = t.Normalised(t.make_env("citadels", 2, "random", {"rounds": 1}), mean, scale)
    obs, _ = env.reset(seed=1)
    raw = env.unwrapped.position.observe(env.unwrapped.seat)["observation"]
    assert np.allclose(obs, (raw - mean) * scale)
    assert env.action_masks().dtype == bool and env.action_masks().any()


def test_the_evaluation_plays_the_onnx_player_on_every_seat_and_gives_an_interval(tmp_path):
    sys.path.insert(0, str(REPO / "tests" / "rl"))
    from test_onnx_policy import factored_net

    path = factored_net(tmp_path / "net.onnx", "citadels")
    row = tool().evaluate(path, "citadels", 2, "random", 4, {"rounds": 1})
    assert row["games"] == 4 and 0.0 <= row["low"] <= row["score"] <= row["high"] <= 1.0
    assert row["score"] * 4 == pytest.approx(round(row["score"] * 4 * 2) / 2)  # wins and half-wins
