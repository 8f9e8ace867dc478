"""Setup (§4): animals, supplies, the seven starting tiles, the twelve starting
discs, starting species, element boxes, dominance deck and wanderlust stacks.

Chance, in this order (fixed so a seed reproduces a game): the animals (if
dealt), the 12 box draws, the deck shuffle, the wanderlust shuffle."""
from __future__ import annotations

from engine.dominant_species import decisions as D
from engine.dominant_species import flow
from engine.dominant_species.board import (ALLOTMENT, ELEMENTS_PER_TYPE, FREE_SPACE, GEOMETRY, HEX_INDEX, INSECTS,
                                           NUM_CORNERS, NUM_HEXES, NUM_SPACES, PLANNING, PRINTED, START_APS,
                                           START_ELEMENTS, START_SPECIES, START_TILES, TUNDRA_START, TUNDRA_TILES,
                                           WANDERLUST_TILES, corner_at)
from engine.dominant_species.cards import FACE_UP, ICE_AGE, NUM_CARDS
from engine.dominant_species.earth import refresh_tiles
from engine.dominant_species.options import Options
from engine.dominant_species.reset import fill_boxes
from engine.dominant_species.state import DominantState
from engine.rng import Rng


def gene_pool_start(num_players: int, opt: Options) -> int:
    """Cubes in the gene pool after setup: allotment - 4 starting species (- 1 VP marker)."""
    return ALLOTMENT[num_players] - 4 - (1 if opt.vp_marker_from_gene_pool else 0)


def new_game(num_players: int, seed: int, options: dict) -> DominantState:
    opt = Options.from_dict(options)
    s = DominantState.__new__(DominantState)
    n = s.num_players = num_players
    s.options = dict(options)
    s.opt = opt
    s.geo = GEOMETRY[opt.rim_corners]
    s.rng = rng = Rng(seed)
    animals = rng.take(list(range(6)), n) if opt.deal_animals else list(range(n))
    s.animal = tuple(animals)
    s.seat_of = tuple(animals.index(a) if a in animals else -1 for a in range(6))
    s.terrain = [-1] * NUM_HEXES
    s.tundra = [0] * NUM_HEXES
    for qr, terrain in START_TILES.items():
        s.terrain[HEX_INDEX[qr]] = terrain
    s.tundra[HEX_INDEX[TUNDRA_START]] = 1
    s.tundra_left = TUNDRA_TILES - 1
    refresh_tiles(s)
    s.elem = [-1] * NUM_CORNERS
    s.bag = [ELEMENTS_PER_TYPE] * 6
    s.gone = [0] * 6
    for e, qr, dirs in START_ELEMENTS:
        s.elem[corner_at(qr, dirs)] = e
        s.bag[e] -= 1
    s.sp = [0] * (NUM_HEXES * n)
    s.hib = [0] * (NUM_HEXES * n)
    by_terrain = {t: HEX_INDEX[qr] for qr, t in START_TILES.items()}
    for seat, animal in enumerate(animals):
        two, one_a, one_b = START_SPECIES[animal]
        s.sp[by_terrain[two] * n + seat] += 2
        s.sp[by_terrain[one_a] * n + seat] += 1
        s.sp[by_terrain[one_b] * n + seat] += 1
    s.disp = [x for a in animals for x in PRINTED[a]]
    s.gene = [gene_pool_start(n, opt)] * n
    s.elim = [0] * n
    s.supply = [START_APS[n]] * n
    s.aps = [START_APS[n]] * n
    s.vp = [0] * n
    s.order = sorted(range(n), key=lambda seat: -animals[seat])  # reverse food chain
    s.ap = [-1] * NUM_SPACES
    for animal, space in FREE_SPACE.items():
        absent = s.seat_of[animal] < 0 or (animal == INSECTS and not opt.insect_free_speciation)
        s.ap[space] = -2 if absent else s.seat_of[animal]
    s.box = [0] * 36
    fill_boxes(s)
    deck = list(range(NUM_CARDS - 1))
    rng.shuffle(deck)
    s.deck = [ICE_AGE] + deck  # top = last; Ice Age at the bottom
    s.faceup = [s.deck.pop() for _ in range(FACE_UP)]
    s.used = []
    tiles = list(WANDERLUST_TILES)
    rng.shuffle(tiles)
    s.wl = [tiles[0:8], tiles[8:16], tiles[16:24]]
    s.wl_up = [stack.pop() for stack in s.wl]
    s.survival = -1
    s.scored = 0
    s.last_scored = -1
    s.ice_age = False
    s.turn = 1
    s.phase = PLANNING
    s.cursor = -2
    s.plan_pos = 0
    s.pk = D.NONE
    s.pseat = -1
    s.ctx = []
    s.queue = []
    s.log_done = ()
    s.log_tail = []
    s._legal = None
    s.current_player = -1
    flow.advance(s)
    return s

