"""Query budgets: the busiest pages cost the same few queries for 1 hand or 500, 1 game or 40."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.sheets import tridge_sheet
from games.models import Hand, Player
from games.play.access import new_token
from tests.tables import make_game

pytestmark = pytest.mark.django_db

BUDGET = 8
RECORDS = tridge_sheet(500)["hands"]


def tridge_with(user, hands, games=1):
    made = []
    for _ in range(games):
        game = make_game(user)
        Hand.objects.bulk_create(
            Hand(game=game, number=n, record=r) for n, r in enumerate(RECORDS[:hands], start=1)
        )
        game.share_token = new_token()
        game.save()
        made.append(game)
    return made[0]


def queries(client, url):
    """The queries of drawing the page afresh, the session already in the cache.

    (A board's drawn part is then kept in the cache: tests/games/views/test_games.py.)
    """
    client.get("/rules/")  # the session and the user, read once into the cache
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


PAGES = {
    "scoreboard": lambda game, player: f"/games/{game.pk}/",
    "share view": lambda game, player: f"/s/{game.share_token}/",
    "history list": lambda game, player: "/",
    "player stats": lambda game, player: f"/players/{player.pk}/",
}


@pytest.mark.parametrize("page", PAGES)
def test_a_page_costs_the_same_queries_for_one_hand_or_five_hundred(page, owner_client, user):
    small = tridge_with(user, 1)
    counts = [
        queries(owner_client, PAGES[page](small, Player.objects.get(group__owner=user, name="Ben")))
    ]
    Hand.objects.filter(game=small).delete()
    big = tridge_with(user, 500)
    small.delete()
    counts.append(
        queries(owner_client, PAGES[page](big, Player.objects.get(group__owner=user, name="Ben")))
    )
    assert counts[0] == counts[1] <= BUDGET, counts


@pytest.mark.parametrize("page", ["history list", "player stats"])
def test_a_page_costs_the_same_queries_for_one_game_or_forty(page, owner_client, user):
    first = tridge_with(user, 3)
    ben = Player.objects.get(group__owner=user, name="Ben")
    one = queries(owner_client, PAGES[page](first, ben))
    tridge_with(user, 3, games=39)
    assert queries(owner_client, PAGES[page](first, ben)) == one <= BUDGET


def test_an_unchanged_poll_costs_no_query(anon_client, user):
    game = tridge_with(user, 500)
    url = f"/s/{game.share_token}/?live=1"
    etag = anon_client.get(url, headers={"HX-Request": "true"})["ETag"]
    with CaptureQueriesContext(connection) as captured:
        response = anon_client.get(url, headers={"HX-Request": "true", "If-None-Match": etag})
    assert response.status_code == 304
    assert len(captured.captured_queries) == 0  # answered from the cache: games/play/polls.py
