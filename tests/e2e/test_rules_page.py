"""The rules page on a phone: every game's numbers readable at 390 px, headings in order."""

import pytest

from tests.e2e.conftest import no_horizontal_scroll

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_rules_page_fits_a_phone_and_its_headings_pass_axe(live_server, phone, shoot, axe):
    page = phone
    page.goto(live_server.url + "/rules/")
    assert no_horizontal_scroll(page)
    # Each game's tables sit under its own heading: h1, then h2 per game, then h3 per table.
    levels = page.eval_on_selector_all(
        "main h1, main h2, main h3", "hs => hs.map(h => Number(h.tagName[1]))"
    )
    assert levels[0] == 1 and levels.count(2) == 4 and levels.count(3) > 4 * 4
    assert all(after <= before + 1 for before, after in zip(levels, levels[1:], strict=False))
    page.get_by_role("navigation", name="The games").get_by_role("link", name="Tridge").tap()
    assert page.evaluate("location.hash") == "#tridge"
    shoot(page, "rules-390")
    axe(page, "rules")
