import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "arena"))  # the arena tests' helpers and fault players


@pytest.fixture(scope="session")
def ray_local():
    """One local Ray with 2 CPUs for the whole session (shared with tests/arena)."""
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    from arena.runner import start_ray

    start_ray(2)
    import ray

    yield ray
    ray.shutdown()
    from arena.isolation import sweep_stale_cgroups

    sweep_stale_cgroups()  # what the workers' player processes left
