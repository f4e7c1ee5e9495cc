"""Contractor at the table: composing a bid, the hand form with its auction recorder,
the bid calculator, and how hands read on screen.

Field names use seat numbers (`tricks_2`), never names; the radios of people carry
the names themselves as values, as the sheet does.
"""

from __future__ import annotations

import json
from contextlib import suppress

from django import forms

from games.contractor import rules
from games.contractor.auction import BID, CHALLENGE, PASS, Auction, AuctionError, bid_as_json
from games.contractor.rules import (
    BOOK,
    MAX_EXTRA_TRICKS,
    MAX_KITTY_FOREGONE,
    STRAINS,
    TRICKS,
    TRUMP_STRAINS,
    Bid,
    Settings,
    bid_value,
)
from games.forms import fill_last_tricks
from games.sheet import SheetError, read_settings

BOARD_TEMPLATE = "contractor/board.html"
STYLESHEET = "contractor/contractor.css"

# Symbol (shown, hidden from screen readers) and name of each strain.
STRAIN_NAMES = {
    "diamonds": ("\u2666", "Diamonds"),
    "hearts": ("\u2665", "Hearts"),
    "clubs": ("\u2663", "Clubs"),
    "spades": ("\u2660", "Spades"),
    "crazytrump": ("", "Crazytrump"),
    "no_trump": ("", "No trump"),
    "nil": ("", "Nil"),
}
RED = frozenset({"diamonds", "hearts"})
# The yes-or-no conditions: label, points, and the words a hand is described with.
FLAGS = {
    "sour_trumps": ("Sour trumps", rules.SOUR_TRUMPS, "sour trumps"),
    "exposed": ("Exposed", rules.EXPOSED, "exposed"),
    "absolutely_sure": ("Absolutely sure", rules.ABSOLUTELY_SURE, "absolutely sure"),
    "nil_without_joker": ("Nil without joker", rules.NIL_WITHOUT_JOKER, "without joker"),
    "thievery": ("Thievery", rules.THIEVERY, "thievery"),
}
CONTRACT, AUCTION = "contract", "auction"
MODES = [(CONTRACT, "Enter the contract"), (AUCTION, "Record the auction")]
NO_CHALLENGE = "none"
REDEAL = "redeal"  # the value of the one-tap redeal button, which is a Save button


def strain_text(strain: str) -> str:
    symbol, name = STRAIN_NAMES[strain]
    return f"{symbol} {name.lower()}" if symbol else name.lower()


def offered(strain: str | None, condition: str) -> bool:
    """Whether a condition goes with the strain (RULES.md); before a strain, all but nil's own."""
    if condition == "extra_tricks":
        return strain != "nil"
    if condition == "sour_trumps":
        return strain is None or strain in TRUMP_STRAINS
    if condition == "nil_without_joker":
        return strain == "nil"
    return True


def settings_of(game) -> Settings:
    return read_settings(Settings, game.rules)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"\u2212{-points}"


# --- composing a bid ----------------------------------------------------------------


