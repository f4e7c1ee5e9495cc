"""How often something was asked this hour: each ask counted, and old counts cleared."""

import pytest

from games.models import Asked

pytestmark = pytest.mark.django_db

HOUR = 500_000


def test_one_more_counts_each_ask_under_each_key_in_its_hour():
    assert Asked.one_more(["ip:10.0.0.1", "to:ana"], HOUR) == [1, 1]
    assert Asked.one_more(["ip:10.0.0.1", "to:bea"], HOUR) == [2, 1]
    assert Asked.one_more(["ip:10.0.0.1"], HOUR + 1) == [1]  # a new hour, a new count
    assert Asked.objects.get(key="ip:10.0.0.1", hour=HOUR).asks == 2


def test_each_ask_clears_the_counts_of_the_hours_before_the_last():
    for hour in (HOUR - 2, HOUR - 1, HOUR):
        Asked.one_more(["ip:10.0.0.1"], hour)
    hours = Asked.objects.values_list("hour", flat=True)
    assert sorted(hours) == [HOUR - 1, HOUR]  # a worker a moment behind still finds its own
    Asked.one_more(["to:ana"], HOUR + 5)
    assert list(Asked.objects.values_list("key", "hour", "asks")) == [("to:ana", HOUR + 5, 1)]
