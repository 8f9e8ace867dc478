"""§2 setup: a new game of Origin of Species (the deck, six cards each, the roll for
the first player), then the first development phase."""
from __future__ import annotations

from engine.origin.cards import HAND_SIZE, NUM_KINDS, new_deck
from engine.origin.options import Options
from engine.origin.state import OriginState
from engine.origin.turn import begin_development, deal
from engine.rng import Rng

_OPTIONS = {}  # resolved options (as sorted items) -> Options, shared by the states that use them


def new_game(num_players: int, seed: int, options: dict) -> OriginState:
    s = OriginState.__new__(OriginState)
    s.num_players = num_players
    key = tuple(sorted(options.items()))
    s.opts = _OPTIONS.get(key)
    if s.opts is None:
        s.opts = _OPTIONS[key] = Options(**options)
    s.rng = Rng(seed)
    s.turn = 1
    s.last_turn = False
    s.food_bank = 0
    s.deck = new_deck(num_players)
    s.hands = [[0] * NUM_KINDS for _ in range(num_players)]
    s.discards = [[0] * NUM_KINDS for _ in range(num_players)]
    s.animals = [[] for _ in range(num_players)]
    s.links = [[] for _ in range(num_players)]
    s.attack = None
    s.chain = None
    s.cached = None
    s.history = []
    s.acted = False
    s.marks = False
    deal(s, list(range(num_players)), [HAND_SIZE] * num_players)
    s.first_player = roll_for_first_player(s)
    begin_development(s)
    return s


def roll_for_first_player(s) -> int:
    """Everybody rolls a die, highest starts; the tied roll again (§2)."""
    rolling = list(range(s.num_players))
    while len(rolling) > 1:
        rolls = [s.rng.die() for _ in rolling]
        best = max(rolls)
        rolling = [seat for seat, r in zip(rolling, rolls) if r == best]
    return rolling[0]
