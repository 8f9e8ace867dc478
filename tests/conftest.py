import sys
from pathlib import Path

# tests/ holds helper modules (toy_game, builders) imported by name
sys.path.insert(0, str(Path(__file__).parent))

import toy_game  # noqa: E402,F401  - registers the "toy" game
