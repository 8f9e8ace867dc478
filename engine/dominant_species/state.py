"""The game state: flat lists of ints in ``__slots__`` and a hand-written clone.

Layout (N seats; ``h`` a hex 0..34, ``c`` a corner 0..91, ``e`` an element 0..5):
``terrain[h]`` (-1 blank), ``tiles`` (the hexes holding a tile) and ``live``
(the existing corners touching a tile), both replaced when a tile is laid, ``tundra[h]`` (0/1), ``sp[h*N+seat]`` species cubes,
``hib[h*N+seat]`` Hibernation immunity this turn, ``elem[c]`` (-1 vacant),
``disp[seat*6+e]`` display (printed + added), ``box[b*6+e]`` the six element
boxes, ``bag[e]``, ``gone[e]`` (discs out of the game under
``removed_elements_to_bag = false``), ``ap[space]`` (-1 vacant, -2 absent free
space, else the seat), ``deck`` (top = last), ``faceup``, ``wl`` (three
face-down stacks, top = last) and ``wl_up`` (face-up tile or -1); the history
is ``log_done + log_tail`` (``log``).
"""
from __future__ import annotations

from engine.contract import TERMINAL, IllegalActionError, State
from engine.dominant_species import decisions as D
from engine.dominant_species import flow, scoring
from engine.dominant_species import observation as observation_module
from engine.dominant_species.board import PHASE_NAMES
from engine.dominant_species.render import render_state

_LOG_CHUNK = 32  # the public history is a shared tuple plus a short list: clone copies the list only


class DominantState(State):
    __slots__ = ("num_players", "current_player", "options", "opt", "geo", "rng", "animal", "seat_of",
                 "terrain", "tiles", "live", "tundra", "sp", "hib", "elem", "disp", "gene", "elim", "supply", "aps", "vp",
                 "bag", "gone", "box", "order", "ap", "deck", "faceup", "used", "wl", "wl_up",
                 "tundra_left", "survival", "scored", "last_scored", "ice_age", "turn", "phase", "cursor",
                 "plan_pos", "pk", "pseat", "ctx", "queue", "log_done", "log_tail", "_legal")
    game = "dominant_species"
    # derived from the rest, left out when states are compared: the legal actions of
    # this position once asked for, and ``tiles`` / ``live`` (read off ``terrain``)
    cache_slots = ("_legal", "tiles", "live")

    # -- contract verbs ---------------------------------------------------------
    def legal_actions(self) -> list:
        if self.current_player == TERMINAL:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = D.LEGAL[self.pk](self)
        return legal

    def apply(self, action) -> None:
        if self.current_player == TERMINAL:
            raise IllegalActionError("dominant_species: the game is over")
        legal = self._legal
        if legal is None:
            legal = D.LEGAL[self.pk](self)
        if action not in legal:
            raise IllegalActionError(f"dominant_species: {action!r} is not legal now")
        self._legal = None
        self.log_move(action)
        D.APPLY[self.pk](self, action)
        flow.advance(self)

    def random_moves(self, rand, limit=None, record: bool = True) -> int:
        # the loop is flow's (flow.random_moves), beside advance: the compiled build calls it in C
        return flow.random_moves(self, rand, limit, record)

    def log_move(self, action) -> None:
        """``action`` by the seat to move joins the public history."""
        tail = self.log_tail
        tail.append((self.current_player, action))
        if len(tail) >= _LOG_CHUNK:
            self.log_done += tuple(tail)
            self.log_tail = []

    def clone(self) -> "DominantState":
        c = DominantState.__new__(DominantState)
        c.num_players = self.num_players
        c.current_player = self.current_player
        c.options = self.options  # never mutated after new_game
        c.opt = self.opt
        c.geo = self.geo
        c.rng = self.rng.copy()
        c.animal = self.animal  # fixed at setup
        c.seat_of = self.seat_of
        c.terrain = self.terrain[:]
        c.tiles = self.tiles  # replaced, never mutated
        c.live = self.live
        c.tundra = self.tundra[:]
        c.sp = self.sp[:]
        c.hib = self.hib[:]
        c.elem = self.elem[:]
        c.disp = self.disp[:]
        c.gene = self.gene[:]
        c.elim = self.elim[:]
        c.supply = self.supply[:]
        c.aps = self.aps[:]
        c.vp = self.vp[:]
        c.bag = self.bag[:]
        c.gone = self.gone[:]
        c.box = self.box[:]
        c.order = self.order[:]
        c.ap = self.ap[:]
        c.deck = self.deck[:]
        c.faceup = self.faceup[:]
        c.used = self.used[:]
        c.wl = [self.wl[0][:], self.wl[1][:], self.wl[2][:]]
        c.wl_up = self.wl_up[:]
        c.tundra_left = self.tundra_left
        c.survival = self.survival
        c.scored = self.scored
        c.last_scored = self.last_scored
        c.ice_age = self.ice_age
        c.turn = self.turn
        c.phase = self.phase
        c.cursor = self.cursor
        c.plan_pos = self.plan_pos
        c.pk = self.pk
        c.pseat = self.pseat
        c.ctx = self.ctx[:]
        c.queue = self.queue[:]
        c.log_done = self.log_done  # a tuple, shared
        c.log_tail = self.log_tail[:]
        c._legal = self._legal  # lists are replaced, never mutated
        return c

    def scores(self) -> list:
        """VPs; before the end, plus what the final scoring of every tile would add now."""
        return scoring.current_scores(self)

    def rank_keys(self) -> list:
        return scoring.rank_keys(self)

    def observation(self, seat: int):
        return observation_module.DominantObservation(self, seat)

    def render(self) -> str:
        return render_state(self)

    @property
    def log(self) -> tuple:
        """The public history: (seat, action) per move."""
        return self.log_done + tuple(self.log_tail)

    def phase_name(self):
        return f"turn {self.turn}: {PHASE_NAMES[self.phase]}"


