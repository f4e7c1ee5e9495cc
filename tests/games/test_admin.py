"""The admin (games/admin.py): staff look at any game and deactivate an account; nobody
else gets in, and nobody changes a game's records there."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.conftest import PASSWORD
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator(make_user):
    staff = make_user("op")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    return client


def test_staff_open_a_game_with_its_seats_and_hands_in_the_admin(operator, user):
    game = make_game(user, hands=[BEN_WINS])
    page = operator.get(reverse("admin:games_game_change", args=[game.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "seat 4: Dee" in text
    assert escape('"bid": "play"') in text  # the hand's record, shown
    assert operator.get(reverse("admin:games_game_changelist")).status_code == 200


def test_someone_who_is_not_staff_cannot_open_a_game_in_the_admin(owner_client, user):
    game = make_game(user)
    for url in (reverse("admin:index"), reverse("admin:games_game_change", args=[game.pk])):
        response = owner_client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


@pytest.mark.parametrize("model", ["game", "revision", "session", "player"])
def test_nobody_changes_a_games_records_in_the_admin(operator, user, model):
    game = make_game(user, hands=[BEN_WINS])
    assert operator.get(reverse(f"admin:games_{model}_add")).status_code == 403
    if model == "game":
        change = reverse("admin:games_game_change", args=[game.pk])
        assert operator.post(change, {"kind": "contractor"}).status_code == 403
        delete = reverse("admin:games_game_delete", args=[game.pk])
        assert operator.post(delete, {"post": "yes"}).status_code == 403
    game.refresh_from_db()
    assert (game.kind, game.hands.count()) == ("tridge", 1)


def test_staff_deactivate_an_account_and_it_can_no_longer_log_in(operator, make_user):
    zed = make_user("zed")
    change = reverse("admin:auth_user_change", args=[zed.pk])
    joined = zed.date_joined
    response = operator.post(
        change,
        {
            "username": "zed",
            "date_joined_0": joined.strftime("%Y-%m-%d"),
            "date_joined_1": joined.strftime("%H:%M:%S"),
            # "is_active" left out: the box unticked.
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    zed.refresh_from_db()
    assert not zed.is_active
    login = Client().post(reverse("login"), {"username": "zed", "password": PASSWORD})
    assert login.status_code == 200  # the form again, not the way in
    assert "_auth_user_id" not in login.client.session
