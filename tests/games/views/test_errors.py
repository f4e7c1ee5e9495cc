"""The 404 page tells one who left a group, or was removed, that they are no longer a member,
on every kind of address of the group's; anyone else reads only that nothing is here."""

import pytest
from django.test import Client

from games.models import Membership, Player
from games.play.leaving import leave_group, remove_member
from tests.tables import make_game

pytestmark = pytest.mark.django_db

NOTICE = "You are no longer a member of this group"


@pytest.fixture
def addresses(user):
    game = make_game(user)
    player = Player.objects.get(group=game.session.group, name="Ben")
    return [
        f"/groups/{game.session.group.pk}/",
        f"/sessions/{game.session.pk}/",
        f"/players/{player.pk}/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/hands/1/history/",
        f"/groups/{game.session.group.pk}/settle/",
    ]


def phone_of(user):
    phone = Client()
    phone.force_login(user)
    return phone


@pytest.mark.parametrize("how", ["removed", "left"])
def test_one_who_left_or_was_removed_is_told_on_each_kind_of_address(
    make_user, user, addresses, how
):
    bea = make_user("bea")
    group = user.owned_groups.get()
    Membership.objects.create(group=group, user=bea)
    if how == "removed":
        remove_member(group, bea, user)
    else:
        leave_group(group, bea)
    for url in addresses:
        page = phone_of(bea).get(url)
        assert page.status_code == 404 and NOTICE in page.content.decode(), url
    said = phone_of(bea).get(addresses[0]).content.decode()
    assert ("removed you" in said) == (how == "removed")


def test_a_stranger_and_a_visitor_with_no_account_are_told_nothing(
    stranger_client, anon_client, addresses
):
    for url in addresses:
        page = stranger_client.get(url)
        assert page.status_code == 404 and NOTICE not in page.content.decode(), url
    assert NOTICE not in anon_client.get("/groups/1/", follow=True).content.decode()


def test_an_address_that_leads_nowhere_says_nothing_of_a_group_left(make_user, user):
    bea = make_user("bea")
    group = user.owned_groups.get()
    Membership.objects.create(group=group, user=bea)
    remove_member(group, bea, user)
    for url in ("/games/999999/", "/sessions/999999/", "/nowhere/"):
        assert NOTICE not in phone_of(bea).get(url).content.decode(), url
