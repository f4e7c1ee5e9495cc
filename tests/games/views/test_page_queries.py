"""A group's pages make the same queries after 1 weekly evening as after 4 (issue 33).

The group of `make bench-pages` (bench/evenings.py: five people, four games an evening,
chips kept on the table, payments marked and recorded), built twice. The benchmark
measures the time at 10 and 150 evenings; its query counts are tested here, where the
machine's noise cannot reach them.
"""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench import evenings

pytestmark = pytest.mark.django_db

PAGES = {
    "group page": lambda weekly: f"/groups/{weekly.group.pk}/",
    "Settle up": lambda weekly: f"/groups/{weekly.group.pk}/settle/",
    "player page": lambda weekly: f"/players/{weekly.players['Dee'].pk}/",
    "own page": lambda weekly: "/me/",
}


def counted(weekly, page: str) -> int:
    """The page's queries for Ben, a member, once his session and user have been read."""
    client = Client()
    client.force_login(weekly.accounts["Ben"])
    client.get("/rules/")
    with CaptureQueriesContext(connection) as captured:
        assert client.get(PAGES[page](weekly)).status_code == 200
    return len(captured.captured_queries)


@pytest.mark.parametrize("page", PAGES)
def test_each_page_makes_the_same_queries_after_1_evening_as_after_4(page):
    one, four = evenings.build(1, tag="one"), evenings.build(4, tag="four")
    # Both end with one leftover on the table (each match keeps its funds), so the pages
    # that list what lies there have the same to list.
    assert evenings.leftovers(one)[1] == evenings.leftovers(four)[1] == 1
    assert (one.games, four.games) == (4, 16)
    assert counted(one, page) == counted(four, page)
