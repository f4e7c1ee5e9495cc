"""Each page the service worker asks for names its owner, and a game's pages what to keep."""

import pytest
from django.test import Client

from games.play.access import new_token
from tests.tables import BEN_WINS, coscorer_token, make_game

pytestmark = pytest.mark.django_db

# How the service worker asks for a page (navigation preload, or a fetch of its own).
ASKED = {"Service-Worker-Navigation-Preload": "true"}


def phone(user=None) -> Client:
    """A phone with the service worker, logged in as `user` (or no one)."""
    client = Client(headers=ASKED)
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def game(user):
    game = make_game(user, hands=[BEN_WINS])
    game.share_token = new_token()
    game.save()
    return game


def test_a_members_board_keeps_itself_and_its_new_hand_page_at_the_games_version(user, game):
    member = phone(user)
    response = member.get(f"/games/{game.pk}/")
    assert response["Offline-Keep"] == f"/games/{game.pk}/ /games/{game.pk}/hands/new/"
    assert response["Offline-Version"] == str(game.version)
    again = member.get(f"/games/{game.pk}/hands/new/")
    assert again["Offline-Keep"] == response["Offline-Keep"]


def test_the_owner_is_an_opaque_tag_the_same_on_every_page_of_one_account(user, make_user, game):
    member = phone(user)
    tag = member.get(f"/games/{game.pk}/")["Offline-Owner"]
    assert member.get("/")["Offline-Owner"] == tag
    assert len(tag) == 12 and tag != str(user.pk)  # an HMAC's first 48 bits, not the id
    assert phone(make_user("zed")).get("/")["Offline-Owner"] != tag


def test_a_share_link_keeps_its_board_alone_under_the_links_own_tag(user, game):
    member = phone(user).get(f"/games/{game.pk}/")["Offline-Owner"]
    viewer = phone().get(f"/s/{game.share_token}/")
    assert viewer["Offline-Keep"] == f"/s/{game.share_token}/"
    assert viewer["Offline-Owner"] not in (member, game.share_token)
    # A member opening the link is the link's visitor there: the link's pages, not theirs.
    assert phone(user).get(f"/s/{game.share_token}/")["Offline-Owner"] == viewer["Offline-Owner"]


def test_a_coscorer_link_keeps_its_board_and_new_hand_page(game):
    link = f"/c/{coscorer_token(game)}/"
    assert phone().get(link)["Offline-Keep"] == f"{link} {link}hands/new/"


def test_a_first_visit_polls_other_screens_and_pages_of_no_one_carry_nothing_to_keep(user, game):
    first = Client()
    first.force_login(user)
    visit = first.get(f"/games/{game.pk}/")  # no worker yet: the page weight budget's visit
    assert visit.status_code == 200 and "Offline-Owner" not in visit
    poll = first.get(f"/games/{game.pk}/?live=1", headers={"HX-Request": "true"})
    assert "Offline-Owner" not in poll
    hands = phone(user).get(f"/games/{game.pk}/hands/")
    assert "Offline-Owner" in hands and "Offline-Keep" not in hands
    assert "Offline-Owner" not in phone().get("/")
    assert "Offline-Owner" not in phone(user).get(f"/games/{game.pk}/sheet.json")
