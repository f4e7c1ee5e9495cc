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

from games.models import Game, Submission
from tests.e2e import typical
from tests.e2e.offline_hands import SAVE, chip, click, number, queued, tridge_played
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


def tridge_hand(people, tricks=(5, 3, 1)):
    """A Tridge hand entered offline in a game whose seats are `people`: the first in play
    after the dealer plays in clubs."""

    def enter(page):
        dealer = people[(number(page) - 1) % 4]
        in_play = [name for name in people if name != dealer]
        click(page, f"#player label:has-text('{in_play[0]}')")
        click(page, "#bid label:has-text('Play')")
        click(page, "#trumps label:has-text('clubs')")
        for name, taken in zip(in_play, tricks, strict=True):
            chip(page, f"tricks_{people.index(name)}", taken)
        click(page, SAVE)

    return enter


@pytest.mark.parametrize("then", ["Leave it running", "End it here"])
def test_play_again_offline_keeps_two_hands_and_starts_the_next_game_once_with_both_in_order(
    installed, live_server, user, shoot, then
):
    page, game, pages = kept_board(installed, live_server, user)
    base = live_server.url
    installed.set_offline(True)
    page.reload()
    expect(page.locator("#connection")).to_contain_text("No signal: the scores as of")
    page.click("text=Play again with the same people")  # the question, kept
    expect(page.locator("h1")).to_have_text("This game is not over yet")
    page.click(f"button:has-text('{then}')")
    page.wait_for_url(base + pages["again"] + ("?then=end" if then == "End it here" else ""))
    expect(page.locator("#again")).to_contain_text("Ben dealing first")
    people = ["Ben", "Cy", "Dee", "Ana"]  # the seats turned: the first dealer sits first
    tridge_hand(people)(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    tridge_hand(people, tricks=(1, 3, 5))(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 3")
    shoot(page, "offline-play-again")
    assert Game.objects.count() == 1  # nothing started with no signal
    kept = queued(page)
    assert [hand["number"] for hand in kept] == [1, 2]

    installed.set_offline(False)  # queue.js sends them, then opens the next game's scores
    page.wait_for_url(re.compile(rf"/games/(?!{game.pk}/)\d+/$"), timeout=60_000)
    started = Game.objects.exclude(pk=game.pk).get()  # once
    assert page.url == f"{base}/games/{started.pk}/"
    assert started.players == people
    game.refresh_from_db()
    assert game.meta["next_game"] == started.pk and game.hands.count() == 1
    # Ended there after its one hand, as the table chose with no signal; or left running.
    assert game.meta.get("ended", {}).get("after") == (1 if then == "End it here" else None)
    hands = list(started.hands.order_by("number"))
    assert [hand.number for hand in hands] == [1, 2]
    assert [hand.record["player"] for hand in hands] == ["Cy", "Ben"]
    keys = list(Submission.objects.filter(game=started).values_list("key", flat=True))
    assert sorted(keys) == sorted(hand["key"] for hand in kept)
    assert queued(page) == []


def test_play_again_offline_after_a_kept_hand_sends_the_last_games_hand_first(
    installed, live_server, user
):
    """Hand 2 of the match kept with no signal moves the deal on: Cy deals the next match
    first. Back online, the match's hand 2 is stored before the next match starts."""
    page, game, pages = kept_board(installed, live_server, user)
    base = live_server.url
    keeping(page, f"/games/{game.pk}/again/2/")
    installed.set_offline(True)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    tridge_played()(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 3")
    page.goto(base + pages["question"])
    page.click("button:has-text('Leave it running')")
    page.wait_for_url(f"{base}/games/{game.pk}/again/2/")
    expect(page.locator("#again")).to_contain_text("Cy dealing first")
    people = ["Cy", "Dee", "Ana", "Ben"]
    tridge_hand(people)(page)
    tridge_hand(people, tricks=(1, 3, 5))(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 3")

    installed.set_offline(False)
    page.wait_for_url(re.compile(rf"/games/(?!{game.pk}/)\d+/$"), timeout=60_000)
    started = Game.objects.exclude(pk=game.pk).get()
    game.refresh_from_db()
    assert game.hands.count() == 2 and game.meta["next_game"] == started.pk
    assert started.players == people
    hands = started.hands.order_by("number")
    assert [(hand.number, hand.record["player"]) for hand in hands] == [(1, "Dee"), (2, "Cy")]
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('queue:'))") == []
