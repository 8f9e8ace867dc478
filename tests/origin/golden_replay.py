"""Golden replay of Origin of Species random games (a tool for performance work,
not collected by pytest).

    python3 tests/origin/golden_replay.py record /tmp/origin_golden.json
    python3 tests/origin/golden_replay.py check  /tmp/origin_golden.json

For each game (seed, players 2-6, a few rule-option sets) it keeps every chosen
action's text, a hash per step of the legal action list (texts, in order) with
the seat and phase, the final snapshot, scores, rank keys, ranking and render,
and every 13th step a hash of ``observation(seat)`` and of a sampled state
played on for 20 random moves.  ``check`` replays and reports the first
difference: an engine change that keeps all of it keeps the behaviour.
"""
from __future__ import annotations

import hashlib
import json
import sys

from engine.origin import GAME
from engine.rng import Rng

OPTION_SETS = ({}, {"fat_burning": "one"}, {"mimicry_compulsory": True},
               {"piracy_is_feeding_action": True}, {"draw_without_animals": "six", "running_escape_roll": 6},
               {"mimicry_excludes_attacked": True, "paired_trait_order": "card_order"},
               {"free_actions_after_feeding": True, "piracy_is_feeding_action": True})
GAMES = 300


def _h(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def _observation_text(o) -> str:
    """Every public field; actions (legal ones, the history) by their text, so that the
    record does not depend on how action objects are built."""
    def text(field):
        if field == "legal_actions":
            return [str(a) for a in o.legal_actions]
        if field == "history":
            return [(seat, str(a)) for seat, a in o.history]
        return getattr(o, field)
    return repr([(f, text(f)) for f in type(o).__slots__ if not f.startswith("_")])


def _sample_probe(s, seed: int, step: int) -> str:
    """Hash of the observation, a sample of it, and 20 random moves from the sample."""
    seat = s.current_player
    o = s.observation(seat)
    t = s.clone()
    assert t.snapshot() == s.snapshot()
    sampled = o.sample(Rng(seed * 1000 + step))
    parts = [_observation_text(o), repr(sampled.snapshot())]
    rng = Rng(seed + step)
    for _ in range(20):
        if sampled.is_terminal():
            break
        legal = sampled.legal_actions()
        parts.append(" ".join(map(str, legal)))
        sampled.apply(legal[rng.below(len(legal))])
    parts.append(repr(sampled.snapshot()))
    return _h("\n".join(parts))


def play(index: int) -> dict:
    seed = index
    n = 2 + index % 5
    opts = OPTION_SETS[0] if index < 200 else OPTION_SETS[index % len(OPTION_SETS)]
    s = GAME.new_game(n, seed, opts)
    rng = Rng(seed + 7919)
    actions, steps, probes = [], [], []
    step = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        steps.append(_h(f"{s.current_player} {s.phase} | " + " ".join(map(str, legal))))
        if step % 13 == 0:
            probes.append(_sample_probe(s, seed, step))
        action = legal[rng.below(len(legal))]
        actions.append(str(action))
        s.apply(action)
        step += 1
    return {"seed": seed, "players": n, "options": opts, "actions": actions, "steps": steps,
            "probes": probes, "snapshot": repr(s.snapshot()), "scores": s.scores(),
            "rank_keys": [list(k) for k in s.rank_keys()], "ranking": s.ranking(), "render": _h(s.render())}


def record(path: str) -> None:
    games = [play(i) for i in range(GAMES)]
    with open(path, "w") as f:
        json.dump(games, f)
    print(f"recorded {len(games)} games, {sum(len(g['actions']) for g in games)} decisions -> {path}")


def check(path: str) -> int:
    with open(path) as f:
        golden = json.load(f)
    bad = 0
    for i, want in enumerate(golden):
        got = json.loads(json.dumps(play(i)))
        if got == want:
            continue
        bad += 1
        for key in want:
            if got[key] != want[key]:
                where = ""
                if isinstance(want[key], list):
                    where = next((f" first at index {j}" for j, (a, b) in enumerate(zip(got[key], want[key]))
                                  if a != b), f" (lengths {len(got[key])} vs {len(want[key])})")
                print(f"game {i} (seed {want['seed']}, {want['players']} players): {key} differs{where}")
        if bad >= 5:
            break
    print("IDENTICAL" if not bad else f"{bad} game(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "record":
        record(path)
    else:
        sys.exit(check(path))
