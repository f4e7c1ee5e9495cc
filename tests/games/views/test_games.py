"""Starting a game (seats and settings), its scoreboard and its sheet."""

import json

import pytest

from games.models import Game, Player, Session
from games.registry import GAMES
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def tridge_form(**changes):
    data = {
        "kind": "tridge",
        "seat_0": "Ana",
        "seat_1": "Ben",
        "seat_2": "Cy",
        "seat_3": "Dee",
        "rule_chips": 500,
        "rule_game_contribution": 5,
        "rule_widow_contribution": 25,
        "rule_fund_cap": 4,
        "rule_flip": 5,
        "rule_no_change": 10,
        "rule_no_change_diamonds": 20,
        "rule_slam": 40,
        "rule_fixed_bonus__1": 20,
        "rule_fixed_bonus__2": 10,
        "rule_fixed_bonus__3": 5,
        "rule_fixed_penalty__1": 5,
        "rule_fixed_penalty__2": 4,
        "rule_fixed_penalty__3": 3,
        "rule_hands": "",
    }
    data.update(changes)
    return data


@pytest.fixture
def session(user):
    return Session.objects.create(owner=user)


def test_the_game_form_shows_every_setting_with_its_default(owner_client, session):
    page = owner_client.get(f"/sessions/{session.pk}/games/new/?kind=tridge").content.decode()
    assert 'name="rule_widow_contribution"' in page and 'value="25"' in page
    assert 'name="rule_fixed_bonus__1"' in page


def test_a_game_without_an_entry_form_is_offered_as_coming(owner_client, session, monkeypatch):
    monkeypatch.setattr(GAMES["cardigan"], "HandForm", None)
    page = owner_client.get(f"/sessions/{session.pk}/games/new/").content.decode()
    assert 'Cardigan <span class="muted">coming soon' in page
    assert "?kind=tridge" in page and "?kind=cardigan" not in page


def test_starting_a_game_seats_new_and_known_players_and_keeps_its_settings(
    owner_client, session, user
):
    Player.objects.create(owner=user, name="Ana")
    response = owner_client.post(
        f"/sessions/{session.pk}/games/new/", tridge_form(seat_0="ana", rule_chips=400)
    )
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.players == ["Ana", "Ben", "Cy", "Dee"]
    assert Player.objects.filter(owner=user).count() == 4
    assert game.rules["chips"] == 400
    assert game.rules["fixed_bonus"] == {"1": 20, "2": 10, "3": 5}
    assert "hands" not in game.rules


def test_three_people_can_play_tridge(owner_client, session):
    owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(seat_3=""))
    assert Game.objects.get().players == ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"seat_1": "ANA"}, "seat_1", "already has a seat"),
        ({"seat_2": "", "seat_3": ""}, "__all__", "needs 3 or 4 players"),
        ({"seat_1": "Ben & Jo"}, "seat_1", "cannot contain &"),
        ({"rule_fund_cap": 0}, "rule_fund_cap", "at least 1"),
        ({"rule_chips": -5}, "rule_chips", "greater than or equal to 0"),
        ({"rule_hands": "many"}, "rule_hands", "whole number"),
    ],
)
def test_a_bad_game_form_is_refused_next_to_the_field_keeping_the_rest(
    owner_client, session, changes, field, words
):
    response = owner_client.post(f"/sessions/{session.pk}/games/new/", tridge_form(**changes))
    assert response.status_code == 200
    assert any(words in error for error in response.context["form"].errors[field])
    assert 'value="Dee"' in response.content.decode() or changes.get("seat_3") == ""
    assert not Game.objects.exists()


def test_the_scoreboard_shows_standings_funds_and_who_deals_leads_and_sits_out(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.get(f"/games/{game.pk}/")
    page = response.content.decode()
    assert response.context["score"].standings == {"Ana": 462, "Ben": 494, "Cy": 462, "Dee": 462}
    assert "Game fund" in page and "Widow's fund" in page
    assert "<strong>Ben</strong> deals and sits out" in page
    assert "<strong>Cy</strong> leads" in page
    assert f'href="/games/{game.pk}/hands/1/"' in page


def test_another_users_game_does_not_exist_for_you(stranger_client, user):
    game = make_game(user, hands=[BEN_WINS])
    for url in (
        "",
        "sheet.json",
        "tridge/settlement/",
        "hands/new/",
        "hands/1/",
        "hands/1/history/",
    ):
        assert stranger_client.get(f"/games/{game.pk}/{url}").status_code == 404
    assert stranger_client.post(f"/games/{game.pk}/hands/1/delete/").status_code == 404


def test_the_sheet_download_is_the_game_as_a_sheet(owner_client, user):
    game = make_game(user, hands=[BEN_WINS, {"passed": True}])
    response = owner_client.get(f"/games/{game.pk}/sheet.json")
    assert response["Content-Disposition"].startswith("attachment;")
    sheet = json.loads(response.content)
    assert sheet["players"] == ["Ana", "Ben", "Cy", "Dee"]
    assert sheet["hands"] == [BEN_WINS, {"passed": True}]
    assert sheet["rules"]["chips"] == 500
