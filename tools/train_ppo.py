"""Train a network for one game with sb3-contrib's MaskablePPO over the factored actions, and
export it as an ONNX file that ``players/onnx_policy.py`` plays (issue 46; docs/rl.md,
"A trained baseline").  Needs the ``train`` extra (PyTorch, stable-baselines3, sb3-contrib):

    pip install -e '.[rl,train]'
    python tools/train_ppo.py --game origin --players 2 --steps 200000 --run runs/origin-2p

* the environment: ``gymnasium.make("arena/<game>", actions="factored", seat="random")``
  (every step one step of an action, ``engine/factored.py``), one per ``--opponents`` spec
  (``random rules``: half the envs against ``random``, half against ``rules``), the learner's
  seat drawn at every episode;
* the input is the observation's vector and the steps chosen so far, centred and scaled by a
  mean and scale measured once on random games (``normaliser.npz`` in the run folder), so the
  exported network needs nothing else;
* MaskablePPO (``MlpPolicy``, ``tanh``, ``--hidden`` units per layer, two layers) with the
  env's ``action_masks()``; the reward is the learner's ``2 r - 1`` at the game's end;
* progress: SB3's own log every rollout, and every ``--eval-every`` steps an evaluation of
  the exported ONNX player against ``random`` and ``rules`` (``--eval-games`` each, seats
  alternating): its score (wins, ties half) with a 95% Wilson interval;
* checkpoints: ``<run>/checkpoints/ppo_<steps>_steps.zip`` every ``--save-every`` steps, and
  ``<run>/last.zip`` at the end; the same command again **resumes** from the newest checkpoint
  in ``<run>`` up to ``--steps`` in all;
* the result: ``<run>/policy.onnx`` (the greedy actor as an ONNX perceptron,
  ``arena.rl.onnx_export.save_mlp``), ``<run>/best.onnx`` (the one of the evaluations so far
  with the best score against ``random`` plus against ``rules``: PPO's greedy policy does not
  improve steadily) and ``<run>/evaluations.jsonl``.

``--evaluate-only`` evaluates ``<run>/best.onnx`` (or ``--model``) on other seeds
(``--eval-seed``, default 200,000: the training's evaluations use 100,000 on, and choosing the
best of them on those seeds flatters it) and trains nothing.
Seeds are fixed (``--seed``); PyTorch threads are 1 (``torch.set_num_threads``).
"""
from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gymnasium  # noqa: E402

import arena.rl.gym_env  # noqa: E402,F401  (registers arena/<game>)
from arena.game.match import play_game  # noqa: E402
from arena.rl.onnx_export import save_mlp  # noqa: E402
from engine import factored, tensor  # noqa: E402
from engine.registry import get_game  # noqa: E402
from players.loading import make_player  # noqa: E402
from players.onnx_policy import OnnxPolicyPlayer  # noqa: E402


class Normalised(gymnasium.ObservationWrapper):
    """The env's ``observation`` array alone, ``(x - mean) * scale``; ``action_masks()`` passed on."""

    def __init__(self, env, mean, scale):
        super().__init__(env)
        self.mean, self.scale = mean, scale
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, mean.shape, np.float32)

    def observation(self, observation):
        return ((observation["observation"] - self.mean) * self.scale).astype(np.float32)

    def action_masks(self):
        return self.env.unwrapped.action_masks()


def make_env(game, players, opponent, options):
    return gymnasium.make(f"arena/{game}", opponents=[opponent] * (players - 1), seat="random",
                          actions="factored", options=options)


def measure_normaliser(game, players, options, games=20, seed=0):
    """Mean and scale of the input over random games (every seat's observations, every step)."""
    env = make_env(game, players, "random", options).unwrapped
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done = False
        while not done:
            rows.append(obs["observation"])
            obs, _, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = done or truncated
    x = np.asarray(rows, np.float32)
    return x.mean(axis=0), (1.0 / np.maximum(x.std(axis=0), 1.0)).astype(np.float32)


def export(model, path, game, players, mean, scale):
    """The MaskablePPO actor (its policy MLP and action head) as an ONNX perceptron."""
    layers = [(m.weight.detach().numpy().T, m.bias.detach().numpy())
              for m in model.policy.mlp_extractor.policy_net if hasattr(m, "weight")]
    head = model.policy.action_net
    layers.append((head.weight.detach().numpy().T, head.bias.detach().numpy()))
    save_mlp(path, game, players, "factored", layers, mean=mean, scale=scale, activation="tanh")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model_path, game, players, opponent, games, options, seed=100_000):
    """The ONNX player against ``opponent`` on every other seat, seats rotated: its score
    (a win 1, a tie of k seats 1/k, else 0) and the 95% interval."""
    score = 0.0
    for g in range(games):
        seat = g % players
        table = [make_player(opponent, None, game) for _ in range(players)]
        table[seat] = OnnxPolicyPlayer(str(model_path))
        result = play_game(game, table, seed + g, options=options)
        if result.faults:
            raise RuntimeError(f"game {seed + g}: faults {result.faults}")
        ranks = list(result.ranks)
        if ranks[seat] == 1:
            score += 1.0 / ranks.count(1)
    low, high = wilson(score, games)
    return {"opponent": opponent, "games": games, "score": score / games, "low": low, "high": high}


