"""The search core shared by ISMCTS and PIMC: tree nodes, one iteration
(selection with UCB1 over available actions, expansion, rollout,
backpropagation), rollouts and the rewards of a finished or cut-off game.

Nothing here knows a game: it uses only the engine contract
(``current_player``, ``legal_actions()``, ``apply()``, ``scores()``,
``ranking()``, ``rank_keys()``, ``observation()``).

Rewards are per seat, in [0, 1]: each seat scores 1 for every other seat it
beats and 1/2 for every seat it ties, divided by ``num_players - 1`` (two
players: win 1, draw 1/2, loss 0).  A node's statistics are kept from the
viewpoint of the seat that chose the action leading to it, so the same code
serves two and more players.
"""
from __future__ import annotations

import math
import time

from engine.contract import TERMINAL, places_from_keys
from engine.values import margin_values


class Node:
    """Statistics of one action in the tree (the edge into this node).

    ``visits``: iterations that chose it; ``reward``: their summed reward for the
    seat that chose it; ``avail``: iterations in which it was legal (UCB with
    availability counts: an action unseen in most determinizations is not
    penalised for it); ``children``: action -> Node, ``None`` until expanded.
    """

    __slots__ = ("visits", "reward", "avail", "children")

    def __init__(self):
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.children = None


# --- rewards --------------------------------------------------------------

def rewards_from_places(places: list) -> list:
    """Per-seat reward from 1-based places: seats beaten plus half the seats tied,
    over ``n - 1``.

    >>> rewards_from_places([1, 2])
    [1.0, 0.0]
    >>> rewards_from_places([1, 1, 3])
    [0.75, 0.75, 0.0]
    """
    n = len(places)
    if n == 1:
        return [1.0]
    out = []
    for p in places:
        beaten = tied = 0
        for q in places:
            if q > p:
                beaten += 1
            elif q == p:
                tied += 1
        out.append((beaten + 0.5 * (tied - 1)) / (n - 1))
    return out


def evaluate_rank(state) -> list:
    """Cut-off evaluation: the rewards the game would give if it ended now
    (``rank_keys()``: score, then the game's own tie-breaks)."""
    return rewards_from_places(places_from_keys(state.rank_keys()))


def evaluate_margin(state) -> list:
    """Cut-off evaluation: a smooth per-seat reward from score margins
    (:func:`engine.values.margin_values` of ``scores()``)."""
    return margin_values(state.scores())


EVALUATIONS = {"margin": evaluate_margin, "rank": evaluate_rank}
CUTOFF_EVALS = ("heuristic", "margin", "rank")
EXPANSIONS = ("random", "ordered")


def cutoff_evaluation(name: str, game: str):
    """The cut-off evaluation called ``name`` for ``game``: ``"heuristic"`` is the
    game's ``GameSpec.heuristic`` (falling back to ``"margin"`` where the game has none)."""
    if name == "heuristic":
        from engine.registry import get_game

        heuristic = get_game(game).heuristic
        return heuristic if heuristic is not None else evaluate_margin
    return EVALUATIONS[name]


# --- rollouts ---------------------------------------------------------------

def random_rollout(state, rand, cutoff) -> int:
    """Uniformly random moves until the end, or for ``cutoff`` moves; returns how many.
    ``rand`` is a ``random.Random().random`` bound method (fast, seeded).  The moves
    stay out of the public history (``State.random_moves``, ``record=False``): only
    the end state's scores and ranking are read.
    (``arena bench engine`` times this loop: its random playouts are these rollouts.)"""
    return state.random_moves(rand, cutoff, record=False)


def move_priority_of(game: str):
    """The game's cheap move ordering ``move_priorities(state, legal) -> list of
    floats`` (one per legal action; higher: better for the seat to move), from
    ``engine/<game>/heuristic.py``; None where the game offers none."""
    import importlib

    name = f"engine.{game}.heuristic"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is None or not name.startswith(error.name):
            raise  # a module the game's heuristic itself imports is missing
        return None
    return getattr(module, "move_priorities", None)


def informed_rollout(priority, epsilon: float):
    """An epsilon-greedy rollout over a move ordering, on the sampled State itself
    (the searcher's own belief, so nothing hidden is revealed): with probability
    ``epsilon`` a uniformly random legal move, otherwise the move of highest
    priority (``priority(state, legal)``: one value per legal action; ties broken
    at random).  A position with one legal move costs no priority call."""
    def rollout(state, rand, cutoff):
        return informed_moves(state, rand, cutoff, priority, epsilon)
    return rollout


def informed_moves(state, rand, cutoff, priority, epsilon: float) -> int:
    """``informed_rollout``'s loop (a module function, not the closure: compiled, it runs on
    typed locals)."""
    moves = 0
    while state.current_player != TERMINAL and (cutoff is None or moves < cutoff):
        legal = state.legal_actions()
        n = len(legal)
        if n == 1:
            action = legal[0]
        elif rand() < epsilon:
            action = legal[int(rand() * n)]
        else:
            action = None
            best = -1e300
            i = 0
            for value in priority(state, legal):
                value += 1e-6 * rand()
                if value > best:
                    best = value
                    action = legal[i]
                i += 1
        state.apply(action)
        moves += 1
    return moves


