"""Kept hands sent by themselves (static/js/sending.js), whatever the connection says.

No answer is no signal: a new hand's save the server does not answer within 4 s (lie-fi),
or refuses (gunicorn stopped), or a proxy answers 503 for, is kept on the phone like a save
with no signal, the next hand's form at once; the kept hands go by themselves once the server
answers, in order, each once, with no tap: tried again at once, then backing off (2, 4, 8
... 60 s), and at once when the page comes back to the front or any page of the app opens.
One queue per phone whatever its tabs, and an account's alone.

The server's silence is made by `page.route` (tests/e2e/network.py ServerDown); the page's
timers run on Playwright's clock, moved on by the test (`fast_forward` fires what is due
once, so a request a timer starts is never given up within the same move): nothing is
slept on, and nothing races the machine's speed.
"""

import time
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from games.models import Submission
from tests.e2e import typical
from tests.e2e.helpers import log_in
from tests.e2e.network import SAVE, ServerDown, idle, saves_sent, until, waiting
from tests.e2e.offline_hands import HANDS, queued, tridge_played
from tests.e2e.test_queue import enter, entry_of, start, title

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

NO_ANSWER_MS = 4_000  # sending.js
KEPT = "is kept on this phone and will be saved when the connection returns"
WORD = {"cardigan": "Deal"}


def opened(page, base, game, kind):
    """The new hand's page of `game`, a hand entered online first where the game needs it
    (Bid Fair's table counts the points alone, as in the hand before)."""
    if kind == "bid_fair":
        page.goto(entry_of(base, game))
        typical.fill(page, kind)
        page.click(SAVE)
        page.wait_for_url(f"{base}/games/{game.pk}/")
    page.goto(entry_of(base, game))
    page.wait_for_load_state()
    # The page's timers run on the test's clock from here, stopped: only the test moves it.
    now = int(time.time() * 1000)
    page.clock.install(time=now)
    page.clock.pause_at(now + 1)
    return int(page.input_value("#entry input[name=number]"))


def kept_by_lie_fi(page, kind, how, first):
    """Two hands entered while the server does not answer: each kept, the next form at once."""
    word = WORD.get(kind, "Hand")
    HANDS[kind][0](page)
    if how == "hang":  # Saving... until the 4 s are up: then kept, as with no signal
        page.clock.run_for(NO_ANSWER_MS - 1)
        expect(title(page)).to_have_text(f"{word} {first}")
        page.clock.run_for(1)
    expect(title(page)).to_have_text(f"{word} {first + 1}")
    line = f"No answer from the server: {word.lower()} {first} {KEPT}"
    expect(page.locator("#connection")).to_contain_text(line)
    HANDS[kind][1](page)  # the queue waits: kept at once, no clock moved
    expect(title(page)).to_have_text(f"{word} {first + 2}")
    kept = queued(page)
    assert [hand["number"] for hand in kept] == [first, first + 1]
    return kept


def sent_by_itself(page, server, board):
    """The server back: the page's clock moved on a second at a time until the queue tries
    again by itself; then its sending, unhurried, to the board. The seconds waited."""
    saves = saves_sent(page)
    server.back()
    # The queue waits for its next try; or a try already on its way met the server back.
    until(page, lambda: saves or waiting(page), "the queue to wait, or a try")
    waited = 0
    while not saves:
        page.clock.fast_forward(1_000)
        waited += 1
        until(page, lambda: saves or waiting(page), "a try, or the next wait")
    started = time.monotonic()
    page.wait_for_url(board)
    return waited, time.monotonic() - started, saves


CASES = [(kind, "hang") for kind in typical.GAMES] + [("tridge", 503), ("contractor", "refused")]


@pytest.mark.parametrize(("kind", "how"), CASES)
def test_with_no_answer_hands_are_kept_at_once_and_stored_once_in_order_by_themselves(
    kind, how, live_server, phone, user
):
    base = live_server.url
    game = start(user, kind)
    log_in(phone, base)
    first = opened(phone, base, game, kind)
    server = ServerDown(phone, how)
    kept = kept_by_lie_fi(phone, kind, how, first)
    assert game.hands.count() == first - 1 and server.seen
    waited, took, saves = sent_by_itself(phone, server, f"{base}/games/{game.pk}/")
    hands = list(game.hands.order_by("number"))
    assert [hand.number for hand in hands] == list(range(1, first + 2))
    keys = [parse_qs(save.post_data)["submission"][0] for save in saves]
    assert keys == [hand["key"] for hand in kept]  # in order, each once
    stored = Submission.objects.filter(game=game, key__in=keys).count()
    assert stored == 2 and queued(phone) == []
    print(f"\nlie-fi {kind} ({how}): 2 kept, 2 sent; next try {waited} s after the server's")
    print(f"return (page clock), the 2 stored {took:.2f} s after it began (wall clock)")


def refused_twice(live_server, phone, user, kind):
    """A game of `kind` whose two hands were kept as the server refused the connection."""
    base = live_server.url
    game = start(user, kind)
    log_in(phone, base)
    first = opened(phone, base, game, kind)
    server = ServerDown(phone, "refused")
    kept_by_lie_fi(phone, kind, "refused", first)
    return base, game, server


