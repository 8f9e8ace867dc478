"""What search players may know about a *Dominant Species* position beyond its
score: a value per seat for a cut-off rollout (``GameSpec.heuristic``) and a
cheap move ordering for informed rollouts (``move_priorities``).

Both read the full State: a search player calls them on its own sampled
determinization, never on the true state.

**Value** (``heuristic``).  Per seat, the VPs it holds plus the VPs it can still
expect, turned into per-seat values in [0, 1] by the smooth margin of
``engine.values.margin_values`` (as the other games' heuristics do):

* the VP track (``s.vp``);
* the tile standings (§8.1) *after the coming Extinction*: species with no match
  on their tile (§6.1, beyond their Hibernation immunity) die at the next Reset,
  so they are left out of the ranking.  Each tile pays its places once at the
  final scoring (§8.2) and again at every Domination that picks it; roughly one
  card leaves the deck per Domination, so the Dominations still to come number
  about the cards left (deck + face-up), spread over the tiles on Earth.  The
  standing therefore counts ``1 + min(cards left / tiles, FUTURE_CAP)`` times;
* ``ICE_AGE_WEIGHT`` times the Ice Age bonus (§6.4 table of the tiles dominated
  now, §9 Ice Age): it is paid once at the end, but dominance moves with every
  disc, so only half of today's count is trusted;
* the Survival bonus (§7.4 step 2) the sole leader in tundra species would score
  at the next Reset (one payment: the lead changes hands too easily to count more).

**Ordering** (``move_priorities``).  The rule player's rules of thumb
(players/rules/dominant_species.py), computed on the State with no observation
and no look-ahead: in Planning a value per section (Domination where some
unscored tile pays us more than the others, Speciation on elements whose corners
touch tiles where we match, Adaptation, Wanderlust, Competition where we share
tiles, ...); in Execution, per decision: place species only where they match
(the others die), move cubes from endangered to matching tiles, score the tile
with the best own margin, eliminate where a tile is shared, take the card of
most use, put discs where we match and the opponents do not.  Decisions it does
not know get 0 for every action (a random choice).
"""
from __future__ import annotations

from engine.values import margin_values

from engine.dominant_species import decisions as D
from engine.dominant_species.actions import (ADD, CARD, DOMINATE, ELIMINATE, GLACIATE, INITIATIVE, LAY, MOVE, PUT,
                                             REMOVE, SPECIATE, SPECIATE_AT, TAKE)
from engine.dominant_species.board import (ABUNDANCE, ADAPTATION, BOX_ADAPTATION, BOX_REGRESSION, COMPETITION,
                                           COMPETITION_TERRAINS, CORNER_HEXES, DEPLETION, DOMINATION, GLACIATION,
                                           MIGRATION, MIGRATION_LIMIT, NEIGHBOURS, NUM_SPACES, OVER, PRINTED, REGRESSION,
                                           SCORING, SPACE_INDEX, SPACE_SECTION, SPECIATION, SPECIATION_LIMIT, TUNDRA,
                                           WANDERLUST, WASTELAND)
from engine.dominant_species.cards import (AQUATIC, BIODIVERSITY, BIOMASS, BLIGHT, CATASTROPHE, COLD_SNAP, DISEASE,
                                           ECODIVERSITY, EVOLUTION, FECUNDITY, FERTILE, HABITAT, HIBERNATION,
                                           ICE_AGE, ICE_SHEET, IMMIGRANTS, INSTINCT, INTELLIGENCE, MASS_EXODUS,
                                           METAMORPHOSIS, NICHE_BIOMES, NOCTURNAL, OMNIVORE, PARASITISM, PREDATOR,
                                           SYMBIOTIC)
from engine.dominant_species.earth import bonus, dominant, matches, tile_type
from engine.dominant_species.scoring import places_pay

# at most this many further scorings of a tile are expected: the deck holds 26
# cards and the first turns' seven tiles would otherwise count about 4 times,
# which makes the banked VPs look negligible next to a standing that still moves
FUTURE_CAP = 2.0
# the Ice Age bonus is paid once at the end on the dominance of that moment; half
# of today's count is trusted (dominance follows the discs, which every turn moves)
ICE_AGE_WEIGHT = 0.5


