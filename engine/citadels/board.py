"""The phases of a round and the creature tokens, shared by the State and the
rule modules (the map's tiles are in ``tiles.py``)."""
from __future__ import annotations

DISCARD, DRAFT, MAP, ACTIONS, FEED_OWN, FEED_POOL, OVER = range(7)
PHASE_NAME = ("discard", "draft", "map", "actions", "feeding (personal food)", "feeding (pool)", "over")
CREATURES_PER_PLAYER = 4  # seed "У игрока до четырёх существ" (C4)
