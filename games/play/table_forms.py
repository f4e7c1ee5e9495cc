"""Forms around the table: a session, a new game with its seats and house rules, a game's
money value.

The form that imports a sheet is in games/views/sessions.py, beside its screen: it refuses
a file in games/records/' own words (`nothing_imported`), and play/ lies below records/.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal

from django import forms

from games.engine.registry import GAMES
from games.engine.sheet import (
    NAME_LENGTH,
    TEAM_MARK,
    SheetError,
    read_settings,
    settings_as_rules,
)
from games.models import Game, Player, Session


class SessionForm(forms.ModelForm):
    class Meta:
        model = Session
        fields = ["date", "place", "note"]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "note": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {"place": "Place (optional)", "note": "Note (optional)"}


class MoneyField(forms.CharField):
    """An amount of money typed as the table writes it: "0.05" or "0,05", nothing else.

    Not a DecimalField on a number input: Chromium's number input reads "0,05" as 5 (a
    comma is a thousands separator in English), a hundred times too much, and Django's
    parsing follows the site's locale, not the player's. One optional separator, comma or
    point, is never ambiguous.
    """

    widget = forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})
    AMOUNT = re.compile(r"\d{1,4}(?:[.,]\d{1,4})?")

    def to_python(self, value):
        value = super().to_python(value).strip().replace(" ", "")
        if not value:
            return None
        if not self.AMOUNT.fullmatch(value):
            raise forms.ValidationError(
                "Write an amount such as 0.05 or 0,05: digits, with one point or comma "
                "before the cents, and no thousands separators.",
                code="invalid",
            )
        return Decimal(value.replace(",", "."))


def stake_field(engine) -> MoneyField:
    """A game's money value, optional: what the evening's settlement pays a unit at."""
    return MoneyField(
        label=f"Money per {engine.money.UNIT} (optional)",
        required=False,
        help_text="Leave it empty for a game not played for money.",
    )


class StakeForm(forms.Form):
    """An existing game's money value, set or changed from the evening's settlement."""

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, prefix=f"game{game.pk}", **kwargs)
        self.game = game
        self.fields["stake"] = stake_field(game.engine)
        self.fields["stake"].initial = game.meta.get("stake")

    def stake(self) -> str | None:
        value = self.cleaned_data["stake"]
        return str(value) if value else None


def setting_label(name: str, key: str | None = None) -> str:
    label = name.replace("_", " ").capitalize()
    return f"{label}: {key.replace('_', ' ')}" if key else label


class GameForm(forms.Form):
    """Seats in clockwise order, then every rule setting with its default filled in.

    Seats are typed names: an existing player is reused (ignoring case), a new name
    creates the player, so a table can be seated without leaving the form.
    """

    def __init__(self, *args, kind: str, group, leftovers=(), **kwargs):
        """`leftovers`: the piles on the group's table for a game of `kind`, each with its
        `left` row and its `words` (games/money/table.py `lying`), offered to the new game."""
        super().__init__(*args, **kwargs)
        self.kind = kind
        self.group = group
        self.engine = GAMES[kind]
        most, fewest = max(self.engine.SEATS), min(self.engine.SEATS)
        for seat in range(most):
            self.fields[f"seat_{seat}"] = forms.CharField(
                label=f"Seat {seat + 1}"
                + (" (deals first)" if seat == 0 else "")
                + (" (optional)" if seat >= fewest else ""),
                max_length=NAME_LENGTH,
                required=seat < fewest,
                # Names typed one after the other, then the money value: the keyboard's
                # Next goes on, the money's Go starts the game (static/js/fields.js).
                widget=forms.TextInput(
                    attrs={"list": "known-players", "autocomplete": "off", "enterkeyhint": "next"}
                ),
            )
        if not self.is_bound:
            # The first thing a table does here is type a name: a tap saved on the way to
            # the first hand (tests/e2e/test_first_hand.py). A form sent back with errors
            # leaves the focus to its error summary.
            self.fields["seat_0"].widget.attrs["autofocus"] = True
        self.fields["stake"] = stake_field(self.engine)
        self.fields["stake"].widget.attrs["enterkeyhint"] = "go"
        self.leftovers = list(leftovers)
        valued = {pile.stake for pile in self.leftovers}
        if len(valued) == 1 and None not in valued:
            # Chips keep their value: a match that takes them is offered theirs.
            (self.fields["stake"].initial,) = valued
        if self.leftovers:
            # The table says: nothing on it is taken, or kept back, without being asked.
            self.fields["leftover"] = forms.ChoiceField(
                label="On the table",
                choices=[(str(pile.left.pk), pile.words) for pile in self.leftovers]
                + [("none", "Start without them: they stay on the table")],
                widget=forms.RadioSelect,
                error_messages={
                    "required": "Choose whether this game starts with the chips on the table."
                },
            )
        self.setting_names = []
        for name, label, default in house_rules(self.engine):
            self._setting(name, label, default)

    def _setting(self, name, label, default):
        self.setting_names.append(name)
        self.fields[f"rule_{name}"] = forms.IntegerField(
            label=label,
            initial=default,
            min_value=0,
            required=default is not None,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def seat_fields(self):
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def rule_fields(self):
        return [self[f"rule_{name}"] for name in self.setting_names]

    def clean(self):
        data = super().clean()
        names = [data.get(name) for name in self.fields if name.startswith("seat_")]
        names = [name.strip() for name in names if name and name.strip()]
        seen = set()
        for index, name in enumerate(names):
            if TEAM_MARK in name:
                self.add_error(f"seat_{index}", f"A name cannot contain {TEAM_MARK}.")
            if name.casefold() in seen:
                self.add_error(f"seat_{index}", "This person already has a seat.")
            seen.add(name.casefold())
        if len(names) not in self.engine.SEATS:
            wanted = " or ".join(str(n) for n in self.engine.SEATS)
            raise forms.ValidationError(f"{self.engine.NAME} needs {wanted} players.")
        self.names = names
        self.rules = self._rules(data)
        self._same_value(data)
        return data

    def _same_value(self, data) -> None:
        """A match that takes chips at another money value than they were left at makes
        them up to its own (docs/MONEY.md): asked once, with what it means, before it starts."""
        pile = self.chosen_pile()
        stake = data.get("stake")
        if pile is None or "stake" in self.errors or pile.stake == stake:
            return
        self.fields["other_value"] = forms.BooleanField(
            label=f"Start at {stake or 'no money value'} a chip all the same"
            if stake
            else "Start with no money value all the same",
            required=False,
        )
        if self.data.get("other_value"):
            data["other_value"] = True
            return
        as_left = f"set the money per chip to {pile.stake}" if pile.stake else "leave it empty"
        self.add_error(
            "other_value",
            f"{pile.value_words(stake, len(self.names))} To keep their value, {as_left}; to "
            "start at the value you chose, tick the box below.",
        )

    def _rules(self, data):
        raw = {}
        for name in self.setting_names:
            value = data.get(f"rule_{name}")
            if value is None:
                continue
            if "__" in name:
                table, key = name.split("__", 1)
                raw.setdefault(table, {})[key] = value
            else:
                raw[name] = value
        try:
            return settings_as_rules(read_settings(self.engine.Settings, raw))
        except SheetError as error:
            field = "rule_" + error.field.removeprefix("rules.").replace(".", "__")
            self.add_error(field if field in self.fields else None, error.message.capitalize())
            return None

    def chosen_pile(self):
        """The pile on the table this game starts with (games/money/table.py), or None."""
        chosen = self.cleaned_data.get("leftover")
        return next((pile for pile in self.leftovers if str(pile.left.pk) == chosen), None)

    def chosen_leftover(self):
        """The leftover this game starts with, or None."""
        pile = self.chosen_pile()
        return pile and pile.left

    def meta(self) -> dict:
        stake = self.cleaned_data.get("stake")
        return {"stake": str(stake)} if stake else {}

    def players(self):
        """The seated Players, created where new; names as the group knows them."""
        seated = []
        for name in self.names:
            player = Player.objects.filter(group=self.group, name__iexact=name).first()
            seated.append(player or Player.objects.create(group=self.group, name=name))
        return seated


def house_rules(engine) -> list[tuple[str, str, object]]:
    """Each house rule of a game: its field name, its label and its default (a table's
    rows one by one: "fixed_bonus__1"), for the new game form and the rules page."""
    rows = []
    for spec in dataclasses.fields(engine.Settings):
        if spec.name in engine.Settings.SET_BY_APP:
            continue
        default = _default(spec)
        if isinstance(default, dict):
            for key, value in default.items():
                rows.append((f"{spec.name}__{key}", setting_label(spec.name, key), value))
        else:
            rows.append((spec.name, setting_label(spec.name), default))
    return rows


def _default(spec):
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    return spec.default


class GameNameForm(forms.ModelForm):
    class Meta:
        model = Game
        fields = ["name"]
        labels = {"name": "Name (optional)"}
        help_texts = {"name": "Left empty, the game is called by its kind and players."}
