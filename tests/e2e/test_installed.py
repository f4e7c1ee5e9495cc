"""The installed app with no signal (templates/sw.js, games/offline.py).

A phone that opened a game's board keeps what it needs to open the board and its new-hand
page again with no signal, after a reload or in a new tab, marked with the time it was last
in step; what it keeps is its owner's alone (an account, a link) and goes at logout; a new
deployment replaces it. The signal goes with Chromium's own switch (`context.set_offline`).
"""

import gzip
import json
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games import offline
from games.models import Session
from games.play.access import new_token
from games.records.imports import import_sheet
from tests.e2e import typical
from tests.e2e.conftest import ARTIFACTS, CHROMIUM, FLAGS, PHONE
from tests.e2e.helpers import log_in, log_in_by_form
from tests.e2e.network import until
from tests.sheets import EXAMPLES as SHEETS
from tests.tables import BEN_WINS

pytestmark = pytest.mark.django_db(transaction=True)

# What the phone keeps: each of the worker's caches and the paths in it.
KEPT = """async () => { const out = {};
  for (const name of await caches.keys()) {
    out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname); }
  return out; }"""
# The worker is installed (the page that installed it may be left to its next visit: it
# was on its way when the worker took the pages open).
ACTIVE = """navigator.serviceWorker.getRegistration()
  .then((r) => !!r && !!r.active && r.active.state === "activated")"""
# How the worker asks for a page: the answer names the pages to keep (games/offline.py).
ASKED = {"Service-Worker-Navigation-Preload": "true"}
# ... and what each path kept weighs, as bytes.
BODIES = """async () => { const out = {};
  for (const name of await caches.keys()) { const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      out[new URL(request.url).pathname] = Array.from(body); } }
  return out; }"""
EXAMPLES = {
    "tridge": "tridge-four-people",
    "contractor": "contractor-three-hands",
    "bid_fair": "bid-fair-opening",
    "cardigan": "cardigan-four-deals",
}


@pytest.fixture
def context(installed):
    """The phone of these tests, its worker allowed (tests/e2e/conftest.py)."""
    return installed


def kept(page) -> dict[str, list[str]]:
    return page.evaluate(KEPT)


def pages_kept(page) -> set[str]:
    return {path for name, paths in kept(page).items() if " pages " in name for path in paths}


VERSIONS = """async () => { const out = {};
  for (const name of await caches.keys()) { if (!name.includes(" pages ")) continue;
    const cache = await caches.open(name);
    for (const r of await cache.keys()) { const kept = await cache.match(r);  // gone since?
      if (kept) out[new URL(r.url).pathname] = kept.headers.get("Offline-Version"); } }
  return out; }"""


def settled(page, base, board):
    """Wait until the worker keeps every page `board` lists, each at the version listed: it
    has nothing left to fetch. A test's own write then meets none of its reads: the live
    server's in-memory SQLite answers a write during a read "table is locked" at once,
    where the file database of `make run` (WAL) lets readers and a writer go together."""
    asked = page.request.get(base + board, headers=ASKED)
    own = asked.headers.get("offline-version")
    wanted = dict((item.split("#") + [own])[:2] for item in asked.headers["offline-keep"].split())
    wanted[board] = own
    until(
        page,
        lambda: all(page.evaluate(VERSIONS).get(path) == v for path, v in wanted.items()),
        f"the pages {board} lists kept as they are now",
    )


def keeping(page, *paths):
    """Wait until the worker is installed and keeps `paths`."""
    until(page, lambda: page.evaluate(ACTIVE), "the service worker to be installed")
    until(page, lambda: set(paths) <= pages_kept(page), f"{paths} to be kept")


def listed(page, base, path) -> list[str]:
    """The pages `path` asks the worker to keep (games/offline.py), in its order."""
    asked = page.request.get(base + path, headers=ASKED)
    return [item.split("#")[0] for item in asked.headers["offline-keep"].split()]


def reloaded(page) -> bool:
    """The page marked `window.before` was drawn again (or is being drawn)."""
    try:
        return page.evaluate("window.before") is None
    except PlaywrightError:  # between the two pages
        return False


def minutes(start, end) -> set[str]:
    """Each clock time (HH:MM, the phone's UTC) from `start` to `end`."""
    times, at = set(), start.replace(second=0, microsecond=0)
    while at <= end:
        times.add(at.strftime("%H:%M"))
        at += timedelta(minutes=1)
    return times


