"""Each page the service worker asks for names its owner, and a game's pages what to keep."""

import json

import pytest
from django.test import Client

from games import offline
from games.models import Hand, Payment, Session
from games.play import changes
from games.play.access import new_token
from games.records.imports import import_sheet
from tests.sheets import EXAMPLES as SHEETS
from tests.tables import BEN_WINS, coscorer_token, make_game

pytestmark = pytest.mark.django_db

# A game of each kind, from its example sheet (as tests/e2e/test_installed.py measures).
EXAMPLES = {
    "tridge": "tridge-four-people",
    "contractor": "contractor-three-hands",
    "bid_fair": "bid-fair-opening",
    "cardigan": "cardigan-four-deals",
}

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


def listed(response) -> list[str]:
    """The paths a page asks the worker to keep, in its order, without their versions."""
    return [item.split("#")[0] for item in response["Offline-Keep"].split()]


def test_a_members_board_keeps_itself_and_its_new_hand_page_at_the_games_version(user, game):
    member = phone(user)
    response = member.get(f"/games/{game.pk}/")
    assert listed(response)[:2] == [f"/games/{game.pk}/", f"/games/{game.pk}/hands/new/"]
    assert response["Offline-Version"] == str(game.version)
    again = member.get(f"/games/{game.pk}/hands/new/")
    assert again["Offline-Keep"] == f"/games/{game.pk}/ /games/{game.pk}/hands/new/"


def test_a_members_board_keeps_what_ends_the_evening_most_needed_first(user, game):
    """The match's and the evening's settlements, the page the next game starts on with
    the seat the scores give first (Ana dealt hand 1: Ben deals next), Play again's question
    while the match is not over, the session, the end of the match, the printable sheet;
    last, the next game's pages for the other first dealers (hands kept since move it)."""
    response = phone(user).get(f"/games/{game.pk}/")
    board, session = f"/games/{game.pk}/", f"/sessions/{game.session_id}/"
    assert listed(response) == [
        board,
        f"{board}hands/new/",
        f"{board}tridge/settlement/",
        f"{session}settle/",
        f"{board}again/1/",
        f"/games/{game.pk}/rematch/",
        session,
        f"{board}tridge/end/",
        f"{board}print/",
        f"{board}again/0/",
        f"{board}again/2/",
        f"{board}again/3/",
    ]


@pytest.mark.parametrize("kind", EXAMPLES)
@pytest.mark.parametrize("under_way", [True, False], ids=["under way", "over"])
def test_every_page_a_members_board_lists_fits_in_the_workers_budget_for_a_game(
    user, kind, under_way
):
    """Bytes as the worker holds them (unpacked), drawn from each kind's example game,
    under way (its last hand to come) and over; a new Cardigan game's, the largest, is
    tests/e2e/test_installed.py's."""
    sheet = json.loads((SHEETS / f"{EXAMPLES[kind]}.json").read_text())
    if under_way:
        sheet["hands"] = sheet["hands"][:-1]
    game = import_sheet(Session.objects.create(group=user.owned_groups.first()), sheet)
    member = phone(user)
    pages = listed(member.get(f"/games/{game.pk}/"))
    sizes = {path: len(member.get(path).content) for path in pages}
    assert len(pages) >= 8  # the board, its new hand, the evening's pages, the next game's
    assert sum(sizes.values()) <= offline.BUDGET["game"], sizes
    # The whole leaves room for the games of a few evenings: eight of the largest.
    assert 8 * sum(sizes.values()) <= offline.BUDGET["all"]


def test_each_page_kept_has_the_version_its_board_lists_it_with(user, game):
    member = phone(user)
    for item in member.get(f"/games/{game.pk}/")["Offline-Keep"].split():
        path, _, version = item.partition("#")
        page = member.get(path)
        assert page.status_code == 200, path
        assert page["Offline-Version"] == (version or str(game.version)), path


def test_the_evenings_pages_follow_every_game_of_the_evening_and_its_payments(user, game):
    member = phone(user)
    settle = f"/sessions/{game.session_id}/settle/"
    before = member.get(settle)["Offline-Version"]
    other = make_game(user, hands=[BEN_WINS])
    other.session = game.session
    other.save()
    moved = member.get(settle)["Offline-Version"]
    assert moved != before
    Payment.objects.create(group=game.session.group, payer="Ana", payee="Ben", amount=1)
    assert member.get(settle)["Offline-Version"] not in (before, moved)


def test_the_next_games_pages_follow_its_people_and_rules_not_its_hands(user, game):
    member = phone(user)
    page = f"/games/{game.pk}/again/0/"
    before = member.get(page)["Offline-Version"]
    cy_wins = BEN_WINS | {"player": "Cy", "tricks": {"Cy": 5, "Dee": 3, "Ana": 1}}
    Hand.objects.create(game=game, number=2, record=cy_wins)  # Ben deals, and sits out
    changes.changed(game)
    assert member.get(page)["Offline-Version"] == before
    game.rules = game.rules | {"hands": 12}
    game.save()
    assert member.get(page)["Offline-Version"] != before


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


def test_a_coscorer_link_keeps_its_board_new_hand_page_and_the_games_own_pages(game):
    link = f"/c/{coscorer_token(game)}/"
    assert listed(phone().get(link)) == [
        link,
        f"{link}hands/new/",
        f"{link}tridge/settlement/",
        f"{link}tridge/end/",
        f"{link}print/",
    ]


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
