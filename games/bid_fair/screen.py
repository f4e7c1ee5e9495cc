"""What the Bid Fair entry screen shows: the card pickers, the trump, the contract as the
bids stand, the tally of captured cards, what is kept off screen, and the live preview."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from games.bid_fair.rules import CAPTURED, contract
from games.bid_fair.words import Face, outcome_sentence
from games.cards import rank_of, suit_heading, suit_of

# On screen: one row a suit, black and red in turn, the high cards first as in a hand.
SUIT_ROWS = ("S", "H", "C", "D")
RANKS_SHOWN = ("A", "K", "Q", "J", "10", "9")
SHOWN_PACK = tuple(rank + suit for suit in SUIT_ROWS for rank in RANKS_SHOWN)
SUIT_ONLY = tuple(SUIT_ROWS)
NOBODY = ""


@dataclass(frozen=True)
class Option:
    """One card (or suit) of a one-choice picker: a bid or the cut."""

    value: str
    face: Face | None
    checked: bool
    disabled: bool = False
    note: str = ""  # why it is greyed out, for screen readers
    mark: str = ""  # the same in a word, on the card


@dataclass(frozen=True)
class Slot:
    """One card of the captured-cards picker and who took it."""

    face: Face
    field: str
    owner: int | None  # seat, None for nobody
    on_table: str = ""  # "bid" or "cut": never captured
    clash: bool = False  # given to a player although it is on the table


def tags(people: list[str]) -> list[str]:
    """A short tag per player for the cards they took: initials, longer when they clash."""
    for length in range(1, 4):
        short = [name[:length].strip().upper() or "?" for name in people]
        if len(set(short)) == len(short):
            return short
    return [str(seat + 1) for seat in range(len(people))]


class HandScreen:
    """The deal form's side the screen reads: what was entered so far, valid or not."""

    template_name = "bid_fair/hand_form.html"
    preview_template = "bid_fair/hand_preview.html"

    def value(self, name):
        value = self[name].value()
        return "" if value is None else str(value)

    @property
    def chosen_kind(self) -> str:
        return self.value("kind") or "played"

    @property
    def chosen_count(self) -> str:
        return "points" if self.value("count") == "points" else "cards"

    @property
    def first_bidder(self) -> str | None:
        if self.dealer is None:
            return None
        return next(name for name in self.people if name != self.dealer)

    def entered_bids(self) -> dict[str, str | None]:
        """Each player's bid card as entered (None for no bid or something unknown)."""
        bids = {}
        for seat, name in enumerate(self.people):
            card = self.value(f"bid_{seat}")
            bids[name] = card if card in SHOWN_PACK else None
        return bids

    def entered_cut(self) -> str | None:
        cut = self.value("cut")
        return cut if cut in SHOWN_PACK or cut in SUIT_ONLY else None

    def entered_owner(self, card: str) -> int | None:
        owner = self.value(f"got_{card}")
        with suppress(ValueError):
            seat = int(owner)
            if 0 <= seat < len(self.people):
                return seat
        return None

    def on_table(self) -> dict[str, str]:
        """The cards never captured: the face-up bid cards and the cut card."""
        table = {card: "bid" for card in self.entered_bids().values() if card}
        cut = self.entered_cut()
        if cut in SHOWN_PACK:
            table[cut] = "cut"
        return table

    def bid_pickers(self) -> list[dict]:
        bids = self.entered_bids()
        cut = self.entered_cut()
        pickers = []
        for seat, name in enumerate(self.people):
            field = self[f"bid_{seat}"]
            mine = bids[name]
            other = next(card for who, card in bids.items() if who != name)
            options = []
            for card in SHOWN_PACK:
                note = mark = ""
                if card == other:
                    note, mark = f"{self.people[1 - seat]}\u2019s bid", "bid"
                elif other and rank_of(card) == rank_of(other):
                    note = f"the same rank as {self.people[1 - seat]}\u2019s bid"
                elif card == cut:
                    note, mark = "the cut card", "cut"
                # A card already chosen stays choosable, so nothing entered is lost.
                options.append(
                    Option(card, Face(card), card == mine, bool(note) and card != mine, note, mark)
                )
            pickers.append(
                {
                    "seat": seat,
                    "player": name,
                    "tag": self.tags[seat],
                    "field": field,
                    "none": Option(NOBODY, None, mine is None),
                    "rows": rows_of(options),
                    "chosen": Face(mine) if mine else None,
                }
            )
        return pickers

    def cut_picker(self) -> dict:
        chosen = self.value("cut")
        bid_cards = {card: name for name, card in self.entered_bids().items() if card}
        options = [
            Option(
                card,
                Face(card),
                card == chosen,
                card in bid_cards and card != chosen,
                f"{bid_cards[card]}\u2019s bid card" if card in bid_cards else "",
                "bid" if card in bid_cards else "",
            )
            for card in SHOWN_PACK
        ]
        suits = [suit_heading(s) | {"value": s, "checked": s == chosen} for s in SUIT_ONLY]
        return {"field": self["cut"], "rows": rows_of(options), "suits": suits}

    def trump(self) -> dict | None:
        """The trump suit once the cut is known, with the bid cards that earn the bonus."""
        cut = self.entered_cut()
        if cut is None:
            return None
        suit = cut if cut in SUIT_ONLY else suit_of(cut)
        winners = [
            {"player": name, "seat": self.people.index(name), "face": Face(card)}
            for name, card in self.entered_bids().items()
            if card and suit_of(card) == suit
        ]
        return suit_heading(suit) | {
            "bonus": self.settings.trump_bonus,
            "winners": winners,
            "cut": Face(cut) if cut in SHOWN_PACK else None,
        }

    def contract_info(self) -> dict | None:
        """Who holds the contract, its value and whether it is doubled, as the bids stand."""
        bids = self.entered_bids()
        shown = [card for card in bids.values() if card]
        if len(shown) == 2 and rank_of(shown[0]) == rank_of(shown[1]):
            return None
        held = contract(bids, self.settings)
        if held is None:
            return {"none": True}
        setter = next(name for name in self.people if name != held.holder)
        high = bids[setter]
        return {
            "holder": held.holder,
            "seat": self.people.index(held.holder),
            "value": held.value,
            "doubled": held.doubled,
            "setter": setter,
            "face": Face(high),
        }

    def slots(self) -> list[list[Slot]]:
        table = self.on_table()
        slots = []
        for card in SHOWN_PACK:
            owner = self.entered_owner(card)
            slots.append(
                Slot(
                    face=Face(card),
                    field=f"got_{card}",
                    owner=owner,
                    on_table=table.get(card, ""),
                    clash=owner is not None and card in table,
                )
            )
        return rows_of(slots)

    def tally(self) -> dict:
        """Cards and card points each player has been given so far."""
        players = [
            {"seat": seat, "player": name, "tag": self.tags[seat], "cards": 0, "points": 0}
            for seat, name in enumerate(self.people)
        ]
        for card in SHOWN_PACK:
            owner = self.entered_owner(card)
            if owner is not None:
                players[owner]["cards"] += 1
                players[owner]["points"] += Face(card).points
        for player in players:
            player["odd"] = player["cards"] % 2 == 1
        total = sum(player["cards"] for player in players)
        table = self.on_table()
        clashes = [
            {"face": Face(card), "on_table": table[card]}
            for card in SHOWN_PACK
            if card in table and self.entered_owner(card) is not None
        ]
        return {"players": players, "total": total, "wanted": CAPTURED, "clashes": clashes}

    def points_total(self) -> int | None:
        try:
            return sum(int(self.value(f"points_{seat}")) for seat in range(len(self.people)))
        except ValueError:
            return None

    def point_fields(self):
        return [
            {"field": self[f"points_{seat}"], "seat": seat, "player": name}
            for seat, name in enumerate(self.people)
        ]

    def kept(self) -> list[tuple[str, str]]:
        """What was entered in parts not on screen now, kept for when they come back."""
        if self.chosen_kind == "redeal":
            shown = {"kind"}
        elif self.chosen_count == "points":
            shown = {name for name in self.fields if not name.startswith("got_")}
        else:
            shown = {name for name in self.fields if not name.startswith("points_")}
        return [
            (self[name].html_name, self.value(name))
            for name in self.fields
            if name not in shown and name != "captured" and self.value(name)
        ]

    def picker_errors(self) -> list[str]:
        return list(self.errors.get("captured", []))

    def preview_context(self, score, record: dict) -> dict:
        hand = score.hands[self.number - 1]
        if len(score.hands) > self.number:
            then = score.hands[self.number].dealer
        else:
            then = score.next_dealer
        ends = score.finished and len(score.hands) == self.number
        context = {
            "redeal": bool(record.get("redeal")),
            "dealer": hand.dealer,
            "then_deals": then,
            "ends": ends,
            "winner": score.winners[0] if ends and score.winners else None,
            "target": self.settings.target,
        }
        if context["redeal"]:
            return context
        details = hand.details
        parts = [
            ("Card points", details["card_points"]),
            ("Trump bonus", details["trump_bonus"]),
            (
                "Holder\u2019s bonus" + (" (doubled)" if details.get("doubled") else ""),
                details["holder_bonus"],
            ),
            ("Contract reward", details["reward"]),
        ]
        context["parts"] = [
            {"label": label, "values": [by_player[name] for name in self.people]}
            for label, by_player in parts
        ]
        context["people"] = [
            {"seat": seat, "player": name} for seat, name in enumerate(self.people)
        ]
        context["outcome"] = outcome_sentence(details, self.people)
        return context


def rows_of(items: list) -> list[list]:
    """The 24 cards in rows of six, one suit a row."""
    width = len(RANKS_SHOWN)
    return [items[start : start + width] for start in range(0, len(items), width)]
