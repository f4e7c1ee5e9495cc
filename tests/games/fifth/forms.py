"""Fifth's hand form: one number for each player."""

from django import forms


class HandForm(forms.Form):
    template_name = "fifth/hand_form.html"

    def __init__(self, data=None, *, game, number, record=None):
        self.players = list(game.players)
        initial = None
        if record:
            initial = {f"points_{seat}": record["points"][name] for seat, name in self.seats()}
        super().__init__(data, initial=initial)
        for seat, name in self.seats():
            self.fields[f"points_{seat}"] = forms.IntegerField(label=name, min_value=0)

    def seats(self):
        return enumerate(self.players)

    def to_record(self) -> dict:
        return {
            "points": {name: self.cleaned_data[f"points_{seat}"] for seat, name in self.seats()}
        }

    def show_error(self, error, number) -> None:
        self.add_error(None, error.message)