class BidForm(forms.Form):
    """A strain and its conditions: the calculator, and the bid or contract of a hand.

    Conditions that do not go with the chosen strain are neither shown nor kept.
    """

    strain = forms.ChoiceField(
        label="Strain",
        required=False,
        choices=[(strain, STRAIN_NAMES[strain][1]) for strain in STRAINS],
        widget=forms.RadioSelect,
    )
    extra_tricks = forms.TypedChoiceField(
        label="Extra tricks",
        required=False,
        coerce=int,
        empty_value=0,
        initial=0,
        choices=[(n, str(n)) for n in range(MAX_EXTRA_TRICKS + 1)],
        widget=forms.RadioSelect,
    )
    kitty_foregone = forms.TypedChoiceField(
        label="Kitty cards foregone",
        required=False,
        coerce=int,
        empty_value=0,
        initial=0,
        choices=[(n, str(n)) for n in range(MAX_KITTY_FOREGONE + 1)],
        widget=forms.RadioSelect,
    )
    sour_trumps = forms.BooleanField(label="Sour trumps", required=False)
    exposed = forms.BooleanField(label="Exposed", required=False)
    absolutely_sure = forms.BooleanField(label="Absolutely sure", required=False)
    nil_without_joker = forms.BooleanField(label="Nil without joker", required=False)
    thievery = forms.BooleanField(label="Thievery", required=False)

    def __init__(self, data=None, *, game, **kwargs):
        self.game = game
        self.settings = settings_of(game)
        if data is not None:
            data = tidy_conditions(data)
        super().__init__(data, **kwargs)

    def value(self, name):
        return self[name].value()

    @property
    def chosen_strain(self) -> str | None:
        strain = self.value("strain")
        return strain if strain in STRAINS else None

    def strain_choices(self):
        """Each strain's radio with its symbol, name and base value."""
        values = self.settings.strain_values
        return [
            {
                "radio": choice,
                "symbol": STRAIN_NAMES[choice.data["value"]][0],
                "name": STRAIN_NAMES[choice.data["value"]][1],
                "base": values[choice.data["value"]],
                "red": choice.data["value"] in RED,
            }
            for choice in self["strain"]
        ]

    def offers(self, condition: str) -> bool:
        return offered(self.chosen_strain, condition)

    def show_extra_tricks(self):
        return self.offers("extra_tricks")

    def flag_choices(self):
        """The yes-or-no conditions that go with the chosen strain, with their points."""
        return [
            {"field": self[name], "label": label, "points": points}
            for name, (label, points, _) in FLAGS.items()
            if self.offers(name)
        ]

    @property
    def extra_trick_points(self):
        return rules.EXTRA_TRICK

    @property
    def kitty_card_points(self):
        return rules.KITTY_CARD

    def composed_bid(self) -> Bid | None:
        """The bid as chosen so far, or None before a strain is chosen."""
        strain = self.chosen_strain
        if strain is None:
            return None
        numbers = {}
        for name in ("extra_tricks", "kitty_foregone"):
            raw = self.value(name)
            with suppress(TypeError, ValueError):
                numbers[name] = int(raw or 0)
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

    def breakdown(self, bid: Bid, by_dealer: bool = False) -> list[tuple[str, int]]:
        return price_lines(bid, self.settings, by_dealer)


def tidy_conditions(data):
    """A copy of posted data without the conditions that do not go with its strain."""
    data = data.copy()
    strain = data.get("strain") or None
    for name in ("extra_tricks", *FLAGS):
        if not offered(strain, name) and name in data:
            del data[name]
    for name in ("extra_tricks", "kitty_foregone"):
        if offered(strain, name) and not data.get(name):
            data[name] = "0"  # none chosen is none: the pill "0" shows it
    return data


def price_lines(bid: Bid, settings: Settings, by_dealer: bool = False) -> list[tuple[str, int]]:
    """What each part of a bid adds, as the calculator lists it."""
    lines = [(STRAIN_NAMES[bid.strain][1], settings.strain_values[bid.strain])]
    if bid.extra_tricks:
        tricks = plural(bid.extra_tricks, "extra trick")
        lines.append((tricks, rules.EXTRA_TRICK * bid.extra_tricks))
    if bid.kitty_foregone:
        cards = plural(bid.kitty_foregone, "kitty card")
        lines.append((f"{cards} foregone", rules.KITTY_CARD * bid.kitty_foregone))
    for name, (label, points, _) in FLAGS.items():
        if getattr(bid, name):
            lines.append((label, points))
    if by_dealer:
        lines.append(("Dealer's bonus", rules.DEALERS_BONUS))
    return lines


class CalculatorForm(BidForm):
    """The bid calculator: what a bid is worth, and with the dealer's bonus."""


# --- the hand form --------------------------------------------------------------------