def line(page):
    return page.locator("#connection")


def logged_in(context, live_server):
    """A phone logged in, the worker installed by its first pages (a page on its way while
    it installs is kept at its next visit; the page that installs it is kept at once:
    the share link's test)."""
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(live_server.url + "/")
    until(page, lambda: page.evaluate(ACTIVE), "the service worker to be installed")
    return page


def opened_board(context, live_server, user, kind="tridge"):
    """A member's phone that opened a game's board online: the board and its new-hand page
    kept, and the clock times they may have been drawn at."""
    game = typical.start(user, kind, hands=[BEN_WINS] if kind == "tridge" else [])
    page = logged_in(context, live_server)
    start = datetime.now(UTC)
    board = f"/games/{game.pk}/"
    page.goto(live_server.url + board)
    # All it lists, the evening's end too: the worker is idle again when the test goes on.
    keeping(page, *listed(page, live_server.url, board))
    return page, game, board, minutes(start, datetime.now(UTC))


def test_a_board_opened_online_opens_with_no_signal_after_a_reload_and_in_a_new_tab(
    context, live_server, user, shoot
):
    page, game, board, drawn = opened_board(context, live_server, user)
    context.set_offline(True)
    page.reload()
    expect(page.locator(".standing")).to_have_count(4)
    expect(line(page)).to_be_visible()
    said = line(page).inner_text()
    assert said.startswith("No signal: the scores as of ") and said[-5:] in drawn, said
    shoot(page, "offline-board")
    # Its polls fail with no signal: the line still says how old the scores are (the
    # second failure is waited for: the first's own line is drawn by then).
    for _ in range(2):
        with page.expect_event("requestfailed", lambda request: "live=1" in request.url):
            pass
    expect(line(page)).to_have_text(said)
    page.close()
    # A tab closed, a new one opened on the board's address, still no signal.
    tab = context.new_page()
    tab.goto(live_server.url + board)
    expect(tab.locator(".standing")).to_have_count(4)
    expect(line(tab)).to_have_text(said)
    # Add hand: the new-hand page opens too, and says it is as of when.
    tab.goto(live_server.url + f"{board}hands/new/")
    expect(tab.locator("#entry form")).to_be_visible()
    expect(line(tab)).to_contain_text("No signal: this page as of ")
    shoot(tab, "offline-new-hand")
    # The app itself (the manifest's start_url, a page not kept): the games kept.
    tab.goto(live_server.url + "/")
    expect(tab.get_by_role("heading", name="No signal")).to_be_visible()
    expect(tab.locator("#kept a")).to_have_count(1)
    expect(tab.locator("#kept a")).to_have_attribute("href", live_server.url + board)
    expect(tab.get_by_text("No game is kept")).to_be_hidden()
    shoot(tab, "offline-home")
    # The signal back: the same address is the server's own page again, not the kept one.
    context.set_offline(False)
    tab.goto(live_server.url + board)
    expect(tab.locator(".standing")).to_have_count(4)
    assert tab.evaluate("document.body.dataset.kept") is None
    expect(line(tab)).to_be_hidden()


def test_a_share_link_viewer_keeps_the_links_board_alone(context, live_server, user):
    game = typical.start(user, "contractor")
    game.share_token = new_token()
    game.save(update_fields=["share_token"])
    page = context.new_page()
    board = f"/s/{game.share_token}/"
    page.goto(live_server.url + board)
    keeping(page, board)
    assert pages_kept(page) == {board}
    context.set_offline(True)
    page.reload()
    expect(page.locator(".standing")).to_have_count(3)
    expect(line(page)).to_contain_text("No signal: the scores as of ")


def test_logging_out_leaves_nothing_kept_and_says_so_when_hands_wait_to_be_sent(
    context, live_server, user
):
    page, game, board, _ = opened_board(context, live_server, user)
    # A hand waiting (part B), kept under the page's owner (static/js/sending.js).
    page.evaluate("localStorage.setItem(`queue:${document.body.dataset.owner}:/games/0/`, '[]')")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(live_server.url + "/")
    assert "not sent yet" in asked[0]
    expect(page.get_by_role("navigation", name="Account").get_by_role("link")).to_have_count(2)
    assert page.evaluate("Object.keys(localStorage)") == []
    # The worker went with the rest; the page out registers it afresh, for no one.
    until(page, lambda: page.evaluate(ACTIVE), "the service worker to be installed again")
    assert pages_kept(page) == set()
    context.set_offline(True)
    page.goto(live_server.url + board)
    expect(page.get_by_role("heading", name="No signal")).to_be_visible()
    expect(page.get_by_text("No game is kept")).to_be_visible()
    expect(page.locator(".standing")).to_have_count(0)


