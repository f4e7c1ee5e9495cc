"""Bid Fair at the table: the deal form, posted fields to a record, and its errors.

The form is built around taps on cards: each player's bid card, the cut card, and the
14 cards captured in tricks, which share one pack: the player picks whose cards they are
tapping (`taker`), then each card is one tap. Field names use seat numbers and card codes
(`bid_0`, `got_QS`). What the screen shows is in `screen.py`, how deals read in `words.py`.
"""

from __future__ import annotations

from django import forms

from games.bid_fair.rules import CAPTURED, PACK, RANK_NAMES, Settings
from games.bid_fair.screen import NOBODY, SHOWN_PACK, SUIT_ONLY, HandScreen, tags
from games.bid_fair.words import Face
from games.engine.cards import SUIT_NAMES, rank_of
from games.engine.forms import BaseHandForm, per_seat
from games.engine.sheet import SheetError, read_settings
from games.engine.words import sentence
from games.play import services

KINDS = [("played", "Played"), ("redeal", "Both passed: redeal")]
COUNTS = [("cards", "Card by card"), ("points", "Points only")]
# Where an engine message about a part of the sheet goes: one field, or one a seat.
PLACES = {"cut": "cut", "trump": "cut", "captured": "captured", "redeal": "kind"}
SEAT_PLACES = {"bids": "bid", "points": "points"}


def settings_of(game) -> Settings:
    try:
        return read_settings(Settings, game.rules)
    except SheetError:
        return Settings()


def dealer_of(game, records) -> str | None:
    """Who deals after `records`: the leader then (None if they do not score)."""
    try:
        scored = services.score_records(game, records)
    except SheetError:
        return None
    return scored.next_dealer


class HandForm(HandScreen, BaseHandForm):
    """One deal: what happened, the bid cards, the cut, then the cards or points taken."""

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
    # Whose captured cards a tap on a card gives: not part of the deal.
    taker = forms.ChoiceField(required=False, choices=[("0", "0"), ("1", "1")])
    # Not shown: only where what is wrong with all the cards, or both points, is kept. Being
    # blank, a live update lets it be, and says it in the tally instead (games/play/entry.py).
    captured = forms.CharField(required=False, widget=forms.HiddenInput)
    points = forms.CharField(required=False, widget=forms.HiddenInput)
    DRAWN_IN = {"captured": "captured", "got_": "captured"}

    def anchor(self, name):
        # What is wrong with both points together is said on their fieldset.
        return "points" if name == "points" else super().anchor(name)

    def seat_the_table(self):
        self.settings = settings_of(self.game)
        records = [hand.record for hand in self.game.hands.all()[: self.number - 1]]
        self.dealer = dealer_of(self.game, records)
        self.tags = tags(self.people)
        # A table counts the way it did last deal: card by card, or the points alone.
        played = [record for record in records if not record.get("redeal")]
        self.usual_count = "points" if played and "points" in played[-1] else "cards"

    def blank(self):
        return {"kind": "played", "count": self.usual_count}

    def end_data(self) -> dict | None:
        """What a phone with no signal needs to tell the game's end from the hands it keeps
        (bid_fair/end.js): the totals before this hand, by seat, and the house rules that
        score a hand counted in points. None if the hands before do not score."""
        records = [hand.record for hand in self.game.hands.all()[: self.number - 1]]
        try:
            standings = services.score_records(self.game, records).standings
        except SheetError:
            return None
        rules = self.settings
        return {
            "from": self.number,
            "totals": [standings[name] for name in self.people],
            "target": rules.target,
            "values": rules.contract_values,
            "trump_bonus": rules.trump_bonus,
            "reward": rules.contract_reward,
        }

    def read_back(self, record):
        return initial_from(record, self.people)

    def add_fields(self):
        for seat, name in enumerate(self.people):
            self.fields[f"bid_{seat}"] = forms.ChoiceField(
                label=f"{name}\u2019s bid",
                required=False,
                choices=[(NOBODY, "No bid")] + [(c, Face(c).name) for c in SHOWN_PACK],
            )
        for seat, name in enumerate(self.people):
            # Typed on the number pad; what the points must add up to, `clean` says.
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
                error_messages={"invalid": "Card points are a whole number."},
            )
        owners = [(NOBODY, "nobody")] + [(str(seat), name) for seat, name in enumerate(self.people)]
        for card in SHOWN_PACK:
            self.fields[f"got_{card}"] = forms.ChoiceField(
                label=Face(card).name, required=False, choices=owners
            )

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
        for seat, name in enumerate(self.people):
            field = f"points_{seat}"
            if field not in self.errors and data.get(field) is None:
                self.add_error(field, f"How many card points did {name} take?")
        if not any(name.startswith("points_") for name in self.errors):
            for message in self.points_state()["wrong"]:
                self.add_error("points", message)

    def _clean_captured(self, data):
        if any(name.startswith("got_") for name in self.errors):
            self.add_error("captured", "Tap each card to give it to a player.")
            return
        tally = self.tally()
        for message in tally["wrong"]:
            self.add_error("captured", message)
        if not tally["wrong"] and tally["total"] != CAPTURED:
            given = f"{tally['total']} cards given"
            self.add_error("captured", f"{given}: seven tricks of two make {CAPTURED}.")

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
            record["points"] = self.per_name("points")
        else:
            record["captured"] = {
                name: [card for card in PACK if data.get(f"got_{card}") == str(seat)]
                for seat, name in enumerate(self.people)
            }
        return record

    def place_error(self, root, rest, message):
        seats = {name: seat for seat, name in enumerate(self.people)}
        if root in SEAT_PLACES:
            field = f"{SEAT_PLACES[root]}_{seats.get(rest, len(self.people) - 1)}"
        else:
            field = PLACES.get(root)
        return field, sentence(message)


def initial_from(record: dict, people: list[str]) -> dict:
    if record.get("redeal"):
        return {"kind": "redeal"}
    initial = {"kind": "played"} | per_seat("bid", record.get("bids") or {}, people)
    initial["cut"] = record.get("cut") or record.get("trump")
    if "points" in record:
        initial["count"] = "points"
        initial |= per_seat("points", record["points"], people)
    else:
        initial["count"] = "cards"
        for name, cards in record.get("captured", {}).items():
            for card in cards:
                initial[f"got_{card}"] = str(people.index(name))
    return initial
