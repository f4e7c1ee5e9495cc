"""Each page names its owner, and a game's pages what a phone keeps with no signal."""

import pytest
from django.test import Client

from games.play.access import new_token
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(user):
    game = make_game(user, hands=[BEN_WINS])
    game.share_token, game.coscorer_token = new_token(), new_token()
    game.save()
    return game


def test_a_members_board_keeps_itself_and_its_new_hand_page_at_the_games_version(
    owner_client, game
):
    response = owner_client.get(f"/games/{game.pk}/")
    assert response["Offline-Keep"] == f"/games/{game.pk}/ /games/{game.pk}/hands/new/"
    assert response["Offline-Version"] == str(game.version)
    again = owner_client.get(f"/games/{game.pk}/hands/new/")
    assert again["Offline-Keep"] == response["Offline-Keep"]


def test_the_owner_is_an_opaque_tag_the_same_on_every_page_of_one_account(
    owner_client, stranger_client, game, user
):
    tag = owner_client.get(f"/games/{game.pk}/")["Offline-Owner"]
    assert owner_client.get("/")["Offline-Owner"] == tag
    assert len(tag) == 12 and tag != str(user.pk)  # an HMAC's first 48 bits, not the id
    assert stranger_client.get("/")["Offline-Owner"] != tag


def test_a_share_link_keeps_its_board_alone_under_the_links_own_tag(owner_client, game):
    member = owner_client.get(f"/games/{game.pk}/")["Offline-Owner"]
    viewer = Client().get(f"/s/{game.share_token}/")
    assert viewer["Offline-Keep"] == f"/s/{game.share_token}/"
    assert viewer["Offline-Owner"] not in (member, game.share_token)
    # A member opening the link is the link's visitor there: the link's pages, not theirs.
    assert owner_client.get(f"/s/{game.share_token}/")["Offline-Owner"] == viewer["Offline-Owner"]


def test_a_coscorer_link_keeps_its_board_and_new_hand_page(game):
    link = f"/c/{game.coscorer_token}/"
    assert Client().get(link)["Offline-Keep"] == f"{link} {link}hands/new/"


def test_polls_other_screens_and_pages_of_no_one_carry_nothing_to_keep(owner_client, game):
    poll = owner_client.get(f"/games/{game.pk}/?live=1", headers={"HX-Request": "true"})
    assert "Offline-Owner" not in poll and "Offline-Keep" not in poll
    hands = owner_client.get(f"/games/{game.pk}/hands/")
    assert "Offline-Owner" in hands and "Offline-Keep" not in hands
    assert "Offline-Owner" not in Client().get("/")
    assert "Offline-Owner" not in owner_client.get(f"/games/{game.pk}/sheet.json")