class HandForm(BidForm):
    """One hand: the contract entered directly or through the recorded auction, then tricks.

    The auction lives in the hidden `auction` field as the calls so far (JSON). A call
    is a submit button `call` whose value is the call and the number of calls it was
    tapped after ("pass.3"): the same tap posted twice, or a stale one, is not taken
    twice. A bid's button adds the value it showed ("bid.3.10"), so a bid changed after
    its button was drawn is checked again rather than taken. Saving with the value
    "redeal" records a redeal in one tap.
    """

    template_name = "contractor/hand_form.html"
    preview_template = "contractor/hand_preview.html"

    mode = forms.ChoiceField(
        label="The contract", choices=MODES, widget=forms.RadioSelect, required=False
    )
    contractor = forms.ChoiceField(label="Contractor", required=False, widget=forms.RadioSelect)
    challenger = forms.ChoiceField(label="Challenged by", required=False, widget=forms.RadioSelect)
    auction = forms.CharField(required=False, widget=forms.HiddenInput)
    other_meta = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, data=None, *, game, number, record=None, **kwargs):
        self.game = game
        self.number = number
        self.people = list(game.players)
        settings = settings_of(game)
        earlier = [h.record for h in game.hands.filter(number__lt=number)]
        self.scored_before = sum(1 for r in earlier if not r.get("redeal"))
        self.dealer = self.people[self.scored_before % len(self.people)]
        self.planned = settings.hands
        self.call_error = None
        self.one_tap_redeal = False
        self.saving = False
        self.on_record_redeal = False
        if data is not None:
            self.one_tap_redeal = data.get("save") == REDEAL
            self.saving = "save" in data
            data = self._apply_call(tidy_conditions(data), settings)
            if data.get("challenger") == data.get("contractor"):
                # A new contractor cannot challenge themselves: the challenge goes.
                data["challenger"] = NO_CHALLENGE
            data = self._fill_last_tricks(data)
        else:
            initial = {"mode": CONTRACT, "challenger": NO_CHALLENGE, "auction": "[]"}
            if record is not None:
                initial |= self._initial_from(record, settings)
            kwargs["initial"] = initial
            self.auction_state = self._replay(initial.get("auction"), settings)
        super().__init__(data, game=game, **kwargs)
        self.fields["contractor"].choices = [(name, name) for name in self.people]
        self.fields["challenger"].choices = [(NO_CHALLENGE, "No challenge")] + [
            (name, name) for name in self.people
        ]
        for seat, name in enumerate(self.people):
            self.fields[f"tricks_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                min_value=0,
                max_value=TRICKS,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": TRICKS}),
            )

    # --- the auction ----------------------------------------------------------------

    def _replay(self, text, settings) -> Auction:
        try:
            return Auction.from_json(self.people, self.dealer, settings, json.loads(text or "[]"))
        except AuctionError as error:
            reason = f" ({error})"
        except ValueError:
            reason = ""
        self.call_error = f"The calls recorded so far could not be read{reason}: start again."
        return Auction(self.people, self.dealer, settings)

    def _apply_call(self, data, settings):
        auction = self._replay(data.get("auction"), settings)
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
            for name in ("extra_tricks", "kitty_foregone", *FLAGS):
                data.pop(name, None)
            for key, value in result.as_record().items():
                if key == "challenger":
                    value = value or NO_CHALLENGE
                data[key] = "on" if value is True else str(value)
        return data

    def auction_calls(self):
        """The calls so far, each with who made it and what it was, for the list."""
        lines = []
        for call in self.auction_state.calls:
            lines.append({"player": call.player, "text": call_text(call)})
        return lines

    def standing_bid(self):
        high = self.auction_state.high
        if high is None:
            return None
        return {"player": high.player, "value": high.value, "text": bid_text(high.bid)}

    def call_after(self):
        """The number of calls a call button is tapped after."""
        return len(self.auction_state.calls)

    def bid_on_turn(self):
        """The composed bid as the player on turn would make it: its value, and if it beats."""
        auction = self.auction_state
        bid = self.composed_bid()
        if bid is None or auction.ended:
            return None
        value = auction.value(bid)
        return {
            "value": value,
            "beats": auction.beats(bid),
            "lines": self.breakdown(bid, auction.turn == self.dealer),
        }

    # --- what is shown ----------------------------------------------------------------

    @property
    def chosen_mode(self) -> str:
        return AUCTION if self.value("mode") == AUCTION else CONTRACT

    @property
    def chosen_contractor(self) -> str | None:
        name = self.value("contractor")
        return name if name in self.people else None

    def contractor_choices(self):
        return list(self["contractor"])

    def challenger_choices(self):
        """No challenge, or one of the contractor's two opponents."""
        contractor = self.chosen_contractor
        return [c for c in self["challenger"] if c.data["value"] != contractor]

    def contract_value(self):
        """The entered contract's value, with what makes it up."""
        bid = self.composed_bid()
        if bid is None:
            return None
        by_dealer = self.chosen_contractor == self.dealer
        return {
            "value": bid_value(bid, self.settings, by_dealer),
            "lines": self.breakdown(bid, by_dealer),
            "needs": needs_text(bid),
        }

    def hands_left(self) -> int:
        return max(self.planned - self.scored_before, 0)

    def trick_fields(self):
        return [self[f"tricks_{seat}"] for seat in range(len(self.people))]

    def trick_rows(self):
        """Each trick stepper with what its player needs, if they are the contractor."""
        contractor = self.contract_holder()
        bid = self.contract_bid()
        rows = []
        for seat, name in enumerate(self.people):
            needs = needs_text(bid) if bid and name == contractor else None
            rows.append({"field": self[f"tricks_{seat}"], "needs": needs})
        return rows

    def contract_holder(self) -> str | None:
        if self.chosen_mode == AUCTION:
            result = self.auction_state.result
            return result.contractor if result else None
        return self.chosen_contractor

    def contract_bid(self) -> Bid | None:
        if self.chosen_mode == AUCTION:
            result = self.auction_state.result
            return result.bid if result else None
        return self.composed_bid()

    def tricks_entered(self) -> int:
        total = 0
        for field in self.trick_fields():
            with suppress(TypeError, ValueError):
                total += int(field.value() or 0)
        return total

    def wants_tricks(self) -> bool:
        if self.chosen_mode == CONTRACT:
            return True
        result = self.auction_state.result
        return result is not None and not result.redeal

    # --- reading it ---------------------------------------------------------------------

    def _fill_last_tricks(self, data):
        """With two players' tricks entered, the third has what is left of ten."""
        return fill_last_tricks(data, range(len(self.people)), TRICKS)

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
            if not data.get("contractor"):
                self.add_error("contractor", "Who is the contractor?")
            if not data.get("strain"):
                self.add_error("strain", "Which strain?")
        for field in self.trick_fields():
            if data.get(field.name) is None and field.name not in self.errors:
                self.add_error(field.name, "How many tricks?")
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
        record["tricks"] = {name: data[f"tricks_{seat}"] for seat, name in enumerate(self.people)}
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

    def _initial_from(self, record: dict, settings) -> dict:
        meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        initial = {}
        others = {key: value for key, value in meta.items() if key != "auction"}
        if others:
            initial["other_meta"] = json.dumps(others)
        recorded = meta.get("auction")
        auction = None
        if recorded is not None:
            with suppress(AuctionError):
                auction = Auction.from_json(self.people, self.dealer, settings, recorded)
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
        for name, taken in record.get("tricks", {}).items():
            if name in self.people:
                initial[f"tricks_{self.people.index(name)}"] = taken
        if auction is not None and auction.result and not auction.result.redeal:
            decided = auction.result.as_record()
            entered = {"contractor": record.get("contractor"), **bid_fields(record)}
            entered["challenger"] = record.get("challenger")
            if decided == entered:
                initial["mode"] = AUCTION
        return initial

    def preview_context(self, score, record: dict) -> dict:
        hand = score.hands[self.number - 1]
        context = {"finished": score.finished, "winners": score.winners}
        if record.get("redeal"):
            context["outcome"] = f"A redeal: nobody scores, and {hand.dealer} deals again."
            return context
        context["outcome"] = outcome_sentence(record, hand)
        context["reasons"] = reasons(record, hand)
        return context

    def show_error(self, error: SheetError, number: int) -> None:
        """Put the engine's refusal next to the field it is about."""
        if error.hand not in (None, number):
            self.add_error(None, f"This would make hand {error.hand} wrong: {error.message}.")
            return
        root, _, rest = error.field.partition(".")
        message = f"{error.message[0].upper()}{error.message[1:]}."
        if root == "tricks":
            if rest in self.people:
                field = f"tricks_{self.people.index(rest)}"
            else:
                field = "tricks_2"
                message = f"Tricks {error.message}."
        elif root == "hand":
            field = None
            message = f"This hand {error.message}."
        elif root in self.fields and self.chosen_mode == CONTRACT:
            field = root
        else:
            field = None
        self.add_error(field, message)


