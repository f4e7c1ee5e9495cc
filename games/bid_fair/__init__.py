"""Bid Fair: two players, a 24-card pack, contracts pushed onto the opponent by bidding."""

from games.bid_fair.records import hand_reader, read
from games.bid_fair.rules import Settings, Tally, score

KEY = "bid_fair"
# What the screens call one record of the sheet (PRODUCT.md: Cardigan says "deal").
HAND = "hand"
NAME = "Bid Fair"
SEATS = (2,)

# Our own short reading of the game, for the home and rules pages.
PLAYERS_TEXT = "2 players, to 800"
SUMMARY = (
    (
        "Each player may show a bid card face up; showing one hands the contract to the "
        "opponent, and two shown cards double it. The cut card sets trumps, and a bid card of "
        "that suit earns a bonus."
    ),
    (
        "Both score the card points they capture. A holder who reaches the contract's value "
        "also scores the difference between the two players' card points, and the opponent "
        "collects a reward."
    ),
    ("The leader deals, and the first player alone past 800 wins."),
)

__all__ = [
    "HAND",
    "KEY",
    "NAME",
    "PLAYERS_TEXT",
    "SEATS",
    "SUMMARY",
    "Settings",
    "Tally",
    "hand_reader",
    "read",
    "score",
]
