"""Two phones: the scorer enters a hand, the other sees it arrive without reloading."""

import json

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Player, Session
from games.play.access import new_token
from games.records.imports import import_sheet
from tests.e2e.conftest import FLAGS, PHONE  # noqa: F401
from tests.e2e.helpers import log_in, tap
from tests.e2e.network import next_poll
from tests.sheets import EXAMPLES
from tests.tables import BEN_WINS, make_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_a_hand_entered_on_one_phone_appears_on_the_others(live_server, browser, user, shoot, axe):
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    game = import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), data
    )
    base = live_server.url
    owner = browser.new_context(viewport=PHONE).new_page()
    viewer = browser.new_context(viewport=PHONE).new_page()

    log_in(owner, base)
    owner.goto(f"{base}/games/{game.pk}/")
    owner.click("button:has-text('Share a read-only link')")
    share_url = owner.get_attribute(".sharing .link-text a", "href")
    shoot(owner, "sharing-01-owner-board-with-chart")
    axe(owner, "owner board")

    viewer.clock.install()  # each poll is run by the test (tests/e2e/network.py)
    viewer.goto(share_url)
    viewer.evaluate("window.notReloaded = true")
    assert viewer.locator(".hands tbody tr.numbers").count() == 8
    assert "Add hand" not in viewer.inner_text("main")
    shoot(viewer, "sharing-02-share-view")
    axe(viewer, "share view")

    owner.goto(f"{base}/games/{game.pk}/hands/new/")
    tap(owner, "#kind label:has-text('All passed')")
    owner.click("button[name=save]")
    owner.wait_for_url(f"{base}/games/{game.pk}/")

    # The share view polls every few seconds; the ninth hand must arrive by itself.
    next_poll(viewer)
    expect(viewer.locator(".hands tbody tr.numbers")).to_have_count(9)
    assert viewer.evaluate("window.notReloaded") is True
    assert viewer.is_hidden("#connection")

    # The viewer's phone loses its connection, then finds it again.
    viewer.context.set_offline(True)
    next_poll(viewer)
    expect(viewer.locator("#connection")).to_contain_text("No connection")
    viewer.context.set_offline(False)
    next_poll(viewer)
    expect(viewer.locator("#connection")).to_be_hidden()

    # The owner turns the link off: the viewer is told the scores stopped, not left guessing.
    owner.goto(f"{base}/games/{game.pk}/")
    owner.click("button:has-text('Stop sharing')")
    owner.wait_for_load_state()
    next_poll(viewer)
    expect(viewer.locator("#connection")).to_contain_text("This link no longer works")
    shoot(viewer, "sharing-05-link-turned-off")

    owner.goto(base + "/")
    shoot(owner, "sharing-03-history")
    axe(owner, "history")
    ben = Player.objects.get(group__owner=user, name="Ben")
    owner.goto(f"{base}/players/{ben.pk}/")
    assert "Hands played as the player" in owner.inner_text("main")
    shoot(owner, "sharing-04-player-record")
    axe(owner, "player record")


def test_a_share_board_stops_polling_once_the_game_is_over(live_server, browser, user):
    game = make_game(user, rules={"hands": 2}, hands=[BEN_WINS])
    game.share_token = new_token()
    game.save(update_fields=["share_token"])
    viewer = browser.new_context(viewport=PHONE).new_page()
    viewer.clock.install()
    viewer.goto(f"{live_server.url}/s/{game.share_token}/")
    # Counted in the page, as each poll starts: a request's event reaches the test later.
    viewer.evaluate(
        """() => { window.polls = 0;
        document.addEventListener("htmx:beforeRequest", () => window.polls++); }"""
    )

    scorer = Client()
    scorer.force_login(user)
    last = {"number": 2, "kind": "passed", "save": "1"}
    assert scorer.post(f"/games/{game.pk}/hands/new/", last).status_code == 302

    # A poll brings the end, and with it a board that asks no more.
    next_poll(viewer)
    expect(viewer.locator(".status.done")).to_contain_text("Game over")
    asked = viewer.evaluate("window.polls")
    assert asked >= 1
    next_poll(viewer)
    next_poll(viewer)
    assert viewer.evaluate("window.polls") == asked
    viewer.context.close()
