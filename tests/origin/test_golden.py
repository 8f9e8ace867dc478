"""Golden replays: 60 random games (2-6 players, every rule-option set) must play out
exactly as recorded: every legal action list in order, every chosen action,
observations and samples along the way, the final snapshot, scores and ranking (one
hash per game; ``golden_replay.py`` has the details and a larger check for engine work).  A speed change must keep them; a deliberate change
of rules or of the random draws re-records them with the engine before that change."""
import hashlib
import json
import os

from tests.origin.golden_replay import play

GOLDEN = os.path.join(os.path.dirname(__file__), "golden_hashes.json")
GAMES = list(range(40)) + list(range(200, 220))


def game_hash(index: int) -> str:
    return hashlib.sha1(json.dumps(play(index), sort_keys=True).encode()).hexdigest()


def test_random_games_replay_exactly_as_recorded():
    with open(GOLDEN) as f:
        golden = json.load(f)
    assert sorted(map(int, golden)) == GAMES
    changed = [i for i in GAMES if game_hash(i) != golden[str(i)]]
    assert not changed, f"games that play differently now: {changed}"


if __name__ == "__main__":  # record (only after a deliberate rules change)
    with open(GOLDEN, "w") as f:
        json.dump({str(i): game_hash(i) for i in GAMES}, f, indent=0)
