"""The ways into a game: the owner's, never anyone else's."""

import pytest

from games.models import Game
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def test_another_account_gets_404_for_a_game_its_owner_just_opened(
    owner_client, stranger_client, game
):
    owner_client.get(f"/games/{game.pk}/hands/new/")
    assert stranger_client.get(f"/games/{game.pk}/hands/new/").status_code == 404
    assert stranger_client.get(f"/games/{game.pk}/").status_code == 404


def test_a_link_turned_on_shows_at_once_on_the_owners_pages(owner_client, game):
    owner_client.get(f"/games/{game.pk}/hands/new/")
    owner_client.post(f"/games/{game.pk}/links/", {"link": "share", "action": "on"})
    token = Game.objects.get(pk=game.pk).share_token
    assert token in owner_client.get(f"/games/{game.pk}/").content.decode()


def test_a_deleted_game_is_gone_at_once(owner_client, game):
    owner_client.get(f"/games/{game.pk}/hands/new/")
    Game.objects.get(pk=game.pk).delete()
    assert owner_client.get(f"/games/{game.pk}/hands/new/").status_code == 404


def test_a_saved_hand_numbers_the_next_one_at_once(owner_client, game):
    owner_client.get(f"/games/{game.pk}/hands/new/")
    response = owner_client.post(
        f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"}
    )
    assert response.status_code == 302
    assert "Hand 3" in owner_client.get(f"/games/{game.pk}/hands/new/").content.decode()


def test_a_logged_out_phones_live_update_gets_401_and_its_page_the_login(anon_client, game):
    htmx = {"HX-Request": "true"}
    poll = anon_client.get(f"/games/{game.pk}/?live=1", headers=htmx)
    tap = anon_client.post(f"/games/{game.pk}/hands/new/", {"number": 2}, headers=htmx)
    assert (poll.status_code, tap.status_code) == (401, 401)
    assert b"<html" not in poll.content  # nothing htmx could put inside the board
    page = anon_client.get(f"/games/{game.pk}/")
    assert page.status_code == 302 and page["Location"].startswith("/accounts/login/")
