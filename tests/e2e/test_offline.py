"""Nothing typed is lost (static/js/saving.js, static/js/drafts.js), in all four games
(typical.HALF).

A save cut off by lost signal stays on the page and is sent again, with its one-time key,
when the signal returns; what is entered survives a reload, a closed tab, a login lost or
renewed in another tab. The signal goes while the save is held on its way
(tests/e2e/network.py): at that moment, whatever the speed of the machine.
"""

import re
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from tests.e2e import typical
from tests.e2e.helpers import log_in, log_in_by_form, save, settled
from tests.e2e.network import SAVE, LostSignal, held, is_save, save_spot, saves_sent, until
from tests.e2e.test_cardigan_game import tap_cards

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

NO_SIGNAL = (
    "No signal: this hand is kept on this phone and will be saved when the connection returns"
)
PUT_BACK = "What you entered before was put back."
NO_ANSWER_MS = 4000  # static/js/sending.js: a new hand's save with no answer by then is kept
# What the hand form holds, as it would be sent (the one-time key among it).
ENTERED = """() => { const out = [];
  new FormData(document.querySelector('#entry form')).forEach((value, name) => {
    if (name !== 'csrfmiddlewaretoken') out.push([name, value]); });
  return out; }"""


@pytest.fixture(params=typical.GAMES)
def entering(live_server, phone, user, request):
    """A phone on hand 1 of a new game of each kind, filled in but not saved."""
    kind = request.param
    game = typical.start(user, kind)
    base = live_server.url
    log_in(phone, base)
    entry = f"{base}/games/{game.pk}/hands/new/"
    phone.goto(entry)
    typical.fill(phone, kind)
    return phone, game, entry, kind


def key(request):
    return parse_qs(request.post_data)["submission"]


def entered(page):
    return page.evaluate(ENTERED)


def line(page):
    return page.locator("#connection")


def drafts(page):
    return page.evaluate("Object.keys(localStorage).filter(key => key.startsWith('draft:'))")


def put_back(page, go):
    """Open the hand form again by `go` and wait for the draft to be drawn into it."""
    with page.expect_response(lambda r: r.request.method == "POST" and "/hands/" in r.url):
        go()
    settled(page)
    assert line(page).inner_text() == PUT_BACK


@pytest.mark.parametrize("entering", typical.HALF, indirect=True)
def test_a_save_cut_off_by_lost_signal_stays_and_is_stored_once_when_it_returns(entering, shoot):
    page, game, entry, kind = entering
    typed = entered(page)
    sent = saves_sent(page)
    signal = LostSignal(page)
    with held(page, is_save, first=1) as save:
        page.touchscreen.tap(*save_spot(page))
        save.wait()
        signal.now()  # while the save is on its way
        line(page).get_by_text(NO_SIGNAL).wait_for()
        assert page.url == entry and entered(page) == typed
        page.context.set_offline(True)  # the phone is offline, as the event said
        page.context.set_offline(False)
        page.wait_for_url(f"**/games/{game.pk}/")
    assert game.hands.count() == 1
    assert len(sent) == 2 and key(sent[0]) == key(sent[1])
    assert drafts(page) == []


# The same for every game (saving.js's timer): one is enough. A save is sent with fetch(),
# so the page stays readable while it waits, and its clock runs the 4 seconds at once.
@pytest.mark.parametrize("entering", ["tridge"], indirect=True)
def test_a_save_whose_answer_never_comes_is_kept_and_sent_again_by_itself_and_stored_once(
    entering,
):
    page, game, entry, kind = entering
    answered = []

    def no_answer(route):
        # The server stores the hand; its answer never reaches the phone.
        answered.append(route.fetch(max_redirects=0))

    page.clock.install()  # saving.js's and sending.js's timers run on it from here
    page.route("**/hands/new/", no_answer, times=1)
    sent = saves_sent(page)
    page.touchscreen.tap(*save_spot(page))
    until(page, lambda: answered, "the save to reach the server")
    assert game.hands.count() == 1
    page.clock.run_for(NO_ANSWER_MS - 1000)
    assert len(sent) == 1 and page.inner_text("#entry-title") == "Hand 1"  # a timer is never early
    # No answer by then is no signal: kept on the phone, the next hand's form at once, and
    # the kept hand sent again by itself with its key, answered as stored.
    page.clock.run_for(1000)
    until(page, lambda: len(sent) == 2, "the save sent again")
    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    page.wait_for_load_state()
    assert key(sent[0]) == key(sent[1])
    assert game.hands.count() == 1


