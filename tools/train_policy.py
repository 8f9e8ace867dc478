"""Train a small softmax policy for one game with plain numpy policy gradient (REINFORCE with
a baseline) against arena players through the Gymnasium environment, and write it as a
policy file that ``players/policy.py`` plays from (docs/rl.md, "Training a policy").

    python tools/train_policy.py --game origin --players 2 --episodes 1500 \\
        --out examples/rl_policy/origin-2p.npz

* the learner takes a random seat of every episode (``seat="random"``); the other seats are
  ``--opponents`` (player specs, default ``random``), run in this process;
* the policy: ``tanh`` hidden layer of ``--hidden`` units (0: linear) over the normalised
  observation vector, softmax over the legal actions (the mask);
* the update: every ``--batch`` episodes, Adam on ``(G - b) * grad log pi(a|s)`` for every
  move, ``G`` the episode's final reward (``2 r - 1`` from the places), ``b`` a running mean
  of the returns, plus ``--entropy`` times the policy's entropy;
* the mean and scale of the vector come from the first batch's observations;
* every ``--eval-every`` batches, and at the end, the greedy policy (``mode="argmax"``) plays
  ``--eval-games`` games against the opponents on fixed seeds, and the file is written.

Everything is seeded (``--seed``): the same command writes the same file on the same numpy.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gymnasium  # noqa: E402

import arena.rl.gym_env  # noqa: E402,F401  (registers arena/<game>)
from players.policy import forward, masked_softmax, save_policy  # noqa: E402


class Adam:
    def __init__(self, params: dict, lr: float):
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def ascend(self, params: dict, grads: dict) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9 ** self.t)
            vhat = self.v[k] / (1 - 0.999 ** self.t)
            params[k] += self.lr * mhat / (np.sqrt(vhat) + 1e-8)


def make_env(game, opponents, options=None):
    return gymnasium.make(f"arena/{game}", opponents=list(opponents), seat="random", options=options or {})


def play_episode(env, policy, rng, seed, greedy=False):
    """One episode: the learner's (vectors, masks, chosen indices) and its final reward."""
    obs, info = env.reset(seed=seed)
    xs, masks, chosen = [], [], []
    reward, done = 0.0, False
    while not done:
        x, mask = obs["observation"], obs["action_mask"]
        p = masked_softmax(forward(policy, x), mask)
        a = int(np.argmax(p)) if greedy else int(rng.choice(p.size, p=p))
        xs.append(x)
        masks.append(mask)
        chosen.append(a)
        obs, reward, terminated, truncated, info = env.step(a)
        done = terminated or truncated
    return xs, masks, chosen, float(reward)


def evaluate(env, policy, games: int, seed: int = 10_000) -> float:
    """The greedy policy's mean reward over ``games`` games on seeds ``seed, seed+1, ...``."""
    rng = np.random.default_rng(0)
    return float(np.mean([play_episode(env, policy, rng, seed + g, greedy=True)[3] for g in range(games)]))


