"""Bid Fair at the table: the hand form with its card pickers, and how deals read on screen.

The form is built around taps on cards: each player's bid card, the cut card, and the
14 cards captured in tricks, each of which a tap hands round: nobody, the first player,
the second player. Field names use seat numbers and card codes (`bid_0`, `got_QS`), so
a player's name can be anything.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from django import forms

from games import services
from games.bid_fair.rules import (
    CAPTURED,
    CARD_POINTS,
    MAX_POINTS,
    MIN_POINTS,
    PACK,
    RANK_NAMES,
    Settings,
    contract,
)
from games.cards import SUIT_NAMES, SUIT_SYMBOLS, rank_of, suit_of
from games.sheet import SheetError, read_settings

BOARD_TEMPLATE = "bid_fair/board.html"
STYLESHEET = "bid_fair/bid_fair.css"

KINDS = [("played", "Played"), ("redeal", "Both passed: redeal")]
COUNTS = [("cards", "Card by card"), ("points", "Points only")]

# On screen: one row a suit, black and red in turn, the high cards first as in a hand.
SUIT_ROWS = ("S", "H", "C", "D")
RANKS_SHOWN = ("A", "K", "Q", "J", "10", "9")
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine"}
RED = frozenset({"H", "D"})
SHOWN_PACK = tuple(rank + suit for suit in SUIT_ROWS for rank in RANKS_SHOWN)
SUIT_ONLY = tuple(SUIT_ROWS)
NOBODY = ""


@dataclass(frozen=True)
class Face:
    """A card as the screen shows it: "Q♠" to the eye, "queen of spades" to the ear."""

    code: str

    @property
    def rank(self) -> str:
        return rank_of(self.code)

    @property
    def suit(self) -> str:
        return suit_of(self.code)

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in RED

    @property
    def short(self) -> str:
        return f"{self.rank}{self.symbol}"

    @property
    def name(self) -> str:
        return f"{RANK_WORDS[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def points(self) -> int:
        return CARD_POINTS[self.rank]

    def __str__(self) -> str:
        return self.short


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


def settings_of(game) -> Settings:
    try:
        return read_settings(Settings, game.rules)
    except SheetError:
        return Settings()


def dealer_of(game, number: int) -> str | None:
    """Who deals hand `number`: the leader after the hands before it (None if they do not score)."""
    records = [hand.record for hand in game.hands.all()[: number - 1]]
    try:
        scored = services.score_records(game, records)
    except SheetError:
        return None
    return scored.next_dealer


def tags(people: list[str]) -> list[str]:
    """A short tag per player for the cards they took: initials, longer when they clash."""
    for length in range(1, 4):
        short = [name[:length].strip().upper() or "?" for name in people]
        if len(set(short)) == len(short):
            return short
    return [str(seat + 1) for seat in range(len(people))]


class HandForm(forms.Form):
    """One deal: what happened, the bid cards, the cut, then the cards or points taken."""

    template_name = "bid_fair/hand_form.html"
    preview_template = "bid_fair/hand_preview.html"

    kind = forms.ChoiceField(
        label="What happened",
        choices=KINDS,
        widget=forms.RadioSelect,
        error_messages={"required": "Was the deal played, or did both pass?"},
    )
    cut = forms.ChoiceField(
        label="Cut card",
        required=False,
        choices=[(card, Face(card).name) for card in SHOWN_PACK]
        + [(suit, f"{SUIT_NAMES[suit]}, card not noted") for suit in SUIT_ONLY],
    )
    count = forms.ChoiceField(
        label="Cards taken in tricks", required=False, choices=COUNTS, widget=forms.RadioSelect
    )
    # Not shown: only where the picker's errors are kept.
    captured = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, data=None, *, game, number, record=None, **kwargs):
        self.game = game
        self.number = number
        self.people = list(game.players)
        self.settings = settings_of(game)
        self.dealer = dealer_of(game, number)
        self.tags = tags(self.people)
        if data is None:
            kwargs["initial"] = initial_from(record, self.people) if record else {"kind": "played"}
        super().__init__(data, **kwargs)
        for seat, name in enumerate(self.people):
            self.fields[f"bid_{seat}"] = forms.ChoiceField(
                label=f"{name}\u2019s bid",
                required=False,
                choices=[(NOBODY, "No bid")] + [(c, Face(c).name) for c in SHOWN_PACK],
            )
        for seat, name in enumerate(self.people):
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                min_value=0,
                max_value=MAX_POINTS,
                error_messages={
                    "invalid": "Card points are a whole number.",
                    "max_value": f"At most {MAX_POINTS}: what the {CAPTURED} best cards are worth.",
                    "min_value": "Card points cannot be below 0.",
                },
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "min": 0, "max": MAX_POINTS}
                ),
            )
        owners = [(NOBODY, "nobody")] + [(str(seat), name) for seat, name in enumerate(self.people)]
        for card in SHOWN_PACK:
            self.fields[f"got_{card}"] = forms.ChoiceField(
                label=Face(card).name, required=False, choices=owners
            )

    # --- what was entered so far (valid or not) ----------------------------------

    def value(self, name):
        value = self[name].value() if self.is_bound else self.initial.get(name)
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

    # --- the pickers -----------------------------------------------------------------

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
        suits = [
            {
                "value": suit,
                "symbol": SUIT_SYMBOLS[suit],
                "name": SUIT_NAMES[suit],
                "red": suit in RED,
                "checked": suit == chosen,
            }
            for suit in SUIT_ONLY
        ]
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
        return {
            "suit": suit,
            "symbol": SUIT_SYMBOLS[suit],
            "name": SUIT_NAMES[suit],
            "red": suit in RED,
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

    # --- reading it ----------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        if data.get("kind") != "played":
            return data
        bids = {
            name: data.get(f"bid_{seat}") or None
            for seat, name in enumerate(self.people)
            if f"bid_{seat}" not in self.errors
        }
        shown = [(name, card) for name, card in bids.items() if card]
        if len(shown) == 2:
            (first, card_a), (_, card_b) = shown
            if card_a == card_b:
                self.add_error("bid_1", f"{first} already shows {Face(card_a)}: one card each.")
            elif rank_of(card_a) == rank_of(card_b):
                ranks = RANK_NAMES[rank_of(card_a)]
                self.add_error(
                    "bid_1", f"Both bid cards are {ranks}: the later bid must be higher."
                )
        self._clean_cut(data, bids)
        if data.get("count") == "points":
            self._clean_points(data)
        else:
            self._clean_captured(data)
        return data

    def _clean_cut(self, data, bids):
        cut = data.get("cut")
        if "cut" in self.errors:
            return
        if not cut:
            self.add_error(
                "cut", "Which card was cut? Tap it, or only its suit if it was not noted."
            )
            return
        owner = next((name for name, card in bids.items() if card == cut), None)
        if owner:
            self.add_error(
                "cut",
                f"{Face(cut)} is {owner}\u2019s bid card; the cut card comes from the crib.",
            )

    def _clean_points(self, data):
        points = []
        for seat, name in enumerate(self.people):
            field = f"points_{seat}"
            if field in self.errors:
                continue
            if data.get(field) is None:
                self.add_error(field, f"How many card points did {name} take?")
                continue
            points.append(data[field])
        if len(points) == len(self.people):
            added = sum(points)
            if not MIN_POINTS <= added <= MAX_POINTS:
                self.add_error(
                    f"points_{len(self.people) - 1}",
                    f"Together {added}: the {CAPTURED} captured cards are worth "
                    f"{MIN_POINTS} to {MAX_POINTS}.",
                )

    def _clean_captured(self, data):
        bad = [name for name in self.errors if name.startswith("got_")]
        if bad:
            self.add_error("captured", "Tap each card to give it to a player.")
            return
        tally = self.tally()
        for clash in tally["clashes"]:
            what = "a bid card" if clash["on_table"] == "bid" else "the cut card"
            self.add_error(
                "captured",
                f"{clash['face']} is {what}, so nobody captured it: tap it back to nobody.",
            )
        if tally["total"] != CAPTURED:
            self.add_error(
                "captured",
                f"{tally['total']} cards given; seven tricks of two make {CAPTURED}.",
            )
        for player in tally["players"]:
            if player["odd"]:
                self.add_error(
                    "captured",
                    f"{player['player']} has {player['cards']} cards: a trick is two cards, "
                    "so each player takes an even number.",
                )

    def picker_errors(self) -> list[str]:
        return list(self.errors.get("captured", []))

    def to_record(self) -> dict:
        data = self.cleaned_data
        if data["kind"] == "redeal":
            return {"redeal": True}
        record = {}
        bids = {
            name: data[f"bid_{seat}"]
            for seat, name in enumerate(self.people)
            if data.get(f"bid_{seat}")
        }
        if bids:
            record["bids"] = bids
        cut = data["cut"]
        if cut in SUIT_ONLY:
            record["trump"] = cut
        else:
            record["cut"] = cut
        if data.get("count") == "points":
            record["points"] = {
                name: data[f"points_{seat}"] for seat, name in enumerate(self.people)
            }
        else:
            record["captured"] = {
                name: [card for card in PACK if data.get(f"got_{card}") == str(seat)]
                for seat, name in enumerate(self.people)
            }
        return record

    # --- the preview and the engine's refusals -----------------------------------------

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
        if "holder" in details:
            holder = details["holder"]
            other = next(name for name in self.people if name != holder)
            context["outcome"] = {
                "holder": holder,
                "other": other,
                "value": details["value"],
                "doubled": details["doubled"],
                "made": details["made"],
                "taken": details["card_points"][holder],
                "bonus": details["holder_bonus"][holder],
                "reward": details["reward"][other],
            }
        return context

    def show_error(self, error: SheetError, number: int) -> None:
        """Put the engine's refusal next to the field it is about."""
        if error.hand not in (None, number):
            self.add_error(None, f"This would make hand {error.hand} wrong: {error.message}.")
            return
        root, _, rest = error.field.partition(".")
        seats = {name: seat for seat, name in enumerate(self.people)}
        last = len(self.people) - 1
        if root == "bids":
            field = f"bid_{seats.get(rest, last)}"
        elif root in ("cut", "trump"):
            field = "cut"
        elif root == "points":
            field = f"points_{seats.get(rest, last)}"
        elif root == "captured":
            field = "captured"
        elif root == "redeal":
            field = "kind"
        else:
            field = None
        self.add_error(field, f"{error.message[0].upper()}{error.message[1:]}.")


