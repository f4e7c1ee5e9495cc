"""A member out of a group: the record kept, the links that go with them, the groups left."""

import pytest
from django.core.cache import cache
from django.utils import timezone

from games.models import CoscorerLink, Departure, Membership, Player
from games.play import leaving, links
from games.play.changes import way_key
from games.play.groups import create_group, groups_of
from tests.tables import BEN_WINS, coscorer_token, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def group(user):
    return user.owned_groups.get()


@pytest.fixture
def bea(make_user, group):
    bea = make_user("bea")
    Membership.objects.create(group=group, user=bea)
    return bea


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


def test_a_removed_member_is_out_at_once_with_a_record_of_who_removed_them_and_when(
    group, user, bea
):
    departure = leaving.remove_member(group, bea, user)
    assert group not in groups_of(bea)
    assert (departure.group, departure.user, departure.how, departure.by) == (
        group,
        bea,
        Departure.REMOVED,
        user,
    )
    assert departure.at is not None
    assert leaving.remove_member(group, bea, user) is None  # no member: nothing more recorded
    assert Departure.objects.count() == 1


def test_removing_turns_off_exactly_the_coscorer_links_the_member_was_shown(
    group, user, bea, make_user, game
):
    dee = make_user("dee")
    Membership.objects.create(group=group, user=dee)
    hers, deles, mine = (coscorer_token(game, who) for who in (bea, dee, user))
    other = make_game(bea)  # of her own group: her link there stays
    theirs = coscorer_token(other, bea)
    leaving.remove_member(group, bea, user)
    assert set(CoscorerLink.objects.values_list("token", flat=True)) == {deles, mine, theirs}
    assert hers not in {deles, mine, theirs}


def test_a_removed_members_coscorer_link_is_forgotten_by_the_cache_of_idle_polls(
    group, user, bea, game
):
    token = coscorer_token(game, bea)
    cache.set(way_key("coscorer", token), game.pk)  # as a poll drawn a moment before
    leaving.remove_member(group, bea, user)
    assert cache.get(way_key("coscorer", token)) is None


def test_the_share_links_a_removed_member_made_stop_only_when_the_owner_says_so(
    group, user, bea, game
):
    other = make_game(user)
    links.set_share(game, bea, "on")
    links.set_share(other, user, "on")
    leaving.remove_member(group, bea, user, stop_shares=False)
    game.refresh_from_db()
    assert game.share_token and game.share_by == bea  # the group's now, listed with its maker
    Membership.objects.create(group=group, user=bea)
    leaving.remove_member(group, bea, user, stop_shares=True)
    game.refresh_from_db()
    other.refresh_from_db()
    assert game.share_token is None and other.share_token  # hers alone


def test_leaving_turns_off_the_leavers_coscorer_links_and_leaves_their_share_links_on(
    group, bea, game
):
    token = coscorer_token(game, bea)
    links.set_share(game, bea, "on")
    invite = group.invite_token
    departure = leaving.leave_group(group, bea)
    assert (departure.how, departure.by) == (Departure.LEFT, bea)
    assert not CoscorerLink.objects.filter(token=token).exists()
    game.refresh_from_db()
    group.refresh_from_db()
    assert game.share_token and group.invite_token == invite  # left by choice: no new invite


def test_removing_replaces_the_invite_link_they_hold(group, user, bea):
    invite = group.invite_token
    leaving.remove_member(group, bea, user)
    group.refresh_from_db()
    assert group.invite_token and group.invite_token != invite


def test_the_owner_can_neither_leave_nor_be_removed(group, user):
    for depart in (
        lambda: leaving.leave_group(group, user),
        lambda: leaving.remove_member(group, user),
    ):
        with pytest.raises(ValueError):
            depart()
    assert group in groups_of(user)


def test_the_groups_left_come_once_each_latest_first_with_the_player_linked_there(
    group, user, bea, make_user
):
    cy = make_user("cy")
    club = create_group(cy, "The club")
    Membership.objects.create(group=club, user=bea)
    Player.objects.create(group=group, name="Bea", account=bea)
    leaving.leave_group(group, bea)
    Membership.objects.create(group=group, user=bea)
    leaving.remove_member(group, bea, user)  # a second departure from the same group
    leaving.remove_member(club, bea, cy)  # no player of hers there
    left = leaving.groups_left(bea)
    assert [(entry.group, entry.departure.how) for entry in left] == [
        (club, Departure.REMOVED),
        (group, Departure.REMOVED),
    ]
    assert [entry.player and entry.player.name for entry in left] == [None, "Bea"]
    Membership.objects.create(group=club, user=bea)  # back in: no longer a group left
    assert [entry.group for entry in leaving.groups_left(bea)] == [group]


def test_a_removal_just_made_is_undone_with_the_member_back_and_their_links_still_off(
    group, user, bea, game
):
    token = coscorer_token(game, bea)
    leaving.remove_member(group, bea, user)
    assert leaving.undo_removal(group, bea)
    assert group in groups_of(bea) and not CoscorerLink.objects.filter(token=token).exists()
    assert not leaving.undo_removal(group, bea)  # back already: nothing more to undo


def test_undo_brings_back_no_one_who_left_by_themselves_or_was_removed_long_since(
    group, user, bea, make_user
):
    leaving.leave_group(group, bea)
    assert not leaving.undo_removal(group, bea)  # joining again is hers to choose
    cy = make_user("cy")
    Membership.objects.create(group=group, user=cy)
    leaving.remove_member(group, cy, user)
    Departure.objects.filter(user=cy).update(at=timezone.now() - leaving.UNDO_WITHIN)
    assert not leaving.undo_removal(group, cy)
    assert group not in groups_of(bea) and group not in groups_of(cy)
