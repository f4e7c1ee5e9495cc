"""The hand form's base, which every game's hand form subclasses, and the pieces it is made of.

Sessions, a new game and its money value are in games/play/table_forms.py.
"""

from __future__ import annotations

from contextlib import suppress

from django import forms
from django.forms.forms import NON_FIELD_ERRORS

from games.engine.sheet import SheetError
from games.engine.words import names, sentence


def stepper(label, most, placeholder=None, **kwargs) -> forms.IntegerField:
    """A count from 0 to `most` typed on a phone's number pad (tricks, sets, points)."""
    attrs = {"inputmode": "numeric", "min": 0, "max": most}
    if placeholder is not None:
        attrs["placeholder"] = placeholder
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        max_value=most,
        widget=forms.NumberInput(attrs=attrs),
        **kwargs,
    )


def pills(label, choices=(), **kwargs) -> forms.ChoiceField:
    """One of a few, as a row of radio pills; what must be chosen, `clean` asks for."""
    return forms.ChoiceField(
        label=label, required=False, choices=choices, widget=forms.RadioSelect, **kwargs
    )


def number_pills(label, numbers, empty_value=None, **kwargs) -> forms.TypedChoiceField:
    """A number picked from a row of radio pills (a level, honours, extra tricks)."""
    return forms.TypedChoiceField(
        label=label,
        required=False,
        coerce=int,
        empty_value=empty_value,
        choices=[(n, str(n)) for n in numbers],
        widget=forms.RadioSelect,
        **kwargs,
    )


def chips(label, most) -> forms.TypedChoiceField:
    """A count from 0 to `most` as a row of chips: one tap, where a number field takes three."""
    return number_pills(
        label,
        range(most + 1),
        error_messages={"invalid_choice": f"A number from 0 to {most}."},
    )


# The hidden field saying which figures the app worked out, and as what: "tricks_2=4".
REST = "rest"


def fill_rest(data, names, total: int):
    """Once every one of `names` but one is entered, the last is what is left of `total`;
    once they make `total` already, every one left blank is 0.

    The figures are the app's, marked in `REST`: worked out again whenever another
    changes, and the player's own once they change one. Before all the others are
    entered nothing is filled in, and anything unreadable, or more than `total`, leaves
    the form as it was for its own messages to say why.
    """
    for pair in str(data.get(REST, "")).split(","):
        name, _, value = pair.partition("=")
        if name in names and str(data.get(name, "")).strip() == value:
            data[name] = ""
    data[REST] = ""
    blank = [name for name in names if not str(data.get(name, "")).strip()]
    try:
        taken = sum(int(data.get(name)) for name in names if name not in blank)
    except (TypeError, ValueError):
        return data
    if len(blank) == 1 and 0 <= taken <= total:
        filled = {blank[0]: total - taken}
    elif blank and taken == total:
        filled = dict.fromkeys(blank, 0)
    else:
        return data
    for name, value in filled.items():
        data[name] = str(value)
    data[REST] = ",".join(f"{name}={value}" for name, value in filled.items())
    return data


def drawn(form, name: str) -> str:
    """Where a form draws a field: its input (a row of radios: the first); an error about
    the whole form points at the first field."""
    if name == NON_FIELD_ERRORS:
        first = next(iter(form.visible_fields()), None)
        return drawn(form, first.name) if first else ""
    field = form[name]
    return field.id_for_label or f"{field.auto_id}_0"


def problems(form, anchor=None) -> list[tuple[str, str]]:
    """A refused form's errors for its summary at the top: (the id each points at, its words).

    `anchor(name)` says where a field is drawn; by default, as Django draws it (`drawn`).
    """
    anchor = anchor or (lambda name: drawn(form, name))
    names = [NON_FIELD_ERRORS, *form.fields]
    return [(anchor(name), error) for name in names for error in form.errors.get(name, ())]


