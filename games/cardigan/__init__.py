"""Cardigan: four players in two partnerships, four packs, four deals."""

from games.cardigan.records import read
from games.cardigan.rules import Settings, score

KEY = "cardigan"
# What the screens call one record of the sheet (PRODUCT.md: Cardigan says "deal").
HAND = "deal"
NAME = "Cardigan"
SEATS = (4,)

# Our own short reading of the game, for the home and rules pages.
PLAYERS_TEXT = "4 players, two partnerships"
SUMMARY = (
    (
        "Four packs shuffled together make four deals. Partners score together: duplicates "
        "shown before bidding, a contract bonus, points for every trick, and points for the "
        "cards they collect."
    ),
    (
        "Card values grow deal by deal, and after the fourth deal each team scores its complete"
        " suits, counted from every card it collected in the game."
    ),
)

__all__ = ["HAND", "KEY", "NAME", "PLAYERS_TEXT", "SEATS", "SUMMARY", "Settings", "read", "score"]
