"""Contractor: three players, self-composed contracts, a planned number of hands."""

from games.contractor.records import read
from games.contractor.rules import Settings, score

KEY = "contractor"
NAME = "Contractor"
SEATS = (3,)

__all__ = ["KEY", "NAME", "SEATS", "Settings", "read", "score"]
