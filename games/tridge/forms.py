"""Tridge at the table: the hand form, how a hand reads on screen, the settlement form."""

from __future__ import annotations

from contextlib import suppress
from decimal import Decimal

from django import forms

from games.cards import SUIT_NAMES, SUIT_SYMBOLS
from games.forms import fill_last_tricks
from games.sheet import SheetError
from games.tridge.rules import INCOMER_BIDS, MAX_HONOURS, TRICKS

BOARD_TEMPLATE = "tridge/board.html"
MORE_TEMPLATE = "tridge/more.html"

KINDS = [
    ("played", "Played"),
    ("passed", "All passed"),
    ("void", "Not valid"),
    ("incomer", "In-comer played"),
    ("declined", "In-comer declined"),
]
FOUR_ONLY = {"incomer", "declined"}
BID_NAMES = {
    "play": "Play",
    "flip": "Flip",
    "no_change": "No change",
    "no_tricks": "No tricks",
    "all_tricks": "All tricks",
    "fixed": "Fixed tricks",
}
SUITS = ["S", "H", "D", "C"]
OUTCOME_WORDS = {
    "win": "wins",
    "draw": "draws",
    "lose": "loses",
    "one_off": "is one off and takes half the game fund",
}


def suit_label(suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


class HandForm(forms.Form):
    """One hand, revealed step by step: what happened, who played what, the tricks.

    Field names use seat numbers (`tricks_2`), not names, so a name can be anything.
    """

    template_name = "tridge/hand_form.html"
    preview_template = "tridge/hand_preview.html"

    kind = forms.ChoiceField(label="What happened", choices=KINDS, widget=forms.RadioSelect)
    player = forms.ChoiceField(label="Player", required=False, widget=forms.RadioSelect)
    bid = forms.ChoiceField(
        label="Bid", required=False, choices=list(BID_NAMES.items()), widget=forms.RadioSelect
    )
    target = forms.TypedChoiceField(
        label="Tricks fixed",
        required=False,
        coerce=int,
        empty_value=None,
        choices=[(1, "1"), (2, "2"), (3, "3")],
        widget=forms.RadioSelect,
    )
    went_for_all = forms.BooleanField(
        label="Won the first five tricks and went on for all nine", required=False
    )
    trumps = forms.ChoiceField(
        label="Trumps",
        required=False,
        choices=[(suit, suit_label(suit)) for suit in SUITS],
        widget=forms.RadioSelect,
    )
    honours = forms.TypedChoiceField(
        label="Honours",
        required=False,
        coerce=int,
        empty_value=0,
        choices=[(n, str(n)) for n in range(5)],
        widget=forms.RadioSelect,
    )

    def __init__(self, data=None, *, game, number, record=None, **kwargs):
        self.game = game
        self.number = number
        self.people = list(game.players)
        self.dealer = self.people[(number - 1) % len(self.people)]
        if data is not None:
            data = self._fill_last_tricks(data)
        elif record is not None:
            kwargs["initial"] = initial_from(record, self.people)
        else:
            kwargs["initial"] = {"kind": "played"}
        super().__init__(data, **kwargs)
        if len(self.people) == 3:
            self.fields["kind"].choices = [c for c in KINDS if c[0] not in FOUR_ONLY]
        self.fields["player"].choices = [(p, p) for p in self.people]
        for seat, name in enumerate(self.people):
            self.fields[f"tricks_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                min_value=0,
                max_value=TRICKS,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": TRICKS}),
            )

    # --- what is shown -------------------------------------------------------

    def value(self, name):
        return self[name].value() if self.is_bound else self.initial.get(name)

    @property
    def chosen_kind(self):
        return self.value("kind") or "played"

    def in_play(self):
        """The people whose tricks count in this hand."""
        if self.chosen_kind == "incomer" or len(self.people) == 3:
            return list(self.people)
        return [p for p in self.people if p != self.dealer]

    def trick_fields(self):
        return [self[f"tricks_{self.people.index(name)}"] for name in self.in_play()]

    def tricks_entered(self):
        total = 0
        for field in self.trick_fields():
            with suppress(TypeError, ValueError):
                total += int(field.value() or 0)
        return total

    def honour_choices(self):
        most = MAX_HONOURS.get(self.value("trumps"), 4)
        return [choice for choice in self["honours"] if int(choice.data["value"]) <= most]

    def bid_choices(self):
        if self.chosen_kind == "incomer":
            return [choice for choice in self["bid"] if choice.data["value"] in INCOMER_BIDS]
        return list(self["bid"])

    def player_choices(self):
        in_play = self.in_play()
        return [choice for choice in self["player"] if choice.data["value"] in in_play]

    # --- reading it ----------------------------------------------------------

    def _fill_last_tricks(self, data):
        """With all but one person's tricks entered, the last is what is left of nine."""
        data = data.copy()
        kind = data.get("kind") or "played"
        if kind not in ("played", "incomer"):
            return data
        seats = [
            seat
            for seat, name in enumerate(self.people)
            if kind == "incomer" or len(self.people) == 3 or name != self.dealer
        ]
        return fill_last_tricks(data, seats, TRICKS)

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        if kind not in ("played", "incomer"):
            return data
        if kind == "played" and not data.get("player"):
            self.add_error("player", "Who played?")
        if not data.get("bid"):
            self.add_error("bid", "Which bid?")
        if not data.get("trumps"):
            self.add_error("trumps", "Which suit was trumps?")
        if data.get("bid") == "fixed" and not data.get("target"):
            self.add_error("target", "How many tricks were fixed?")
        for field in self.trick_fields():
            if data.get(field.name) is None and field.name not in self.errors:
                self.add_error(field.name, "How many tricks?")
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
        record["tricks"] = {
            name: data[f"tricks_{self.people.index(name)}"] for name in self.in_play()
        }
        return record

    def preview_context(self, score, record: dict) -> dict:
        """The outcome in words and where the fund chips went, for the live preview."""
        hand = score.hands[self.number - 1]
        if self.number > 1:
            before = score.hands[self.number - 2].details["funds"]
        else:
            before = opening_funds(self.game.rules, len(self.people))
        return {
            "outcome": outcome_sentence(hand.details, hand.deltas, before, record),
            "movements": fund_movements(before, hand.details["funds"]),
            "sits_out": None
            if len(self.people) == 3 or hand.details.get("incomer")
            else hand.dealer,
        }

    def show_error(self, error: SheetError, number: int) -> None:
        """Put the engine's refusal next to the field it is about."""
        if error.hand not in (None, number):
            self.add_error(None, f"This would make hand {error.hand} wrong: {error.message}.")
            return
        root, _, rest = error.field.partition(".")
        if root == "tricks" and rest in self.people:
            field = f"tricks_{self.people.index(rest)}"
        elif root == "tricks":
            field = self.trick_fields()[-1].name if self.trick_fields() else None
        elif root in self.fields:
            field = root
        else:
            field = None
        message = f"{error.message[0].upper()}{error.message[1:]}."
        if root == "tricks" and not rest:
            message = f"Tricks {error.message}."
        self.add_error(field, message)


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
    for name, taken in record["tricks"].items():
        initial[f"tricks_{people.index(name)}"] = taken
    return initial


# --- how hands read on screen -------------------------------------------------


def describe_record(record: dict) -> str:
    """A hand as the table would say it: "Ben: no change ♦, 3 honours; 5–2–2"."""
    if record.get("passed"):
        return "All passed"
    if record.get("void"):
        return "Not valid"
    if record.get("incomer_declined"):
        return "In-comer declined"
    bid = BID_NAMES[record["bid"]].lower()
    if record["bid"] == "fixed":
        bid = f"fixed {record['target']}"
    if record.get("went_for_all"):
        bid += ", went for all"
    honours = record.get("honours", 0)
    parts = [
        f"{record['player']}{' (in-comer)' if record.get('incomer') else ''}: {bid}",
        f"{SUIT_SYMBOLS[record['trumps']]}" + (f" {honours} hon." if honours else ""),
    ]
    tricks = "\u2013".join(str(n) for n in record["tricks"].values())
    return f"{' '.join(parts)}; tricks {tricks}"


def describe(record: dict, hand_score) -> str:
    text = describe_record(record)
    outcome = hand_score.details.get("outcome") if hand_score else None
    if outcome in OUTCOME_WORDS:
        text += f" \u2014 {OUTCOME_WORDS[outcome].split(' and ')[0]}"
    return text


def outcome_sentence(details: dict, deltas: dict, before: dict, record: dict) -> str:
    outcome = details["outcome"]
    if outcome == "passed":
        paid = -min(deltas.values())
        return (
            f"All passed: everyone pays {paid} into the game fund."
            if paid
            else ("All passed: nothing is paid.")
        )
    if outcome == "void":
        return "Not valid: nothing changes."
    if outcome == "declined":
        return f"{details['player']} paid {details['incomer_paid']} to come in, then declined."
    sentence = f"{details['player']} {OUTCOME_WORDS[outcome]}"
    if details.get("incomer"):
        sentence += f" (paid {details['incomer_paid']} to come in)"
    if outcome == "win":
        sentence += f" and takes the game fund ({details['stake']})"
        if wins_widow(record, details):
            sentence += f" and the widow's fund ({before['widow']})"
    if details.get("defender"):
        sentence += f"; {details['defender']} takes {details['stake']} as the top defender"
    if details.get("went_for_all"):
        sentence += f"; going for all {details['went_for_all']}"
    return sentence + "."


def wins_widow(record: dict, details: dict) -> bool:
    if record.get("bid") in ("no_tricks", "all_tricks"):
        return True
    if record.get("bid") == "no_change" and record.get("trumps") == "D":
        return True
    return details.get("went_for_all") == "made"


def fund_movements(before: dict, after: dict) -> list[str]:
    """What happened to the pots in one hand, in words."""
    lines = []
    if before["game"] != after["game"]:
        lines.append(f"Game fund {before['game']} \u2192 {after['game']}")
    if before["reserves"] != after["reserves"]:
        shown = ", ".join(str(r) for r in after["reserves"]) or "none"
        lines.append(f"Reserve funds: {shown}")
    if before["widow"] != after["widow"]:
        lines.append(f"Widow's fund {before['widow']} \u2192 {after['widow']}")
    return lines


def opening_funds(rules: dict, people: int) -> dict:
    return {
        "game": rules["game_contribution"] * people,
        "reserves": [],
        "widow": rules["widow_contribution"] * people,
    }


# --- settlement -----------------------------------------------------------------


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
    chip_value = forms.DecimalField(
        label="Money per chip (optional)",
        required=False,
        min_value=Decimal("0"),
        max_digits=8,
        decimal_places=4,
        widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any"}),
    )

    @staticmethod
    def defaults():
        return {"split_funds": False, "chip_value": None}