def newest_checkpoint(run: Path):
    found = []
    for path in (run / "checkpoints").glob("ppo_*_steps.zip"):
        m = re.match(r"ppo_(\d+)_steps\.zip", path.name)
        if m:
            found.append((int(m.group(1)), path))
    return max(found)[1] if found else None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", nargs="+", default=["random"], help="player specs, one per group of envs")
    parser.add_argument("--envs", type=int, default=4, help="environments stepped together")
    parser.add_argument("--steps", type=int, default=200_000, help="env steps in all (resuming counts the done ones)")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--n-steps", type=int, default=512, help="steps per env per rollout")
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--save-every", type=int, default=25_000)
    parser.add_argument("--run", required=True, help="the run folder: checkpoints, normaliser, policy.onnx")
    parser.add_argument("--option", action="append", default=[], help="rule option name=value")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--evaluate-only", action="store_true")
    parser.add_argument("--model", help="with --evaluate-only: the ONNX file (default <run>/best.onnx)")
    parser.add_argument("--eval-seed", type=int, default=200_000, help="with --evaluate-only: the first game seed")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    game, n = args.game, args.players
    options = get_game(game).resolve_options(dict(o.split("=", 1) for o in args.option))
    options = {o.split("=", 1)[0]: options[o.split("=", 1)[0]] for o in args.option}
    run = Path(args.run)
    run.mkdir(parents=True, exist_ok=True)
    log = run / "evaluations.jsonl"
    started = time.time()

    def best_so_far():
        scores = {}
        if log.exists():
            for line in log.read_text().splitlines():
                row = json.loads(line)
                scores.setdefault(row["steps"], 0.0)
                scores[row["steps"]] += row["score"]
        return max(scores.values(), default=-1.0)

    def report(steps):
        path = run / "policy.onnx"
        best = best_so_far()
        rows = [evaluate(path, game, n, opp, args.eval_games, options) for opp in ("random", "rules")]
        for row in rows:
            row.update(steps=steps, wall_s=round(time.time() - started, 1))
            print(f"eval at {steps} steps: vs {row['opponent']}: {row['score']:.3f} "
                  f"[{row['low']:.3f}, {row['high']:.3f}] over {row['games']} games", flush=True)
            with open(log, "a") as f:
                f.write(json.dumps(row) + "\n")
        if sum(row["score"] for row in rows) > best:
            shutil.copyfile(path, run / "best.onnx")
            print(f"best so far: {steps} steps, kept as {run / 'best.onnx'}", flush=True)
        return rows

    if args.evaluate_only:
        path = Path(args.model) if args.model else run / "best.onnx"
        for opp in ("random", "rules"):
            row = evaluate(path, game, n, opp, args.eval_games, options, seed=args.eval_seed)
            row.update(model=str(path), eval_seed=args.eval_seed)
            print(json.dumps(row), flush=True)
        return

    norm_path = run / "normaliser.npz"
    if norm_path.exists():
        with np.load(norm_path) as data:
            mean, scale = data["mean"], data["scale"]
    else:
        mean, scale = measure_normaliser(game, n, options, seed=args.seed)
        np.savez(norm_path, mean=mean, scale=scale)
    size = tensor.layout(game, n).size + factored.for_game(game, n).feature_size
    assert mean.shape == (size,)

    def env_fn(k):
        opponent = args.opponents[k % len(args.opponents)]
        return lambda: Normalised(make_env(game, n, opponent, options), mean, scale)

    venv = DummyVecEnv([env_fn(k) for k in range(args.envs)])
    venv.seed(args.seed)
    checkpoint = newest_checkpoint(run)
    if checkpoint is not None:
        model = MaskablePPO.load(checkpoint, env=venv, device="cpu")
        print(f"resuming from {checkpoint} at {model.num_timesteps} steps", flush=True)
    else:
        model = MaskablePPO("MlpPolicy", venv, learning_rate=args.lr, n_steps=args.n_steps, batch_size=256,
                            n_epochs=4, gamma=1.0, gae_lambda=0.95, ent_coef=args.ent_coef, seed=args.seed,
                            policy_kwargs={"net_arch": [args.hidden, args.hidden],
                                           "activation_fn": torch.nn.Tanh},
                            verbose=1, device="cpu")

    class Evaluations(BaseCallback):
        def __init__(self):
            super().__init__()
            self.next = (model.num_timesteps // args.eval_every + 1) * args.eval_every

        def _on_step(self):
            if self.num_timesteps >= self.next:
                self.next += args.eval_every
                export(self.model, run / "policy.onnx", game, n, mean, scale)
                report(self.num_timesteps)
            return True

    left = args.steps - model.num_timesteps
    if left > 0:
        model.learn(total_timesteps=left, reset_num_timesteps=False, progress_bar=False,
                    callback=[CheckpointCallback(max(args.save_every // args.envs, 1), str(run / "checkpoints"),
                                                 name_prefix="ppo"), Evaluations()])
    model.save(run / "checkpoints" / f"ppo_{model.num_timesteps}_steps.zip")
    export(model, run / "policy.onnx", game, n, mean, scale)
    print(f"trained {model.num_timesteps} steps in {time.time() - started:.0f} s this run", flush=True)
    if model.num_timesteps % args.eval_every >= model.n_steps * args.envs:  # not just evaluated
        report(model.num_timesteps)


if __name__ == "__main__":
    main()