BID_KEYS = ("extra_tricks", "kitty_foregone", *FLAGS)


def bid_fields(record: dict) -> dict:
    """A record's strain and conditions, written as `bid_as_json` writes them."""
    fields = {"strain": record.get("strain")}
    for name in BID_KEYS:
        if record.get(name):
            fields[name] = record[name]
    return fields


# --- words -----------------------------------------------------------------------------


def needs_text(bid: Bid) -> str:
    if bid.strain == "nil":
        return "needs no tricks"
    return f"needs {bid.tricks_needed}"


def bid_text(bid) -> str:
    """A bid or a contract record as the table says it: "♣ clubs, 2 kitty foregone, exposed"."""
    get = (lambda name: getattr(bid, name)) if isinstance(bid, Bid) else bid.get
    parts = [strain_text(get("strain"))]
    if get("extra_tricks"):
        parts.append(plural(get("extra_tricks"), "extra trick"))
    if get("kitty_foregone"):
        parts.append(f"{get('kitty_foregone')} kitty foregone")
    for name, (_, _, words) in FLAGS.items():
        if get(name):
            parts.append(words)
    return ", ".join(parts)


def call_text(call) -> str:
    if call.call == PASS:
        return "passes"
    if call.call == CHALLENGE:
        return "challenges"
    return f"bids {bid_text(call.bid)} \u2014 {call.value}"


