"""The player page and the filtered session list on a phone: readable, reachable, no
sideways scroll, and a refused range of dates said at the top (axe finds nothing serious)."""

import json

import pytest
from playwright.sync_api import expect

from games.records.imports import import_sheet
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)


def renamed(name, names, turn):
    """The example sheet with its players' names moved round `turn` seats, partners kept
    together: other results for Ana."""
    text = (EXAMPLES / f"{name}.json").read_text()
    for i, short in enumerate(names):
        new = names[(i + turn) % len(names)]
        text = text.replace(f'"{short}', f'"@{new}').replace(f"& {short}", f"& @{new}")
    return json.loads(text.replace("@", ""))


def test_a_players_page_and_the_filtered_sessions_read_well_on_a_phone(
    live_server, phone, user, shoot, axe
):
    from games.models import Player, Session

    day = iter(range(1, 28))
    for turn in (0, 1, 2, 0, 1):
        session = Session.objects.create(
            group=user.owned_groups.first(), date=f"2026-10-{next(day):02}", place="Club"
        )
        import_sheet(session, renamed("contractor-three-hands", ("Ana", "Ben", "Cy"), turn))
    for turn in (0, 1, 2):
        session = Session.objects.create(
            group=user.owned_groups.first(),
            date=f"2026-11-{next(day):02}",
            place="The Crown",
            note="Cup night",
        )
        import_sheet(session, renamed("tridge-four-people", ("Ana", "Ben", "Cy", "Dee"), turn))
        # Partners sit opposite: one seat round would split them.
        import_sheet(
            session, renamed("cardigan-four-deals", ("Ana", "Ben", "Cy", "Dee"), turn // 2)
        )
    ana = Player.objects.get(group__owner=user, name="Ana")
    log_in(phone, live_server.url)

    phone.goto(f"{live_server.url}/players/{ana.pk}/")
    assert phone.locator("svg[role=img]").count() == 3
    assert phone.get_by_role("heading", name="Head to head").is_visible()
    shoot(phone, "player-page-390-light")
    axe(phone, "player page")
    assert no_horizontal_scroll(phone)

    phone.fill("#id_from", "2026-11-10")
    phone.fill("#id_to", "2026-11-01")
    phone.get_by_role("button", name="Show").click()
    # The refusal comes back on a new page: wait for it rather than read the old one.
    expect(phone.locator(".error-summary")).to_contain_text("‘to’ date")
    axe(phone, "player page, refused dates")
    shoot(phone, "player-page-390-refused-dates")

    phone.goto(f"{live_server.url}/?q=crown&kind=tridge")
    assert phone.get_by_role("link", name="Clear").is_visible()
    axe(phone, "sessions, filtered")
    assert no_horizontal_scroll(phone)
    shoot(phone, "sessions-390-filtered")
    phone.goto(f"{live_server.url}/?q=nowhere")
    assert "No session matches these filters" in phone.inner_text("main")