def test_another_account_on_the_same_phone_never_gets_the_first_ones_board(
    context, live_server, user, make_user
):
    page, game, board, _ = opened_board(context, live_server, user)
    # Ana's login lapses without a logout; Ben logs in on the same phone.
    context.clear_cookies()
    make_user("ben")
    log_in_by_form(page, live_server.url, "ben")
    until(page, lambda: board not in pages_kept(page), "Ana's pages to go")
    context.set_offline(True)
    page.goto(live_server.url + board)
    expect(page.get_by_role("heading", name="No signal")).to_be_visible()
    expect(page.locator(".standing")).to_have_count(0)
    context.set_offline(False)
    page.goto(live_server.url + board)
    expect(page.locator(".standing")).to_have_count(0)  # online: the server refuses him


def test_a_new_deployment_replaces_what_is_kept_and_the_page_moves_onto_it(
    context, live_server, user, monkeypatch
):
    page, game, board, _ = opened_board(context, live_server, user)
    before = offline.version()
    assert all(name.startswith(before + " ") for name in kept(page))
    page.evaluate("window.before = true")
    source = offline.worker_source()
    monkeypatch.setattr(offline, "worker_source", lambda: source + "\n// the next deployment")
    after = offline.version()
    assert after != before
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    # The new worker takes the page, which reloads onto it.
    until(page, lambda: reloaded(page), "the page to reload")
    expect(page.locator(".standing")).to_have_count(4)
    until(page, lambda: all(name.startswith(after + " ") for name in kept(page)), "old caches")
    keeping(page, board, f"{board}hands/new/")
    context.set_offline(True)
    page.reload()
    expect(line(page)).to_contain_text("No signal: the scores as of ")


def test_the_app_passes_chromiums_installability_checks(browser, live_server, user, tmp_path):
    # A phone's own browser profile: Chromium installs nothing from an incognito window,
    # which every context of the session's browser is.
    context = browser.browser_type.launch_persistent_context(
        tmp_path, executable_path=CHROMIUM, args=FLAGS, viewport=PHONE
    )
    try:
        page, *_ = opened_board(context, live_server, user)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
    finally:
        context.close()


@pytest.mark.parametrize("kind", typical.GAMES)
def test_what_the_phone_keeps_for_a_game_is_measured(context, live_server, user, kind):
    """The bytes kept (as the phone holds them) and about what they cost on the wire
    (gzip, as whitenoise and the pages' compression send them; a PNG as it is), written
    to artifacts/offline-bytes-<kind>.json for docs/PERFORMANCE.md."""
    # The example game but its last hand: a game under way, its next hand to enter.
    sheet = json.loads((SHEETS / f"{EXAMPLES[kind]}.json").read_text())
    sheet["hands"] = sheet["hands"][:-1]
    game = import_sheet(Session.objects.create(group=user.owned_groups.first()), sheet)
    page = logged_in(context, live_server)
    board = f"/games/{game.pk}/"
    page.goto(live_server.url + board)
    # Every page the board lists (the evening's end too: games/offline.py), as the worker
    # asks for them.
    pages = listed(page, live_server.url, board)
    keeping(page, *pages)
    bodies = {path: bytes(body) for path, body in page.evaluate(BODIES).items()}
    assert b'class="stack hand-form"' in bodies[f"{board}hands/new/"]  # its form, not its end
    assert set(bodies) == {*offline.files(), *pages}
    sizes = {
        path: {"kept": len(body), "wire": min(len(body), len(gzip.compress(body)))}
        for path, body in bodies.items()
    }

    def total(paths):
        return {part: sum(sizes[path][part] for path in paths) for part in ("kept", "wire")}

    entering = [board, f"{board}hands/new/"]
    figures = {
        "static": total(offline.files()),
        "game": total(entering),
        "evening": total(set(pages) - set(entering)),
        "all": total(pages),
        "budget": offline.BUDGET,
        "each": sizes,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"offline-bytes-{kind}.json").write_text(json.dumps(figures, indent=1))
    assert 0 < figures["game"]["wire"] < figures["game"]["kept"]
    assert figures["all"]["kept"] <= offline.BUDGET["game"]  # the worker kept them all
