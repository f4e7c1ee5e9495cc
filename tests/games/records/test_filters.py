"""The looking-back pages' filters (games/records/filters.py)."""

import datetime

from django.http import QueryDict

from games.records.filters import DateRange, SessionFilters


def test_no_dates_given_chooses_nothing_and_says_nothing():
    form = DateRange(QueryDict(""))
    assert form.dates() == (None, None) and not form.errors and form.query() == ""


def test_both_ends_of_the_range_are_read_as_dates():
    form = DateRange(QueryDict("from=2026-11-01&to=2026-11-30"))
    assert form.dates() == (datetime.date(2026, 11, 1), datetime.date(2026, 11, 30))


def test_an_end_before_the_start_is_refused_and_neither_is_applied():
    form = DateRange(QueryDict("from=2026-11-30&to=2026-11-01"))
    assert form.dates() == (None, None)
    assert form.errors["to"] == ["The ‘to’ date must be the same as or after the ‘from’ date"]


def test_a_date_that_is_not_one_is_refused_by_its_own_field():
    form = DateRange(QueryDict("from=2026-02-30&to=2026-03-01"))
    assert form.dates() == (None, datetime.date(2026, 3, 1))
    assert form.errors == {"from": ["Enter a real date, like 2026-11-27"]}


def test_the_search_is_trimmed_and_the_query_keeps_what_was_typed_with_the_other_filters():
    form = SessionFilters(QueryDict("q=+Crown+&to=2026-13-01"))
    assert form.search() == "Crown"
    assert form.query(player=7, kind=None) == "to=2026-13-01&q=+Crown+&player=7"
