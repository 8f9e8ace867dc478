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

``reuse_tree=True`` keeps the subtree under the move played and, at the seat's
next decision, descends it by the moves the observation's public ``history``
(``(seat, action)`` entries) shows since then; the node reached is the new root.
A move the history hides or shows otherwise than as the action itself (a card
played face down, a drafted role, an event line) matches no edge, and the
search starts from a fresh root as without reuse.

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
    expand="random", widening=None, reuse_tree=False, seed=0)``; ``rollout="informed", cutoff_eval="heuristic"`` and
    ``expand="ordered"`` use the game's own move ordering and position value
    (``engine/<game>/heuristic.py``)."""

    name = "ismcts"

    def __init__(self, reuse_tree: bool = False, **params):
        super().__init__(**params)
        if not isinstance(reuse_tree, bool):
            raise ValueError(f"reuse_tree must be true or false, not {reuse_tree!r}")
        self.reuse_tree = reuse_tree
        self.kept = None  # (root, length of the history then) for reuse_tree
        self.reused_visits = 0  # visits the last search's root inherited from the kept tree

    def start(self, game, seat, num_players, seed):
        super().start(game, seat, num_players, seed)
        self.kept = None

    def choose(self, observation, search, iterations, deadline):
        root = self.reused_root(observation) if self.reuse_tree else None
        self.reused_visits = 0 if root is None else sum(c.visits for c in (root.children or {}).values())
        if root is None:
            root = Node()
        rng = self.rng
        self.last_iterations = search.run(root, lambda: observation.sample(rng), iterations, deadline)
        self.last_root = root
        if self.reuse_tree:
            history = getattr(observation, "history", None)
            self.kept = None if history is None else (root, len(history))
        return most_visited(root, observation.legal_actions)

    def reused_root(self, observation):
        """The kept tree's node for the moves made since this seat's last decision,
        or None where the history does not lead to one."""
        kept, self.kept = self.kept, None
        history = getattr(observation, "history", None)
        if kept is None or history is None:
            return None
        node, length = kept
        if len(history) <= length:
            return None
        for entry in history[length:]:
            if not isinstance(entry, tuple) or len(entry) != 2:
                return None
            children = node.children
            try:
                node = children.get(entry[1]) if children else None
            except TypeError:  # an unhashable history entry is no action
                return None
            if node is None:
                return None
        return node