def policy_rollout(players: list):
    """A rollout that asks a Player per seat to act on that seat's observation
    (slow: an observation per move; useful with a rule-based policy)."""
    def rollout(state, rand, cutoff):
        moves = 0
        while state.current_player != TERMINAL and (cutoff is None or moves < cutoff):
            seat = state.current_player
            state.apply(players[seat].act(state.observation(seat)))
            moves += 1
    return rollout


# --- one search -------------------------------------------------------------

class Search:
    """The settings of a search: exploration constant, rollout, cut-off and its
    evaluation, and the fast generator used for tie-free expansion and rollouts."""

    __slots__ = ("exploration", "rollout", "cutoff", "evaluate", "rand", "order", "widening")

    def __init__(self, exploration, rollout, cutoff, evaluate, rand, order=None, widening=None):
        self.exploration = exploration
        self.rollout = rollout
        self.cutoff = cutoff
        self.evaluate = evaluate
        self.rand = rand
        self.order = order  # move ordering for expansion (``expand="ordered"``), or None: at random
        # progressive widening: a node with n visits tries at most 1 + widening * sqrt(n) moves
        self.widening = widening

    def run(self, root: Node, determinize, iterations, deadline) -> int:
        """Iterate from ``root`` until ``iterations`` are done or ``perf_counter()``
        passes ``deadline`` (either may be None; at least one iteration runs).
        ``determinize()`` gives a fresh State for each iteration.  Returns the count."""
        count = 0
        clock = time.perf_counter
        while True:
            self.iterate(root, determinize())
            count += 1
            if iterations is not None and count >= iterations:
                return count
            if deadline is not None and clock() >= deadline:
                return count

    def iterate(self, root: Node, state) -> None:
        """Select down the tree with UCB1 over the actions legal in ``state``,
        expand one untried action (at random, or with ``order`` the one the game's
        move ordering puts first), roll out, and back the rewards up.  With
        ``widening``, a node expands a new action only while the legal ones it has
        tried number less than ``widening * sqrt(its visits)`` (so at most
        ``1 + widening * sqrt(visits)`` of them); otherwise UCB1 chooses among those."""
        c = self.exploration
        rand = self.rand
        order = self.order
        widen = self.widening
        log, sqrt = math.log, math.sqrt
        node = root
        root.visits += 1  # (the root's own statistics are otherwise unused) progressive widening counts them
        path = []  # (node, seat that chose it)
        while True:
            seat = state.current_player
            if seat == TERMINAL:
                break
            children = node.children
            if children is None:
                children = node.children = {}
            untried = None
            best = best_action = None
            best_value = -1.0
            tried = 0
            legal = state.legal_actions()
            for action in legal:
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = [action]
                    else:
                        untried.append(action)
                    continue
                child.avail += 1
                if untried is None or widen is not None:
                    tried += 1
                    visits = child.visits
                    value = child.reward / visits + c * sqrt(log(child.avail) / visits)
                    if value > best_value:
                        best_value, best, best_action = value, child, action
            if untried is not None and (widen is None or best is None or tried < widen * sqrt(node.visits)):
                if len(untried) == 1:
                    action = untried[0]
                elif order is None:
                    action = untried[int(rand() * len(untried))]
                else:
                    action = first_in_order(order(state, legal), legal, children, rand)
                child = children[action] = Node()
                path.append((child, seat))
                state.apply(action)
                break
            path.append((best, seat))
            state.apply(best_action)
            node = best
        self.finish(state, path)

    def finish(self, state, path) -> None:
        if state.current_player != TERMINAL:
            self.rollout(state, self.rand, self.cutoff)
        if state.current_player == TERMINAL:
            rewards = rewards_from_places(state.ranking())
        else:
            rewards = self.evaluate(state)
        for node, seat in path:
            node.visits += 1
            node.reward += rewards[seat]


def first_in_order(values: list, legal: list, children: dict, rand):
    """The unexpanded action (not in ``children``) of highest move-ordering value
    (``values``: one per ``legal`` action; ties broken at random)."""
    action, best = None, -1e300
    for candidate, value in zip(legal, values):
        if candidate not in children:
            value += 1e-6 * rand()
            if value > best:
                best, action = value, candidate
    return action


def most_visited(root: Node, legal: list):
    """The final choice: the most visited root action (ties: better mean reward,
    then the first in ``legal``).  Unvisited actions count as 0 visits."""
    children = root.children or {}
    best, best_key = legal[0], (-1, -1.0)
    for action in legal:
        child = children.get(action)
        key = (child.visits, child.reward / child.visits) if child is not None and child.visits else (0, 0.0)
        if key > best_key:
            best, best_key = action, key
    return best
