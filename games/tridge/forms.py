"""Tridge at the table: the hand form (posted fields to a record, and its errors), the settlement.

What the entry screen shows is in `screen.py`, how hands read in `words.py`.
"""

from __future__ import annotations

from django import forms

from games.engine.forms import (
    BaseHandForm,
    chips,
    fill_rest,
    last_is_rest,
    number_pills,
    per_seat,
    pills,
)
from games.engine.sheet import SheetError, read_settings
from games.engine.words import sentence
from games.play.table_forms import MoneyField
from games.tridge.screen import HandScreen
from games.tridge.terms import INCOMER_BIDS, TRICKS, Settings
from games.tridge.words import BID_NAMES, suit_label

KINDS = [
    ("played", "Played"),
    ("passed", "All passed"),
    ("void", "Not valid"),
    ("incomer", "In-comer"),
    ("declined", "In-comer declined"),
]
FOUR_ONLY = {"incomer", "declined"}
SUITS = ["S", "H", "D", "C"]
PLAYED = ("played", "incomer")  # the kinds with a bid, trumps and tricks


class HandForm(HandScreen, BaseHandForm):
    """One hand, revealed step by step: what happened, who played what, the tricks."""

    kind = forms.ChoiceField(label="What happened", choices=KINDS, widget=forms.RadioSelect)
    player = pills("Player")
    bid = pills("Bid", list(BID_NAMES.items()))
    target = number_pills("Tricks fixed", (1, 2, 3))
    went_for_all = forms.BooleanField(label="Went on for all nine after five", required=False)
    trumps = pills("Trumps", [(suit, suit_label(suit)) for suit in SUITS])
    honours = number_pills("Honours", range(5))

    def seat_the_table(self):
        self.dealer = self.people[(self.number - 1) % len(self.people)]

    def last_hand(self) -> int | None:
        """The match's last hand: its planned hands, every hand counted (a passed one too);
        None when it plays on until the table stops (games/engine/kind.py `last_hand`)."""
        try:
            return read_settings(Settings, self.game.rules).hands
        except SheetError:
            return None

    def blank(self):
        # Most hands hold no honours; one whose honours stop being possible (trumps
        # changed) is asked again rather than stored as none.
        return {"kind": "played", "honours": 0}

    def read_back(self, record):
        return initial_from(record, self.people)

    def posted(self, data):
        """With all but one person's tricks entered, the last is what is left of nine."""
        kind = data.get("kind") or "played"
        if kind not in PLAYED:
            return data
        names = [f"tricks_{self.people.index(name)}" for name in self.in_play(kind)]
        return fill_rest(data, names, TRICKS)

    def add_fields(self):
        if len(self.people) == 3:
            self.fields["kind"].choices = [c for c in KINDS if c[0] not in FOUR_ONLY]
        self.offer_people("player")
        for seat, name in enumerate(self.people):
            self.fields[f"tricks_{seat}"] = chips(name, TRICKS)

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        if kind not in PLAYED:
            return data
        if kind == "played":
            self.ask(data, {"player": "Who played?"})
        if kind == "incomer" and data.get("bid") not in INCOMER_BIDS:
            data["bid"] = None  # chosen before In-comer was tapped: not on offer now
        self.ask(data, {"bid": "Which bid?", "trumps": "Which suit was trumps?"})
        if data.get("honours") is None and "honours" not in self.errors:
            self.add_error("honours", "How many honours?")
        if data.get("bid") == "fixed":
            self.ask(data, {"target": "How many tricks were fixed?"})
        self.ask_for_tricks(data, TRICKS)
        return data

    def to_record(self) -> dict:
        data = self.cleaned_data
        kind = data["kind"]
        if kind == "passed":
            return {"passed": True}
        if kind == "void":
            return {"void": True}
        if kind == "declined":
            return {"incomer_declined": True}
        record = {
            "player": self.dealer if kind == "incomer" else data["player"],
            "bid": data["bid"],
            "trumps": data["trumps"],
            "honours": data["honours"] or 0,
        }
        if kind == "incomer":
            record["incomer"] = True
        if data["bid"] == "fixed":
            record["target"] = data["target"]
        if data["bid"] == "play" and data["went_for_all"]:
            record["went_for_all"] = True
        record["tricks"] = self.per_name("tricks", self.in_play())
        return record

    def place_error(self, root, rest, message):
        if root != "tricks":
            return super().place_error(root, rest, message)
        if rest in self.people:
            return f"tricks_{self.people.index(rest)}", sentence(message)
        last = self.trick_fields()[-1].name if self.trick_fields() else None
        return last, sentence(message) if rest else f"Tricks {message}."


def initial_from(record: dict, people: list[str]) -> dict:
    if record.get("passed"):
        return {"kind": "passed"}
    if record.get("void"):
        return {"kind": "void"}
    if record.get("incomer_declined"):
        return {"kind": "declined"}
    initial = {
        "kind": "incomer" if record.get("incomer") else "played",
        "player": record["player"],
        "bid": record["bid"],
        "trumps": record["trumps"],
        "honours": record.get("honours", 0),
        "target": record.get("target"),
        "went_for_all": record.get("went_for_all", False),
    }
    return initial | last_is_rest(per_seat("tricks", record["tricks"], people))


class SettlementForm(forms.Form):
    split_funds = forms.TypedChoiceField(
        label="The funds still on the table",
        choices=[("0", "Leave them for a later match"), ("1", "Split them equally now")],
        coerce=lambda value: value == "1",
        initial="0",
        widget=forms.RadioSelect,
        required=False,
        empty_value=False,
    )
    chip_value = MoneyField(label="Money per chip (optional)", required=False)

    @staticmethod
    def defaults():
        return {"split_funds": False, "chip_value": None}
