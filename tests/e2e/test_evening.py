"""Settling up the evening on a phone: a long evening's money games, a payment marked
paid, and the whole settlement printed on one A4 page."""

import re

import pytest

from games.models import Payment, Session
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.tables import example_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_marking_a_payment_paid_on_the_evenings_settlement(live_server, phone, user, shoot, axe):
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    example_game(session, "tridge-four-people", "0.05")
    example_game(session, "contractor-three-hands", "0.50")
    example_game(session, "cardigan-four-deals", "0.001")
    example_game(session, "tridge-four-people", "0.02")
    example_game(session, "contractor-three-hands", "0.25")
    example_game(session, "bid-fair-opening")
    example_game(session, "tridge-three-people")
    page = phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/sessions/{session.pk}/games/new/?kind=tridge")
    for seat, name in enumerate(["Ana", "Ben", "Cy"]):
        page.fill(f"#id_seat_{seat}", name)
    page.fill("#id_stake", "0.05 a chip")
    page.click("button:has-text('Start the game')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert "Write an amount such as 0.05 or 0,05" in page.inner_text(
        ".field.has-error:has(#id_stake)"
    )
    shoot(page, "evening-new-game-money-per-chip")
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    shoot(page, "evening-session")
    page.click("a:has-text('Settle up')")
    page.wait_for_url(f"**/sessions/{session.pk}/settle/")
    shoot(page, "evening-settle-up")
    axe(page, "settle up")
    assert no_horizontal_scroll(page)

    first = page.locator("#payments ol.evening-payments > li").first
    what = first.locator(".what strong").all_inner_texts()
    with page.expect_navigation():
        first.locator("button[name=whole]").click()
    paid = page.locator("#payments ol.evening-payments > li.paid")
    assert paid.count() == 1 and paid.locator(".what strong").all_inner_texts() == what
    assert "marked by ana" in page.locator("#payments .history").inner_text()
    mark = Payment.objects.get()
    assert [mark.payer, mark.payee] == [name.capitalize() for name in what]
    shoot(page, "evening-settle-up-paid")
    assert no_horizontal_scroll(page)

    page.emulate_media(media="print")
    assert not page.locator("button[name=whole]").first.is_visible()
    pdf = page.pdf(format="A4")
    assert re.search(rb"/Type /Pages\s*/Count (\d+)", pdf).group(1) == b"1"
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi, for the eye
    shoot(page, "evening-settle-up-print")
