"""The first load of a scoreboard on a phone stays under 40 KB compressed, all included."""

import gzip
import json

import pytest

from games.models import Session
from games.services import import_sheet
from tests.e2e.conftest import ARTIFACTS, PHONE
from tests.e2e.helpers import log_in
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET = 40 * 1024


def test_the_first_load_of_a_scoreboard_weighs_under_40_kb(live_server, browser, user):
    data = json.loads((EXAMPLES / "tridge-four-people.json").read_text())
    game = import_sheet(Session.objects.create(owner=user), data)
    login = browser.new_context(viewport=PHONE)
    page = login.new_page()
    log_in(page, live_server.url)
    cookies = login.cookies()
    login.close()

    # A fresh context: nothing cached, as on a phone opening the game for the first time.
    fresh = browser.new_context(viewport=PHONE)
    fresh.add_cookies(cookies)
    phone = fresh.new_page()
    loaded = []
    phone.on("response", lambda response: loaded.append(response))
    phone.goto(f"{live_server.url}/games/{game.pk}/", wait_until="networkidle")
    weights = {}
    for response in loaded:
        body = response.body()
        # What a compressing server (whitenoise for static files, the proxy for pages) sends.
        weights[response.url.removeprefix(live_server.url)] = len(gzip.compress(body, 6))
    fresh.close()
    total = sum(weights.values())
    kinds = {url.rsplit(".", 1)[-1] for url in weights}
    assert "css" in kinds and "js" in kinds, weights
    assert not any(url.endswith((".woff", ".woff2", ".png", ".jpg")) for url in weights), weights
    assert total <= BUDGET, f"{total} bytes: {weights}"
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "page-weight.json").write_text(json.dumps({"total": total, **weights}, indent=1))