@pytest.mark.parametrize("entering", typical.OTHER_HALF, indirect=True)
def test_a_save_whose_answer_was_lost_is_kept_and_sent_again_by_itself(entering):
    page, game, entry, kind = entering

    def cut_off(route):
        # The server stores the hand; the connection breaks before its answer comes.
        route.fetch(max_redirects=0)
        route.abort("connectionreset")

    page.route("**/hands/new/", cut_off, times=1)
    sent = saves_sent(page)
    with page.expect_navigation(url=f"**/games/{game.pk}/"):  # no tap: answered as stored
        page.click(SAVE)
    assert len(sent) == 2 and key(sent[0]) == key(sent[1])
    assert game.hands.count() == 1


def test_a_reload_mid_entry_puts_back_all_that_was_entered(entering, shoot):
    page, game, entry, kind = entering
    typed = entered(page)
    put_back(page, page.reload)
    assert entered(page) == typed
    shoot(page, f"draft-put-back-{kind}")
    page.screenshot(path=shoot.folder / f"draft-put-back-{kind}-top.png")  # as the player sees it
    page.click(SAVE)
    page.wait_for_url(f"**/games/{game.pk}/")
    assert game.hands.count() == 1
    assert drafts(page) == []


def kept(kind, number=1):
    """What a Save tapped offline says: the hand is kept, and the next one can be entered
    (static/js/queue.js; tests/e2e/test_queue.py enters twelve)."""
    word = "deal" if kind == "cardigan" else "hand"
    kept = "is kept on this phone and will be saved when the connection returns."
    return f"No signal: {word} {number} {kept}"


@pytest.mark.parametrize("entering", typical.OTHER_HALF, indirect=True)
def test_a_save_tapped_offline_in_a_tab_then_closed_is_sent_from_the_next_visit(entering, shoot):
    page, game, entry, kind = entering
    typed = entered(page)
    page.context.set_offline(True)
    page.click(SAVE)
    line(page).get_by_text(kept(kind)).wait_for()
    word = kept(kind).split()[2].capitalize()
    assert page.inner_text("#entry-title") == f"{word} 2"  # the next hand's form, at once
    assert page.inner_text("#queue li").startswith(f"{word} 1 · waiting to be sent")
    shoot(page, f"no-signal-{kind}")
    page.locator(SAVE).scroll_into_view_if_needed()  # as the player sees it, at Save
    page.screenshot(path=shoot.folder / f"no-signal-{kind}-at-save.png")
    page.close()  # the browser discards the tab
    page.context.set_offline(False)
    again = page.context.new_page()
    with again.expect_request(lambda r: "save=1" in (r.post_data or "")) as resent:
        again.goto(entry)
    assert [pair for pair in typed if pair[0] == "submission"][0][1] in resent.value.post_data
    again.wait_for_url(f"**/games/{game.pk}/")
    assert game.hands.count() == 1


@pytest.mark.parametrize("entering", typical.HALF, indirect=True)
def test_after_logging_in_again_in_another_tab_a_refused_save_comes_back_filled(entering, shoot):
    page, game, entry, kind = entering
    typed = entered(page)
    base = entry.split("/games/")[0]
    other = page.context.new_page()
    other.goto(base + "/")
    with other.expect_navigation():  # the home page's own address: wait for the answer
        other.click("button:has-text('Log out')")
    log_in_by_form(other, base)  # the browser's CSRF secret changes: the first tab's form is stale
    other.close()
    with page.expect_navigation():
        page.click(SAVE)
    assert page.inner_text("h1") == "This page was out of date"
    shoot(page, f"csrf-stale-{kind}")
    put_back(page, lambda: page.click("text=Back to that page"))
    assert entered(page) == typed
    page.click(SAVE)
    page.wait_for_url(f"**/games/{game.pk}/")
    assert game.hands.count() == 1


@pytest.mark.parametrize("entering", typical.OTHER_HALF, indirect=True)
def test_logged_out_in_another_tab_a_save_returns_to_the_filled_form_after_logging_in(entering):
    page, game, entry, kind = entering
    typed = entered(page)
    base = entry.split("/games/")[0]
    other = page.context.new_page()
    other.goto(base + "/")
    with other.expect_navigation():  # the home page's own address: wait for the answer
        other.click("button:has-text('Log out')")
    other.close()
    page.click(SAVE)
    page.wait_for_url("**/accounts/login/**")
    assert "What you entered in a hand is kept on this phone" in page.inner_text("main")
    page.fill("#id_username", "ana")
    page.fill("#id_password", "a long table password")
    put_back(page, lambda: page.click("button:has-text('Log in')"))
    assert page.url == entry
    assert entered(page) == typed
    assert game.hands.count() == 0
    page.click(SAVE)
    page.wait_for_url(f"**/games/{game.pk}/")
    assert game.hands.count() == 1


