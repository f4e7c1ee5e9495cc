"""The ways into a game: its group's members', never anyone else's."""

import re

import pytest

from games.models import Game, Membership
from games.play.access import new_token
from tests.tables import BEN_WINS, coscorer_token, make_game

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


def test_a_save_after_the_login_expired_leads_to_the_login_and_back_to_the_hand(anon_client, game):
    entry = f"/games/{game.pk}/hands/new/"
    save = anon_client.post(entry, {"number": 2, "save": "1"})
    assert save.status_code == 302 and save["Location"] == f"/accounts/login/?next={entry}"
    login = anon_client.get(save["Location"]).content.decode()
    assert "What you entered in a hand is kept on this phone" in login
    assert f'name="next" value="{entry}"' in login
    assert "kept on this phone" not in anon_client.get("/accounts/login/").content.decode()
    assert game.hands.count() == 1


GAME_LINK = re.compile(r'(?:href|action|hx-get)="(/(?:games|s|c)/[^"]*)"')


@pytest.mark.parametrize("way", ["owner", "viewer", "coscorer"])
def test_every_link_on_a_games_screens_goes_the_way_in_it_was_reached(owner_client, game, way):
    game.share_token = new_token()
    game.save()
    start = {
        "owner": f"/games/{game.pk}/",
        "viewer": f"/s/{game.share_token}/",
        "coscorer": f"/c/{coscorer_token(game)}/",
    }[way]
    screens = ["", "hands/", "print/", "tridge/settlement/", "hands/1/history/"]
    if way != "viewer":
        screens += ["hands/new/", "hands/1/", "hands/1/delete/"]
    for screen in screens:
        page = owner_client.get(start + screen)
        assert page.status_code == 200, start + screen
        links = GAME_LINK.findall(page.content.decode())
        assert links, start + screen
        assert all(link.startswith(start) for link in links), (start + screen, links)
    board = owner_client.get(start).content.decode()
    assert (f'href="{start}hands/1/"' in board) == (way != "viewer")  # the hands table's edit link


@pytest.fixture
def member_client(make_user, user):
    from django.test import Client

    member = make_user("bea")
    Membership.objects.create(group=user.owned_groups.get(), user=member)
    client = Client()
    client.force_login(member)
    client.member = member
    return client


def test_a_member_scores_a_game_of_the_group(member_client, game):
    assert member_client.get(f"/games/{game.pk}/").context["access"].role == "member"
    response = member_client.post(
        f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"}
    )
    assert response.status_code == 302 and game.hands.count() == 2


def test_a_removed_member_gets_404_at_once_even_on_a_poll_of_an_open_board(member_client, game):
    url = f"/games/{game.pk}/?live=1"
    first = member_client.get(url, headers={"HX-Request": "true"})
    assert first.status_code == 200
    Membership.objects.filter(user=member_client.member).delete()
    headers = {"HX-Request": "true", "If-None-Match": first["ETag"]}
    assert member_client.get(url, headers=headers).status_code == 404
    assert member_client.get(f"/sessions/{game.session_id}/").status_code == 404


def test_a_member_sees_no_delete_and_cannot_delete(member_client, game):
    board = member_client.get(f"/games/{game.pk}/").content.decode()
    assert f"/games/{game.pk}/rename/" in board and f"/games/{game.pk}/delete/" not in board
    assert member_client.post(f"/games/{game.pk}/delete/").status_code == 404
    assert Game.objects.filter(pk=game.pk).exists()