def last_is_rest(counts: dict) -> dict:
    """A stored hand's counts ({"tricks_1": 5, ...}), the last seat's marked as the app's.

    Correcting one count then moves the last, as on a new hand, rather than finding the
    chips it needs out of reach until another count is lowered first.
    """
    if not counts:
        return counts
    last = max(counts, key=lambda name: int(name.rpartition("_")[2]))
    return counts | {REST: f"{last}={counts[last]}"}


def per_seat(prefix: str, by_name: dict, people: list[str]) -> dict:
    """A record's {"Ben": 5} as the form's fields hold it: {"tricks_1": 5}."""
    return {f"{prefix}_{people.index(name)}": value for name, value in by_name.items()}


class BaseHandForm(forms.Form):
    """Every game's hand form subclasses this: it declares each part that shared code
    (entering a hand, its screens, its error summary) reads, with its default, and what
    every game's form shares in how it is built, read back, and told off (docs/GAMES.md).

    A game's form says where its fields are drawn (`template_name`), reads a valid form
    as a sheet record (`to_record`) and a stored record back (`read_back`), and adds its
    fields per seat or team (`add_fields`); it may tidy what was posted (`posted`, given
    a copy it may change) and say what a new hand starts with (`blank`). Field names use
    seat and team numbers (`tricks_2`), never names, so a name can be anything.
    """

    template_name: str  # the form's fields, inside templates/hands/entry.html
    preview_template: str | None = None  # the game's own words in the live preview
    # A live update (games/play/outcomes.py `Preview.live`): the fields whose values change
    # which fields are shown, and the partials of `template_name` that show results.
    SHAPE: tuple[str, ...] = ()
    LIVE: tuple[str, ...] = ()
    # The id where an error about the whole hand points (None: the first field's).
    TOP: str | None = None
    DRAWN_IN: dict[str, str] = {}  # fields (by how their names start) drawn inside another id

    def __init__(self, data=None, *, game, number, record=None, **kwargs):
        self.game = game
        self.number = number
        self.people = list(game.players)
        self.seat_the_table()
        if data is not None:
            data = self.posted(data.copy())
        else:
            kwargs["initial"] = self.blank() if record is None else self.read_back(record)
        super().__init__(data, **kwargs)
        self.add_fields()

    def seat_the_table(self) -> None:
        """Who deals, and whatever else the fields depend on."""

    def posted(self, data):
        return data

    def blank(self) -> dict:
        return {}

    def read_back(self, record: dict) -> dict:
        raise NotImplementedError

    def to_record(self) -> dict:
        """After `is_valid()`: the hand as a sheet record."""
        raise NotImplementedError

    def add_fields(self) -> None:
        """The fields there is one of per seat or team."""

    def anchor(self, name: str) -> str:
        """The id of where a field is drawn, for the error summary to link to.

        The games draw a field of choices as a fieldset with the field's name for its id, and
        any other field as its own input.
        """
        if name == NON_FIELD_ERRORS:
            first = next((field.name for field in self.visible_fields()), None)
            return self.TOP or (self.anchor(first) if first else "")
        for start, place in self.DRAWN_IN.items():
            if name.startswith(start):
                return place
        if isinstance(self.fields[name], forms.ChoiceField):
            return name
        return self[name].id_for_label

    def problems(self) -> list[tuple[str, str]]:
        """The errors for the summary at the top of a refused Save, each where it is drawn."""
        return problems(self, self.anchor)

    def offer_people(self, *names) -> None:
        """The radios of people carry the names themselves as values, as the sheet does."""
        for name in names:
            self.fields[name].choices = [(person, person) for person in self.people]

    def value(self, name):
        """What a field holds now, checked or not: posted, or as first shown."""
        return self[name].value()

    def per_name(self, prefix: str, names=None) -> dict:
        """The checked fields `prefix_<seat>` as a record holds them, by name (all, or `names`)."""
        names = self.people if names is None else names
        return {name: self.cleaned_data[f"{prefix}_{self.people.index(name)}"] for name in names}

    def ask(self, data, questions: dict) -> None:
        """Each answer still missing is asked for next to its field ("Which bid?")."""
        for name, question in questions.items():
            if not data.get(name):
                self.add_error(name, question)

    def ask_for_tricks(self, data, total: int) -> None:
        """A trick count left empty is asked for, unless it already has an error of its own;
        counts that already make more than `total` are said to, on the first of them."""
        fields = self.trick_fields()
        entered = [field for field in fields if data.get(field.name) is not None]
        taken = sum(data[field.name] for field in entered)
        if taken > total and len(entered) < len(fields):  # all entered: the engine says
            who = names([field.label for field in entered])
            message = f"{who} took {taken}, but a hand has {total} tricks: lower one."
            self.add_error(entered[0].name, message)
            return
        for field in fields:
            if data.get(field.name) is None and field.name not in self.errors:
                self.add_error(field.name, f"How many tricks did {field.label} take?")

    def shape(self) -> str:
        """Which fields the screen shows: while it stays the same, a live update leaves
        the fields as the player left them and swaps only what shows results (the
        partials of `template_name` named in `LIVE`, and the preview); the choices in
        `SHAPE` (what happened, a mode) change it."""
        return ".".join(str(self.value(name) or "") for name in self.SHAPE)

    def rest_value(self) -> str:
        """Which figure the app filled in, and as what (`fill_rest`)."""
        return str(self.data.get(REST, "") if self.is_bound else self.initial.get(REST, ""))

    def rest(self) -> set[str]:
        """The fields whose figures the app filled in."""
        return {pair.partition("=")[0] for pair in self.rest_value().split(",") if pair}

    def chip_rows(self, fields, total: int) -> list[dict]:
        """Each count's chips, those past what the others leave of `total` not on offer.

        The app's own figure leaves the others free: it is worked out again from them.
        """
        counts = {}
        for field in fields:
            with suppress(TypeError, ValueError):
                counts[field.name] = int(field.value())
        rest = self.rest()
        labels = {field.name: field.label for field in fields}
        rows = []
        for field in fields:
            taken = {
                name: n
                for name, n in counts.items()
                if name != field.name and name not in rest and n
            }
            others = sum(taken.values())
            value = counts.get(field.name)
            # 0 stays on offer even past the total: the way out is lowering another.
            most = max(total - others, 0)
            chips = []
            for n in range(total + 1):
                chip = {"n": n, "checked": n == value, "possible": n <= most or n == value}
                if not chip["possible"]:
                    chip["why"] = self.chip_refused(
                        field.label, n, total, [labels[t] for t in taken], others
                    )
                chips.append(chip)
            rows.append({"field": field, "chips": chips, "filled": field.name in rest})
        return rows

    @staticmethod
    def chip_refused(who: str, n: int, total: int, holders: list[str], held: int) -> str:
        """Why a chip is greyed out, said when it is tapped (static/js/chips.js): "Cy can't
        take 6: Ben has 6 of the 10 tricks. Lower Ben first." """
        by = names(holders)
        has, lower = ("has", by) if len(holders) == 1 else ("have", "one of them")
        return (
            f"{who} can't take {n}: {by} {has} {held} of the {total} tricks. Lower {lower} first."
        )

    def tricks_entered(self) -> int:
        """The tricks entered so far, unreadable ones left out: the running count."""
        total = 0
        for field in self.trick_fields():
            with suppress(TypeError, ValueError):
                total += int(field.value() or 0)
        return total

    def show_error(self, error: SheetError, number: int) -> None:
        """Put the engine's refusal next to the field it is about."""
        if error.hand not in (None, number):
            word = self.game.engine.HAND
            message = self.in_words(error.message)
            self.add_error(None, f"This would make {word} {error.hand} wrong: {message}.")
            return
        root, _, rest = error.field.partition(".")
        placed = self.place_error(root, rest, error.message)
        if placed is not None:
            self.add_error(*placed)

    def in_words(self, message: str) -> str:
        """An engine message as this game's screens write it."""
        return message

    def place_error(self, root: str, rest: str, message: str) -> tuple[str | None, str] | None:
        """The field an engine message about `root.rest` goes to, and the words; None: not shown."""
        return (root if root in self.fields else None), sentence(message)
