"""The five roles (seed "Роли").  Role numbers set the order of the later phases."""
from __future__ import annotations

KING, MAGE, SHAMAN, MERCHANT, ARCHITECT = 1, 2, 3, 4, 5
ROLES = (KING, MAGE, SHAMAN, MERCHANT, ARCHITECT)
ROLE_NAME = {KING: "king", MAGE: "mage", SHAMAN: "shaman", MERCHANT: "merchant", ARCHITECT: "architect"}
ROLE_BIT = {r: 1 << r for r in ROLES}
KING_FOOD_CAP = 3  # seed: the King gets "up to 3" personal food (A11)
MERCHANT_FOOD = 2  # seed: the Merchant gets 2 personal food (A10)


def roles_text(mask: int) -> str:
    return "+".join(f"{r}:{ROLE_NAME[r]}" for r in ROLES if mask & ROLE_BIT[r]) or "-"


def lowest_role(mask: int) -> int:
    for r in ROLES:
        if mask & ROLE_BIT[r]:
            return r
    return 99
