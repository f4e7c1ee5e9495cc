"""The cards of one Cardigan deal as the entry form keeps them: pure Python, no Django.

A team's pile travels in the form as one line of cards ("AS AS 10D"); a tap adds or
takes away one copy. The four packs bound every card: over the four deals a card comes
four times, so a deal may hold a card only as often as the other deals left it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from games.cardigan.rules import CARD_POINTS, COUNTED_RANKS, DEALS, PACKS
from games.engine.cards import FULL_DECK, RANKS, deck, rank_of

# The grid: one column a suit, one row a rank, ace first.
GRID_SUITS = ("S", "H", "D", "C")
ORDER = {card: index for index, card in enumerate(deck(RANKS, GRID_SUITS))}


class BadCard(ValueError):
    """A word in a pile that is not a card as the sheet writes them."""


def parse(text: str | None) -> Counter:
    """A pile from its line ("AS AS 10D"); raises BadCard on anything else."""
    pile = Counter()
    for word in (text or "").replace(",", " ").split():
        card = word.upper()
        if card not in FULL_DECK:
            raise BadCard(word)
        pile[card] += 1
    return pile


def cards_in_order(pile: Mapping[str, int]) -> list[str]:
    """Every copy, spades first and aces first within a suit, as the record lists them."""
    return sorted((card for card, n in pile.items() for _ in range(n)), key=ORDER.__getitem__)


def written(pile: Mapping[str, int]) -> str:
    return " ".join(cards_in_order(pile))


def used_elsewhere(piles_of_other_deals: Iterable[Mapping[str, Iterable[str]]]) -> Counter:
    """Copies of each card the other deals recorded card by card hold."""
    used = Counter()
    for cards in piles_of_other_deals:
        for held in cards.values():
            used.update(held)
    return used


def most_copies(used: Mapping[str, int]) -> dict[str, int]:
    """How many copies of each card this deal can hold, given what the other deals used."""
    return {card: max(PACKS - used.get(card, 0), 0) for card in ORDER}


class Piles:
    """Both teams' piles in one deal, changed one tap at a time within the packs' limits."""

    def __init__(self, first: Counter, second: Counter, most: Mapping[str, int]):
        self.held = [first, second]
        self.most = most

    def copies(self, card: str) -> int:
        return self.held[0][card] + self.held[1][card]

    def add(self, team: int, card: str) -> bool:
        if self.copies(card) >= self.most.get(card, PACKS):
            return False
        self.held[team][card] += 1
        return True

    def remove(self, team: int, card: str) -> bool:
        if self.held[team][card] <= 0:
            return False
        self.held[team][card] -= 1
        return True

    def tap(self, team: int, card: str, adding: bool) -> bool:
        return self.add(team, card) if adding else self.remove(team, card)

    def whole_suit(self, team: int, suit: str, adding: bool) -> None:
        """One more (or one fewer) of every card of a suit: a run of thirteen in one tap."""
        for rank in RANKS:
            self.tap(team, rank + suit, adding)

    def total(self) -> int:
        return sum(self.held[0].values()) + sum(self.held[1].values())

    def over_the_packs(self) -> list[str]:
        """Cards entered more often than the packs allow in this deal."""
        return [card for card in ORDER if self.copies(card) > self.most.get(card, PACKS)]


def rest_is_known(other_deals: list[dict]) -> bool:
    """This deal's cards are exactly what the packs left once the three others gave cards."""
    return len(other_deals) == DEALS - 1 and all("cards" in deal for deal in other_deals)


def record_points(record: dict) -> int:
    """A recorded deal's card points as the first deal counts them, however it was entered."""
    if "card_points" in record:
        return sum(record["card_points"].values())
    if "cards" in record:
        rows = [rank_counts(Counter(held)) for held in record["cards"].values()]
    else:
        rows = list(record["card_counts"].values())
    return sum(plain_points(row) for row in rows)


def rank_counts(pile: Mapping[str, int]) -> dict[str, int]:
    counts = dict.fromkeys(COUNTED_RANKS, 0)
    for card, n in pile.items():
        if rank_of(card) in counts:
            counts[rank_of(card)] += n
    return counts


def plain_points(counts: Mapping[str, int]) -> int:
    """What counted cards are worth in the first deal; deal d multiplies by d."""
    return sum(points * counts.get(rank, 0) for rank, points in CARD_POINTS.items())
