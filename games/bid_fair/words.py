"""How Bid Fair cards and deals read: "Q♠" to the eye, "queen of spades" to the ear."""

from __future__ import annotations

from dataclasses import dataclass

from games.bid_fair.rules import CARD_POINTS
from games.engine.cards import SUIT_SYMBOLS, card_name, face, is_red, rank_of
from games.engine.words import dashed, read_field


@dataclass(frozen=True)
class Face:
    """A card as the screen shows it: "Q♠" to the eye, "queen of spades" to the ear."""

    code: str

    @property
    def red(self) -> bool:
        return is_red(self.code)

    @property
    def short(self) -> str:
        return face(self.code)

    @property
    def name(self) -> str:
        return card_name(self.code)

    @property
    def points(self) -> int:
        return CARD_POINTS[rank_of(self.code)]

    def __str__(self) -> str:
        return self.short


def card_points_of(record: dict) -> list[int]:
    if "points" in record:
        return list(record["points"].values())
    return [
        sum(CARD_POINTS[rank_of(card)] for card in cards)
        for cards in record.get("captured", {}).values()
    ]


def outcome_sentence(details: dict, people: list[str]) -> str:
    """What became of the contract, as the live preview says it."""
    if "holder" not in details:
        return "No contract: each player scores their card points and any trump bonus."
    holder = details["holder"]
    other = next(name for name in people if name != holder)
    contract = f"{'doubled ' if details['doubled'] else ''}contract of {details['value']}"
    took = f"{contract} with {details['card_points'][holder]}"
    if not details["made"]:
        return f"{holder} fails the {took}: no bonus and no reward, and it costs nothing."
    bonus, reward = details["holder_bonus"][holder], details["reward"][other]
    collects = f"{other} collects the reward of {reward}"
    return f"{holder} makes the {took}: a bonus of {bonus}, and {collects}."


def describe_record(record: dict) -> str:
    """A deal as the table would say it: "Ana bid J♥ · cut Q♥ · card points 49–61"."""
    if record.get("redeal"):
        return "Both passed: redeal"
    bids = {name: card for name, card in (record.get("bids") or {}).items() if card}
    if bids:
        parts = [", ".join(f"{name} bid {Face(card)}" for name, card in bids.items())]
    else:
        parts = ["No bids"]
    if record.get("cut"):
        parts.append(f"cut {Face(record['cut'])}")
    elif record.get("trump"):
        parts.append(f"trumps {SUIT_SYMBOLS[record['trump']]}")
    parts.append(f"card points {dashed(card_points_of(record))}")
    return " \u00b7 ".join(parts)


def describe(record: dict, hand_score) -> str:
    text = describe_record(record)
    details = hand_score.details if hand_score else {}
    if "holder" in details:
        doubled = "doubled " if details["doubled"] else ""
        result = "made" if details["made"] else "failed"
        text += f" \u2014 {details['holder']}\u2019s {doubled}{details['value']} {result}"
    return text


# What a player calls each field of a deal, where two corrections are compared.
FIELDS = {
    "bids": "Bid cards",
    "cut": "Cut card",
    "trump": "Trumps",
    "points": "Card points",
    "captured": "Cards taken",
    "redeal": "Both passed: redeal",
}


def _cards(by_name: dict) -> str:
    return "; ".join(
        f"{name}: {' '.join(Face(card).short for card in cards) or 'none'}"
        for name, cards in by_name.items()
    )


TEXTS = {
    "bids": lambda bids: ", ".join(f"{name} {Face(card)}" for name, card in bids.items()),
    "cut": lambda card: Face(card).short,
    "trump": lambda suit: SUIT_SYMBOLS.get(suit, suit),
    "captured": _cards,
}


def field_words(key: str, value) -> tuple[str, str]:
    return read_field(key, value, FIELDS, ("redeal",), TEXTS)