def seat_values(s) -> list:
    """The raw per-seat values the heuristic compares (see the module docstring)."""
    n = s.num_players
    out = [float(v) for v in s.vp]
    if s.phase == OVER:
        return out
    sp, hib, terrain, tundra, animal = s.sp, s.hib, s.terrain, s.tundra, s.animal
    tiles = [h for h in s.tiles if terrain[h] >= 0]
    if not tiles:
        return out
    weight = 1.0 + min((len(s.deck) + len(s.faceup)) / len(tiles), FUTURE_CAP)
    dominated = [0] * n
    tundra_species = [0] * n
    tundra_tiles = [0] * n
    for h in tiles:
        base = h * n
        counts = [0] * n
        best, best_seat, tie = 0, -1, False
        for seat in range(n):
            k = sp[base + seat]
            if not k:
                continue
            m = matches(s, seat, h)
            if m:
                counts[seat] = k
                if m > best:
                    best, best_seat, tie = m, seat, False
                elif m == best:
                    tie = True
            else:
                counts[seat] = hib[base + seat] if hib[base + seat] < k else k
            if tundra[h] and counts[seat]:
                tundra_species[seat] += counts[seat]
                tundra_tiles[seat] += 1
        if best_seat >= 0 and not tie:
            dominated[best_seat] += 1
        table = SCORING[TUNDRA if tundra[h] else terrain[h]]
        for seat, points in places_pay(counts, animal, table):
            out[seat] += weight * points
    for seat in range(n):
        if dominated[seat]:
            out[seat] += ICE_AGE_WEIGHT * bonus(s, dominated[seat])
    top = max(tundra_species)
    if top > 0 and tundra_species.count(top) == 1:
        holder = tundra_species.index(top)
        out[holder] += bonus(s, tundra_tiles[holder])
    return out


def heuristic(state) -> list:
    """Per-seat values in [0, 1] of a position that is not over."""
    return margin_values(seat_values(state))


# -- the move ordering -----------------------------------------------------------------------
# Planning: fixed values of the sections the rule player also rates by a constant
# (its _space_value): Migration grows with the space's cube limit, Wasteland and
# Depletion come last, Initiative and Abundance are fillers.
_FIXED = {ABUNDANCE: 1.5, INITIATIVE: 1.2, WASTELAND: 0.3, DEPLETION: 0.3}
# Cards: what each is roughly worth in VPs to the seat that takes it (2-4 players):
# an AP is worth about 3 VPs over the game (Omnivore); cards that score or place
# species now (Fertile, Ecodiversity, Fecundity, Biodiversity, Aquatic) about 3-4;
# attacks on the others (Predator, Evolution, Catastrophe, Niche Biomes) 2-3;
# cards that hurt everyone alike or move little (Immigrants, Biomass, Blight,
# Disease, Mass Exodus, Nocturnal, Metamorphosis) about 1.  Ice Age is rated from
# the position (it ends the game).
_CARD_VALUE = {AQUATIC: 3.0, BIODIVERSITY: 3.0, BIOMASS: 1.0, BLIGHT: 1.0, CATASTROPHE: 2.0, COLD_SNAP: 2.0,
               DISEASE: 1.0, ECODIVERSITY: 4.0, EVOLUTION: 2.5, FECUNDITY: 3.0, FERTILE: 4.0, HABITAT: 1.5,
               HIBERNATION: 1.5, ICE_SHEET: 2.0, IMMIGRANTS: 0.5, INSTINCT: 2.0, INTELLIGENCE: 2.5,
               MASS_EXODUS: 1.0, METAMORPHOSIS: 1.0, NICHE_BIOMES: 2.0, NOCTURNAL: 1.0, OMNIVORE: 3.0,
               PARASITISM: 2.5, PREDATOR: 3.0, SYMBIOTIC: 1.5}
# Ordering numbers only rank the actions of one decision.  The Planning numbers
# (section values, 0.3 per later Domination space, 0.8 per cube of Speciation room,
# 1.2 per shared tile for Competition, 1.0 + 0.2 per Migration cube) are the rule
# player's (players/rules/dominant_species.py, _space_value), which beats random
# play by far; the rest are below, each with its reason.
# a cube on a tile where it matches: it survives and counts for the places
SAFE_CUBE = 2.0
# a cube that dies at the next Extinction: worse than not placing it, since it
# leaves the gene pool for good (§6.2)
DOOMED_CUBE = -1.0


