"""Perfect Information Monte Carlo (determinized UCT): the baseline ISMCTS is
measured against.

Sample ``determinizations`` full states from the observation, run a plain UCT
search on each as if its hidden cards and future dice were known (iterations
and seconds split equally), and play the action with the most visits summed
over all searches (the votes).  Its known weaknesses (strategy fusion, no
value for hiding or learning information) are what ISMCTS addresses.
"""
from __future__ import annotations

import time

from players.search_player import SearchPlayer
from players.search_tree import Node


class PIMCPlayer(SearchPlayer):
    """Determinized UCT; parameters as :class:`players.search_player.SearchPlayer`
    plus ``determinizations`` (default 10).

    >>> PIMCPlayer(determinizations=4, iterations=100).determinizations
    4
    """

    name = "pimc"

    def __init__(self, determinizations: int = 10, **params):
        super().__init__(**params)
        if not isinstance(determinizations, int) or determinizations < 1:
            raise ValueError(f"determinizations must be a positive integer, not {determinizations!r}")
        self.determinizations = determinizations

    def choose(self, observation, search, iterations, deadline):
        legal = observation.legal_actions
        votes = {action: 0 for action in legal}
        count = self.determinizations
        per_search = None if iterations is None else max(1, iterations // count)
        began = time.perf_counter()
        total = 0
        for k in range(count):
            world = observation.sample(self.rng)
            root = Node()
            # each search gets an equal share of the time that is left
            share = None if deadline is None else began + (deadline - began) * (k + 1) / count
            total += search.run(root, world.clone, per_search, share)
            for action, child in (root.children or {}).items():
                if action in votes:
                    votes[action] += child.visits
        self.last_iterations = total
        best = legal[0]
        for action in legal:
            if votes[action] > votes[best]:
                best = action
        return best
