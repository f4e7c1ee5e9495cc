"""An unchanged board's poll through a link is answered from the cache (games/polls.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def turn_on(client, game, link):
    client.post(f"/games/{game.pk}/links/", {"link": link, "action": "on"})
    game.refresh_from_db()
    return game


def poll(client, url, etag=None):
    headers = POLL | ({"If-None-Match": etag} if etag else {})
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    return response, len(captured.captured_queries)


@pytest.mark.parametrize("link", ["share", "coscorer"])
def test_a_links_unchanged_poll_is_answered_without_the_database(
    anon_client, owner_client, game, link
):
    token = getattr(turn_on(owner_client, game, link), f"{link}_token")
    url = f"/{link[0]}/{token}/?live=1"
    first, _ = poll(anon_client, url)
    again, queries = poll(anon_client, url, first["ETag"])
    assert again.status_code == 304 and queries == 0
    assert again["ETag"] == first["ETag"]


def test_a_saved_hand_reaches_the_next_poll(anon_client, owner_client, game):
    url = f"/s/{turn_on(owner_client, game, 'share').share_token}/?live=1"
    etag = poll(anon_client, url)[0]["ETag"]
    owner_client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"})
    response, _ = poll(anon_client, url, etag)
    assert response.status_code == 200 and response["ETag"] != etag


def test_a_link_turned_off_stops_answering_at_once(anon_client, owner_client, game):
    url = f"/s/{turn_on(owner_client, game, 'share').share_token}/?live=1"
    etag = poll(anon_client, url)[0]["ETag"]
    owner_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "off"})
    assert poll(anon_client, url, etag)[0].status_code == 404


def test_a_poll_without_an_etag_or_of_the_owner_goes_to_the_view(anon_client, owner_client, game):
    url = f"/s/{turn_on(owner_client, game, 'share').share_token}/?live=1"
    etag = poll(anon_client, url)[0]["ETag"]
    assert poll(anon_client, url)[0].status_code == 200
    owner_poll = owner_client.get(f"/games/{game.pk}/?live=1", headers=POLL)
    assert owner_poll.status_code == 200 and owner_poll["ETag"] != etag
