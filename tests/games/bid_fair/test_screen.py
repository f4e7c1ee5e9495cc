"""What the Bid Fair entry screen shows as it is filled in (games/bid_fair/screen.py): the
parts a tap swaps, what is on offer, and what the tally and the points say."""

import gzip
import re

import pytest

from tests.games.bid_fair.test_views import (
    HTMX,
    OPENING,
    doubled_post,
    opening_post,
    radio,
    text,
    url,
)
from tests.tables import make_game

pytestmark = pytest.mark.django_db


def live(client, game, post):
    """A tap's live update, sent as htmx sends it by the form as last drawn for `post`."""
    drawn = client.post(url(game), post, headers=HTMX)
    form = drawn.context["form"]
    sent = post | {"shape": drawn.context["shape"], "drawn": form.drawn()}

    def tap(headers=HTMX, **changes):
        return client.post(url(game), sent | changes, headers=headers)

    return tap


def test_a_tap_on_a_captured_card_answers_with_the_tally_and_the_preview_alone(owner_client, game):
    tap = live(owner_client, game, opening_post(got_AC="", got_KC=""))
    response = tap(got_AC="1")
    page = response.content.decode()
    assert response["HX-Reswap"] == "none"
    assert 'id="tally" hx-swap-oob="true"' in page and 'id="preview"' in page
    assert re.search(r'name="drawn" id="drawn" value="[^"]*" hx-swap-oob="true"', page)
    # The packs offer the same cards as before: they are left as they are.
    assert 'name="got_AS"' not in page and 'name="bid_0"' not in page and 'name="cut"' not in page
    assert "13 of 14 taken" in text(response)
    # The 14th card leaves no other on offer: the captured cards' pack is drawn again.
    last = tap(got_AC="1", got_KC="1")
    assert 'id="deck" hx-swap-oob="true"' in last.content.decode()
    assert 'name="bid_0"' not in last.content.decode()
    assert last.context["preview"].deltas == {"Ana": 129, "Ben": 73}


def test_one_tap_on_a_captured_card_sends_under_1_kb_compressed(owner_client, game):
    """The budget is 4 KB a tap (as settings.MIDDLEWARE's GZipMiddleware sends it, behind
    the Procfile's gunicorn); redrawing the whole form took 3.4 KB, a card tap 40 KB raw."""
    tap = live(owner_client, game, opening_post(got_AC="", got_AS=""))
    response = tap(got_AS="0", headers=HTMX | {"Accept-Encoding": "gzip"})
    assert response["HX-Reswap"] == "none" and response["Content-Encoding"] == "gzip"
    assert len(response.content) <= 1024, len(response.content)
    # A new bid draws every pack again (what each offers changes), still under 4 KB.
    bid = tap(bid_1="KS", headers=HTMX | {"Accept-Encoding": "gzip"})
    assert bid["HX-Reswap"] == "none" and 'name="bid_1"' in gzip.decompress(bid.content).decode()
    assert len(bid.content) <= 4096, len(bid.content)


def test_a_new_bid_while_points_are_typed_never_sends_the_point_fields(owner_client, game):
    tap = live(owner_client, game, doubled_post(points_1=""))
    response = tap(bid_1="QC")
    page = response.content.decode()
    assert response["HX-Reswap"] == "none"
    assert 'id="bids" hx-swap-oob="true"' in page and 'id="points-note"' in page
    assert 'name="points_0"' not in page and 'name="points_1"' not in page
    assert "Ana holds the contract, worth 60" in text(response)


def test_with_14_cards_taken_no_15th_can_be_and_the_screen_says_why(owner_client, game):
    response = owner_client.post(url(game), opening_post(), headers=HTMX)
    page = response.content.decode()
    assert "14 of 14 taken: tap one off to change it." in text(response)
    # Not taken: not on offer; taken: can still change hands, or be tapped off.
    assert " disabled" in radio(page, "got_10S", "0") and " disabled" in radio(page, "got_10S", "1")
    assert " disabled" not in radio(page, "got_AS", "1") + radio(page, "got_AS", "")
    fewer = owner_client.post(url(game), opening_post(got_AS=""), headers=HTMX).content.decode()
    assert " disabled" not in radio(fewer, "got_10S", "0")


def test_an_odd_count_is_said_as_soon_as_all_14_are_in(owner_client, game):
    thirteen = owner_client.post(url(game), opening_post(got_AS=""), headers=HTMX)
    assert "13 of 14 taken" in text(thirteen) and "even number" not in text(thirteen)
    odd = text(owner_client.post(url(game), opening_post(got_AS="", got_JS="1"), headers=HTMX))
    assert "Ana has 5 cards: a trick is two cards, so each player takes an even number." in odd


def test_once_one_players_points_are_typed_the_screen_says_what_the_other_can_have(
    owner_client, game
):
    one = text(owner_client.post(url(game), doubled_post(points_1=""), headers=HTMX))
    # Any 14 cards make 100 to 140: the rest is a range, so it is said, not filled in.
    assert "Still to type: Ben\u2019s points, 29 to 69" in one
    response = owner_client.post(url(game), doubled_post(points_1=""), headers=HTMX)
    assert response.context["form"]["points_1"].value() in (None, "")
    too_few = text(owner_client.post(url(game), doubled_post(points_1=20), headers=HTMX))
    assert "Together 91: the 14 captured cards make 100 to 140 together." in too_few


def test_a_new_deal_is_counted_the_way_the_last_one_was(owner_client, user):
    points = {"cut": "10C", "points": {"Ana": 60, "Ben": 60}}
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"), hands=[points])
    page = owner_client.get(url(game)).content.decode()
    assert " checked" in radio(page, "count", "points") and 'name="points_0"' in page
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"), hands=[OPENING])
    page = owner_client.get(url(game)).content.decode()
    assert " checked" in radio(page, "count", "cards") and 'name="got_AS"' in page
