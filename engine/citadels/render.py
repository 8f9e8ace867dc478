"""Readable text for logs, replays and the terminal.

The map is drawn as a grid of cells ``Bc:oo`` — B the centre biome letter
(F P R M), c ``*`` for a city, then the seats of the creatures on it; an empty
cell next to the map (where a tile may go) shows as ``.``.
"""
from __future__ import annotations

from engine.citadels.roles import ROLE_NAME, roles_text
from engine.citadels.board import PHASE_NAME
from engine.citadels.tiles import BIOME, IS_CITY, LANDSCAPE_LETTER, tile_text
from engine.citadels.traits import TRAIT_NAME, traits_text

CELL = 7


def render_map(board: dict, creatures) -> str:
    """``board``: cell -> (kind, rotation); ``creatures``: (pos, ...) per token id."""
    owners = {}
    for c, row in enumerate(creatures):
        if row[0] is not None:
            owners.setdefault(row[0], []).append(str(c // 4))
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    columns = range(min(xs) - 1, max(xs) + 2)
    lines = ["   x " + "".join(f"{x:<{CELL}}" for x in columns).rstrip()]
    for y in range(min(ys) - 1, max(ys) + 2):
        cells = []
        for x in columns:
            tile = board.get((x, y))
            if tile is None:
                near = any((x + dx, y + dy) in board for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)))
                cells.append(("." if near else "").center(CELL))
            else:
                kind = tile[0]
                text = LANDSCAPE_LETTER[BIOME[kind]] + ("*" if IS_CITY[kind] else "")
                who = "".join(owners.get((x, y), []))
                cells.append((text + (":" + who if who else "")).ljust(CELL))
        lines.append(f"{y:>4} " + "".join(cells).rstrip())
    return "\n".join(lines)


def render_creatures(creatures) -> list:
    lines = []
    for c, (pos, traits, _cards, wound, fat, food, _attacked) in enumerate(creatures):
        if pos is None:
            continue
        marks = (" wounded" if wound else "") + (" +1 food stored" if fat else "") + (f" food {food}" if food else "")
        lines.append(f"  p{c // 4} at {pos[0]},{pos[1]}: {traits_text(traits)}{marks}")
    return lines


def _hand_text(hand) -> str:
    return ", ".join(f"{n} {TRAIT_NAME[t]}" for t, n in enumerate(hand) if n) or "empty"


def _header(o) -> list:
    over = o.current_player < 0
    return [f"Citadels of Evolution - round {o.round}, {PHASE_NAME[o.phase]}"
            + ("" if over else f", p{o.current_player} to act"),
            f"scores {list(o.score)}  crown p{o.crown}  pool {o.pool}"]


def render_state(s) -> str:
    creatures = list(zip(s.cr_pos, s.cr_traits, s.cr_card_traits, s.cr_wound, s.cr_fat, s.cr_food, s.cr_attacked))
    lines = _header(s)
    lines.append("roles: " + ", ".join(f"p{i} {roles_text(m)}" for i, m in enumerate(s.roles))
                 + f"; removed {ROLE_NAME.get(s.role_removed, '-')}; blocked "
                 + (f"p{s.blocked}" if s.blocked >= 0 else "-"))
    for seat, hand in enumerate(s.hands):
        lines.append(f"p{seat} hand: {_hand_text(hand)}")
    if s.drawn >= 0:
        lines.append(f"drawn tile: {tile_text(s.drawn)}")
    lines.append(render_map(s.board, creatures))
    return "\n".join(lines + render_creatures(creatures))


def render_observation(o) -> str:
    lines = _header(o)
    lines[0] += f" (seen by p{o.seat})"
    roles = ", ".join(f"p{i} {'?' if m is None else roles_text(m)}" for i, m in enumerate(o.roles))
    lines.append(f"roles: {roles}")
    lines.append(f"hand: {_hand_text(o.hand_counts)}; hand sizes {list(o.hand_sizes)}; deck {o.deck_size}")
    if o.drawn_tile >= 0:
        lines.append(f"drawn tile: {tile_text(o.drawn_tile)}")
    elif o.drawer >= 0:
        lines.append(f"p{o.drawer} holds a drawn tile")
    lines.append(render_map(dict(o.board), o.creature_rows))
    lines += render_creatures(o.creature_rows)
    if o.legal_actions:
        lines.append("legal: " + " | ".join(str(a) for a in o.legal_actions[:12])
                     + (" ..." if len(o.legal_actions) > 12 else ""))
    return "\n".join(lines)
