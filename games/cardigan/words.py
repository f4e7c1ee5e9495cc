"""How Cardigan contracts and deals read: on the board, in the history, in the preview."""

from __future__ import annotations

import re

from games.cardigan.rules import BOOK
from games.engine.cards import SUIT_SYMBOLS
from games.engine.words import read_field, sentence

# What each bid looks like on a button and in a sentence.
BID_SHORT = {
    "diamonds": "\u2666",
    "clubs": "\u2663",
    "hearts": "\u2665",
    "spades": "\u2660",
    "diamonds_alone": "\u2666 alone",
    "clubs_alone": "\u2663 alone",
    "hearts_alone": "\u2665 alone",
    "spades_alone": "\u2660 alone",
    "red": "Red",
    "black": "Black",
    "no_trump": "No trump",
}
CARD = re.compile(r"\b(10|[2-9AKQJ])([SHDC])\b")
SUIT_CHARS = frozenset(SUIT_SYMBOLS.values())


def bid_words(bid: str) -> str:
    return bid.replace("_", " ")


def contract_text(level: int, bid: str) -> str:
    """How a contract reads: 4 ♥ alone, 2 no trump."""
    short = BID_SHORT[bid]
    return f"{level} {short if short[0] in SUIT_CHARS else short.lower()}"


def with_faces(message: str) -> str:
    """Cards in an engine message as the grid shows them: AS becomes A♠."""
    return CARD.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], message)


def in_a_sentence(message: str) -> str:
    """An engine message as the form shows it: cards as A♠, a capital, a full stop."""
    return sentence(with_faces(message))


def describe_record(record: dict) -> str:
    """A deal as the table would say it: "Ben: 4 ♥ alone, dummy; 9 tricks"."""
    extras = [word for word in ("dummy", "open", "stuck") if record.get(word)]
    text = f"{record['declarer']}: {contract_text(record['level'], record['bid'])}"
    if extras:
        text += ", " + ", ".join(extras)
    text += f"; {record['tricks']} tricks"
    if "card_counts" in record:
        text += " (cards counted)"
    return text


def describe(record: dict, hand_score) -> str:
    text = describe_record(record)
    if hand_score is None:
        return text
    needed = BOOK + record["level"]
    if hand_score.details.get("made"):
        return f"{text} \u2014 made"
    return f"{text} \u2014 down {needed - record['tricks']}"


def closing(score) -> tuple[str, dict[str, int]] | None:
    """The full suits, once the fourth deal is in, read as the game's last row."""
    bonus = score.details.get("full_suits")
    return None if bonus is None else ("Full suits", bonus)


def outcome_sentence(record: dict, details: dict) -> str:
    level, tricks = record["level"], record["tricks"]
    contract = contract_text(level, record["bid"])
    who = f"{details['declarer']} ({details['declaring_team']})"
    if details["made"]:
        over = tricks - BOOK - level
        extra = f", {over} over" if over else ""
        return f"{who} made {contract} with {tricks} tricks{extra}."
    book = "the book was made" if details["book_made"] else "the book was lost too"
    return f"{who} went down {BOOK + level - tricks} in {contract}: {tricks} tricks, {book}."


# What a player calls each field of a deal, where two corrections are compared.
FIELDS = {
    "duplicates": "Duplicates shown",
    "declarer": "Declarer",
    "level": "Level",
    "bid": "Bid",
    "dummy": "Dummy",
    "open": "Open",
    "stuck": "Stuck",
    "tricks": "Tricks",
    "cards": "Cards collected",
    "card_counts": "Cards counted",
    "discards": "Discards received",
}
TEXTS = {
    "bid": lambda bid: BID_SHORT.get(bid, bid),
    "cards": lambda by_team: "; ".join(
        f"{team}: {with_faces(' '.join(cards))}" for team, cards in by_team.items()
    ),
}


def field_words(key: str, value) -> tuple[str, str]:
    return read_field(key, value, FIELDS, ("dummy", "open", "stuck"), TEXTS)
