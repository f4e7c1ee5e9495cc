"""The looking-back pages' filters: a range of dates, and words to find in a session.

GET forms: a filter is part of the page's address, so it can be kept, shared and paged
through. A refused value is said at the top of the page (templates/error_summary.html)
and left out of the filter, never guessed at.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms


class DateRange(forms.Form):
    # "from" and "to" are the address's words; Python keeps "from" to itself, so the
    # fields are added by name.
    def __init__(self, data=None):
        super().__init__(data or None)
        date = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        invalid = {"invalid": "Enter a real date, like 2026-11-27"}
        self.fields["from"] = forms.DateField(
            required=False, label="From", widget=date, error_messages=invalid
        )
        self.fields["to"] = forms.DateField(
            required=False, label="To", widget=date, error_messages=invalid
        )

    def clean(self):
        cleaned = super().clean()
        since, until = cleaned.get("from"), cleaned.get("to")
        if since and until and until < since:
            self.add_error(
                "to",
                forms.ValidationError(
                    "The ‘to’ date must be the same as or after the ‘from’ date",
                    code="reversed",
                ),
            )
        return cleaned

    def dates(self) -> tuple:
        """(from, to), each None when not given or refused."""
        if not self.is_bound:
            return None, None
        self.is_valid()
        if self.has_error("to", "reversed"):
            return None, None  # which of the two is meant is not for the app to guess
        if "to" in self.errors:
            return self.cleaned_data.get("from"), None
        return self.cleaned_data.get("from"), self.cleaned_data.get("to")

    def query(self, **more) -> str:
        """The filter as an address's query, for the page links ("from=...&to=...&")."""
        if not self.is_bound:
            return urlencode({key: value for key, value in more.items() if value})
        kept = {name: self.data.get(name, "") for name in self.fields}
        pairs = {key: value for key, value in (kept | more).items() if value}
        return urlencode(pairs)


class SessionFilters(DateRange):
    def __init__(self, data=None):
        super().__init__(data)
        self.fields["q"] = forms.CharField(
            required=False,
            max_length=80,
            label="Place or note",
            widget=forms.TextInput(attrs={"type": "search"}),
        )

    def search(self) -> str:
        if not self.is_bound or not self.is_valid() and "q" in self.errors:
            return ""
        return self.cleaned_data.get("q", "").strip()
