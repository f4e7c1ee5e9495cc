"""Playing cards as the sheet writes them: rank then suit, "10H", "QS", "AD"."""

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
WORDS = ("ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six", "five", "four")
RANK_WORDS = dict(zip(RANKS, (*WORDS, "three", "two"), strict=True))
RED = frozenset({"H", "D"})


def deck(ranks=RANKS, suits=SUITS) -> tuple[str, ...]:
    return tuple(rank + suit for suit in suits for rank in ranks)


FULL_DECK = frozenset(deck())


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def face(card: str) -> str:
    """A♠: how the screens and their messages show a card."""
    return f"{rank_of(card)}{SUIT_SYMBOLS[suit_of(card)]}"


def card_name(card: str) -> str:
    """What a screen reader says for a card: ace of spades."""
    return f"{RANK_WORDS[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def is_red(card_or_suit: str) -> bool:
    return card_or_suit[-1] in RED


def suit_heading(suit: str) -> dict:
    """A suit as a head shows it: symbol (hidden from screen readers), name, colour."""
    symbol, name = SUIT_SYMBOLS[suit], SUIT_NAMES[suit]
    return {"suit": suit, "symbol": symbol, "name": name, "red": is_red(suit)}