def test_a_delete_and_a_redeal_on_the_board_tapped_offline_are_sent_once_back_online(
    live_server, phone, user
):
    base = live_server.url
    log_in(phone, base)
    game = typical.start(user, "bid_fair")
    board = f"{base}/games/{game.pk}/"
    phone.goto(board)
    phone.context.set_offline(True)
    phone.click("#board-action button[name=save]")
    line(phone).get_by_text(NO_SIGNAL).wait_for()
    with phone.expect_navigation(url=board):  # by way of the new hand's page
        phone.context.set_offline(False)
    assert [hand.record for hand in game.hands.all()] == [{"redeal": True}]

    phone.goto(f"{board}hands/1/delete/")
    phone.context.set_offline(True)
    phone.click("button:has-text('Delete')")
    line(phone).get_by_text(NO_SIGNAL).wait_for()
    assert phone.url.endswith("/delete/")
    phone.context.set_offline(False)
    phone.wait_for_url(board)
    assert not game.hands.exists()


def test_a_reload_puts_back_cardigans_cards_tapped_on_the_grid(live_server, phone, user):
    game = typical.start(user, "cardigan")
    base = live_server.url
    log_in(phone, base)
    phone.goto(f"{base}/games/{game.pk}/hands/new/")
    tap_cards(phone, "#card-AS", "#card-KH")
    typed = entered(phone)
    put_back(phone, phone.reload)
    assert entered(phone) == typed
    assert phone.inner_text("#card-AS .held") == "1\u00b70"
    assert phone.inner_text("#card-counts [data-total='all']") == "2"


def test_a_figure_typed_then_save_tapped_offline_says_what_every_game_says(
    live_server, phone, user
):
    # Bid Fair's points are typed: Save, tapped with one still in its field, first sends
    # its live update, which fails offline after the save is held. Its line must not
    # replace the save's: the same words as in every game.
    game = typical.start(user, "bid_fair")
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    typical.fill(phone, "bid_fair")
    phone.click("#id_points_0")
    phone.keyboard.press("End")
    phone.keyboard.type("1")
    phone.evaluate("document.addEventListener('htmx:sendError', () => { window.failed = true; })")
    phone.context.set_offline(True)
    phone.click(SAVE)
    until(phone, lambda: phone.evaluate("window.failed"), "the live update to fail")
    assert line(phone).inner_text() == kept("bid_fair")
    assert phone.inner_text("#entry-title") == "Hand 2"


def is_put_back(request) -> bool:
    """The draft drawn again by the server (static/js/drafts.js): a post with neither the
    form's shape (a live update) nor a button (a save)."""
    sent = request.post_data or ""
    return request.method == "POST" and "shape=" not in sent and "save=" not in sent


def test_a_question_asked_while_the_draft_is_put_back_is_not_drawn_over(live_server, phone, user):
    """A redeal over a scored hand asks first. Kept, the hand's page puts back its draft;
    a redeal tapped again before that drawing lands is asked again, and the drawing,
    called off by the tap, never replaces the question."""
    base = live_server.url
    game = typical.start(user, "contractor")
    log_in(phone, base)
    phone.goto(f"{base}/games/{game.pk}/hands/new/")
    typical.fill(phone, "contractor")
    save(phone, base, game.pk)
    phone.goto(f"{base}/games/{game.pk}/hands/1/")
    question = phone.locator(".confirm")
    phone.click("button.redeal")  # what the form held is its draft from now on
    expect(question).to_contain_text("Replace it?")
    with held(phone, is_put_back) as drawing:
        phone.click("a:has-text('Keep it')")
        drawing.wait()
        put_back = drawing.routes[0].request
        phone.click("button.redeal")
        expect(question).to_contain_text("Replace it?")
    # Let go (at the end of the block), the drawing was called off: nothing comes of it.
    assert put_back.response() is None
    settled(phone)
    expect(question).to_contain_text("Replace it?")
    phone.click("button:has-text('Replace it')")
    phone.wait_for_url(f"{base}/games/{game.pk}/")
    assert game.hands.get().record == {"redeal": True}