def gradients(policy, X, M, A, adv, entropy):
    """The gradient of ``sum adv * log pi(A|X) + entropy * H(pi(.|X))`` over the rows."""
    x = (X - policy["mean"]) * policy["scale"]
    hidden = policy["W1"] is not None
    h = np.tanh(x @ policy["W1"] + policy["b1"]) if hidden else x
    logits = h @ policy["W2"] + policy["b2"]
    legal = M.astype(bool)
    z = np.where(legal, logits, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    onehot = np.zeros_like(p)
    onehot[np.arange(len(A)), A] = 1.0
    d = (onehot - p) * adv[:, None]
    if entropy:
        logp = np.where(legal, np.log(np.where(legal, p, 1.0)), 0.0)
        ent = -(p * logp).sum(axis=1, keepdims=True)
        d += entropy * (-p * (logp + ent))  # d H / d logits
    grads = {"W2": h.T @ d, "b2": d.sum(axis=0)}
    if hidden:
        dh = (d @ policy["W2"].T) * (1.0 - h * h)
        grads.update(W1=x.T @ dh, b1=dh.sum(axis=0))
    return grads


def train(game="origin", players=2, opponents=None, episodes=1500, batch=16, hidden=32, lr=3e-3,
          entropy=0.01, seed=0, eval_every=20, eval_games=100, out=None, options=None, echo=print):
    opponents = list(opponents or ["random"] * (players - 1))
    if len(opponents) != players - 1:
        raise SystemExit(f"--opponents: give {players - 1} for {players} players, not {len(opponents)}")
    env = make_env(game, opponents, options)
    eval_env = make_env(game, opponents, options)
    rng = np.random.default_rng(seed)
    obs_size = env.observation_space["observation"].shape[0]
    actions = env.action_space.n
    policy = {"mean": np.zeros(obs_size, np.float32), "scale": np.ones(obs_size, np.float32),
              "W1": None, "b1": None,
              "W2": np.zeros((hidden or obs_size, actions), np.float32), "b2": np.zeros(actions, np.float32)}
    if hidden:
        policy["W1"] = (rng.standard_normal((obs_size, hidden)) / np.sqrt(obs_size)).astype(np.float32)
        policy["b1"] = np.zeros(hidden, np.float32)
    params = {k: policy[k] for k in ("W1", "b1", "W2", "b2") if policy[k] is not None}
    adam = Adam(params, lr)
    baseline, history = 0.0, []
    started = time.time()
    best = None

    def save(score):
        if out:
            save_policy(out, game, players, policy["W2"], policy["b2"], policy["W1"], policy["b1"],
                        policy["mean"], policy["scale"])
        echo(f"  greedy against {','.join(opponents)}: mean reward {score:+.3f} over {eval_games} games"
             + (f" -> {out}" if out else ""))

    batches = max(1, episodes // batch)
    for b in range(batches):
        rows_x, rows_m, rows_a, rows_g = [], [], [], []
        for e in range(batch):
            xs, ms, acts, g = play_episode(env, policy, rng, seed=int(seed * 1_000_003 + b * batch + e))
            rows_x += xs
            rows_m += ms
            rows_a += acts
            rows_g += [g] * len(xs)
            history.append(g)
        X = np.asarray(rows_x, np.float32)
        if b == 0:  # the vector's normalisation, from the first batch of (mostly random) play
            policy["mean"][:] = X.mean(axis=0)
            policy["scale"][:] = 1.0 / np.maximum(X.std(axis=0), 1.0)
        G = np.asarray(rows_g, np.float32)
        adv = (G - baseline) / batch
        baseline = 0.9 * baseline + 0.1 * float(np.mean(history[-batch:]))
        grads = gradients(policy, X, np.asarray(rows_m), np.asarray(rows_a), adv, entropy / batch)
        adam.ascend(params, grads)
        for k in params:
            policy[k] = params[k]
        if (b + 1) % max(1, eval_every // 4) == 0:
            echo(f"batch {b + 1}/{batches}: episodes {len(history)}, mean reward of the last "
                 f"{min(len(history), 4 * batch)} {np.mean(history[-4 * batch:]):+.3f}, {time.time() - started:.0f} s")
        if eval_every and (b + 1) % eval_every == 0 and b + 1 < batches:
            score = evaluate(eval_env, policy, eval_games)
            if best is None or score >= best:
                best = score
                save(score)
    score = evaluate(eval_env, policy, eval_games)
    if best is None or score >= best:
        save(score)
    else:
        echo(f"  final greedy {score:+.3f} below the best {best:+.3f}: kept the best in {out}")
    return policy, history


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="origin")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default=None, help="comma-separated player specs (default: random)")
    ap.add_argument("--episodes", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--eval-every", type=int, default=20, help="batches between greedy evaluations (0: at the end)")
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--out", default="examples/rl_policy/origin-2p.npz")
    args = ap.parse_args(argv)
    opponents = args.opponents.split(",") if args.opponents else None
    train(args.game, args.players, opponents, args.episodes, args.batch, args.hidden, args.lr, args.entropy,
          args.seed, args.eval_every, args.eval_games, args.out)


if __name__ == "__main__":
    main()
