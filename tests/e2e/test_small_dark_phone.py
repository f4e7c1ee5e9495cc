"""Every Tridge page fits a 360 px phone in the dark, with no serious accessibility fault."""

import json

import pytest

from games.records.imports import import_sheet
from tests.e2e.helpers import log_in
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def small_dark_phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    yield context.new_page()
    context.close()


def test_tridge_pages_fit_a_small_phone_in_dark_mode(
    live_server, small_dark_phone, user, shoot, axe
):
    from games.models import Session
    from tests.e2e.conftest import no_horizontal_scroll

    data = json.loads((EXAMPLES / "tridge-four-people.json").read_text())
    data["rules"].pop("hands")  # leave the game open so a hand can be added
    game = import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), data
    )
    page = small_dark_phone
    base = live_server.url
    log_in(page, base)
    for name, path in [
        ("sessions", "/"),
        ("scoreboard", f"/games/{game.pk}/"),
        ("hand-entry", f"/games/{game.pk}/hands/new/"),
        ("edit-hand", f"/games/{game.pk}/hands/4/"),
        ("settlement", f"/games/{game.pk}/tridge/settlement/"),
        ("import", f"/sessions/{game.session.pk}/import/"),
        ("rules", "/rules/"),
    ]:
        page.goto(base + path)
        assert no_horizontal_scroll(page), name
        shoot(page, f"dark-360-{name}")
        axe(page, name)
