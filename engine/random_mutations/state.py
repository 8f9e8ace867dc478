"""The State of a game of Random Mutations: flat lists of ints, a hand-written clone.

Where the cards are (every card is in exactly one place, ``invariants`` checks it):
``deck`` (the main deck, top = last), ``pdecks[seat]`` (personal decks, top = last),
``buried`` (per trait, the face-down cards on the table and in discard piles: their
faces are never looked at, §7) and ``seen`` (per trait, every card ever turned face up:
trait cards on the table, discarded trait cards, traits that failed to land).  The
table itself (``rows``) holds species (``species.py``) and ``discards`` the pile sizes.

Phases: ``phases.py``; the climate roll, extinction and drawing happen inside ``apply``.
The rules are the phase modules' functions, looked up per phase in ``_LEGAL``/``_APPLY``.
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError, State
from engine.random_mutations import development as _dev
from engine.random_mutations import extinction as _ext
from engine.random_mutations import feeding as _feed
from engine.random_mutations import observation as _observation
from engine.random_mutations import render as _render
from engine.random_mutations import scoring as _scoring
from engine.random_mutations.phases import OVER, PHASE_NAMES


class RMState(State):
    __slots__ = ("num_players", "current_player", "opts", "rng", "phase", "turn", "first", "last_turn",
                 "deck", "pdecks", "buried", "seen", "discards", "rows", "centre", "dice", "passed",
                 "passes", "budded", "restarts", "ctx", "actor", "tiebreak", "cached", "history")
    game = "random_mutations"
    cache_slots = ("cached",)  # the position's legal list, derived from the rest

    # --- contract verbs ---------------------------------------------------------
    def legal_actions(self) -> list:
        cached = self.cached
        if cached is None:
            cached = self.cached = _LEGAL[self.phase](self)
        return cached

    def apply(self, action) -> None:
        """``engine.contract``'s one policy: an action not in the position's legal list
        raises ``IllegalActionError`` and changes nothing (the list is kept as the cache;
        a mean of ~8 actions at 3 players, so the membership test is a few comparisons)."""
        legal = self.cached
        if legal is None:
            legal = self.cached = _LEGAL[self.phase](self)
        if action not in legal:
            raise IllegalActionError(f"{action!r} is not legal now ({self!r})")
        self.history.append((self.current_player, action))
        self.cached = None
        _APPLY[self.phase](self, action)

    def random_moves(self, rand, limit=None, record: bool = True) -> int:
        """``State.random_moves`` with the loop inlined; unrecorded moves skip the history
        and the legality check (they come from the legal list)."""
        if record:
            return State.random_moves(self, rand, limit)
        moves = 0
        end = -1 if limit is None else limit
        legal_of, apply_of = _LEGAL, _APPLY
        while self.current_player != TERMINAL and moves != end:
            legal = self.cached
            if legal is None:
                legal = legal_of[self.phase](self)
            self.cached = None
            apply_of[self.phase](self, legal[int(rand() * len(legal))])
            moves += 1
        return moves

    def clone(self) -> "RMState":
        c = RMState.__new__(RMState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c.opts = self.opts
        c.rng = self.rng.copy()
        c.phase = self.phase
        c.turn = self.turn
        c.first = self.first
        c.last_turn = self.last_turn
        c.deck = self.deck[:]
        c.pdecks = [d[:] for d in self.pdecks]
        c.buried = self.buried[:]
        c.seen = self.seen[:]
        c.discards = self.discards[:]
        rows = []
        for row in self.rows:
            new_row = []
            for sp in row:
                sp = sp[:]
                sp[4] = sp[4][:]
                new_row.append(sp)
            rows.append(new_row)
        c.rows = rows
        c.centre = self.centre[:]
        c.dice = self.dice
        c.passed = self.passed[:]
        c.passes = self.passes
        c.budded = self.budded
        c.restarts = self.restarts
        c.ctx = self.ctx
        c.actor = self.actor
        c.tiebreak = self.tiebreak
        c.cached = self.cached
        c.history = self.history[:]
        return c

    def scores(self) -> list:
        return _scoring.scores(self)

    def rank_keys(self) -> list:
        """(VP, own discard pile size, final die roll) (§2.10)."""
        return _scoring.rank_keys(self)

    def observation(self, seat: int):
        return _observation.RMObservation(self, seat)

    def render(self) -> str:
        return _render.render_state(self)

    def phase_name(self) -> str:
        if self.phase == OVER:
            return f"turn {self.turn}: game over"
        return f"turn {self.turn}{' (last)' if self.last_turn else ''}: {PHASE_NAMES[self.phase]}"

    # --- helpers for tests --------------------------------------------------------
    def snapshot(self) -> tuple:
        """Everything in the state as nested tuples: equal snapshots = identical states."""
        return (self.num_players, self.current_player, tuple(sorted(self.opts.values.items())), self.rng.seed,
                self.rng.counter, self.phase, self.turn, self.first, self.last_turn, tuple(self.deck),
                tuple(map(tuple, self.pdecks)), tuple(self.buried), tuple(self.seen), tuple(self.discards),
                tuple(tuple((sp[0], sp[1], sp[2], sp[3], tuple(sp[4])) for sp in row) for row in self.rows),
                tuple(self.centre), self.dice, tuple(self.passed), self.passes, self.budded, self.restarts,
                self.ctx, self.actor, None if self.tiebreak is None else tuple(self.tiebreak))

    def __repr__(self):
        return f"<RMState turn {self.turn} {PHASE_NAMES[self.phase]} player {self.current_player}>"


def _no_actions(s):
    return []


def _over(s, action):
    raise IllegalActionError("the game is over")


# per phase: legal-action generator and effect
_LEGAL = (_dev.legal, lambda s: _feed.legal_main(s, s.current_player), _feed.legal_victim,
          lambda s: _feed.scavenger_candidates(s, s.current_player), _feed.legal_graze, _ext.legal_parasite,
          _dev.legal_drop, _no_actions)
_APPLY = (_dev.apply, _feed.apply_main, _feed.apply_victim, _feed.apply_scavenge, _feed.apply_graze,
          _ext.apply_parasite, _dev.apply_drop, _over)
