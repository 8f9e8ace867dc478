"""Both builds side by side in one run: ``arena bench engine --builds`` and ``arena bench
ismcts --builds``.

Each repeat runs the same benchmark twice in fresh processes, one after the other: once with
``ARENA_PURE=1`` (pure Python) and once on the compiled build (``arena build``).  The rows
give, per game and measure, the median of each build over the repeats and the speed-up
(compiled over pure for a rate, pure over compiled for a time).  On a shared machine the
alternation is what makes the ratio hold: both builds see the same load.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

# what each benchmark's rows are told apart by, and the measures compared: field -> (label,
# True where more is faster)
MEASURES = {
    "engine": (("game", "players"),
               {"games_per_s": ("random playouts, games/s", True),
                "decisions_per_s": ("decisions/s (legal_actions + apply)", True),
                "clone_us": ("clone(), µs", False),
                "observation_us": ("observation(seat), µs", False),
                "sample_us": ("observation.sample(rng), µs", False)}),
    "ismcts": (("game", "players", "position", "rollout"),
               {"median it/s": ("ISMCTS iterations/s", True)}),
}


class BuildsError(RuntimeError):
    """No compiled build to compare with, or a benchmark process failed."""


def _child(bench: str, args: list, pure: bool) -> list:
    env = dict(os.environ)
    env.pop("ARENA_PURE", None)
    if pure:
        env["ARENA_PURE"] = "1"
    command = [sys.executable, "-c", "from arena.cli import app; app(prog_name='arena')",
               "bench", bench, *args, "--repeats", "1", "--json"]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildsError(f"`arena bench {bench}` ({'pure' if pure else 'compiled'}) failed: "
                          f"{(done.stderr or done.stdout).strip()[-2000:]}")
    return json.loads(done.stdout)


def side_by_side(bench: str, args: list, repeats: int = 3, progress=None) -> list:
    """Rows of ``arena bench <bench> <args>`` on both builds: game, players (and the
    position and rollout for ismcts), measure, pure, compiled, speed-up."""
    from engine import _compiled

    info = _compiled.build_info()
    if info["build"] == "pure Python":
        raise BuildsError(f"no compiled build to compare with ({info['reason'] or 'none is fresh'}): "
                          f"`{_compiled.BUILD_COMMAND}` makes one")
    keys, measures = MEASURES[bench]
    runs = {True: [], False: []}
    for repeat in range(repeats):
        for pure in (True, False):
            rows = _child(bench, args, pure)
            runs[pure].append({tuple(row.get(k) for k in keys): row for row in rows})
            if progress:
                progress(2 * repeat + (2 if not pure else 1), 2 * repeats,
                         f"repeat {repeat + 1}: {'pure' if pure else 'compiled'}")
    out = []
    for key in runs[True][0]:
        compiled_build = runs[False][0].get(key, {}).get("build", "?")
        for field, (label, more_is_faster) in measures.items():
            pure = [run[key][field] for run in runs[True] if key in run]
            fast = [run[key][field] for run in runs[False] if key in run]
            if not pure or not fast:
                continue
            a, b = statistics.median(pure), statistics.median(fast)
            ratio = (b / a if more_is_faster else a / b) if a and b else float("nan")
            row = {k: v for k, v in zip(keys, key)}
            row.update({"measure": label, "pure": _figure(a), "compiled": _figure(b),
                        "speed-up": f"{ratio:.2f}×", "compiled build": compiled_build})
            out.append(row)
    return out


def _figure(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"
