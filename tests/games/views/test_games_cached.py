"""A board's drawn part, kept in the cache (games/views/games.py: drawn, polled): each phone
still gets its own account, its own CSRF token and every change at once."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Game
from tests.conftest import PASSWORD
from tests.tables import BEN_WINS, coscorer_token, link_token, make_game, tridge_post, turn_on

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def add_passed_hand(client, game, number=2):
    response = client.post(
        f"/games/{game.pk}/hands/new/", {"number": number, "kind": "passed", "save": "1"}
    )
    assert response.status_code == 302


def test_nobody_opening_the_share_link_sees_the_owners_account(
    owner_client, anon_client, stranger_client, user, game
):
    shared = f"/s/{turn_on(owner_client, game).share_token}/"
    assert user.username in owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "Log out" in owner_client.get(shared).content.decode()
    for visitor in (anon_client, stranger_client):
        for url in (shared, shared + "?live=1"):
            page = visitor.get(url, headers=POLL if "live" in url else {}).content.decode()
            assert 'class="numbers"' in page  # the drawn part, from the cache
            # As a word: a page's random tokens (CSRF, the link's) may hold "ana" (a failed
            # run, 27 Nov: "...LCWanao9..."), and have no word boundary inside.
            assert not re.search(rf"\b{user.username}\b", page)
    stranger = stranger_client.get(shared).content.decode()
    assert "zed" in stranger and "Log out" in stranger  # their own account
    assert "Log out" not in anon_client.get(shared).content.decode()


def test_a_board_drawn_once_is_not_scored_again_until_the_game_changes(owner_client, game):
    board = f"/games/{game.pk}/"
    owner_client.get(board)
    with CaptureQueriesContext(connection) as seen:
        again = owner_client.get(board)
    assert again.content.decode().count('class="numbers"') == 1
    assert not [q for q in seen.captured_queries if "games_hand" in q["sql"]]
    add_passed_hand(owner_client, game)
    assert owner_client.get(board).content.decode().count('class="numbers"') == 2


def test_a_form_of_the_drawn_part_takes_each_phones_own_csrf_token(user):
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    link = f"/c/{coscorer_token(game)}/"
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first.get(link)  # drawn and kept
    page = second.get(link).content.decode()  # the kept part, with this phone's token
    assert 'form="board-action"' in page and 'id="board-action"' in page
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    post = {"number": 1, "kind": "redeal", "save": "1", "csrfmiddlewaretoken": token}
    assert second.post(link + "hands/new/", post).status_code == 302


def test_a_new_hand_shows_at_once_on_the_owners_board_and_the_shared_one(
    owner_client, anon_client, game
):
    shared = f"/s/{turn_on(owner_client, game).share_token}/"
    owner_client.get(f"/games/{game.pk}/")
    etag = anon_client.get(shared + "?live=1", headers=POLL)["ETag"]
    unchanged = anon_client.get(shared + "?live=1", headers=POLL | {"If-None-Match": etag})
    assert unchanged.status_code == 304

    add_passed_hand(owner_client, game)

    assert "Add hand 3" in owner_client.get(f"/games/{game.pk}/").content.decode()
    poll = anon_client.get(shared + "?live=1", headers=POLL | {"If-None-Match": etag})
    assert poll.status_code == 200 and poll["ETag"] != etag
    assert poll.content.decode().count('class="numbers"') == 2


def test_an_edited_and_a_deleted_hand_show_at_once(owner_client, game):
    add_passed_hand(owner_client, game)
    board = f"/games/{game.pk}/"
    assert owner_client.get(board).content.decode().count('class="numbers"') == 2
    owner_client.post(board + "hands/2/", tridge_post(2, kind="passed", save="1", version=1))
    owner_client.post(board + "hands/2/delete/", {"version": 2})
    assert owner_client.get(board).content.decode().count('class="numbers"') == 1


def test_a_page_has_no_etag_only_the_polls_do(owner_client, game):
    # A page holds the visitor's account and messages, which a 304 would leave stale.
    assert "ETag" not in owner_client.get(f"/games/{game.pk}/")
    assert owner_client.get(f"/games/{game.pk}/?live=1", headers=POLL)["ETag"]


def test_another_account_never_gets_the_owners_board_nor_a_304(owner_client, stranger_client, game):
    live = f"/games/{game.pk}/?live=1"
    etag = owner_client.get(live, headers=POLL)["ETag"]
    assert stranger_client.get(f"/games/{game.pk}/").status_code == 404
    assert stranger_client.get(live, headers=POLL | {"If-None-Match": etag}).status_code == 404


def test_a_logged_out_visitor_is_asked_to_log_in_even_for_a_kept_board(
    owner_client, anon_client, game
):
    owner_client.get(f"/games/{game.pk}/")
    response = anon_client.get(f"/games/{game.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("action", ["off", "new"])
def test_a_link_turned_off_or_replaced_stops_at_once_even_for_a_poll(
    owner_client, anon_client, game, action
):
    for link in ("share", "coscorer"):
        game = turn_on(owner_client, game, link)
        old = f"/{link[0]}/{link_token(game, link)}/"
        etag = anon_client.get(old + "?live=1", headers=POLL)["ETag"]
        anon_client.get(old)
        owner_client.post(f"/games/{game.pk}/links/", {"link": link, "action": action})
        assert anon_client.get(old).status_code == 404
        polled = anon_client.get(old + "?live=1", headers=POLL | {"If-None-Match": etag})
        assert polled.status_code == 404


def test_a_new_password_logs_out_the_other_phones_at_once(user, game):
    phone, other = Client(), Client()
    phone.force_login(user)
    other.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert other.get(f"/games/{game.pk}/").status_code == 200
    phone.post(
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "another long one",
            "new_password2": "another long one",
        },
    )
    assert other.get(f"/games/{game.pk}/").status_code == 302  # to the login page


def test_a_deactivated_account_is_logged_out_at_once(owner_client, user, game):
    owner_client.get(f"/games/{game.pk}/")
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)
    assert owner_client.get(f"/games/{game.pk}/").status_code == 302


def test_a_board_kept_for_another_databases_game_of_the_same_id_is_not_shown(owner_client, game):
    board = f"/games/{game.pk}/"
    owner_client.get(board)  # kept under the game's id, version and creation time
    game.hands.all().delete()  # as another database's game of this id and version has
    Game.objects.filter(pk=game.pk).update(created=game.created - timedelta(days=1))
    assert 'class="numbers"' not in owner_client.get(board).content.decode()
