"""A damaged file, in Chromium at a phone's size: "Nothing was imported: ..." next to the
file field, summed up at the top with a link to it, and nothing stored."""

import json

import pytest

from games.models import Game, Session
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import log_in
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)


def refused_next_to(page, field, message):
    summary = page.locator("form .error-summary[role=alert]")
    assert summary.locator("a").inner_text() == message
    # The summary's link takes the phone to the field the message is about.
    summary.locator("a").click()
    assert page.evaluate("location.hash") == f"#id_{field}"
    assert page.inner_text(f"#id_{field}_error") == message
    assert page.evaluate(
        "document.querySelector('.error-summary').getBoundingClientRect().top"
        f" < document.getElementById('id_{field}_error').getBoundingClientRect().top"
    )


def test_a_damaged_account_file_is_refused_in_place(live_server, phone, user, tmp_path, axe, shoot):
    sheet = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    account = {
        "format": "scorekeeper-account/1",
        "players": ["Ana"],
        "sessions": [
            {"date": "2026-11-20", "created": "2026-11-20T20:00:00+00:00", "games": []},
            {
                "date": "2026-11-21",
                "place": "The Crown" * 10,
                "created": "2026-11-21T20:00:00+00:00",
                "games": [{"created": "2026-11-21T20:00:00+00:00", "sheet": sheet}],
            },
        ],
    }
    path = tmp_path / "account.json"
    path.write_text(json.dumps(account))
    log_in(phone, live_server.url)
    phone.goto(live_server.url + "/account/")
    phone.set_input_files("#id_file", str(path))
    phone.click("button:has-text('Import')")
    phone.wait_for_load_state()  # the new page whole, not as far as it is parsed
    refused_next_to(
        phone,
        "file",
        "Nothing was imported: session 2, place: ensure this value has at most 80 characters "
        "(it has 90).",
    )
    assert no_horizontal_scroll(phone)
    shoot(phone, "account-refused")
    axe(phone, "account-refused")
    assert not Session.objects.exists()


def test_a_damaged_pasted_sheet_is_refused_in_place(live_server, phone, user, axe, shoot):
    session = Session.objects.create(group=user.owned_groups.first())
    sheet = json.loads((EXAMPLES / "contractor-three-hands.json").read_text())
    sheet["game"] = "poker"
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/sessions/{session.pk}/import/")
    phone.fill("#id_text", json.dumps(sheet))
    phone.click("button:has-text('Import')")
    phone.wait_for_load_state()  # the new page whole, not as far as it is parsed
    refused_next_to(
        phone,
        "text",
        "Nothing was imported: game: must be one of contractor bid_fair tridge cardigan, "
        'not "poker".',
    )
    shoot(phone, "import-refused")
    axe(phone, "import-refused")
    assert not Game.objects.exists()
