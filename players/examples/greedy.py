"""An example player to copy: one-move greedy lookahead.

A player is a class with ``start`` and ``act`` (subclassing
``players.base.Player`` gives you ``start`` for free).  ``act`` receives an
*observation*: what your seat may know, never the true game state.  It must
return one of ``observation.legal_actions``.

This one imagines where the hidden cards might be (``observation.sample(rng)``
gives a full game state consistent with what you know), tries each legal action
in a few such imagined states, and keeps the action after which its score lead
over the best opponent is largest on average.  It works for every game in the
arena, because it uses only the engine contract.

Try it::

    arena check-player players/examples/greedy.py:GreedyPlayer --game origin
    arena play origin --players players/examples/greedy.py:GreedyPlayer,random
"""
from engine.rng import Rng
from players.base import Player


class GreedyPlayer(Player):
    name = "greedy"

    def __init__(self, samples: int = 4, seed: int = 0):
        # Parameters come from the tournament config (``params: {samples: 8}``)
        # or ``--param samples=8`` on the command line.
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.base_seed = seed

    def start(self, game, seat, num_players, seed):
        # Called before each game.  Use ``seed`` for all your randomness, so the
        # same game replays the same moves.
        super().start(game, seat, num_players, seed)
        self.rng = Rng(seed * 7919 + self.base_seed)

    def act(self, observation):
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        worlds = [observation.sample(self.rng) for _ in range(self.samples)]
        best, best_lead = [], None
        for action in actions:
            lead = 0.0
            for world in worlds:
                after = world.clone()      # never change a world you will reuse
                after.apply(action)
                lead += self.lead(after.scores())
            if best_lead is None or lead > best_lead:
                best, best_lead = [action], lead
            elif lead == best_lead:
                best.append(action)
        return best[self.rng.below(len(best))]  # ties: at random, not always the first listed

    def lead(self, scores):
        """My score minus the best other score (positive: I am ahead)."""
        others = [s for seat, s in enumerate(scores) if seat != self.seat]
        return scores[self.seat] - max(others) if others else scores[self.seat]