# planning values per (board, seat): a rollout's Planning asks about one board ~10 times.
# Keyed by the seat and the board's few scalars; under each key up to _PER_KEY boards (copies
# of the lists the values read) with their values, compared list by list: no key of a few
# hundred ints to build, hash and free at every Planning move.
_SPACE_CACHE: dict = {}
_CACHE_SIZE = 4096  # keys; cleared when full
_PER_KEY = 8  # boards kept per key, the oldest dropped first


class _Context:
    """Facts of the position for the seat to move, computed when first asked for."""

    __slots__ = ("s", "me", "n", "_match")

    def __init__(self, s):
        self.s = s
        self.me = s.current_player
        self.n = s.num_players
        self._match = {}

    def match(self, h: int) -> int:
        m = self._match.get(h)
        if m is None:
            m = self._match[h] = matches(self.s, self.me, h)
        return m

    def cube(self, h: int) -> float:
        """What one more own cube on tile ``h`` is worth (alive or doomed, and the tile's first prize)."""
        s = self.s
        first = SCORING[tile_type(s, h)][0]
        # 0.05 per first-place VP: among safe tiles, the richer (sea 9 -> +0.45) wins,
        # never enough to outweigh safety (SAFE_CUBE - DOOMED_CUBE = 3)
        return (SAFE_CUBE if self.match(h) else DOOMED_CUBE) + 0.05 * first

    def margin_on(self, h: int) -> float:
        """Own pay minus the best other pay if tile ``h`` were scored now."""
        s, n = self.s, self.n
        counts = s.sp[h * n:h * n + n]
        mine = best = 0  # pays are positive: a seat without one counts 0
        for seat, points in places_pay(counts, s.animal, SCORING[tile_type(s, h)]):
            if seat == self.me:
                mine = points
            elif points > best:
                best = points
        return mine - best

    def corner_use(self, c: int, e: int) -> float:
        """How much a disc of element ``e`` on corner ``c`` helps us against the others."""
        s, n, me = self.s, self.n, self.me
        sp, disp = s.sp, s.disp
        value = 0.0
        for h in CORNER_HEXES[c]:
            if s.terrain[h] < 0:
                continue
            for seat in range(n):
                k = sp[h * n + seat]
                if k and disp[seat * 6 + e]:
                    if seat == me:  # a match for us; 1.5 a cube it rescues (the rule player's weight)
                        value += 1.0 + (1.5 * k if not self.match(h) else 0.0)
                    else:  # a match for another: half as bad as ours is good (several rivals share it)
                        value -= 0.5
        return value

    # -- planning ------------------------------------------------------------------------------
    def section_values(self) -> dict:
        s, me, n = self.s, self.me, self.n
        values = dict(_FIXED)
        # Domination: the best own margin on an unscored tile, +3 where we are dominant
        best = 0.0
        scored = s.scored
        for h in s.tiles:
            if s.terrain[h] >= 0 and not scored >> h & 1 and s.sp[h * n + me]:
                gain = self.margin_on(h)
                if gain > best:
                    best = gain
        values[DOMINATION] = best + 1.0
        # Adaptation: display room and the box's elements that match our tiles
        disp = s.disp
        held = 0  # discs on our display
        for e in range(6):
            held += disp[me * 6 + e]
        if held < 6:
            gain = 0.0
            box = s.box[BOX_ADAPTATION * 6:BOX_ADAPTATION * 6 + 6]
            for e in range(6):
                if box[e]:
                    g = self._element_gain(e)
                    if g > gain:
                        gain = g
            values[ADAPTATION] = 2.0 + gain
        else:
            values[ADAPTATION] = -1.0
        printed = PRINTED[s.animal[me]]
        reg = s.box[BOX_REGRESSION * 6:BOX_REGRESSION * 6 + 6]
        lost = 0  # added elements of ours that Regression may take
        for e in range(6):
            if reg[e] and disp[me * 6 + e] > printed[e]:
                lost += 1
        values[REGRESSION] = 1.5 * lost - 0.5
        face_up = False  # a wanderlust tile to lay
        for t in s.wl_up:
            if t >= 0:
                face_up = True
                break
        values[WANDERLUST] = 3.0 if face_up else -1.0
        values[GLACIATION] = 1.6 if s.tundra_left > 0 else -1.0
        return values

    def _element_gain(self, e: int) -> float:
        s, n, me = self.s, self.n, self.me
        elem, sp = s.elem, s.sp
        gain = 0.0
        for h in s.tiles:
            k = sp[h * n + me]
            if k and s.terrain[h] >= 0:
                on = 0
                for c in s.geo.hex_corners[h]:
                    if elem[c] == e:
                        on += 1
                if on:
                    gain += 0.5 * on + (1.5 * k if not self.match(h) else 0.0)
        return gain

    def speciation_values(self) -> list:
        """Per element: the room (speciation limits) around its best corner, where we match."""
        s, me = self.s, self.me
        gene = s.gene[me]
        if not gene:
            return [-1.0] * 7
        elem, terrain, tundra, disp = s.elem, s.terrain, s.tundra, s.disp
        best = [0.0] * 6
        for c in s.live:
            e = elem[c]
            if e < 0:
                continue
            room = 0.0
            for h in CORNER_HEXES[c]:
                if terrain[h] >= 0:
                    k = SPECIATION_LIMIT[TUNDRA if tundra[h] else terrain[h]]
                    room += k if (disp[me * 6 + e] or self.match(h)) else 0.3 * k
            if room > best[e]:
                best[e] = room
        return [0.8 * min(b, gene) for b in best] + [1.0]

    def competition_values(self) -> list:
        s, me, n = self.s, self.me, self.n
        sp, terrain, tundra = s.sp, s.terrain, s.tundra
        shared = []
        for h in s.tiles:
            if terrain[h] >= 0 and sp[h * n + me]:
                for x in range(n):
                    if x != me and sp[h * n + x]:
                        shared.append(TUNDRA if tundra[h] else terrain[h])
                        break
        out = []
        for terrains in COMPETITION_TERRAINS:
            k = 0
            for t in shared:
                if t == TUNDRA or t in terrains:
                    k += 1
            out.append(1.2 * min(k, 3))
        return out

    def space_values(self) -> list:
        """The value of an AP on each space of the action display."""
        sections = self.section_values()
        spec = self.speciation_values()
        comp = self.competition_values()
        out = []
        for space in range(NUM_SPACES):
            sec, i = SPACE_SECTION[space], SPACE_INDEX[space]
            if sec == SPECIATION:
                v = spec[i]
            elif sec == COMPETITION:
                v = comp[i]
            elif sec == MIGRATION:
                v = 1.0 + 0.2 * MIGRATION_LIMIT[i]
            elif sec == DOMINATION:
                v = sections[DOMINATION] - 0.3 * i
            else:
                v = sections.get(sec, 0.0)
            out.append(v)
        return out

    def place_values(self, legal) -> list:
        """Planning changes nothing the space values read (only APs move), so they
        are computed once per position of the board and seat and kept in
        ``_SPACE_CACHE``, found by everything they read."""
        s = self.s
        key = (self.me, s.animal, s.turn, s.scored, s.tundra_left, s.gene[self.me])
        boards = _SPACE_CACHE.get(key)
        values = None
        if boards is None:
            if len(_SPACE_CACHE) >= _CACHE_SIZE:
                _SPACE_CACHE.clear()
            boards = _SPACE_CACHE[key] = []
        else:
            for board, kept in boards:
                if (board[0] == s.sp and board[1] == s.elem and board[2] == s.disp and board[3] == s.box
                        and board[4] == s.terrain and board[5] == s.tundra and board[6] == s.wl_up):
                    values = kept
                    break
        if values is None:
            values = self.space_values()
            if len(boards) >= _PER_KEY:
                del boards[0]
            boards.append(((s.sp[:], s.elem[:], s.disp[:], s.box[:], s.terrain[:], s.tundra[:], s.wl_up[:]), values))
        out = []
        for a in legal:  # (PLACE, space)
            space = a[1]
            out.append(values[space])
        return out

    # -- execution -----------------------------------------------------------------------------
    def value(self, a, pk: int) -> float:
        verb = a[0]
        s = self.s
        if verb == ADD:
            k, h = a[1], a[2]
            if pk == D.HIB_COUNT or self.match(h):
                return float(k)
            return DOOMED_CUBE * k
        if verb == MOVE:
            return self.cube(a[2]) - self.cube(a[1])
        if verb == SPECIATE:
            return self.cube(a[1])
        if verb == SPECIATE_AT:
            c = a[1]
            e = s.elem[c]
            mine = s.disp[self.me * 6 + e]
            room = 0.0
            for h in CORNER_HEXES[c]:
                if s.terrain[h] >= 0:
                    # room where we match; a doomed tile counts against (the cubes would die)
                    room += SPECIATION_LIMIT[tile_type(s, h)] * (
                        1.0 if mine or self.match(h) else -0.3)
            return room
        if verb == DOMINATE:
            h = a[1]
            v = self.margin_on(h)
            owner = dominant(s, h)
            if owner == self.me:  # we take a card: the rule player's 2.5 per dominated tile
                v += 2.5
            elif owner >= 0:  # a card for a rival; cards can hurt their taker too, so less than ours
                v -= 1.0
            return v
        if verb == ELIMINATE:
            h = a[2]
            n = self.n
            # every elimination beats passing; richer tiles first (0.1 per first-place VP)
            v = 1.0 + 0.1 * SCORING[tile_type(s, h)][0]
            if s.sp[h * n + a[1]] >= s.sp[h * n + self.me]:
                v += 0.5  # contests our place
            return v
        if verb == CARD:
            if a[1] == ICE_AGE:
                return self.ice_age_value()
            return _CARD_VALUE.get(a[1], 1.0)
        if verb == TAKE:  # 1.0: taking a disc beats passing; then how much it matches for us
            e = a[1]
            if pk == D.ADAPT:
                return 1.0 + self._element_gain(e)
            if pk == D.ABUND_ELEM or pk == D.WL_ELEM:
                return 1.0 + s.disp[self.me * 6 + e]
            return 0.0
        if verb == PUT:
            if pk == D.ABUND_CORNER:
                return self.corner_use(a[1], s.ctx[0])
            if pk == D.WL_CORNER:
                return self.corner_use(a[1], s.ctx[1])
            return 0.0
        if verb == REMOVE:  # Depletion
            c = a[1]
            return -self.corner_use(c, s.elem[c])
        if verb == GLACIATE:
            h = a[1]
            n = self.n
            near = 0  # tundra tiles around
            for x in NEIGHBOURS[h]:
                if s.terrain[x] >= 0 and s.tundra[x]:
                    near += 1
            v = bonus(s, near)
            for seat in range(n):
                k = s.sp[h * n + seat]
                if k > 1:
                    # the cubes that go back to the gene pools: a VP-ish loss each for us,
                    # half that as a gain when they are a rival's (several rivals share it)
                    v += -(k - 1) if seat == self.me else 0.5 * (k - 1)
            return v
        if verb == LAY:
            h = a[1]
            near = 0  # tiles around
            for x in NEIGHBOURS[h]:
                if s.terrain[x] >= 0:
                    near += 1
            return float(bonus(s, near))
        if verb == INITIATIVE:
            return 1.0
        return 0.0

    def ice_age_value(self) -> float:
        """Ice Age ends the game: good when we lead (by score and dominance)."""
        s, me, n = self.s, self.me, self.n
        values = seat_values(s)
        lead = values[me] - max(values[x] for x in range(n) if x != me)
        # ending the game is worth as much as a good card when we lead, as bad when we trail
        return 3.0 if lead > 0 else -3.0


def move_priorities(state, legal: list) -> list:
    """How good each of ``legal`` looks for the seat to move (higher is better;
    only the order matters): see the module docstring."""
    context = _Context(state)
    pk = state.pk
    if pk == D.PLACE or pk == D.REPLACE:
        return context.place_values(legal)
    value = context.value
    return [float(value(a, pk)) for a in legal]
