"""What ISMCTS and PIMC share: their parameters, budgets, seeding and rollout
players.  Subclasses implement ``choose(observation, search, iterations, deadline)``."""
from __future__ import annotations

import random
import time

from engine.rng import Rng
from players.base import Player
from players.search_tree import (CUTOFF_EVALS, EXPANSIONS, Search, cutoff_evaluation, informed_rollout, move_priority_of,
                                 policy_rollout, random_rollout)


OWN_ROLLOUTS = ("random", "informed")  # rollouts of the search's own; any other is a player spec


class SearchPlayer(Player):
    """Parameters (all optional):

    ``iterations``   iterations per move (None: no iteration limit)
    ``seconds``      wall-clock seconds per move (None: no time limit); with both,
                     whichever is reached first.  With neither, 1000 iterations.
    ``exploration``  the UCB1 exploration constant c in ``mean + c*sqrt(ln(avail)/visits)``
    ``rollout``      ``"random"`` (fast inline loop), ``"informed"`` (epsilon-greedy over
                     the game's ``move_priorities`` in ``engine/<game>/heuristic.py``, on the
                     sampled State; ``"random"`` where the game has none) or any player
                     spec (``"rules"``, ``"module:Class"``, ``"file.py:Class"``) acting
                     for every seat on that seat's observation (slow)
    ``rollout_epsilon`` informed rollouts: the chance of a uniformly random move instead
                     of the best by the move ordering (default 0.2: some variety keeps
                     the rollouts from replaying one line)
    ``rollout_params`` keyword parameters for a rollout player spec
    ``rollout_cutoff`` stop rollouts after this many moves and evaluate (None: play to the end).
                     Default 20: on Origin, ISMCTS with 1000 iterations scored 94.5% against
                     the rule-based player with rollouts cut at 20 moves and about 50% with
                     full random rollouts (a random game to the end says little about who
                     is ahead), and cut rollouts are ~7x faster.
    ``cutoff_eval``  how a cut-off position is scored: ``"heuristic"`` (the game's
                     ``GameSpec.heuristic``; ``"margin"`` where it has none), ``"margin"``
                     (smooth score margin against each other seat) or ``"rank"``
                     (win/draw/loss by the game's rank keys as if it ended now)
    ``expand``       which untried action a node expands first: ``"random"`` (default) or
                     ``"ordered"`` (the highest by the game's ``move_priorities``; at random
                     where the game has none).  With fewer iterations than legal moves the
                     ordering decides which moves get searched at all.
    ``widening``     progressive widening (None: off, the default): a node tries at most
                     ``1 + widening * sqrt(visits)`` of its legal moves, the first by ``expand``,
                     and spends the rest of its visits on them by UCB1; with many legal moves
                     and few iterations it searches a few moves deeper instead of every one once
    ``seed``         mixed with the per-game seed from ``start()``
    """

    name = "search"

    def __init__(self, iterations: int | None = 1000, seconds: float | None = None, exploration: float = 0.7,
                 rollout="random", rollout_params: dict | None = None, rollout_cutoff: int | None = 20,
                 cutoff_eval: str = "margin", rollout_epsilon: float = 0.2, expand: str = "random",
                 widening: float | None = None, seed: int = 0):
        if iterations is None and seconds is None:
            iterations = 1000
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a positive integer or None, not {iterations!r}")
        if seconds is not None and (not isinstance(seconds, (int, float)) or seconds <= 0):
            raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        if rollout_cutoff is not None and (not isinstance(rollout_cutoff, int) or rollout_cutoff < 0):
            raise ValueError(f"rollout_cutoff must be a non-negative integer or None, not {rollout_cutoff!r}")
        if cutoff_eval not in CUTOFF_EVALS:
            raise ValueError(f"cutoff_eval must be one of {list(CUTOFF_EVALS)}, not {cutoff_eval!r}")
        if isinstance(rollout_epsilon, bool) or not isinstance(rollout_epsilon, (int, float)) \
                or not 0 <= rollout_epsilon <= 1:
            raise ValueError(f"rollout_epsilon must be a number in [0, 1], not {rollout_epsilon!r}")
        if expand not in EXPANSIONS:
            raise ValueError(f"expand must be one of {list(EXPANSIONS)}, not {expand!r}")
        if widening is not None and (isinstance(widening, bool) or not isinstance(widening, (int, float))
                                     or widening < 0):
            raise ValueError(f"widening must be a number >= 0 or None, not {widening!r}")
        if not isinstance(rollout, str):
            raise ValueError(f"rollout must be 'random' or a player spec, not {rollout!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self.rollout_params = dict(rollout_params or {})
        self.rollout_cutoff = rollout_cutoff
        self.cutoff_eval = cutoff_eval
        self.rollout_epsilon = float(rollout_epsilon)
        self.expand = expand
        self.widening = None if widening is None else float(widening)
        self.base_seed = seed
        self.rng = Rng(seed)
        self.last_iterations = 0  # iterations run by the last act(), for benchmarks and logs

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.rng = Rng(seed * 1_000_003 + self.base_seed)
        rand = random.Random(self.rng.next64()).random  # fast generator for expansion and rollouts
        ordering = move_priority_of(game) if self.rollout == "informed" or self.expand == "ordered" else None
        priority = ordering if self.rollout == "informed" else None
        if self.rollout == "random" or (self.rollout == "informed" and priority is None):
            rollout = random_rollout
        elif priority is not None:
            rollout = informed_rollout(priority, self.rollout_epsilon)
        else:
            from players.loading import make_player  # late: loading imports the built-ins lazily too

            players = [make_player(self.rollout, self.rollout_params, game) for _ in range(num_players)]
            for s, p in enumerate(players):
                p.start(game, s, num_players, self.rng.fork(100 + s).next64() & 0x7FFFFFFF)
            rollout = policy_rollout(players)
        evaluate = cutoff_evaluation(self.cutoff_eval, game)
        order = ordering if self.expand == "ordered" else None
        self.search = Search(self.exploration, rollout, self.rollout_cutoff, evaluate, rand, order, self.widening)

    def act(self, observation):
        began = time.perf_counter()
        if not hasattr(self, "search"):  # used without start(): behave as seat's own game with its seed
            self.start(observation.game, observation.seat, observation.num_players, 0)
        legal = observation.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        deadline = None if self.seconds is None else began + self.seconds
        return self.choose(observation, self.search, self.iterations, deadline)

    def choose(self, observation, search: Search, iterations, deadline):
        raise NotImplementedError
