"""What is on the table, on a phone: the group's page shows it, the new game form asks,
and Play again on a match not over asks first."""

import pytest
from playwright.sync_api import expect

from games.models import Game, Session
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.tables import BEN_WINS, make_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_chips_left_by_last_weeks_match_are_offered_to_this_weeks_and_taken_when_chosen(
    live_server, phone, user, shoot, axe
):
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    group = user.owned_groups.first()
    session = Session.objects.create(group=group, place="The Crown")
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/groups/{group.pk}/")
    table = phone.locator("#on-the-table")
    expect(table).to_contain_text("120 chips left on")
    expect(table).to_contain_text("by Ana, Ben, Cy and Dee")
    shoot(phone, "on-the-table-group")
    axe(phone, "the group's page with chips on the table")
    assert no_horizontal_scroll(phone)

    phone.goto(f"{live_server.url}/sessions/{session.pk}/games/new/?kind=tridge")
    for seat, name in enumerate(("Ana", "Ben", "Cy", "Dee")):
        phone.fill(f"#id_seat_{seat}", name)
    phone.get_by_role("button", name="Start the game").click()
    # Not answered: the question is asked again, the seats typed are kept.
    expect(phone.locator(".error-summary")).to_contain_text("Choose whether this game starts")
    assert phone.input_value("#id_seat_3") == "Dee"
    shoot(phone, "on-the-table-asked")
    axe(phone, "the new game form asking about the table")
    assert no_horizontal_scroll(phone)
    phone.get_by_label("120 chips left on", exact=False).check()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Start the game").click()
    expect(phone.locator("main")).to_contain_text("The chips from the table are in play.")
    expect(phone.locator("main")).to_contain_text("120 of the chips in the funds were left")
    shoot(phone, "on-the-table-taken")

    phone.goto(f"{live_server.url}/groups/{group.pk}/")
    expect(phone.locator("#on-the-table")).to_contain_text("Nothing is on the table")
    assert Game.objects.exclude(pk=last.pk).get().rules["carried_widow"] == 100


def test_play_again_on_a_match_not_over_asks_and_ending_it_carries_its_funds(
    live_server, phone, user, shoot, axe
):
    game = make_game(user, hands=[BEN_WINS])
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    with phone.expect_navigation():
        phone.get_by_role("link", name="Play again with the same people").click()
    expect(phone.locator("h1")).to_have_text("This game is not over yet")
    shoot(phone, "play-again-asks")
    axe(phone, "play again on a match not over")
    assert no_horizontal_scroll(phone)
    with phone.expect_navigation():
        phone.get_by_role("button", name="End it here, then play again").click()
    expect(phone.locator("main")).to_contain_text("120 of the chips in the funds were left")
    game.refresh_from_db()
    assert game.meta["ended"]["after"] == 1
