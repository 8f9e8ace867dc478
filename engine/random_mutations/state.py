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
from engine.random_mutations.cards import CLIMATE_TABLES
from engine.random_mutations import development, feeding
# the same modules under other names: in the compiled build the names above are the modules
# state.pxd cimports (random_moves calls their functions in C), these their Python modules,
# whose function objects the tables _LEGAL and _APPLY hold
from engine.random_mutations import development as _dev
from engine.random_mutations import extinction as _ext
from engine.random_mutations import feeding as _feed
from engine.random_mutations import observation as _observation
from engine.random_mutations import render as _render
from engine.random_mutations import scoring as _scoring
from engine.random_mutations.phases import DEVELOPMENT, FEEDING, OVER, PHASE_NAMES


class Rules:
    """The rule options the rules consult move after move, read once from an ``Options``
    (the public option type, a frozen dataclass): each choice as a flag named
    ``option_value``.  (For speed: a dataclass attribute is a dictionary lookup and a
    string comparison at every test; these are C fields in the compiled build, state.pxd.)"""
    __slots__ = ("climate", "bonus", "exclusions", "red_only_on_unfed", "feeding_pass_final",
                 "carnivore_attacks_when_fed", "big_protection", "running_escape", "scavenger_needs_unfed",
                 "grazing_before", "developmental_defects_auto", "budding_no_cap", "budding_free_bud",
                 "budding_auto_bud", "extremophile_cost_one_card", "trait_overflow_wrap", "trait_overflow_discard",
                 "moved_trait_needs_single", "divergence", "divergence_cap", "divergence_right_of_parent",
                 "parasite_scope_global", "parasite_victim_carrier", "parasite_shelter_protects",
                 "black_tokens_persist", "drawn_cards_bottom", "restart_ten_plus_draw", "restart_setup_like")

    def __init__(self, o):
        self.climate = CLIMATE_TABLES[o.climate_formula]  # per player count
        self.bonus = o.bonus
        self.exclusions = o.exclusions
        self.red_only_on_unfed = o.red_only_on_unfed
        self.feeding_pass_final = o.feeding_pass == "final"
        self.carnivore_attacks_when_fed = o.carnivore_attacks_when_fed
        self.big_protection = o.big_protection
        self.running_escape = o.running_escape
        self.scavenger_needs_unfed = o.scavenger_needs_unfed
        self.grazing_before = o.grazing_timing == "before"
        self.developmental_defects_auto = o.developmental_defects == "auto"
        self.budding_no_cap = o.budding == "no_cap"
        self.budding_free_bud = o.budding == "free_bud"
        self.budding_auto_bud = o.budding == "auto_bud"
        self.extremophile_cost_one_card = o.extremophile == "cost_one_card"
        self.trait_overflow_wrap = o.trait_overflow == "wrap"
        self.trait_overflow_discard = o.trait_overflow == "discard"
        self.moved_trait_needs_single = o.moved_trait_needs_single
        self.divergence = o.divergence
        self.divergence_cap = o.divergence_cap
        self.divergence_right_of_parent = o.divergence_place == "right_of_parent"
        self.parasite_scope_global = o.parasite_scope == "global"
        self.parasite_victim_carrier = o.parasite_victim == "carrier"
        self.parasite_shelter_protects = o.parasite_shelter_protects
        self.black_tokens_persist = o.black_tokens_persist
        self.drawn_cards_bottom = o.drawn_cards_position == "bottom"
        self.restart_ten_plus_draw = o.restart == "ten_plus_draw"
        self.restart_setup_like = o.restart == "setup_like"


_RULES: dict = {}  # id(an Options) -> (that Options, its Rules); holding the Options keeps its id unique


def rules_of(opts) -> Rules:
    """The Rules of an Options value, made once per value (a state gets its options at
    setup, from an observation's sample or from a test's builder)."""
    kept = _RULES.get(id(opts))
    if kept is None:
        if len(_RULES) >= 64:  # (options unpickled anew, e.g. per move in a jailed player: no hoard)
            _RULES.clear()
        kept = _RULES[id(opts)] = (opts, Rules(opts))
    return kept[1]


class RMState(State):
    __slots__ = ("num_players", "current_player", "_opts", "rules", "rng", "phase", "turn", "first", "last_turn",
                 "deck", "pdecks", "buried", "seen", "discards", "rows", "centre", "dice", "passed",
                 "passes", "budded", "restarts", "ctx", "actor", "tiebreak", "cached", "history")
    game = "random_mutations"
    cache_slots = ("cached", "rules")  # the position's legal list, the options' flags: derived from the rest

    @property
    def opts(self):
        """The rule options (``options.Options``); the rules read them as ``rules``."""
        return self._opts

    @opts.setter
    def opts(self, opts):
        self._opts = opts
        self.rules = rules_of(opts)

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
        and the legality check (they come from the legal list).  The phases of nine moves
        in ten, development and feeding, call their functions by name: in the compiled
        build these are C calls, where the tables' are Python calls."""
        if record:
            return State.random_moves(self, rand, limit)
        moves = 0
        end = -1 if limit is None else limit
        development_phase, feeding_phase = DEVELOPMENT, FEEDING
        legal_of, apply_of = _LEGAL, _APPLY
        while self.current_player != TERMINAL and moves != end:
            phase = self.phase
            legal = self.cached
            if legal is None:  # (in the feeding phase the list is made as the seat's turn begins)
                legal = development.legal(self) if phase == development_phase else legal_of[phase](self)
            self.cached = None
            action = legal[int(rand() * len(legal))]
            if phase == feeding_phase:
                feeding.apply_main(self, action)
            elif phase == development_phase:
                development.apply(self, action)
            else:
                apply_of[phase](self, action)
            moves += 1
        return moves

    def clone(self) -> "RMState":
        c = RMState.__new__(RMState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c._opts = self._opts
        c.rules = self.rules
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
