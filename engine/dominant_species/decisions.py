"""The kinds of pending decision and the table of their rules.

A State has at most one pending decision (``s.pk``), owned by one seat
(``s.pseat``), with its working data in ``s.ctx`` (a small list of ints) and a
queue of later deciders or items (``s.queue``).  Each phase module registers,
per kind, ``legal(s) -> list`` and ``apply(s, action)`` (``register``); an ``apply`` either sets
the next decision or calls ``done(s)``, and the flow (``flow.advance``) runs
the automatic steps up to the next decision.
"""
from __future__ import annotations

(NONE, PLACE, INIT, REPLACE, ADAPT, REGRESS, ABUND_ELEM, ABUND_CORNER, WASTE, DEPLETE, GLACIATE,
 SPEC_CORNER, SPEC_COUNT, SPEC_FREE, WL_STACK, WL_HEX, WL_ELEM, WL_CORNER, WL_MOVE, MIGRATE, COMPETE,
 DOMINATE, CARD, AQ_TILE, AQ_ELEM, AQ_CORNER, AQ_COUNT, BIOMASS, BLIGHT_TILE, BLIGHT_KEEP, CAT_TILE,
 CAT_SPARE, CAT_HIT, DISEASE, EVOLVE, FECUND, FERTILE, HAB_ELEM, HAB_CORNER, HIB_TILE, HIB_COUNT,
 ICE_SHEET, IMMIGRANTS, INSTINCT, EXODUS_TILE, EXODUS_SEND, META_LOSE, META_TAKE, PREDATOR, SAVE) = range(50)
NUM_KINDS = 50
# each kind's name, as bot authors read it (``Observation.decision``)
KIND_NAMES = ("none", "place", "initiative", "initiative re-place", "adaptation", "regression",
              "abundance element", "abundance corner", "wasteland", "depletion", "glaciation",
              "speciation corner", "speciation count", "speciation insects", "wanderlust stack",
              "wanderlust tile", "wanderlust element", "wanderlust corner", "wanderlust move", "migration",
              "competition", "domination", "card", "aquatic tile", "aquatic element", "aquatic corner",
              "aquatic count", "biomass", "blight tile", "blight keep", "catastrophe tile", "catastrophe spare",
              "catastrophe eliminate", "disease", "evolution", "fecundity", "fertile", "habitat element",
              "habitat corner", "hibernation tile", "hibernation count", "ice-sheet", "immigrants", "instinct",
              "mass-exodus tile", "mass-exodus send", "metamorphosis lose", "metamorphosis take", "predator",
              "mammals save")
assert len(KIND_NAMES) == NUM_KINDS

LEGAL: list = [None] * NUM_KINDS
APPLY: list = [None] * NUM_KINDS


def register(kind: int, legal, apply) -> None:
    """Register ``legal(s)`` and ``apply(s, action)`` for decisions of ``kind``.  (A call at
    the end of each phase module, not a decorator: Cython drops the decorator of a
    ``cpdef`` function, and the compiled build types the apply functions.)"""
    LEGAL[kind] = legal
    APPLY[kind] = apply


def ask(s, kind: int, seat: int) -> None:
    s.pk = kind
    s.pseat = seat


def done(s) -> None:
    s.pk = NONE
