"""The 26 dominance cards (reference §9), Ice Age last.  Effects live in ``dominance.py``."""
from __future__ import annotations

CARD_NAMES = ("aquatic", "biodiversity", "biomass", "blight", "catastrophe", "cold-snap", "disease",
              "ecodiversity", "evolution", "fecundity", "fertile", "habitat", "hibernation", "ice-sheet",
              "immigrants", "instinct", "intelligence", "mass-exodus", "metamorphosis", "niche-biomes",
              "nocturnal", "omnivore", "parasitism", "predator", "symbiotic", "ice-age")
(AQUATIC, BIODIVERSITY, BIOMASS, BLIGHT, CATASTROPHE, COLD_SNAP, DISEASE, ECODIVERSITY, EVOLUTION,
 FECUNDITY, FERTILE, HABITAT, HIBERNATION, ICE_SHEET, IMMIGRANTS, INSTINCT, INTELLIGENCE, MASS_EXODUS,
 METAMORPHOSIS, NICHE_BIOMES, NOCTURNAL, OMNIVORE, PARASITISM, PREDATOR, SYMBIOTIC, ICE_AGE) = range(26)
NUM_CARDS = 26
CARD_BY_NAME = {n: i for i, n in enumerate(CARD_NAMES)}
FACE_UP = 5
