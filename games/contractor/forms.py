"""Contractor at the table: composing a bid, and the hand form with its auction recorder
(posted fields to a record, and its errors).

What the screens show is in `screen.py`, how bids and hands read in `words.py`.
The radios of people carry the names themselves as values, as the sheet does.
"""

from __future__ import annotations

import json
from contextlib import suppress

from django import forms

from games.contractor.auction import BID, CHALLENGE, PASS, Auction, AuctionError, bid_as_json
from games.contractor.rules import (
    MAX_EXTRA_TRICKS,
    MAX_KITTY_FOREGONE,
    STRAINS,
    TRICKS,
    Bid,
    Settings,
)
from games.contractor.screen import AUCTION, CONTRACT, BidScreen, HandScreen, offered
from games.contractor.words import FLAGS, STRAIN_NAMES
from games.engine.forms import (
    BaseHandForm,
    chips,
    fill_rest,
    last_is_rest,
    number_pills,
    per_seat,
    pills,
)
from games.engine.sheet import read_settings
from games.engine.words import sentence

MODES = [(CONTRACT, "Contract"), (AUCTION, "Auction")]
NO_CHALLENGE = "none"
REDEAL = "redeal"  # the value of the one-tap redeal button, which is a Save button
COUNTS = ("extra_tricks", "kitty_foregone")
BID_KEYS = (*COUNTS, *FLAGS)


def settings_of(game) -> Settings:
    return read_settings(Settings, game.rules)


class BidFields(BidScreen, forms.Form):
    """A strain and its conditions. Conditions that do not go with the strain are not kept."""

    strain = pills("Strain", [(strain, STRAIN_NAMES[strain][1]) for strain in STRAINS])
    extra_tricks = number_pills("Extra tricks", range(MAX_EXTRA_TRICKS + 1), 0, initial=0)
    kitty_foregone = number_pills(
        "Kitty cards foregone", range(MAX_KITTY_FOREGONE + 1), 0, initial=0
    )
    sour_trumps = forms.BooleanField(label="Sour trumps", required=False)
    exposed = forms.BooleanField(label="Exposed", required=False)
    absolutely_sure = forms.BooleanField(label="Absolutely sure", required=False)
    nil_without_joker = forms.BooleanField(label="Nil without joker", required=False)
    thievery = forms.BooleanField(label="Thievery", required=False)

    def value(self, name):
        return self[name].value()

    def composed_bid(self) -> Bid | None:
        """The bid as chosen so far, or None before a strain is chosen."""
        strain = self.chosen_strain
        if strain is None:
            return None
        numbers = {}
        for name in COUNTS:
            with suppress(TypeError, ValueError):
                numbers[name] = int(self.value(name) or 0)
        bid = Bid(
            strain=strain,
            extra_tricks=min(max(numbers.get("extra_tricks", 0), 0), MAX_EXTRA_TRICKS),
            kitty_foregone=min(max(numbers.get("kitty_foregone", 0), 0), MAX_KITTY_FOREGONE),
            **{name: bool(self.value(name)) for name in FLAGS},
        )
        for name in ("extra_tricks", *FLAGS):
            if not offered(strain, name):
                setattr(bid, name, 0 if name == "extra_tricks" else False)
        return bid


class BidForm(BidFields):
    """A bid on its own: what the calculator prices, and what a bid button calls."""

    def __init__(self, data=None, *, game, **kwargs):
        self.game = game
        self.settings = settings_of(game)
        super().__init__(None if data is None else tidy_conditions(data), **kwargs)


class CalculatorForm(BidForm):
    """The bid calculator: what a bid is worth, and with the dealer's bonus."""


def tidy_conditions(data):
    """A copy of posted data without the conditions that do not go with its strain."""
    data = data.copy()
    strain = data.get("strain") or None
    for name in ("extra_tricks", *FLAGS):
        if not offered(strain, name) and name in data:
            del data[name]
    for name in COUNTS:
        if offered(strain, name) and not data.get(name):
            data[name] = "0"  # none chosen is none: the pill "0" shows it
    return data