def test_kept_hands_go_at_once_when_the_page_comes_back_to_the_front(live_server, phone, user):
    base, game, server = refused_twice(live_server, phone, user, "tridge")
    # Waiting for its next try, none on its way (the page's clock is stopped: none starts),
    # before the server is back: a try already on its way would send them without the focus.
    idle(phone)
    server.back()
    with phone.expect_navigation(url=f"{base}/games/{game.pk}/"):
        phone.evaluate("window.dispatchEvent(new Event('focus'))")
    assert game.hands.count() == 2


def test_tries_back_off_from_2_seconds_to_a_minute(live_server, phone, user):
    base, game, server = refused_twice(live_server, phone, user, "contractor")
    idle(phone)
    gaps, waited = [], 0
    while len(gaps) < 7:
        tried = server.seen
        phone.clock.fast_forward(1_000)
        waited += 1
        idle(phone)
        if server.seen > tried:
            gaps.append(waited)
            waited = 0
    assert gaps == [2, 4, 8, 16, 32, 60, 60]
    assert game.hands.count() == 0 and len(queued(phone)) == 2


def test_opening_any_page_of_the_app_sends_the_kept_hands(live_server, phone, user):
    base, game, server = refused_twice(live_server, phone, user, "tridge")
    server.back()
    phone.close()
    home = phone.context.new_page()
    home.goto(base + "/")  # not the game's: the home page
    until(home, lambda: queued(home) == [], "the queue emptied")
    assert game.hands.count() == 2
    keys = Submission.objects.filter(game=game).values_list("key", flat=True)
    assert len(set(keys)) == 2


def test_two_tabs_of_one_phone_keep_one_queue_and_send_each_hand_once(live_server, phone, user):
    base = live_server.url
    game = start(user, "tridge")
    log_in(phone, base)
    tabs = [phone, phone.context.new_page()]
    for tab in tabs:
        tab.goto(entry_of(base, game))
        tab.wait_for_load_state()
    saves = [saves_sent(tab) for tab in tabs]
    phone.context.set_offline(True)
    enter(tabs[0], tridge_played())
    # The other tab learns of it (the storage event): its form is the next hand's.
    expect(title(tabs[1])).to_have_text("Hand 2")
    enter(tabs[1], tridge_played("hearts"))
    expect(title(tabs[0])).to_have_text("Hand 3")
    assert (
        [h["number"] for h in queued(tabs[0])] == [1, 2] == [h["number"] for h in queued(tabs[1])]
    )
    expect(tabs[0].locator("#queue li")).to_have_count(2)
    board = f"{base}/games/{game.pk}/"
    phone.context.set_offline(False)  # both tabs hear it; one sends (the Web Lock)
    until(phone, lambda: board in (tabs[0].url, tabs[1].url), "the scores, all sent")
    assert game.hands.count() == 2
    keys = [parse_qs(s.post_data)["submission"][0] for tab in saves for s in tab]
    assert sorted(keys) == sorted(set(keys)) and len(keys) == 2  # each sent once
    for tab in tabs:
        tab.wait_for_load_state()
        expect(tab.get_by_text("saved on another phone")).to_have_count(0)
    print([hand.record for hand in game.hands.order_by("number")])


def test_another_account_on_the_phone_never_sees_nor_sends_the_kept_hands(
    live_server, phone, user, make_user
):
    bens = start(make_user("ben"), "tridge")
    base = live_server.url
    game = start(user, "tridge")
    log_in(phone, base)
    phone.goto(entry_of(base, game))
    phone.wait_for_load_state()
    phone.context.set_offline(True)
    enter(phone, tridge_played())
    phone.click("#bid label:has-text('Play')")  # a draft of hand 2 begun
    assert len(queued(phone)) == 1
    phone.context.clear_cookies()  # Ana's session ends without logging out
    phone.context.set_offline(False)
    phone.goto(base + "/accounts/login/")  # logged out: nothing sent
    log_in(phone, base, "ben")  # Ben logs in on the same phone
    phone.goto(base + "/")
    expect(phone.locator("#connection")).to_be_hidden()
    phone.goto(entry_of(base, bens))  # a page that keeps drafts: Ben's; Ana's is dropped
    phone.wait_for_load_state()
    drafts = phone.evaluate("Object.keys(localStorage).filter(k => k.startsWith('draft:'))")
    assert all(draft.endswith(f"/games/{bens.pk}/hands/new/") for draft in drafts)
    expect(phone.locator("#queue")).to_be_hidden()
    assert phone.evaluate("Kept.boards()") == []  # nothing of Ana's to show or send
    assert game.hands.count() == 0 and len(queued(phone)) == 1  # still hers, on the phone
    log_in(phone, base, "ana")  # Ana again: her hand is hers, and goes
    phone.goto(base + "/")
    # Waited for on the phone, not by asking the database the live server is writing to
    # (SQLite: "database table is locked"): the hand leaves the queue once it is stored.
    until(phone, lambda: not queued(phone), "Ana's kept hand sent")
    assert game.hands.count() == 1
