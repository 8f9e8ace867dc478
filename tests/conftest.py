import os
import sys
from pathlib import Path

import pytest

# tests/ holds helper modules (toy_game, builders) imported by name
sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402,F401  - registers the "toy" game


@pytest.fixture(scope="session")
def ray_local():
    """One local Ray with 2 CPUs for the whole session, shared by every folder (startup costs seconds)."""
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    from arena.runs.runner import start_ray

    start_ray(2)
    import ray

    yield ray
    ray.shutdown()
    from arena.jail import sweep as sweep_stale_players

    sweep_stale_players()  # what the workers' player processes left
