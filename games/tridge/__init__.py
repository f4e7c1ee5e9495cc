"""Tridge: three or four people playing for chips, a game fund and a widow's fund."""

from games.tridge.records import hand_reader, read
from games.tridge.rules import Settings, Tally, score

KEY = "tridge"
# What the screens call one record of the sheet (PRODUCT.md: Cardigan says "deal").
HAND = "hand"
NAME = "Tridge"
SEATS = (3, 4)

# Our own short reading of the game, for the home and rules pages.
PLAYERS_TEXT = "3 or 4 people, for chips"
SUMMARY = (
    (
        "An English-card L'Hombre: one player takes on the other two with a bid (play, flip, no"
        " change, no tricks, all tricks or a fixed number of tricks) and needs more tricks than"
        " either defender."
    ),
    (
        "Chips flow between the people and three kinds of pot: a game fund that doubles on a "
        "draw or a loss, reserve funds that catch what overflows it, and a widow's fund won by "
        "the grand bids."
    ),
    (
        "With four people the dealer sits out but still pays and collects. At the end of the "
        "evening Scorekeeper settles who pays whom."
    ),
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
