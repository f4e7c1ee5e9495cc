"""Bid Fair: two players, a 24-card pack, contracts pushed onto the opponent by bidding."""

from games.bid_fair.records import read
from games.bid_fair.rules import Settings, score

KEY = "bid_fair"
NAME = "Bid Fair"
SEATS = (2,)

__all__ = ["KEY", "NAME", "SEATS", "Settings", "read", "score"]
