"""Cardigan: four players in two partnerships, four packs, four deals."""

from games.cardigan.records import read
from games.cardigan.rules import Settings, score

KEY = "cardigan"
NAME = "Cardigan"
SEATS = (4,)

__all__ = ["KEY", "NAME", "SEATS", "Settings", "read", "score"]
