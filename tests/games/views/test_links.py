"""The group's share links: counted on the group's page, listed on their own with who made
each, and turned off one by one or all at once by any member."""

from html import escape

import pytest
from django.test import Client

from games.models import Membership
from games.play import leaving, links
from tests.tables import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def group(user):
    return user.owned_groups.get()


@pytest.fixture
def bea(make_user, group):
    bea = make_user("bea")
    Membership.objects.create(group=group, user=bea)
    return bea


def test_the_group_page_counts_the_share_links_and_leads_to_their_list(owner_client, group, user):
    page = owner_client.get(f"/groups/{group.pk}/").content.decode()
    assert "No game is shown through a share link just now." in page
    assert f"/groups/{group.pk}/links/" not in page
    for _ in range(2):
        links.set_share(make_game(user), user, "on")
    page = owner_client.get(f"/groups/{group.pk}/").content.decode()
    assert "2 games are shown through a read-only share link" in page
    assert f'href="/groups/{group.pk}/links/"' in page


def test_every_share_link_is_listed_with_who_made_it_even_one_who_left(
    owner_client, group, user, bea
):
    hers, mine, older = make_game(user), make_game(user), make_game(user)
    links.set_share(hers, bea, "on")
    links.set_share(mine, user, "on")
    older.share_token = "made-before-makers-were-noted-long-enough"
    older.save()
    leaving.remove_member(group, bea, user, stop_shares=False)
    page = owner_client.get(f"/groups/{group.pk}/links/").content.decode()
    assert "Made by bea (no longer in the group)" in page and "Made by you on" in page
    assert "Who made it is not known" in page
    assert page.count(">Turn off<") == 3 and "Turn them all off" in page
    assert escape(str(hers)) in page


def test_a_member_turns_one_share_link_off_then_all_of_them(owner_client, group, user, bea):
    games = [make_game(user) for _ in range(3)]
    for game in games:
        links.set_share(game, bea, "on")
    first = f"/s/{games[0].share_token}/"
    response = owner_client.post(f"/groups/{group.pk}/links/", {"game": games[0].pk})
    assert response["Location"] == f"/groups/{group.pk}/links/"
    assert Client().get(first).status_code == 404
    assert "is off" in owner_client.get(response["Location"]).content.decode()
    rest = [f"/s/{game.share_token}/" for game in games[1:]]
    her_phone = Client()
    her_phone.force_login(bea)
    her_phone.post(f"/groups/{group.pk}/links/", {"game": "all"})
    assert [Client().get(url).status_code for url in rest] == [404, 404]
    assert not links.shared_in(group).exists()


def test_a_share_link_of_another_group_cannot_be_turned_off_from_this_one(
    owner_client, group, make_user
):
    zed = make_user("zed")
    theirs = make_game(zed)
    links.set_share(theirs, zed, "on")
    owner_client.post(f"/groups/{group.pk}/links/", {"game": theirs.pk})
    owner_client.post(f"/groups/{group.pk}/links/", {"game": "all"})
    theirs.refresh_from_db()
    assert theirs.share_token