class HandForm(HandScreen, BidFields, BaseHandForm):
    """One hand: the contract entered directly or through the recorded auction, then tricks.

    The auction lives in the hidden `auction` field as the calls so far (JSON). A call
    is a submit button `call` whose value is the call and the number of calls it was
    tapped after ("pass.3"): the same tap posted twice, or a stale one, is not taken
    twice. A bid's button adds the value it showed ("bid.3.10"), so a bid changed after
    its button was drawn is checked again rather than taken. Saving with the value
    "redeal" records a redeal in one tap.
    """

    mode = pills("The contract", MODES)
    contractor = pills("Contractor")
    challenger = pills("Challenged by")
    auction = forms.CharField(required=False, widget=forms.HiddenInput)
    other_meta = forms.CharField(required=False, widget=forms.HiddenInput)
    TOP = "mode"

    def seat_the_table(self):
        self.settings = settings_of(self.game)
        earlier = [h.record for h in self.game.hands.filter(number__lt=self.number)]
        self.scored_before = sum(1 for r in earlier if not r.get("redeal"))
        self.dealer = self.people[self.scored_before % len(self.people)]
        self.planned = self.settings.hands
        self.call_error = None
        self.one_tap_redeal = self.saving = self.on_record_redeal = False

    def posted(self, data):
        self.one_tap_redeal = data.get("save") == REDEAL
        self.saving = "save" in data
        data = tidy_conditions(self._apply_call(tidy_conditions(data)))
        if data.get("challenger") == data.get("contractor"):
            # A new contractor cannot challenge themselves: the challenge goes.
            data["challenger"] = NO_CHALLENGE
        # With two players' tricks entered, the third has what is left of ten.
        names = [f"tricks_{seat}" for seat in range(len(self.people))]
        return fill_rest(data, names, TRICKS)

    def after(self):
        """The next hand's blank form, this one scored (not a redeal): the deal passes left
        (games/engine/kind.py `form_after`, for a phone with no signal)."""
        later = type(self)(game=self.game, number=self.number + 1)
        later.scored_before = self.scored_before + 1
        later.dealer = self.people[later.scored_before % len(self.people)]
        later.auction_state = later._replay(later.initial.get("auction"))
        return later

    def last_hand(self) -> int:
        """The number of the game's last hand if every hand from this one on is scored (a
        redeal puts it one further): the planned hands (games/engine/kind.py `last_hand`)."""
        return self.number + self.hands_left() - 1

    def blank(self):
        return {"mode": CONTRACT, "challenger": NO_CHALLENGE, "auction": "[]"}

    def add_fields(self):
        if not self.is_bound:
            self.auction_state = self._replay(self.initial.get("auction"))
        self.offer_people("contractor")
        people = self.fields["contractor"].choices
        self.fields["challenger"].choices = [(NO_CHALLENGE, "None"), *people]
        for seat, name in enumerate(self.people):
            self.fields[f"tricks_{seat}"] = chips(name, TRICKS)

    # --- the auction ----------------------------------------------------------------

    def _replay(self, text) -> Auction:
        try:
            calls = json.loads(text or "[]")
            return Auction.from_json(self.people, self.dealer, self.settings, calls)
        except AuctionError as error:
            reason = f" ({error})"
        except ValueError:
            reason = ""
        self.call_error = f"The calls recorded so far could not be read{reason}: start again."
        return Auction(self.people, self.dealer, self.settings)

    def _apply_call(self, data):
        auction = self._replay(data.get("auction"))
        kind, _, after = (data.get("call") or "").partition(".")
        after, _, shown = after.partition(".")
        if kind and after == str(len(auction.calls)):
            try:
                if kind == "undo":
                    auction = auction.undo() if auction.calls else auction
                elif kind == BID:
                    bid = BidForm(data, game=self.game).composed_bid()
                    if bid is None:
                        raise AuctionError("Choose a strain for the bid.")
                    if shown and shown != str(auction.value(bid)):
                        # The bid was changed after its button was shown (without JavaScript).
                        raise AuctionError(
                            f"This bid is worth {auction.value(bid)}, not {shown}: "
                            "check it and tap the bid again."
                        )
                    auction.call(BID, bid)
                elif kind in (PASS, CHALLENGE):
                    auction.call(kind)
            except AuctionError as error:
                self.call_error = str(error)
        data["auction"] = json.dumps(auction.as_json())
        self.auction_state = auction
        result = auction.result
        decided = result is not None and not result.redeal
        entered = data.get("contractor") or data.get("strain")
        if decided and (data.get("mode") == AUCTION or not entered):
            # The auction decided the contract: the contract's fields follow it (and stay
            # filled in when the scorer turns to entering the contract directly).
            for name in BID_KEYS:
                data.pop(name, None)
            for key, value in result.as_record().items():
                if key == "challenger":
                    value = value or NO_CHALLENGE
                data[key] = "on" if value is True else str(value)
        return data

    # --- reading it ---------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        if self.one_tap_redeal:
            return data
        if self.chosen_mode == AUCTION:
            result = self.auction_state.result
            if result is None:
                if self.saving:
                    turn = self.auction_state.turn
                    self.add_error(None, f"The auction is not over yet: {turn} is to call.")
                return data
            if result.redeal:
                return data
        else:
            self.ask(data, {"contractor": "Who is the contractor?", "strain": "Which strain?"})
        self.ask_for_tricks(data, TRICKS)
        return data

    def is_a_hand(self) -> bool:
        """An auction still going is no hand yet: nothing to preview, nothing to save."""
        if self.one_tap_redeal or self.chosen_mode == CONTRACT:
            return True
        return self.auction_state.ended

    def is_valid(self) -> bool:
        return super().is_valid() and self.is_a_hand()

    def to_record(self) -> dict:
        data = self.cleaned_data
        meta = self._other_meta()
        if self.one_tap_redeal:
            return {"redeal": True} | ({"meta": meta} if meta else {})
        if self.chosen_mode == AUCTION:
            meta["auction"] = self.auction_state.as_json()
            result = self.auction_state.result
            if result.redeal:
                return {"redeal": True, "meta": meta}
            record = {"contractor": result.contractor, **bid_as_json(result.bid)}
            challenger = result.challenger
        else:
            record = {"contractor": data["contractor"], **bid_as_json(self.composed_bid())}
            challenger = data.get("challenger")
            if challenger in (NO_CHALLENGE, ""):
                challenger = None
        if challenger:
            record["challenger"] = challenger
        record["tricks"] = self.per_name("tricks")
        if meta:
            record["meta"] = meta
        return record

    def _other_meta(self) -> dict:
        """The record's own notes besides the auction, carried through an edit unchanged."""
        try:
            meta = json.loads(self.cleaned_data.get("other_meta") or "{}")
        except ValueError:
            return {}
        if not isinstance(meta, dict):
            return {}
        meta.pop("auction", None)
        return meta

    def read_back(self, record: dict) -> dict:
        initial = self.blank()
        meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        others = {key: value for key, value in meta.items() if key != "auction"}
        if others:
            initial["other_meta"] = json.dumps(others)
        recorded = meta.get("auction")
        auction = None
        if recorded is not None:
            with suppress(AuctionError):
                auction = Auction.from_json(self.people, self.dealer, self.settings, recorded)
            initial["auction"] = json.dumps(recorded)
        if record.get("redeal"):
            if auction is not None and auction.result and auction.result.redeal:
                initial["mode"] = AUCTION
            else:
                self.on_record_redeal = True
            return initial
        contract = {key: record.get(key) for key in ("contractor", "strain", *BID_KEYS)}
        initial |= {key: value for key, value in contract.items() if value is not None}
        initial["challenger"] = record.get("challenger") or NO_CHALLENGE
        initial |= last_is_rest(per_seat("tricks", record.get("tricks", {}), self.people))
        if auction is not None and auction.result and not auction.result.redeal:
            decided = auction.result.as_record()
            entered = {"contractor": record.get("contractor"), **bid_fields(record)}
            entered["challenger"] = record.get("challenger")
            if decided == entered:
                initial["mode"] = AUCTION
        return initial

    def place_error(self, root, rest, message):
        if root == "tricks" and rest in self.people:
            return f"tricks_{self.people.index(rest)}", sentence(message)
        if root == "tricks":
            return "tricks_2", f"Tricks {message}."
        if root == "hand":
            return None, f"This hand {message}."
        placed = root in self.fields and self.chosen_mode == CONTRACT
        return (root if placed else None), sentence(message)


def bid_fields(record: dict) -> dict:
    """A record's strain and conditions, written as `bid_as_json` writes them."""
    fields = {"strain": record.get("strain")}
    for name in BID_KEYS:
        if record.get(name):
            fields[name] = record[name]
    return fields
