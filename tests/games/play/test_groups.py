"""Who belongs where: an account's first group, and the groups a visitor reaches."""

import pytest
from django.db import IntegrityError

from games.models import Membership, Player
from games.play import groups


def test_a_new_account_owns_and_is_a_member_of_its_first_group(user):
    (group,) = groups.groups_of(user)
    assert (group.name, group.owner) == ("ana's table", user)
    assert group.invite_token and len(group.invite_token) >= 32


def test_signing_up_makes_the_first_group(client, db):
    form = {
        "username": "bea",
        "password1": "a long table password",
        "password2": "a long table password",
    }
    client.post("/accounts/signup/", form)
    assert [group.name for group in groups.groups_of(_user("bea"))] == ["bea's table"]


def _user(name):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def test_anyone_can_create_more_groups_and_is_their_owner(user):
    club = groups.create_group(user, "The club")
    assert list(groups.groups_of(user))[-1] == club and club.owner == user


def test_one_account_is_at_most_one_player_in_a_group(user):
    group = groups.first_group(user)
    Player.objects.create(group=group, name="Ana", account=user)
    with pytest.raises(IntegrityError):
        Player.objects.create(group=group, name="Ann", account=user)


def test_a_membership_is_once_per_person_and_group(user):
    with pytest.raises(IntegrityError):
        Membership.objects.create(group=groups.first_group(user), user=user)


def test_players_of_the_same_name_may_live_in_two_groups(user):
    Player.objects.create(group=groups.first_group(user), name="Ana")
    Player.objects.create(group=groups.create_group(user, "The club"), name="Ana")
    assert groups.players_of(user).filter(name="Ana").count() == 2
