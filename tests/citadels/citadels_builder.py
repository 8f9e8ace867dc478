"""A small builder for readable Citadels of Evolution positions in tests.

    p = Position(players=2)
    p.tile(1, 0, "forest")                    # laid directly, no matching check
    a = p.creature(0, 1, 0, "predator")       # token id of seat 0's creature
    p.roles({0: SHAMAN, 1: KING})
    s = p.at_actions(0)                       # seat 0 to act in the Action phase
"""
from __future__ import annotations

from engine.citadels import GAME
from engine.citadels import action_phase, feeding, map_phase
from engine.citadels.roles import ROLE_BIT
from engine.citadels.rounds import advance
from engine.citadels.state import ACTIONS, FEED_OWN, MAP
from engine.citadels.tiles import CATALOGUE, lay
from engine.citadels.traits import TRAIT_BIT, TRAIT_NAME

KIND = {k.name: i for i, k in enumerate(CATALOGUE)}


class Position:
    def __init__(self, players: int = 2, seed: int = 0, **options):
        self.s = GAME.new_game(players, seed, options)
        s = self.s
        s.log.clear()
        s.board.clear()
        s.frontier.clear()
        lay(s.board, s.frontier, (0, 0), KIND["city"], 0)
        s.board_items = None  # (the state's cache of the board as observations show it)
        for seat in range(players):  # empty hands: cards back to the deck
            for t in range(4):
                s.deck[t] += s.hands[seat][t]
                s.hands[seat][t] = 0

    def tile(self, x: int, y: int, name: str, rotation: int = 0) -> "Position":
        s = self.s
        kind = KIND[name]
        s.stack[kind] -= 1
        lay(s.board, s.frontier, (x, y), kind, rotation)
        s.board_items = None
        return self

    def creature(self, seat: int, x: int, y: int, *traits: str, wounded=False, fat=False, cards=True) -> int:
        s = self.s
        for c in s.creatures_of(seat):
            if s.cr_pos[c] is None:
                break
        s.cr_pos[c] = (x, y)
        for name in traits:
            t = TRAIT_NAME.index(name)
            s.cr_traits[c] |= TRAIT_BIT[t]
            if cards:
                s.cr_card_traits[c] |= TRAIT_BIT[t]
                s.deck[t] -= 1
        s.cr_wound[c] = int(wounded)
        s.cr_fat[c] = int(fat)
        return c

    def hand(self, seat: int, *traits: str) -> "Position":
        s = self.s
        for name in traits:
            t = TRAIT_NAME.index(name)
            s.deck[t] -= 1
            s.hands[seat][t] += 1
        return self

    def roles(self, picks: dict, blocked: int = -1) -> "Position":
        """``picks``: seat -> role (or tuple of roles); revealed at once."""
        s = self.s
        s.roles = [0] * s.num_players
        s.role_picks = []
        for seat, roles in picks.items():
            for r in (roles if isinstance(roles, tuple) else (roles,)):
                s.roles[seat] |= ROLE_BIT[r]
                s.role_picks.append((seat, r))
        taken = {r for _, r in s.role_picks}
        s.role_removed = next(r for r in (1, 2, 3, 4, 5) if r not in taken)
        s.draft_order = [seat for seat, _ in s.role_picks]
        s.blocked = blocked
        s.revealed = True
        s.order = s.turn_order()
        return self

    def at_map(self, *tile_names: str, bottom=()):
        """The Map phase starts; the stack holds exactly these tiles (drawn at
        random), then the ``bottom`` pile in order."""
        s = self.s
        s.stack[:] = [0] * len(s.stack)
        for name in tile_names:
            s.stack[KIND[name]] += 1
        s.bottom[:] = [KIND[name] for name in bottom]
        s.phase = MAP
        map_phase.begin_map(s)
        advance(s)
        s.cached = None
        return s

    def at_actions(self, seat: int):
        s = self.s
        s.phase = ACTIONS
        action_phase.begin_actions(s)
        s.turn = s.order.index(seat)
        s.current_player = seat
        s.cached = None
        return s

    def at_feeding(self):
        """Feeding starts (personal food, aquatic food) and runs to the first decision."""
        s = self.s
        s.phase = FEED_OWN
        feeding.begin_feeding(s)
        advance(s)
        s.cached = None
        return s


def play(s, *texts: str):
    """Apply actions by their text, checking each is legal."""
    for text in texts:
        action = GAME.action_from_text(text)
        legal = s.legal_actions()
        assert action in legal, f"{text!r} not legal; legal: {[str(a) for a in legal]}"
        s.apply(action)
    s.cached = None
    return s


def legal_texts(s) -> list:
    return [str(a) for a in s.legal_actions()]


def stop_all_feeding(s):
    """Everyone stops taking food until the round ends."""
    while s.phase in (4, 5) and s.current_player >= 0:
        s.apply(GAME.action_from_text("stop"))
    s.cached = None
    return s


def snapshot(s) -> tuple:
    """Every slot of a state as plain comparable values (for replay and clone tests)."""
    out = []
    for name in type(s).__slots__:
        value = getattr(s, name)
        if name == "rng":
            value = (value.seed, value.counter)
        elif isinstance(value, dict):
            value = sorted(value.items())
        elif isinstance(value, set):
            value = sorted(value)
        elif isinstance(value, list):
            value = repr(value)
        out.append((name, value))
    return tuple(out)
