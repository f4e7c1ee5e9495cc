"""The card grid of the Cardigan entry screen: one button a card, a suit at a time, each
showing the copies either team holds; in the last deal the rest of the packs in one tap;
why a card cannot be tapped. cards.js does the same on the phone, tap by tap."""

from __future__ import annotations

from collections import Counter
from functools import cached_property

from games.cardigan import rules, table
from games.engine.cards import RANKS, SUIT_SYMBOLS, card_name, face, is_red, suit_heading


class GridScreen:
    """What the grid shows of the deal form (HandScreen): the piles as entered so far."""

    @cached_property
    def piles(self) -> table.Piles | None:
        try:
            return table.Piles(
                table.parse(self.value("cards_0")), table.parse(self.value("cards_1")), self.most
            )
        except table.BadCard:
            return None

    def grid(self):
        """13 rows (ace to two) of 4 cells (♠ ♥ ♦ ♣)."""
        piles = self.piles or table.Piles(Counter(), Counter(), self.most)
        full = piles.total() >= rules.DECK_SIZE
        rows = []
        for rank in RANKS:
            cells = []
            for suit in table.GRID_SUITS:
                card = rank + suit
                held = (piles.held[0][card], piles.held[1][card])
                most = self.most[card]
                cells.append(
                    {
                        "card": card,
                        "rank": rank,
                        "suit": SUIT_SYMBOLS[suit],
                        "red": is_red(suit),
                        "held": held,
                        "most": most,
                        "all_in": sum(held) >= most,
                        "off": (sum(held) >= most or full) and not held[self.chosen_team],
                        "why": self.cell_why(card, held, most, full),
                        "name": card_name(card).capitalize(),
                        "label": self.cell_label(card, held),
                    }
                )
            rows.append(cells)
        return rows

    def suit_blocks(self):
        """The grid a suit at a time: its whole-suit button, then ace to two."""
        columns = list(zip(*self.grid(), strict=True))
        return [
            {"head": head, "cells": cells}
            for head, cells in zip(self.suit_heads(), columns, strict=True)
        ]

    def cell_why(self, card, held, most, full) -> str:
        """Why a greyed card cannot be given (cards.js says the same at each tap)."""
        shown = face(card)
        if most == 0:
            packs = rules.PACKS
            return f"No {shown} left: the four packs hold {packs} and all {packs} are taken."
        if sum(held) >= most:
            return f"No {shown} left: the packs leave {most} for this deal and {all_in(most)}."
        if full:
            return "All 52 are in: take one away to add another."
        return ""

    def cell_label(self, card, held) -> str:
        name = card_name(card).capitalize()
        return f"{name}: {held[0]} with {self.teams[0]}, {held[1]} with {self.teams[1]}"

    def suit_heads(self):
        return [suit_heading(suit) for suit in table.GRID_SUITS]

    def card_totals(self) -> list[int]:
        piles = self.piles
        return [sum(p.values()) for p in piles.held] if piles else [0, 0]

    def cards_total(self) -> int:
        return sum(self.card_totals())

    def rest_offer(self) -> dict | None:
        """The button that gives the other team the rest of the last deal (what the packs
        left), or why there is none to give; before the last deal the deck is not known,
        and there is no such button."""
        if not self.rest_is_known:
            return None
        team = self.chosen_team
        piles = self.piles
        rest = rest_of(piles.held[team], self.most) if piles else None
        offer = {"to": self.teams[1 - team], "by": self.teams[team]}
        if rest is None:
            return offer | {"n": 0}
        return offer | {"n": sum(rest.values()), "same": rest == piles.held[1 - team]}

    def grid_note(self) -> str:
        """Why the cards not held cannot be tapped: the deal is full (without JavaScript;
        with it, cards.js says so when such a card is tapped)."""
        if self.cards_total() >= rules.DECK_SIZE:
            return "All 52 are in: take one away to add another."
        return ""

    def card_errors(self):
        return self.errors_of("cards_0", "cards_1")


def rest_of(held: Counter, target: dict[str, int]) -> Counter | None:
    """The other team's pile once one team's is tapped: what `target` holds beyond it;
    None when the tapped pile holds more of a card than the target has."""
    if any(n > target.get(card, 0) for card, n in held.items()):
        return None
    rest = Counter({card: n - held[card] for card, n in target.items() if n > held[card]})
    return rest or None


def all_in(most: int) -> str:
    return "it is in" if most == 1 else ("both are in" if most == 2 else f"all {most} are in")
