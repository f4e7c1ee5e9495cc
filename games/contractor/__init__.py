"""Contractor: three players, self-composed contracts, a planned number of hands."""

from games.contractor.records import hand_reader, read
from games.contractor.rules import Settings, Tally, score

KEY = "contractor"
# What the screens call one record of the sheet (PRODUCT.md: Cardigan says "deal").
HAND = "hand"
NAME = "Contractor"
SEATS = (3,)

# Our own short reading of the game, for the home and rules pages.
PLAYERS_TEXT = "3 players"
SUMMARY = (
    (
        "Each hand, the players bid contracts they compose themselves: a strain (a trump suit, "
        "no trump, crazytrump or nil) plus conditions such as extra tricks, foregoing kitty "
        "cards or playing exposed, each adding to the contract's value."
    ),
    (
        "The contractor scores the value when the contract is made and loses it when it fails "
        "(twice over when they bid absolutely sure); the opponents score their tricks. A "
        "challenge is a 3-point side bet."
    ),
    ("A game is a planned number of hands, a multiple of three so everyone deals equally often."),
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
