"""A refused Save says at the top what is wrong, each problem a link to its field; a live
update never does (templates/error_summary.html, games/engine/forms.py `problems`)."""

import re

import pytest

from games.models import Hand
from tests.games.bid_fair.test_views import opening_post
from tests.games.cardigan.test_forms import EXAMPLE, as_post, canonical
from tests.tables import make_game, tridge_post

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TRIDGE = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)
CONTRACTOR = {"mode": "contract", "contractor": "Ben", "strain": "clubs", "challenger": "none"}
CONTRACTOR |= {"tricks_0": "2", "tricks_1": "6", "tricks_2": "2"}
CARDIGAN = as_post(canonical(EXAMPLE[0]))

# Each game's refused hands, and where their problems are drawn.
REFUSED = [
    (
        "tridge",
        tridge_post(1, **(TRIDGE | {"tricks_1": "", "tricks_2": ""})),
        ["tricks_1", "tricks_2"],
    ),
    ("tridge", tridge_post(1, **(TRIDGE | {"trumps": "", "bid": "fixed"})), ["target", "trumps"]),
    ("tridge", tridge_post(1, **(TRIDGE | {"trumps": "S", "honours": 4})), ["honours"]),
    ("tridge", tridge_post(1, **(TRIDGE | {"tricks_3": 3})), ["tricks_3"]),
    (
        "contractor",
        {"number": 1, **CONTRACTOR, "contractor": "", "strain": ""},
        ["contractor", "strain"],
    ),
    ("contractor", {"number": 1, **CONTRACTOR, "tricks_2": "3"}, ["tricks_2"]),
    (
        "contractor",
        {"number": 1, **CONTRACTOR, "tricks_0": "", "tricks_1": ""},
        ["tricks_0", "tricks_1"],
    ),
    ("contractor", {"number": 1, "mode": "auction"}, ["mode"]),
    ("bid_fair", opening_post(cut=""), ["cut"]),
    ("bid_fair", opening_post(bid_1="JH"), ["bid_1"]),
    ("bid_fair", opening_post(got_AS=None, got_QC=None), ["captured"]),
    (
        "bid_fair",
        opening_post(count="points", points_0="", points_1=""),
        ["id_points_0", "id_points_1"],
    ),
    ("cardigan", CARDIGAN | {"declarer": "", "tricks": ""}, ["declarer", "tricks"]),
    ("cardigan", CARDIGAN | {"cards_1": "2C"}, ["cards"]),
    ("cardigan", CARDIGAN | {"stuck": "on"}, ["id_stuck"]),
    ("cardigan", CARDIGAN | {"discards_0": "20"}, ["cards"]),
]
PLAYERS = {"tridge": ("Ana", "Ben", "Cy", "Dee"), "contractor": ("Ana", "Ben", "Cy")}
PLAYERS |= {"bid_fair": ("Ana", "Ben"), "cardigan": ("Ana", "Ben", "Cy", "Dee")}


def summary(page: str) -> str | None:
    found = re.search(r'<div class="error-summary".*?</div>', page, re.S)
    return found and found.group(0)


def links(page: str) -> list[str]:
    return re.findall(r'<a href="#([^"]+)">', summary(page) or "")


@pytest.mark.parametrize(("kind", "post", "places"), REFUSED)
def test_a_refused_save_links_each_problem_to_its_field_at_the_top(
    owner_client, user, kind, post, places
):
    game = make_game(user, kind=kind, players=PLAYERS[kind])
    response = owner_client.post(f"/games/{game.pk}/hands/new/", post | {"save": "1"})
    page = response.content.decode()
    assert response.status_code == 200 and not Hand.objects.exists()
    assert "There is a problem" in summary(page)
    assert 'tabindex="-1" autofocus' in summary(page)
    # At the top of the form, before any of the hand's fields.
    assert page.index('class="error-summary"') < page.index('name="number"')
    assert sorted(set(links(page))) == places
    for place in places:
        assert page.count(f'id="{place}"') == 1
    errors = [error for field in response.context["form"].errors.values() for error in field]
    assert len(links(page)) == len(errors)


@pytest.mark.parametrize(("kind", "post", "places"), REFUSED)
def test_a_live_update_or_a_preview_shows_no_summary(owner_client, user, kind, post, places):
    game = make_game(user, kind=kind, players=PLAYERS[kind])
    live = owner_client.post(f"/games/{game.pk}/hands/new/", post, headers=HTMX)
    preview = owner_client.post(f"/games/{game.pk}/hands/new/", post | {"preview": "1"})
    for response in (live, preview):
        assert "There is a problem" not in response.content.decode()


def test_a_trick_count_left_empty_is_asked_for_by_name(owner_client, user):
    game = make_game(user)
    post = tridge_post(1, **(TRIDGE | {"tricks_1": "", "tricks_2": ""}), save="1")
    page = owner_client.post(f"/games/{game.pk}/hands/new/", post).content.decode()
    assert '<a href="#tricks_1">How many tricks did Ben take?</a>' in page
    assert '<a href="#tricks_2">How many tricks did Cy take?</a>' in page


def test_a_refused_new_game_links_to_its_seats(owner_client, user):
    from games.models import Session

    session = Session.objects.create(group=user.owned_groups.first(), date="2026-11-25")
    post = {"kind": "tridge", "seat_0": "Ana", "seat_1": "ana"}
    page = owner_client.post(f"/sessions/{session.pk}/games/new/", post).content.decode()
    assert '<a href="#id_seat_0">Tridge needs 3 or 4 players.</a>' in page
    assert '<a href="#id_seat_1">This person already has a seat.</a>' in page


def test_a_refused_settlement_links_to_its_radios_and_its_field(owner_client, user):
    game = make_game(user)
    url = f"/games/{game.pk}/tridge/settlement/options/"
    page = owner_client.post(url, {"split_funds": "9", "chip_value": "lots"}).content.decode()
    assert links(page) == ["id_split_funds_0", "id_chip_value"]
    assert 'id="id_split_funds_0"' in page and 'id="id_chip_value"' in page


def test_a_wrong_password_is_summed_up_with_a_link_to_the_name(client, user):
    post = {"username": "ana", "password": "not it"}
    page = client.post("/accounts/login/", post).content.decode()
    assert "There is a problem" in summary(page) and links(page) == ["id_username"]
