"""Single-observer Information Set Monte Carlo Tree Search (SO-ISMCTS).

One tree for the information set of the seat to move: every iteration samples
a new determinization from the observation (``observation.sample(rng)``: hidden
cards re-dealt from what this seat has not seen, fresh future chance) and walks
the tree with the actions legal *in that determinization*.  Statistics are
merged across determinizations by action, which the engine contract makes
possible (the same decision is an equal action in every determinization).

Selection is UCB1 with availability counts: an action's exploration term uses
the number of iterations in which it was legal, not its parent's visits.  The
move played is the most visited root action.  See ``players.search_player`` for
the parameters and ``players.search_tree`` for the iteration itself.

>>> ISMCTSPlayer(iterations=200, seed=1).iterations
200
"""
from __future__ import annotations

from players.search_player import SearchPlayer
from players.search_tree import Node, most_visited


class ISMCTSPlayer(SearchPlayer):
    """ISMCTS over the engine contract; works for every game unchanged.
    Defaults: ``ISMCTSPlayer(iterations=1000, seconds=None, exploration=0.7,
    rollout="random", rollout_cutoff=20, cutoff_eval="margin", rollout_epsilon=0.2,
    seed=0)``; ``rollout="informed", cutoff_eval="heuristic"`` use the game's own
    move ordering and position value (``engine/<game>/heuristic.py``)."""

    name = "ismcts"

    def choose(self, observation, search, iterations, deadline):
        root = Node()
        rng = self.rng
        self.last_iterations = search.run(root, lambda: observation.sample(rng), iterations, deadline)
        self.last_root = root
        return most_visited(root, observation.legal_actions)
