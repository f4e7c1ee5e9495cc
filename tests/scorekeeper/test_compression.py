"""Pages go out gzipped (settings.MIDDLEWARE), and an unchanged board still answers 304."""

import gzip

import pytest

from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate"}
POLL = GZIP | {"HX-Request": "true"}


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def test_a_page_goes_out_gzipped_to_a_browser_that_accepts_it(owner_client, game):
    page = owner_client.get(f"/games/{game.pk}/", headers=GZIP)
    assert page["Content-Encoding"] == "gzip" and "Accept-Encoding" in page["Vary"]
    plain = owner_client.get(f"/games/{game.pk}/")
    assert not plain.has_header("Content-Encoding")
    assert gzip.decompress(page.content).startswith(b"<!doctype html>")
    assert len(page.content) < len(plain.content) / 3


def test_an_unchanged_boards_poll_answers_304_to_the_weak_etag_compression_gave_it(
    owner_client, anon_client, game
):
    # Only the live part has an ETag: a page holds the visitor's account and messages.
    owner_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "on"})
    game.refresh_from_db()
    for client, board in [
        (owner_client, f"/games/{game.pk}/"),
        (anon_client, f"/s/{game.share_token}/"),
    ]:
        url = board + "?live=1"
        first = client.get(url, headers=POLL)
        # A compressed body is not the bytes the ETag named: gzip makes it weak (RFC 9110).
        assert first["Content-Encoding"] == "gzip" and first["ETag"].startswith('W/"')
        again = client.get(url, headers=POLL | {"If-None-Match": first["ETag"]})
        assert again.status_code == 304, url
        # The 304 (the view's, or the cache's for a link) names the Vary its 200 did.
        varies = [set(answer["Vary"].split(", ")) for answer in (again, first)]
        assert varies[0] == varies[1] >= {"HX-Request", "Accept-Encoding"}, url


# One tap on each game's hand form, after the choices that shape it: (shape-setting fields, tap).
TAPS = {
    "tridge": (
        {"kind": "played", "player": "Ben", "bid": "play", "trumps": "C"},
        {"honours": "3", "tricks_1": "5"},
    ),
    "contractor": (
        {"mode": "contract", "contractor": "Ana", "strain": "nil", "challenger": "none"},
        {"nil_without_joker": "on", "tricks_0": "0"},
    ),
}


@pytest.mark.parametrize("kind", TAPS)
def test_one_taps_live_update_costs_a_phone_at_most_4_kb(owner_client, user, kind):
    players = ["Ana", "Ben", "Cy", "Dee"][: 4 if kind == "tridge" else 3]
    game = make_game(user, kind=kind, players=players)
    url = f"/games/{game.pk}/hands/new/"
    shaped, tap = TAPS[kind]
    drawn = owner_client.post(url, {"number": 1, **shaped}, headers=POLL)
    answer = owner_client.post(
        url, {"number": 1, **shaped, **tap, "shape": drawn.context["shape"]}, headers=POLL
    )
    assert answer["HX-Reswap"] == "none" and answer["Content-Encoding"] == "gzip"
    assert len(answer.content) <= 4096, len(answer.content)
