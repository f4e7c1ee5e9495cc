"""The board at the table: the latest hand where the eye lands, and every view of the game
following it live."""

import json

import pytest
from playwright.sync_api import expect

from games.models import Session
from games.play import services
from games.records.imports import import_sheet
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import log_in
from tests.e2e.network import next_poll
from tests.sheets import EXAMPLES

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def twelve_tridge_hands(user):
    """An evening's twelve hands of four-handed Tridge, not over: the board wants hand 13."""
    data = json.loads((EXAMPLES / "tridge-four-people.json").read_text())
    data["hands"] = data["hands"][:4] * 3
    del data["rules"]["hands"]
    return import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), data
    )


def on_first_screen(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_latest_hand_and_the_next_hand_button_are_on_the_first_screen(
    live_server, phone, user, shoot, axe
):
    game = twelve_tridge_hands(user)
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    assert phone.evaluate("window.scrollY") == 0
    # Without scrolling: the standings, the button to the next hand, and hand 12 under them.
    assert on_first_screen(phone, ".standings")
    assert on_first_screen(phone, "a:has-text('Add hand 13')")
    assert phone.inner_text(".hands tr.numbers th >> nth=0") == "12"
    assert on_first_screen(phone, ".hands tr.numbers")
    shoot(phone, "board-tridge-12-hands")
    axe(phone, "board, newest first")

    # Every hand, newest first too; the printable sheet keeps the paper's order.
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/")
    assert phone.inner_text(".hands tr.numbers th >> nth=0") == "12"
    phone.goto(f"{live_server.url}/games/{game.pk}/print/")
    assert phone.inner_text(".sheet tbody tr >> nth=0").startswith("1")


def test_the_deal_by_deal_follows_a_deal_entered_on_another_phone(
    live_server, browser, user, shoot, axe
):
    data = json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())
    fourth = data["hands"].pop()
    game = import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), data
    )
    game.share_token = "a-long-enough-share-token-for-this-test"
    game.save(update_fields=["share_token"])
    viewer = browser.new_context(viewport=PHONE).new_page()
    viewer.clock.install()  # each poll is run by the test (tests/e2e/network.py)
    viewer.goto(f"{live_server.url}/s/{game.share_token}/")
    viewer.evaluate("window.notReloaded = true")
    deals = viewer.locator(".deal-breakdown table.breakdown")
    expect(deals).to_have_count(3)
    viewer.locator(".deal-breakdown").scroll_into_view_if_needed()
    all_deals = browser.new_context(viewport=PHONE).new_page()
    all_deals.clock.install()
    all_deals.goto(f"{live_server.url}/s/{game.share_token}/hands/")
    all_deals.evaluate("window.notReloaded = true")

    game.refresh_from_db()
    services.add_hand(game, fourth, 4)

    # Both views poll every few seconds; the fourth deal arrives by itself, newest first.
    next_poll(viewer, all_deals)
    expect(deals).to_have_count(4)
    expect(deals.first.locator("caption")).to_contain_text("Deal 4 · Dee dealt")
    expect(viewer.locator(".deal-breakdown")).to_be_in_viewport()
    assert viewer.evaluate("window.notReloaded") is True
    expect(all_deals.locator(".hands tr.numbers th").first).to_have_text("4")
    expect(all_deals.locator(".hands tr.describe").first).to_have_text("Full suits")
    assert all_deals.evaluate("window.notReloaded") is True
    shoot(viewer, "board-cardigan-deal-by-deal")
    axe(viewer, "Cardigan board with its full suits")
    axe(all_deals, "All deals with the full suits")
    viewer.context.close()
    all_deals.context.close()


def test_the_settlement_follows_a_correction_and_keeps_what_is_being_typed(
    live_server, phone, user
):
    game = twelve_tridge_hands(user)
    log_in(phone, live_server.url)
    phone.clock.install()
    phone.goto(f"{live_server.url}/games/{game.pk}/tridge/settlement/")
    funds = phone.locator("#funds-title")
    expect(funds).to_have_text("Funds on the table: 120")
    phone.fill("#id_chip_value", "0,1")  # typing, not yet worked out

    game.refresh_from_db()
    services.add_hand(game, {"passed": True}, 13)

    next_poll(phone)
    expect(funds).to_have_text("Funds on the table: 140")
    assert phone.input_value("#id_chip_value") == "0,1"
    assert phone.evaluate("document.activeElement.id") == "id_chip_value"
