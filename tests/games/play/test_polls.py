"""An unchanged board's poll through a link is answered from the cache (games/play/polls.py).

That a change or a link turned off reaches the next poll at once is tested with the
views (tests/games/views/test_sharing.py, test_games.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tables import BEN_WINS, link_token, make_game, turn_on

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def poll(client, url, etag=None):
    headers = POLL | ({"If-None-Match": etag} if etag else {})
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, headers=headers)
    return response, len(captured.captured_queries)


@pytest.mark.parametrize("link", ["share", "coscorer"])
def test_a_links_unchanged_poll_is_answered_without_the_database(
    anon_client, owner_client, game, link
):
    token = link_token(turn_on(owner_client, game, link), link)
    url = f"/{link[0]}/{token}/?live=1"
    first, _ = poll(anon_client, url)
    again, queries = poll(anon_client, url, first["ETag"])
    assert again.status_code == 304 and queries == 0
    assert again["ETag"] == first["ETag"]


def test_a_poll_without_an_etag_or_of_the_owner_goes_to_the_view(anon_client, owner_client, game):
    url = f"/s/{turn_on(owner_client, game, 'share').share_token}/?live=1"
    etag = poll(anon_client, url)[0]["ETag"]
    assert poll(anon_client, url)[0].status_code == 200
    owner_poll = owner_client.get(f"/games/{game.pk}/?live=1", headers=POLL)
    assert owner_poll.status_code == 200 and owner_poll["ETag"] != etag
