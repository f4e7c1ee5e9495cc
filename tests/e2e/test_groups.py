"""An invited person opens the group's invite link on a phone, signs up on that one screen,
and is at the group's board: its sessions and games are theirs to see and score."""

import time

import pytest

from games.play.groups import first_group
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_invited_person_signs_up_on_the_invite_and_reaches_the_board(live_server, phone, user):
    game = make_game(user, hands=[BEN_WINS])
    group = first_group(user)
    base = live_server.url
    started = time.monotonic()
    phone.goto(f"{base}/join/{group.invite_token}/")
    phone.fill("#id_username", "bea")
    phone.fill("#id_password1", "a long table password")
    phone.fill("#id_password2", "a long table password")
    phone.click("button:has-text('Create my account and join')")
    phone.wait_for_url(f"{base}/groups/{group.pk}/")
    phone.click("text=The Crown")
    phone.click(f"a[href='/games/{game.pk}/']")
    phone.wait_for_url(f"{base}/games/{game.pk}/")
    assert phone.locator("h1").inner_text() == "Tridge"
    assert time.monotonic() - started < 30
