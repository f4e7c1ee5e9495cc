"""Offline in WebKit and Firefox: the kept board and new-hand page open with the server
gone, hands are kept, a reload keeps them, and they are sent once when it returns.

WebDriver has no switch for the signal, so the trouble is made on purpose with the relay
the phone reaches the server through (relay.py), never raced:
- "server down": the port refuses, each request fails at once (gunicorn stopped);
- "lie-fi": requests are taken and never answered (one bar in a cellar);
- "no signal": the server down, and the phone knows it (navigator.onLine false). Only
  Firefox can be told so (BiDi's network emulation); WebKit's WebDriver has no way, so
  WebKit meets the two cases where the phone believes it is online: the harder ones.
"""

import json
import time

import pytest

from games.models import Submission
from tests.e2e import typical
from tests.e2e.conftest import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)

KEPT = "is kept on this phone and will be saved when the connection returns"
ACTIVE = """() => navigator.serviceWorker.getRegistration()
  .then((r) => !!r && !!r.active && r.active.state === "activated")"""
PAGES_KEPT = """async (paths) => { const kept = new Set();
  for (const name of await caches.keys()) { if (!name.includes(" pages ")) continue;
    for (const r of await (await caches.open(name)).keys()) kept.add(new URL(r.url).pathname); }
  return paths.every((path) => kept.has(path)); }"""
QUEUED = """() => { const key = Object.keys(localStorage).find(k => k.startsWith('queue:'));
  return key ? JSON.parse(localStorage.getItem(key)).length : 0; }"""
# A hand with no signal must bring the next hand's form "at once"; with no answer, "within
# a few seconds" (issue 34): a minute would hide a table left waiting.
PROMPT = 30
NEXT_OR_WAITING = """(next) => {
  const title = document.querySelector("#entry-title");
  const line = document.querySelector("#connection");
  return (title && title.innerText === next)
    || (line && !line.hidden && /save again/i.test(line.innerText)); }"""


def kept_board(phone, user):
    """A Tridge game's board opened online, the worker keeping it and its new-hand page."""
    game = typical.start(user, "tridge")
    phone.log_in()
    phone.goto("/")
    phone.wait(ACTIVE, what="the service worker to be installed")
    board = f"/games/{game.pk}/"
    phone.goto(board)
    phone.wait(PAGES_KEPT, [board, board + "hands/new/"], what="the board and its form kept")
    return game, board


def cut(phone, relay, trouble):
    if trouble == "lie-fi":
        relay.set("silent")
    else:
        relay.set("down")
    if trouble == "no signal":
        phone.offline(True)


def back(phone, relay, trouble):
    if trouble == "no signal":
        phone.offline(False)
    relay.set("up")


def passed(phone, number):
    """Hand `number` entered as passed (two taps), and the next hand's form comes."""
    phone.wait_for_text("#entry-title", f"Hand {number}", timeout=PROMPT)
    phone.tap("#kind label", "All passed")
    phone.tap("button[name=save][value='1']")
    # Whichever comes first: the next form, or the words that leave the table waiting for
    # a tap (saving.js's "No answer ... tap Save again", what issue 34 says must go).
    phone.wait(NEXT_OR_WAITING, f"Hand {number + 1}", what="the save's outcome", timeout=PROMPT)
    assert phone.text_of("#entry-title") == f"Hand {number + 1}", phone.glimpse()


def stored_once(phone, game, count):
    """The hands 1..count are stored, each once: waited for on the phone, which keeps none
    and shows the board once all are sent (first at once, then backing off: a generous
    ceiling). Not by asking the database meanwhile: a read of the one SQLite the live
    server is writing to meets "database table is locked"."""
    phone.wait(
        f"() => location.pathname === '/games/{game.pk}/' && ({QUEUED})() === 0",
        what=f"{count} hands sent and the board shown",
        timeout=120,
    )
    assert [hand.number for hand in game.hands.order_by("number")] == list(range(1, count + 1))
    keys = list(Submission.objects.filter(game=game).values_list("key", flat=True))
    assert len(keys) == len(set(keys)) == count


def test_the_kept_board_and_new_hand_page_open_with_the_server_down(phone, relay, user):
    # Firefox's fault in issue 34: a navigation preload that finds no server resolves, in
    # Firefox, with a network error, and the worker handed it to the page (templates/sw.js).
    game, board = kept_board(phone, user)
    relay.set("down")
    phone.reload()
    phone.wait_for_text("#connection", "No signal: the scores as of")
    phone.goto(board + "hands/new/")
    phone.wait_for_text("#entry-title", "Hand 1")
    relay.set("up")


@pytest.mark.parametrize(
    "trouble",
    ["no signal", "server down", "lie-fi"],
)
def test_hands_kept_through_a_reload_are_sent_once_when_the_server_returns(
    phone, relay, user, trouble
):
    if trouble == "no signal" and phone.engine == "webkit":
        pytest.skip("WebKit's WebDriver cannot set navigator.onLine: it meets the other two")
    game, board = kept_board(phone, user)
    phone.goto(board + "hands/new/")
    cut(phone, relay, trouble)
    passed(phone, 1)
    phone.wait_for_text("#connection", KEPT, timeout=PROMPT)
    phone.reload()  # the page as the worker kept it, the hand kept drawn in
    passed(phone, 2)
    assert game.hands.count() == 0 and phone.run(QUEUED) == 2
    returned = time.monotonic()
    back(phone, relay, trouble)  # no tap: they go by themselves
    stored_once(phone, game, 2)
    # Reported, never asserted (the machine is shared): from the server's return to the
    # last hand stored and the board shown, with the back-off the sending was at.
    ARTIFACTS.mkdir(exist_ok=True)
    seconds = round(time.monotonic() - returned, 2)
    (ARTIFACTS / f"offline-{phone.engine}-{trouble.replace(' ', '-')}.json").write_text(
        json.dumps({"kept": 2, "stored": game.hands.count(), "seconds_to_stored": seconds})
    )