def rows_of(items: list) -> list[list]:
    """The 24 cards in rows of six, one suit a row."""
    width = len(RANKS_SHOWN)
    return [items[start : start + width] for start in range(0, len(items), width)]


def initial_from(record: dict, people: list[str]) -> dict:
    if record.get("redeal"):
        return {"kind": "redeal"}
    initial = {"kind": "played"}
    for name, card in (record.get("bids") or {}).items():
        if card:
            initial[f"bid_{people.index(name)}"] = card
    initial["cut"] = record.get("cut") or record.get("trump")
    if "points" in record:
        initial["count"] = "points"
        for name, points in record["points"].items():
            initial[f"points_{people.index(name)}"] = points
    else:
        initial["count"] = "cards"
        for name, cards in record.get("captured", {}).items():
            for card in cards:
                initial[f"got_{card}"] = str(people.index(name))
    return initial


# --- how deals read on screen ------------------------------------------------------------


def card_points_of(record: dict) -> list[int]:
    if "points" in record:
        return list(record["points"].values())
    return [
        sum(CARD_POINTS[rank_of(card)] for card in cards)
        for cards in record.get("captured", {}).values()
    ]


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
    counted = "\u2013".join(str(points) for points in card_points_of(record))
    parts.append(f"card points {counted}")
    return " \u00b7 ".join(parts)


def describe(record: dict, hand_score) -> str:
    text = describe_record(record)
    details = hand_score.details if hand_score else {}
    if "holder" in details:
        doubled = "doubled " if details["doubled"] else ""
        result = "made" if details["made"] else "failed"
        text += f" \u2014 {details['holder']}\u2019s {doubled}{details['value']} {result}"
    return text
