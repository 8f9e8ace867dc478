"""Setup (§2.3): the shuffled main deck, 7 face-down cards each as the personal deck,
3 more each as three species of one animal, and the first player by a die roll."""
from __future__ import annotations

from engine.contract import OptionError
from engine.random_mutations.cards import NUM_TRAITS
from engine.random_mutations.development import start_development
from engine.random_mutations.options import Options, default_values
from engine.random_mutations.phases import DEVELOPMENT
from engine.random_mutations.state import RMState
from engine.rng import Rng

PERSONAL_DECK, START_SPECIES = 7, 3
_OPTIONS_CACHE: dict = {}
_DEFAULTS = default_values()  # (never changed: each game copies it)


def options_of(values: dict) -> Options:
    # keyed by the items in their order, not sorted (a game's come in RULE_OPTIONS' order; the
    # sort was a sixth of a compiled new_game): another order only makes an equal Options again
    key = tuple(values.items())
    opts = _OPTIONS_CACHE.get(key)
    if opts is None:
        opts = _OPTIONS_CACHE[key] = Options.from_dict(values)
    return opts


def boxes(num_players: int) -> int:
    return 2 if num_players > 4 else 1


def new_game(num_players: int, seed: int, options: dict):
    values = dict(_DEFAULTS)
    values.update(options or {})
    opts = options_of(values)
    if num_players > opts.player_count_max:
        raise OptionError(f"random_mutations: {num_players} players, but player_count_max is "
                          f"{opts.player_count_max}")
    s = RMState.__new__(RMState)
    s.num_players = n = num_players
    s.opts = opts
    s.rng = rng = Rng(seed)
    deck = [k for k in range(NUM_TRAITS) for _ in range(opts.box[k] * boxes(n))]
    rng.shuffle(deck)
    s.deck = deck
    s.pdecks = [[deck.pop() for _ in range(PERSONAL_DECK)] for _ in range(n)]
    s.buried = [0] * NUM_TRAITS
    s.seen = [0] * NUM_TRAITS
    s.rows = []
    for _ in range(n):
        row = []
        for _ in range(START_SPECIES):
            s.buried[deck.pop()] += 1
            row.append([0, 1, (), (), [0, 0, 0, 0, 0]])
        s.rows.append(row)
    s.discards = [0] * n
    s.centre = [0, 0, 0]
    s.dice = ()
    s.passed = [False] * n
    s.passes = 0
    s.budded = 0
    s.restarts = 0
    s.ctx = None
    s.actor = 0
    s.tiebreak = None
    s.cached = None
    s.history = []
    s.turn = 1
    s.last_turn = False
    s.phase = DEVELOPMENT
    s.current_player = 0
    s.first = rng.below(n) if opts.first_player == "die" else 0
    start_development(s)
    return s
