"""'Copy link' beside the share link (static/js/copy.js): one tap copies it, and where the
clipboard cannot be written the link's text is selected for the phone's own Copy."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE
from tests.e2e.helpers import log_in
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def board(live_server, user):
    game = make_game(user, hands=[BEN_WINS])
    return game, f"{live_server.url}/games/{game.pk}/"


def phone(browser, **options):
    context = browser.new_context(viewport=PHONE, has_touch=True, **options)
    return context, context.new_page()


def share(page, base, url):
    log_in(page, base)
    page.goto(url)
    # The page the tap leads to, loaded whole: its deferred script (copy.js) has run.
    with page.expect_navigation(wait_until="load"):
        page.click("button:has-text('Share a read-only link')")
    return page.get_attribute("#share-link", "href")


def test_copy_link_puts_the_share_link_on_the_clipboard(live_server, browser, board):
    game, url = board
    context, page = phone(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    link = share(page, live_server.url, url)
    page.click("button[data-copy=share-link]")
    expect(page.locator("#share-link-said")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()


def test_without_a_clipboard_the_link_is_selected_to_copy(live_server, browser, board):
    game, url = board
    context, page = phone(browser)
    # An older phone's browser: no Clipboard API at all.
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    link = share(page, live_server.url, url)
    page.click("button[data-copy=share-link]")
    expect(page.locator("#share-link-said")).to_have_text(re.compile("^Selected"))
    assert page.evaluate("String(window.getSelection())") == link
    context.close()
