"""The scoreboard answered from the cache: never stale, never to the wrong visitor."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from games import caching
from games.models import Install
from tests.conftest import PASSWORD
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true"}


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def share(client, game, link="share", action="on"):
    client.post(f"/games/{game.pk}/links/", {"link": link, "action": action})
    game.refresh_from_db()
    return f"/s/{game.share_token}/" if link == "share" else f"/c/{game.coscorer_token}/"


def add_passed_hand(client, game, number=2):
    response = client.post(
        f"/games/{game.pk}/hands/new/", {"number": number, "kind": "passed", "save": "1"}
    )
    assert response.status_code == 302


def test_a_board_drawn_once_is_answered_without_the_database(
    owner_client, game, django_assert_num_queries
):
    first = owner_client.get(f"/games/{game.pk}/")
    with django_assert_num_queries(0):
        again = owner_client.get(f"/games/{game.pk}/")
    assert again.status_code == 200
    assert again.content.decode().count("Ben dealt") == first.content.decode().count("Ben dealt")
    assert again["ETag"] == first["ETag"]


def test_the_cached_board_carries_each_visitors_own_csrf_token(user, game):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(user)
    phone.get(f"/games/{game.pk}/")  # drawn
    page = phone.get(f"/games/{game.pk}/").content.decode()  # from the cache
    assert "csrf-stand-in" not in page
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    response = phone.post(
        f"/games/{game.pk}/links/",
        {"link": "share", "action": "on", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302  # the token from the cached page is accepted


def test_a_new_hand_shows_at_once_on_the_owners_board_and_the_shared_one(
    owner_client, anon_client, game
):
    shared = share(owner_client, game)
    owner_client.get(f"/games/{game.pk}/")
    owner_client.get(f"/games/{game.pk}/")
    etag = anon_client.get(shared + "?live=1", headers=POLL)["ETag"]
    assert (
        anon_client.get(shared + "?live=1", headers=POLL | {"If-None-Match": etag}).status_code
        == 304
    )

    add_passed_hand(owner_client, game)

    assert "Add hand 3" in owner_client.get(f"/games/{game.pk}/").content.decode()
    poll = anon_client.get(shared + "?live=1", headers=POLL | {"If-None-Match": etag})
    assert poll.status_code == 200 and poll["ETag"] != etag
    assert poll.content.decode().count('class="numbers"') == 2


def test_an_edited_and_a_deleted_hand_show_at_once(owner_client, game):
    add_passed_hand(owner_client, game)
    board = f"/games/{game.pk}/"
    owner_client.get(board)
    assert owner_client.get(board).content.decode().count('class="numbers"') == 2
    owner_client.post(board + "hands/2/", tridge_post(2, kind="passed", save="1", version=1))
    owner_client.post(board + "hands/2/delete/", {"version": 2})
    assert owner_client.get(board).content.decode().count('class="numbers"') == 1


def test_another_account_never_gets_the_owners_cached_board(owner_client, stranger_client, game):
    owner_client.get(f"/games/{game.pk}/")
    owner_client.get(f"/games/{game.pk}/")
    assert stranger_client.get(f"/games/{game.pk}/").status_code == 404
    etag = owner_client.get(f"/games/{game.pk}/")["ETag"]
    assert (
        stranger_client.get(f"/games/{game.pk}/", headers={"If-None-Match": etag}).status_code
        == 404
    )


def test_a_logged_out_visitor_is_asked_to_log_in_even_for_a_cached_board(
    owner_client, anon_client, game
):
    owner_client.get(f"/games/{game.pk}/")
    response = anon_client.get(f"/games/{game.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("action", ["off", "on"])  # "on" again replaces the link
def test_a_link_turned_off_or_replaced_stops_at_once_even_for_a_poll(
    owner_client, anon_client, game, action
):
    for link in ("share", "coscorer"):
        old = share(owner_client, game, link)
        etag = anon_client.get(old + "?live=1", headers=POLL)["ETag"]
        anon_client.get(old)
        share(owner_client, game, link, action)
        assert anon_client.get(old).status_code == 404
        polled = anon_client.get(old + "?live=1", headers=POLL | {"If-None-Match": etag})
        assert polled.status_code == 404


def test_a_new_password_logs_out_the_other_phones_at_once(user, game):
    phone, other = Client(), Client()
    phone.force_login(user)
    other.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert other.get(f"/games/{game.pk}/").status_code == 200
    assert other.get(f"/games/{game.pk}/").status_code == 200  # the user is in the cache now
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
    user.refresh_from_db()
    user.save()  # as any change of the account does: it replaces the user's generation
    assert owner_client.get(f"/games/{game.pk}/").status_code == 302


def test_a_change_replaces_the_generation_again_after_its_commit(
    django_capture_on_commit_callbacks, game
):
    before = caching.generation("game", game.pk)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        caching.touch("game", game.pk)
    during = caching.generation("game", game.pk)
    for callback in callbacks:
        callback()
    after = caching.generation("game", game.pk)
    assert len({before, during, after}) == 3


def test_each_database_has_its_own_namespace_in_the_cache():
    cache.set("word", "from this database")
    caching.forget_install()
    Install.objects.all().delete()
    Install.objects.create()  # as a database made afresh has
    try:
        assert cache.get("word") is None
    finally:
        caching.forget_install()
