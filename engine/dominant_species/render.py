"""Text rendering of a State (an Observation renders a State of its public fields): the map, every tile (terrain,
tundra, discs on its corners, species per animal, the dominant animal), the
animals, the action display, the element boxes and the cards."""
from __future__ import annotations

from engine.dominant_species.board import (ANIMAL_NAMES, BOX_NAMES, ELEMENT_NAMES, HEXES, NUM_HEXES, SPACE_NAMES,
                                           TERRAIN_NAMES)
from engine.dominant_species.cards import CARD_NAMES
from engine.dominant_species.earth import dominant

_ABBR = ("SEA", "WET", "SAV", "JUN", "FOR", "DES", "MTN")
_PHASES = ("planning", "execution", "reset", "over")


def _map(s) -> list:
    """The 35 hexes, north up, each column half a row lower than the one to its west."""
    rows = {}
    for h, (q, r) in enumerate(HEXES):
        y = 2 * r + q
        t = s.terrain[h]
        if t < 0:
            cell = " .  "
        else:
            cell = ("*" if s.tundra[h] else " ") + _ABBR[t]
        rows.setdefault(y, {})[q] = cell
    lines = []
    for y in sorted(rows):
        line = ""
        for q in range(-3, 4):
            line += rows[y].get(q, "    ") + "  "
        lines.append("  " + line.rstrip())
    return lines


def render_state(s) -> str:
    n = s.num_players
    lines = [f"Dominant Species, turn {s.turn}, {_PHASES[s.phase]}"
             + ("  (Ice Age taken)" if s.ice_age else "")]
    lines.append("Map (* = tundra, . = blank hex):")
    lines.extend(_map(s))
    lines.append("Animals (initiative order " + " ".join(f"p{x}" for x in s.order) + "):")
    for seat in range(n):
        elements = ",".join(ELEMENT_NAMES[e] for e in range(6) for _ in range(s.disp[seat * 6 + e]))
        lines.append(f"  p{seat} {ANIMAL_NAMES[s.animal[seat]]:<10} VP {s.vp[seat]:>3}  gene pool {s.gene[seat]:>2}"
                     f"  eliminated {s.elim[seat]:>2}  APs {s.supply[seat]}/{s.aps[seat]}  [{elements}]"
                     + ("  (Survival)" if s.survival == seat else ""))
    lines.append("Tiles:")
    for h in range(NUM_HEXES):
        t = s.terrain[h]
        if t < 0:
            continue
        q, r = HEXES[h]
        name = TERRAIN_NAMES[t] + ("+tundra" if s.tundra[h] else "")
        discs = ",".join(ELEMENT_NAMES[s.elem[c]] for c in s.geo.hex_corners[h] if s.elem[c] >= 0) or "-"
        species = " ".join(f"p{seat}:{s.sp[h * n + seat]}" for seat in range(n) if s.sp[h * n + seat]) or "-"
        d = dominant(s, h)
        scored = " scored" if s.scored >> h & 1 else ""
        lines.append(f"  ({q},{r}) {name:<16} elements {discs:<34} species {species:<20}"
                     f" dominant {'p%d' % d if d >= 0 else '-'}{scored}")
    placed = [f"{SPACE_NAMES[sp]}=p{seat}" for sp, seat in enumerate(s.ap) if seat >= 0]
    lines.append("Action display: " + (" ".join(placed) or "-"))
    boxes = []
    for b in range(6):
        content = ",".join(ELEMENT_NAMES[e] for e in range(6) for _ in range(s.box[b * 6 + e]))
        boxes.append(f"{BOX_NAMES[b]}[{content}]")
    lines.append("Boxes: " + " ".join(boxes))
    lines.append(f"Bag: " + " ".join(f"{ELEMENT_NAMES[e]} {s.bag[e]}" for e in range(6))
                 + f"   tundra tiles left {s.tundra_left}")
    lines.append("Dominance cards face up: " + (", ".join(CARD_NAMES[k] for k in s.faceup) or "-")
                 + f"   deck {len(s.deck)}")
    lines.append("Wanderlust face up: " + " ".join(
        f"stack {i}: {TERRAIN_NAMES[t] if t >= 0 else '-'}" for i, t in enumerate(s.wl_up)))
    return "\n".join(lines)
