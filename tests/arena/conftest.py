import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
REPO = TESTS.parent
sys.path.insert(0, str(HERE))
TOY = str(TESTS / "toy_game.py")
FAULTY = str(HERE / "fault_players.py")


def player(name, cls="random", **params):
    """A player entry; ``cls`` may name a class of fault_players.py."""
    spec = cls if cls in ("random", "rules", "ismcts", "pimc") or ":" in cls else f"{FAULTY}:{cls}"
    entry = {"name": name, "class": spec}
    if params:
        entry["params"] = params
    return entry


def toy_config(tmp_path, players, name="t", games=2, seats=2, filename="t.yaml", **extra):
    """Write a toy-game tournament config under tmp_path; returns its path."""
    data = {"name": name, "game": "toy", "plugins": [TOY], "seats": seats, "players": players,
            "games_per_pairing": games, "seed": 11, "output": str(tmp_path / "results")}
    data.update(extra)
    path = tmp_path / filename
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path
