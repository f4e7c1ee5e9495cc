"""A game's links: one share link for the game, noting who made it; each member's own
co-scorer link, which leads in only while its member is in the group."""

import pytest
from django.core.cache import cache
from django.test import Client

from games.models import CoscorerLink, Membership
from games.play import links
from games.play.changes import way_key
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(user):
    return make_game(user, hands=[BEN_WINS])


@pytest.fixture
def bea(make_user, user):
    bea = make_user("bea")
    Membership.objects.create(group=user.owned_groups.get(), user=bea)
    return bea


def test_each_member_turns_on_their_own_coscorer_link(game, user, bea):
    links.set_coscorer(game, user, "on")
    links.set_coscorer(game, bea, "on")
    mine, hers = links.coscorer_link(game, user), links.coscorer_link(game, bea)
    assert mine.token != hers.token and CoscorerLink.objects.count() == 2


def test_turning_a_link_on_twice_keeps_the_first(game, user, bea):
    links.set_coscorer(game, user, "on")
    token = links.coscorer_link(game, user).token
    links.set_coscorer(game, user, "on")
    assert links.coscorer_link(game, user).token == token
    links.set_share(game, user, "on")
    shared = game.share_token
    links.set_share(game, bea, "on")  # a moment later, before her board showed it
    game.refresh_from_db()
    assert (game.share_token, game.share_by) == (shared, user)


def test_a_new_or_stopped_coscorer_link_is_forgotten_by_the_cache(game, user):
    links.set_coscorer(game, user, "on")
    old = links.coscorer_link(game, user).token
    cache.set(way_key("coscorer", old), game.pk)
    links.set_coscorer(game, user, "new")
    assert cache.get(way_key("coscorer", old)) is None
    new = links.coscorer_link(game, user).token
    assert new != old
    links.set_coscorer(game, user, "off")
    assert links.coscorer_link(game, user) is None


def test_a_share_link_notes_who_made_it_and_when(game, bea):
    links.set_share(game, bea, "on")
    game.refresh_from_db()
    assert game.share_by == bea and game.share_since is not None
    assert list(links.shared_in(game.session.group)) == [game]
    links.set_share(game, bea, "off")
    game.refresh_from_db()
    assert (game.share_token, game.share_by, game.share_since) == (None, None, None)
    assert not links.shared_in(game.session.group).exists()


def test_a_coscorer_link_leads_in_only_while_its_member_is_in_the_group(game, bea):
    links.set_coscorer(game, bea, "on")
    token = links.coscorer_link(game, bea).token
    phone = Client()
    assert phone.get(f"/c/{token}/hands/new/").status_code == 200
    Membership.objects.filter(user=bea).delete()  # out, whatever the way: asked every time
    assert phone.get(f"/c/{token}/hands/new/").status_code == 404
    entered = {"number": 2, "kind": "passed", "save": "1"}
    assert phone.post(f"/c/{token}/hands/new/", entered).status_code == 404
    assert game.hands.count() == 1


def test_a_member_has_at_most_one_coscorer_link_to_a_game(game, user):
    from django.db import IntegrityError, transaction

    links.set_coscorer(game, user, "on")
    with pytest.raises(IntegrityError), transaction.atomic():
        CoscorerLink.objects.create(game=game, member=user, token="another-token-long-enough")
