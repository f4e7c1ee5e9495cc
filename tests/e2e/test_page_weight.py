"""The first load of a 500-hand scoreboard on a phone stays under 40 KB, all included.

Counted from the wire: the Procfile's web line serves it (collectstatic, then gunicorn
with several workers, as in production), and Chromium reports the bytes it received for
the page and for every file the page loaded (headers included).
"""

import json

import pytest
from django.conf import settings
from django.test import Client

from bench.sheets import tridge_sheet
from games.models import Session
from games.records.imports import import_sheet
from tests.e2e.conftest import ARTIFACTS, PHONE
from tests.reliability.live import servers

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET = 40 * 1024
PRODUCTION = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "127.0.0.1",
    # No TLS proxy in front of this server: nothing to redirect to.
    "SECURE_SSL_REDIRECT": "0",
}


def bytes_received(context, url: str) -> dict[str, int]:
    """Open `url` in a new page of `context`: the bytes received for each response."""
    page = context.new_page()
    network = context.new_cdp_session(page)
    urls, received = {}, {}
    network.on(
        "Network.responseReceived",
        lambda event: urls.__setitem__(event["requestId"], event["response"]["url"]),
    )
    network.on(
        "Network.loadingFinished",
        lambda event: received.__setitem__(event["requestId"], event["encodedDataLength"]),
    )
    network.send("Network.enable")
    page.goto(url, wait_until="networkidle")
    assert page.locator(".standing").count() == 4
    return {urls[request]: size for request, size in received.items()}


def test_the_first_load_of_a_500_hand_scoreboard_receives_under_40_kb(browser, user, tmp_path):
    game = import_sheet(Session.objects.create(group=user.owned_groups.first()), tridge_sheet(500))
    assert game.hands.count() == 500
    phone = Client()
    phone.force_login(user)  # the session is in the database the server is given
    # The session is signed with the key of this process: the server shares it.
    own = {"SECRET_KEY": settings.SECRET_KEY, "STATIC_ROOT": str(tmp_path / "static")}
    with servers(tmp_path, env=PRODUCTION | own, workers=2, procfile=True) as (server,):
        base = f"http://127.0.0.1:{server.port}"
        # A fresh context: nothing cached, as on a phone opening the game for the first time.
        context = browser.new_context(viewport=PHONE)
        session = phone.cookies["sessionid"].value
        context.add_cookies([{"name": "sessionid", "value": session, "url": base}])
        received = bytes_received(context, f"{base}/games/{game.pk}/")
        context.close()
    weights = {url.removeprefix(base): size for url, size in received.items()}
    total = sum(weights.values())
    kinds = {url.rsplit(".", 1)[-1] for url in weights}
    assert f"/games/{game.pk}/" in weights and "css" in kinds and "js" in kinds, weights
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "page-weight.json").write_text(json.dumps({"total": total, **weights}, indent=1))
    assert total <= BUDGET, f"{total} bytes: {weights}"
