"""A form typed field after field (static/js/fields.js): the keyboard's Enter on a field
marked Next goes on to the next field to fill and sends nothing; on the last, Go, it sends
the form. The whole way of a newcomer that it shortens: test_first_hand.py."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Session
from tests.e2e.helpers import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def new_game(live_server, user, phone):
    session = Session.objects.create(group=user.owned_groups.first())
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/sessions/{session.pk}/games/new/?kind=tridge")
    return phone


def test_enter_on_a_seat_goes_on_to_the_next_seat_and_sends_nothing(new_game):
    expect(new_game.locator("#id_seat_0")).to_be_focused()
    new_game.keyboard.type("Ana")
    new_game.keyboard.press("Enter")
    expect(new_game.locator("#id_seat_1")).to_be_focused()
    new_game.keyboard.type("Ben")
    new_game.keyboard.press("Enter")
    expect(new_game.locator("#id_seat_2")).to_be_focused()
    assert "/games/new/" in new_game.url
    assert not Game.objects.exists()


def test_enter_on_the_last_seat_goes_on_to_the_money_past_nothing_hidden(new_game):
    new_game.focus("#id_seat_3")
    new_game.keyboard.press("Enter")
    expect(new_game.locator("#id_stake")).to_be_focused()


def test_enter_on_the_money_value_starts_the_game(new_game):
    for seat, name in enumerate(["Ana", "Ben", "Cy"]):
        new_game.fill(f"#id_seat_{seat}", name)
    new_game.fill("#id_stake", "0,05")
    new_game.focus("#id_stake")
    new_game.keyboard.press("Enter")
    new_game.wait_for_url(re.compile(r"/games/\d+/$"))
    assert Game.objects.get().meta["stake"] == "0.05"


def test_the_sign_up_goes_field_after_field_to_the_email_and_creates_the_account(
    live_server, phone
):
    phone.goto(live_server.url + "/accounts/signup/")
    for field, text in [
        ("username", "ben"),
        ("password1", "cardtable7"),
        ("password2", "cardtable7"),
    ]:
        expect(phone.locator(f"#id_{field}")).to_be_focused()
        phone.keyboard.type(text)
        phone.keyboard.press("Enter")
    expect(phone.locator("#id_email")).to_be_focused()
    expect(phone.locator("#id_email")).to_have_attribute("enterkeyhint", "go")
    phone.keyboard.press("Enter")
    phone.wait_for_url(live_server.url + "/")
