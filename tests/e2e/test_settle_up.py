"""The group's Settle up on a phone: two evenings' money carried over, a part payment, a
whole one, and an Undo."""

import pytest

from games.models import Payment, Session
from games.play.groups import first_group
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.tables import example_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def owed(page) -> list[str]:
    return [" ".join(text.split()) for text in page.locator(".owed .what").all_inner_texts()]


def test_what_one_evening_left_unpaid_is_settled_up_with_the_next(
    live_server, phone, user, shoot, axe
):
    group = first_group(user)
    base = live_server.url
    # Contractor's example: Ana -42, Ben 9, Cy 33 points; nothing is paid on the first evening.
    first = Session.objects.create(group=group, date="2026-11-20", place="The Crown")
    example_game(first, "contractor-three-hands", "0.50")
    second = Session.objects.create(group=group, date="2026-11-27", place="Ben's")
    example_game(second, "contractor-three-hands", "0.10")
    page = phone
    log_in(page, base)

    page.goto(f"{base}/sessions/{second.pk}/settle/")
    assert "Ana pays Cy 3.30" in " ".join(page.locator(".evening-payments").inner_text().split())
    shoot(page, "settle-up-evening-carries")
    page.click("text=Settle up for ana's table")
    page.wait_for_url(f"{base}/groups/{group.pk}/settle/")
    page.goto(f"{base}/groups/{group.pk}/")
    summary = page.locator("#settle-up").inner_text()
    assert "2 payments to settle everything, 25.20 in all" in summary
    shoot(page, "settle-up-group-page")
    page.click("#settle-up a:has-text('Settle up')")
    page.wait_for_url(f"{base}/groups/{group.pk}/settle/")
    assert owed(page) == ["Ana pays Cy 19.80", "Ana pays Ben 5.40"]
    shoot(page, "settle-up-carried")
    axe(page, "group settle up")
    assert no_horizontal_scroll(page)

    # A part payment: more than is owed is refused next to the field, then 4,80 is taken.
    cy = page.locator(".owed li").first
    cy.locator("summary:has-text('Paid part of it')").click()
    cy.locator("input[name=amount]:visible").fill("20")
    with page.expect_navigation():
        cy.locator("button:has-text('Record')").click()
    assert "There is a problem" in page.locator(".error-summary").inner_text()
    error = page.locator("#pay0_amount_error")
    assert error.inner_text() == "Ana owes Cy 19.80: the amount paid cannot be more than that."
    assert page.locator("#pay0_amount").input_value() == "20"
    shoot(page, "settle-up-part-refused")
    axe(page, "group settle up, a refused amount")
    page.fill("#pay0_amount", "4,80")
    with page.expect_navigation():
        page.locator(".owed li").first.locator("button:has-text('Record')").click()
    assert "Recorded: Ana paid Cy 4.80." in page.locator(".messages").inner_text()
    assert owed(page) == ["Ana pays Cy 15.00", "Ana pays Ben 5.40"]

    # The whole of Ben's.
    with page.expect_navigation():
        page.locator(".owed li", has_text="Ben").locator("button:has-text('Paid')").click()
    assert owed(page) == ["Ana pays Cy 15.00"]
    history = page.locator(".history li")
    assert history.count() == 2 and "marked by ana" in history.first.inner_text()
    shoot(page, "settle-up-paid")

    # The part payment was a mistake: undone, it is owed again and stays in the history.
    with page.expect_navigation():
        history.nth(1).locator("button:has-text('Undo')").click()
    assert owed(page) == ["Ana pays Cy 19.80"]
    assert "Undone" in page.locator(".history li").nth(1).inner_text()
    assert Payment.objects.filter(undone_at__isnull=False).count() == 1
    shoot(page, "settle-up-undone")
    axe(page, "group settle up, undone")
    assert no_horizontal_scroll(page)
    page.goto(f"{base}/groups/{group.pk}/")
    assert "1 payment to settle everything, 19.80 in all" in page.inner_text("#settle-up")
