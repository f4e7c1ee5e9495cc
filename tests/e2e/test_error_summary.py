"""A refused Save on a phone: what is wrong is summed up at the top of the form, focused,
and each problem's link takes the player to its field (templates/error_summary.html)."""

import pytest

from tests.e2e.conftest import PHONE, no_horizontal_scroll
from tests.e2e.helpers import chip, log_in, pick
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tridge_hand_saved_without_its_tricks_says_why_at_the_top(
    live_server, browser, user, scheme, shoot, axe
):
    context = browser.new_context(viewport=PHONE, has_touch=True, color_scheme=scheme)
    page = context.new_page()
    game = make_game(user)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    pick(page, "player", "Ben")
    pick(page, "bid", "play")
    pick(page, "trumps", "C")
    chip(page, "tricks_1", 5)
    page.click("button[name=save][value='1']")
    page.wait_for_load_state()

    summary = page.locator(".error-summary")
    assert summary.locator("h2").inner_text() == "There is a problem"
    assert summary.locator("a").all_inner_texts() == [
        "How many tricks did Cy take?",
        "How many tricks did Dee take?",
    ]
    assert page.evaluate("document.activeElement.className") == "error-summary"
    assert 0 <= summary.bounding_box()["y"] < PHONE["height"] / 2
    assert no_horizontal_scroll(page)
    shoot(page, f"error-summary-{scheme}")
    axe(page, f"error-summary-{scheme}")

    field = page.locator("#tricks_3")
    assert not field.is_visible() or field.bounding_box()["y"] > PHONE["height"]
    summary.locator("a", has_text="Dee").tap()
    assert page.evaluate("location.hash") == "#tricks_3"
    box = field.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    context.close()