def from_observation(o, deck: list, wl: list, rng) -> DominantState:
    """The state an observation's ``sample`` deals: its public fields (tuples back into
    lists), the face-down dominance cards ``deck`` and wanderlust stacks ``wl`` as dealt,
    ``rng`` for the future's chance.  (Here, not in observation.py, so that the compiled
    build writes the new state's fields in C.)"""
    s = DominantState.__new__(DominantState)
    s.options, s.opt, s.geo, s.animal, s.seat_of = o.options, o.opt, o.geo, o.animal, o.seat_of
    s.terrain = list(o.terrain)
    s.live = list(o.live)
    s.tundra = list(o.tundra)
    s.sp = list(o.sp)
    s.hib = list(o.hib)
    s.elem = list(o.elem)
    s.disp = list(o.disp)
    s.gene = list(o.gene)
    s.elim = list(o.elim)
    s.supply = list(o.supply)
    s.aps = list(o.aps)
    s.vp = list(o.vp)
    s.bag = list(o.bag)
    s.gone = list(o.gone)
    s.box = list(o.box)
    s.order = list(o.order)
    s.ap = list(o.ap)
    s.faceup = list(o.faceup)
    s.used = list(o.used)
    s.wl_up = list(o.wl_up)
    s.ctx = list(o.ctx)
    s.queue = list(o.queue)
    s.num_players = o.num_players
    s.current_player = o.current_player
    s.tundra_left = o.tundra_left
    s.survival = o.survival
    s.scored = o.scored
    s.last_scored = o.last_scored
    s.ice_age = o.ice_age
    s.turn = o.turn
    s.phase = o.phase
    s.cursor = o.cursor
    s.plan_pos = o.plan_pos
    s.pk = o.pk
    s.pseat = o.pseat
    s.tiles = list(o.tile_hexes)
    s.deck = deck
    s.wl = wl
    s.rng = rng
    s.log_done = o.history
    s.log_tail = []
    s._legal = None
    return s