def auction_text(recorded) -> str:
    """The recorded calls in one line, for the hand's history."""
    parts = []
    for entry in recorded if isinstance(recorded, list) else []:
        if not isinstance(entry, dict):
            continue
        call = entry.get("call")
        who = entry.get("player", "?")
        if call == BID and isinstance(entry.get("bid"), dict):
            with suppress(KeyError, TypeError):
                text = bid_text(entry["bid"])
                value = entry.get("value")
                parts.append(f"{who} {text}" + (f" ({value})" if value is not None else ""))
                continue
        parts.append(f"{who} {'passes' if call == PASS else 'challenges'}")
    return "; ".join(parts)


def outcome_sentence(record: dict, hand) -> str:
    contractor = record["contractor"]
    taken = record["tricks"][contractor]
    value = hand.details["value"]
    made = hand.details["made"]
    if record["strain"] == "nil":
        took = "took no tricks" if taken == 0 else f"took {plural(taken, 'trick')}"
        return f"{contractor} {'makes' if made else 'fails'} nil worth {value}: {took}."
    needed = BOOK + record.get("extra_tricks", 0)
    return (
        f"{contractor} {'makes' if made else 'fails'} the contract worth {value}: "
        f"{plural(taken, 'trick')}, {needed} needed."
    )


def reasons(record: dict, hand) -> list[dict]:
    """Each player's change taken apart, in seating order: contract, tricks, challenge."""
    contractor = record["contractor"]
    challenger = record.get("challenger")
    tricks = record["tricks"]
    value = hand.details["value"]
    made = hand.details["made"]
    nil = record["strain"] == "nil"
    lines = []
    for name in tricks:
        parts = []
        if name == contractor:
            if made:
                parts.append(f"{signed(value)} contract made")
            elif record.get("absolutely_sure"):
                parts.append(f"{signed(-2 * value)} contract failed, twice over (absolutely sure)")
            else:
                parts.append(f"{signed(-value)} contract failed")
            if challenger:
                parts.append(
                    f"{signed(rules.CHALLENGE if made else -rules.CHALLENGE)} "
                    f"{'won' if made else 'lost'} {challenger}'s challenge"
                )
        else:
            if nil:
                parts.append(f"{signed(tricks[contractor])} for {contractor}'s tricks in nil")
            else:
                parts.append(f"{signed(tricks[name])} for {plural(tricks[name], 'trick')}")
            if name == challenger:
                parts.append(
                    f"{signed(-rules.CHALLENGE if made else rules.CHALLENGE)} "
                    f"challenge {'lost' if made else 'won'}"
                )
        lines.append({"name": name, "parts": parts, "delta": hand.deltas[name]})
    return lines


def describe_record(record: dict) -> str:
    """A hand as the table would say it: "Ben: ♣ clubs, exposed; challenged by Cy; tricks 2–6–2"."""
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    recorded = meta.get("auction")
    auction = f" \u00b7 Auction: {auction_text(recorded)}" if recorded else ""
    if record.get("redeal"):
        return f"Redeal: all passed{auction}"
    text = f"{record['contractor']}: {bid_text(record)}"
    if record.get("challenger"):
        text += f"; challenged by {record['challenger']}"
    tricks = "\u2013".join(str(n) for n in record["tricks"].values())
    return f"{text}; tricks {tricks}{auction}"


def describe(record: dict, hand_score) -> str:
    if record.get("redeal"):
        return "Redeal: all passed"
    text = f"{record['contractor']}: {bid_text(record)}"
    details = hand_score.details if hand_score else {}
    if "value" in details:
        taken = record["tricks"][record["contractor"]]
        text += f" \u2014 {details['value']}, {'made' if details['made'] else 'failed'}"
        text += " taking no tricks" if taken == 0 else f" with {plural(taken, 'trick')}"
    if record.get("challenger"):
        text += f"; challenged by {record['challenger']}"
    return text
