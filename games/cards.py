"""Playing cards as the sheet writes them: rank then suit, "10H", "QS", "AD"."""

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def deck(ranks=RANKS, suits=SUITS) -> tuple[str, ...]:
    return tuple(rank + suit for suit in suits for rank in ranks)


FULL_DECK = frozenset(deck())


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]
