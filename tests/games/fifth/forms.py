"""Fifth's hand form: one number for each player, on the shared base (games/engine/forms.py)."""

from django import forms

from games.engine.forms import BaseHandForm, per_seat


class HandForm(BaseHandForm):
    template_name = "fifth/hand_form.html"

    def read_back(self, record: dict) -> dict:
        return per_seat("points", record["points"], self.people)

    def add_fields(self) -> None:
        for seat, name in enumerate(self.people):
            self.fields[f"points_{seat}"] = forms.IntegerField(label=name, min_value=0)

    def to_record(self) -> dict:
        return {"points": self.per_name("points")}
