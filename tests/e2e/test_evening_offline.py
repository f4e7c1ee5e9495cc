"""The evening ends with no signal (issue 34): a kept board opens the match's settlement,
the evening's, the end of the match, the session and the printable sheet as of the last
scores the phone has, saying which kept hands they do not count yet (static/js/unsent.js);
and Play again opens the next game's page, whose hands are kept and start the game, once,
when the signal returns (static/js/evening.js, games/views/again.py).

No signal is made on purpose (`context.set_offline`); every step waits for what it needs.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e import typical
from tests.e2e.offline_hands import queued, tridge_played
from tests.e2e.test_installed import keeping, logged_in
from tests.tables import BEN_WINS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

NO_SIGNAL = re.compile(r"^No signal: (the scores|this page) as of \d\d:\d\d")
NOT_COUNTED = "Tridge: hand 2 is kept on this phone, not sent yet, and not counted here."


def kept_board(context, live_server, user):
    """A Tridge match of one hand whose board a member's phone opened online, and every page
    the board lists kept by the worker."""
    game = typical.start(user, "tridge", hands=[BEN_WINS])
    page = logged_in(context, live_server)
    board, session = f"/games/{game.pk}/", f"/sessions/{game.session_id}/"
    page.goto(live_server.url + board)
    pages = {
        "settlement": f"{board}tridge/settlement/",
        "settle up": f"{session}settle/",
        "session": session,
        "end": f"{board}tridge/end/",
        "sheet": f"{board}print/",
        "question": f"/games/{game.pk}/rematch/",
        "again": f"{board}again/1/",  # Ana dealt hand 1: Ben deals the next match's first
    }
    keeping(page, board, f"{board}hands/new/", *pages.values())
    return page, game, pages


def test_a_kept_board_opens_the_evenings_end_with_no_signal_naming_the_hands_not_counted(
    installed, live_server, user, shoot
):
    page, game, pages = kept_board(installed, live_server, user)
    base = live_server.url
    installed.set_offline(True)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    tridge_played()(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 3")
    assert [hand["number"] for hand in queued(page)] == [2]
    said = {
        "settlement": "Settle up the match",
        "settle up": "Settle up the evening",
        "session": "Games",
        "end": "End the match",
        "sheet": "Tridge",
    }
    for name, heading in said.items():
        page.goto(base + pages[name])
        expect(page.locator("#connection")).to_contain_text(NO_SIGNAL)
        expect(page.locator("main")).to_contain_text(heading)
        expect(page.locator("[data-unsent]")).to_have_text(NOT_COUNTED)
        if name in ("settlement", "settle up"):
            shoot(page, f"offline-{name.replace(' ', '-')}")
    assert game.hands.count() == 1  # nothing sent: the phone has no signal
