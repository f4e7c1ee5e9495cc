"""Hand after hand with no signal (static/js/queue.js), in all four games.

A Save tapped offline keeps the hand on the phone and opens the next hand's form at once;
back online, the kept hands are sent in order, each once, through the usual save. What
goes wrong on the way (the signal lost again, another phone's hands, the rules' refusal,
a login that expired) stops the queue where the table must choose, and drops nothing. The
network trouble is made on purpose (`context.set_offline`, `page.route`), never raced.
"""

import re
from urllib.parse import parse_qs

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Submission
from games.play import services
from tests.e2e import typical
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import live_update, log_in
from tests.e2e.network import held, is_save
from tests.e2e.offline_hands import (
    CHANGES,
    HANDS,
    as_posted,
    contractor_played,
    queued,
    tridge_played,
)
from tests.e2e.test_installed import keeping, logged_in, settled
from tests.tables import make_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

KEPT = "is kept on this phone and will be saved when the connection returns"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def start(user, kind):
    # Contractor's game is planned for more hands than the twelve entered here.
    rules = {"hands": 15} if kind == "contractor" else None
    return make_game(user, kind=kind, players=typical.PLAYERS[kind], rules=rules)


def entry_of(base, game):
    return f"{base}/games/{game.pk}/hands/new/"


def title(page):
    return page.locator("#entry-title")


def enter(page, hand, word="Hand"):
    """One hand entered offline: the next hand's form is there at once, or past the game's
    last hand (Cardigan's deal 4), no form."""
    before = int(page.input_value("#entry input[name=number]"))
    last = page.locator("#queue").get_attribute("data-last")
    hand(page)
    past = last and before == int(last)  # no redeal in these games' last hands
    expect(title(page)).to_have_text(f"No more {word.lower()}s" if past else f"{word} {before + 1}")


def stored_once(game, count):
    hands = list(game.hands.order_by("number"))
    assert [hand.number for hand in hands] == list(range(1, count + 1))
    keys = Submission.objects.filter(game=game).values_list("key", flat=True)
    assert len(keys) == len(set(keys)) == count


def enter_online(page, base, game, kept):
    """The same hands entered online in another game, one save each, as its form posts."""
    entry = entry_of(base, game)
    for hand in kept:
        token = TOKEN.search(page.request.get(entry).text()).group(1)
        answer = page.request.post(
            entry,
            data=as_posted(hand, token),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
            max_redirects=0,
        )
        assert answer.status == 302, answer.text()


def board_kept(page, base, game):
    """The board opened online, its pages kept by the worker for use with no signal."""
    board = f"/games/{game.pk}/"
    page.goto(base + board)
    keeping(page, board, f"{board}hands/new/")
    settled(page, base, board)  # the evening's pages too: the test's writes meet no fetch


# A reload, and a closed tab, with no signal, at these hands (Cardigan's game is 4 deals).
RELOAD, CLOSE = {"cardigan": (0, 1)}, {"cardigan": (1, 2)}


@pytest.mark.parametrize("kind", typical.GAMES)
def test_hand_after_hand_offline_every_hand_is_stored_once_and_scores_as_online(
    kind, live_server, installed, user, shoot
):
    base = live_server.url
    game = start(user, kind)
    phone = logged_in(installed, live_server)
    word = "Deal" if kind == "cardigan" else "Hand"
    reload_at, close_at = RELOAD.get(kind, 3), CLOSE.get(kind, 7)
    if kind == "bid_fair":
        # The table counts the points alone, as in the hand before: the form offers them.
        phone.goto(entry_of(base, game))
        typical.fill(phone, kind)
        phone.click("button[name=save][value='1']")
        phone.wait_for_url(f"{base}/games/{game.pk}/")
    board_kept(phone, base, game)
    # The game the same hands go to online, made while the worker is idle: the test's own
    # writes would meet the worker's fetches of the pages it keeps on the one SQLite.
    earlier = [hand.record for hand in game.hands.all()]
    players = typical.PLAYERS[kind]
    online = make_game(user, kind=kind, players=players, rules=game.rules, hands=earlier)
    phone.goto(entry_of(base, game))
    phone.wait_for_load_state()
    first = game.hands.count() + 1
    installed.set_offline(True)
    changed, change, after = CHANGES[kind]
    for at, hand in enumerate(HANDS[kind]):
        enter(phone, hand, word)
        if at == 0:
            expect(phone.locator("#connection")).to_contain_text(KEPT)
            expect(phone.locator("#preview")).to_contain_text("Scored when the signal returns")
        if at == reload_at:  # the page as the worker kept it, the hands kept drawn in
            phone.reload()
            expect(title(phone)).to_have_text(f"{word} {first + at + 1}")
        if at == close_at:  # the tab closed; the board opened again, then its next hand
            phone.close()
            phone = installed.new_page()
            phone.goto(f"{base}/games/{game.pk}/")
            expect(phone.locator("#connection")).to_contain_text("No signal: the scores as of")
            expect(phone.locator(".queue li")).to_have_count(at + 1)
            phone.click(f"text=Enter the next {word.lower()}")
            expect(title(phone)).to_have_text(f"{word} {first + at + 1}")
        if at == after:
            # A correction of an earlier offline hand: in its place, with its key.
            before = queued(phone)
            phone.click(f"#queue li:nth-child({changed + 1}) button:has-text('Change')")
            expect(title(phone)).to_have_text(f"{word} {first + changed}")
            change(phone)
            expect(title(phone)).to_have_text(f"{word} {first + at + 1}")
            now = queued(phone)
            assert [h["key"] for h in now] == [h["key"] for h in before]
            assert now[changed]["values"] != before[changed]["values"]
    kept = queued(phone)
    count = len(HANDS[kind])
    assert [h["number"] for h in kept] == list(range(first, first + count))
    assert len({h["key"] for h in kept}) == count
    items = phone.locator("#queue li")
    expect(items).to_have_count(count)
    expect(items.first).to_contain_text(f"{word} {first} · waiting to be sent")
    assert game.hands.count() == first - 1  # nothing sent yet
    shoot(phone, f"queue-{kind}")

    with phone.expect_navigation(url=f"{base}/games/{game.pk}/", timeout=120_000):
        installed.set_offline(False)
    stored_once(game, first - 1 + count)
    assert queued(phone) == []

    # The worker refreshes what the board lists, and the board polls: neither reads while
    # the same hands are written into the other game (test_installed.py `settled`).
    settled(phone, base, f"/games/{game.pk}/")
    phone.goto("about:blank")
    enter_online(phone, base, online, kept)
    both = (game, online)
    assert services.sheet_of(game)["hands"] == services.sheet_of(online)["hands"]
    scores = [services.score_records(g, [h.record for h in g.hands.all()]) for g in both]
    assert scores[0].standings == scores[1].standings


@pytest.fixture
def offline_tridge(live_server, phone, user):
    """A Tridge game's new hand open on a phone that has just lost its signal."""
    game = start(user, "tridge")
    log_in(phone, live_server.url)
    phone.goto(entry_of(live_server.url, game))
    phone.wait_for_load_state()
    phone.context.set_offline(True)
    return phone, game, live_server.url


def test_a_hand_whose_answer_is_lost_mid_queue_stays_and_is_stored_once(offline_tridge):
    page, game, base = offline_tridge
    for _ in range(3):
        enter(page, tridge_played())
    posts = []

    def second_lost(route):
        if route.request.method == "POST":
            posts.append(route.request)
            if len(posts) == 2:
                route.fetch(max_redirects=0)  # stored; its answer never reaches the phone
                route.abort("connectionreset")
                return
        route.fallback()

    page.route("**/hands/new/", second_lost)
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_contain_text("No answer from the server")
    assert game.hands.count() == 2 and len(queued(page)) == 2  # hand 2 is still kept
    expect(page.locator("#queue li")).to_have_count(2)
    with page.expect_navigation(url=f"{base}/games/{game.pk}/"):
        page.context.set_offline(True)  # the signal flickers: sent again when it returns
        page.context.set_offline(False)
    stored_once(game, 3)
    keys = [parse_qs(post.post_data)["submission"] for post in posts]
    assert len(posts) == 4 and keys[1] == keys[2] != keys[3]  # hand 2 again, with its key


def test_two_phones_offline_the_second_queue_stops_on_the_two_phones_screen(
    offline_tridge, browser
):
    page, game, base = offline_tridge
    other = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    second = other.new_page()
    log_in(second, base)
    second.goto(entry_of(base, game))
    second.wait_for_load_state()
    other.set_offline(True)
    for _ in range(2):
        enter(page, tridge_played())
        enter(second, tridge_played("hearts"))
    with page.expect_navigation(url=f"{base}/games/{game.pk}/"):
        page.context.set_offline(False)
    stored_once(game, 2)
    other.set_offline(False)
    expect(second.locator("#entry")).to_contain_text("was saved on another phone")
    expect(second.locator("#connection")).to_contain_text("Hand 1 was not saved")
    assert game.hands.count() == 2  # nothing of the second phone's stored
    assert [h["number"] for h in queued(second)] == [1, 2]  # nothing dropped
    expect(second.locator("#queue li").first).to_contain_text("not sent")
    # The table keeps the one on record: the next kept hand meets the second on record.
    second.click("text=Keep the one on record")
    expect(second.locator("#connection")).to_contain_text("Hand 2 was not saved")
    assert [h["number"] for h in queued(second)] == [2]
    assert game.hands.count() == 2
    other.close()


def test_saving_mine_as_the_next_on_the_two_phones_screen_sends_the_rest_after_it(
    live_server, phone, user, browser
):
    base = live_server.url
    game = start(user, "contractor")
    phones = [phone, browser.new_context(viewport=PHONE, has_touch=True).new_page()]
    for page in phones:
        log_in(page, base)
        page.goto(entry_of(base, game))
        page.wait_for_load_state()
        page.context.set_offline(True)
    for who in ("Ana", "Ben"):
        enter(phones[0], contractor_played(who))
        enter(phones[1], contractor_played(who, "hearts"))
    with phones[0].expect_navigation(url=f"{base}/games/{game.pk}/"):
        phones[0].context.set_offline(False)
    second = phones[1]
    second.context.set_offline(False)
    expect(second.locator("#connection")).to_contain_text("Hand 1 was not saved")
    with second.expect_navigation(url=f"{base}/games/{game.pk}/"):
        second.click("text=Save mine as hand 3")  # then its hand 2 follows, as hand 4
    stored_once(game, 4)
    strains = [hand.record["strain"] for hand in game.hands.order_by("number")]
    assert strains == ["clubs", "clubs", "hearts", "hearts"]
    second.context.close()


def test_a_hand_the_rules_refuse_stops_the_queue_with_its_values(offline_tridge):
    page, game, base = offline_tridge
    enter(page, tridge_played())
    enter(page, tridge_played(tricks=(5, 3, 2)))  # ten tricks of nine
    enter(page, tridge_played())
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_contain_text("Hand 2 was not saved")
    expect(title(page)).to_have_text("Hand 2")
    expect(page.locator("#entry .field-error").first).to_be_visible()
    assert game.hands.count() == 1
    assert page.is_checked("#entry input[name=tricks_3][value='2']")  # as it was entered
    assert [h["number"] for h in queued(page)] == [2, 3]
    with live_update(page):
        page.click("label:has(> input[name='tricks_3'][value='1'])")
    with page.expect_navigation(url=f"{base}/games/{game.pk}/"):
        page.click("button[name=save][value='1']")
    stored_once(game, 3)


def test_a_csrf_refusal_is_fetched_afresh_and_tried_once_more(offline_tridge):
    page, game, base = offline_tridge
    for _ in range(2):
        enter(page, tridge_played())
    refused = []

    def once_refused(route):
        if route.request.method == "POST" and not refused:
            refused.append(route.request)
            route.fulfill(status=403, body="CSRF verification failed")
            return
        route.fallback()

    page.route("**/hands/new/", once_refused)
    with page.expect_navigation(url=f"{base}/games/{game.pk}/"):
        page.context.set_offline(False)
    assert len(refused) == 1
    stored_once(game, 2)


def test_a_login_that_expired_stops_the_queue_until_logging_in(offline_tridge):
    page, game, base = offline_tridge
    for _ in range(2):
        enter(page, tridge_played())
    page.context.clear_cookies()  # the login expired meanwhile
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_contain_text("Log in to send the 2 waiting hands")
    assert game.hands.count() == 0 and len(queued(page)) == 2
    page.click("#connection a:has-text('Log in')")
    page.fill("#id_username", "ana")
    page.fill("#id_password", "a long table password")
    with page.expect_navigation(url=f"{base}/games/{game.pk}/"):
        page.click("button:has-text('Log in')")
    stored_once(game, 2)


def test_three_waiting_hands_on_the_entry_page(offline_tridge, shoot, axe):
    page, game, base = offline_tridge
    for _ in range(3):
        enter(page, tridge_played())
    expect(page.locator("#queue li")).to_have_count(3)
    expect(page.locator("[data-dealer]")).to_contain_text("Dee deals")  # hand 4's dealer
    # What the server would work out is not shown as if it had: it says what holds instead.
    expect(page.locator("#tricks .help")).to_contain_text("No signal: tap every count")
    expect(page.locator("#tricks .sum")).to_be_hidden()
    axe(page, "three hands kept on the entry page")
    shoot(page, "queue-three-waiting")
    page.screenshot(path=shoot.folder / "queue-three-waiting-top.png")


def test_the_board_lists_the_hands_kept_and_sends_them_by_itself(offline_tridge):
    page, game, base = offline_tridge
    for _ in range(2):
        enter(page, tridge_played())
    page.close()  # the tab is closed with the hands kept
    page.context.set_offline(False)
    board = page.context.new_page()
    with held(board, is_save) as saves:
        board.goto(f"{base}/games/{game.pk}/")
        kept = board.locator(".queue li")
        expect(kept).to_have_count(2)
        expect(kept.first).to_have_text("Hand 1 · waiting to be sent")
        saves.wait()  # opening any page of the app sends them: no tap
        assert game.hands.count() == 0
        with board.expect_navigation(url=f"{base}/games/{game.pk}/"):  # the real scores
            saves.release()
    stored_once(game, 2)
    expect(board.locator(".queue")).to_have_count(0)


def saved_on_another_phone(user, game, hand):
    """The same hand saved meanwhile on another phone, with a key of its own."""
    client = Client()
    client.force_login(user)
    data = dict(hand["values"]) | {"number": [hand["number"]], "save": [hand["button"][1]]}
    answer = client.post(f"/games/{game.pk}/hands/new/", data)
    assert answer.status_code == 302, answer.content.decode()[:2000]


def lost_and_found(phone, installed, base, game, how, word):
    """The page of hands kept lost (`how`: reloaded, or its tab closed and the game opened
    again from its board) and found again, with no signal: the next hand's form."""
    number = int(phone.input_value("#entry input[name=number]"))
    if how == "reload":
        phone.reload()
    else:
        phone.close()
        phone = installed.new_page()
        phone.goto(f"{base}/games/{game.pk}/")
        phone.click(f"text=Enter the next {word.lower()}")
    expect(title(phone)).to_have_text(f"{word} {number}")
    return phone


@pytest.mark.parametrize(
    ("kind", "how"), [("tridge", "reload"), ("cardigan", "reload"), ("contractor", "closed-tab")]
)
def test_after_a_reload_or_a_closed_tab_the_two_phones_screen_shows_the_hand_it_names(
    kind, how, live_server, installed, user, shoot
):
    base = live_server.url
    word = "Deal" if kind == "cardigan" else "Hand"
    game = start(user, kind)
    phone = logged_in(installed, live_server)
    board_kept(phone, base, game)
    phone.goto(entry_of(base, game))
    phone.wait_for_load_state()
    installed.set_offline(True)
    for hand in HANDS[kind][:2]:
        enter(phone, hand, word)
    phone = lost_and_found(phone, installed, base, game, how, word)
    enter(phone, HANDS[kind][2], word)
    kept = queued(phone)
    saved_on_another_phone(user, game, kept[0])
    installed.set_offline(False)
    line = phone.locator("#connection")
    expect(line).to_contain_text(f"{word} 1 was not saved: see why below")
    expect(title(phone)).to_have_text(f"{word} 1, entered twice")
    expect(phone.locator("#entry")).to_contain_text(f"{word} 1 was saved on another phone")
    expect(phone.locator("#entry")).not_to_contain_text("is not the next")
    assert [h["key"] for h in queued(phone)] == [h["key"] for h in kept]  # nothing dropped
    assert game.hands.count() == 1
    shoot(phone, f"queue-two-phones-after-{how}-{kind}")


def ended_elsewhere(user, game, kept):
    """The table's other phone saves the game's last hands meanwhile: it ends."""
    for hand in kept:
        saved_on_another_phone(user, game, hand)


# The kept hands renumbered after the game's end, as a phone keeps them where it cannot
# tell the end with no signal (Bid Fair's 900 points: the hands 10 to 13).
AFTER_THE_END = """n => { const key = Object.keys(localStorage).find(k => k.startsWith('queue:'));
  const queue = JSON.parse(localStorage.getItem(key));
  queue.forEach(hand => { hand.number += n; });
  localStorage.setItem(key, JSON.stringify(queue)); }"""


def ended(live_server, phone, user):
    """A Contractor game of three hands, saved on the table's other phone (the game ends
    there) while this one, with no signal, kept three more after them."""
    base = live_server.url
    players = typical.PLAYERS["contractor"]
    game = make_game(user, kind="contractor", players=players, rules={"hands": 3})
    log_in(phone, base)
    phone.goto(entry_of(base, game))
    phone.wait_for_load_state()
    phone.context.set_offline(True)
    for who in ("Ana", "Ben", "Cy"):
        enter(phone, contractor_played(who))
    for hand in queued(phone):
        saved_on_another_phone(user, game, hand)
    phone.evaluate(AFTER_THE_END, 3)
    return game, queued(phone), f"{base}/games/{game.pk}/"


def test_a_hand_kept_after_the_game_ended_shows_its_values_and_is_deleted_at_a_tap(
    live_server, phone, user, shoot
):
    game, kept, board = ended(live_server, phone, user)
    phone.context.set_offline(False)
    expect(title(phone)).to_have_text("No more hands")
    expect(phone.locator("#connection")).to_contain_text("This game has ended")
    card = phone.locator(".kept-after-end")
    shoot(phone, "queue-kept-after-the-end")
    for number, who in enumerate(("Ana", "Ben"), start=4):
        expect(card.locator("h2")).to_have_text(f"Hand {number} as it was kept")
        expect(card.locator(f"input[name=contractor][value={who}]")).to_be_checked()
        phone.click("text=Delete this kept hand")  # one tap: the next kept hand, the same way
    expect(card.locator("h2")).to_have_text("Hand 6 as it was kept")
    with phone.expect_navigation(url=board):
        phone.click("text=Delete this kept hand")
    assert queued(phone) == [] and game.hands.count() == 3


def test_the_board_of_a_game_that_ended_shows_the_hands_kept_after_it_to_delete(
    live_server, phone, user
):
    game, kept, board = ended(live_server, phone, user)
    phone.close()  # the tab closed with them kept
    page = phone.context.new_page()
    page.context.set_offline(False)
    page.goto(board)
    section = page.locator(".queue")
    expect(section.locator("h2")).to_have_text("Kept on this phone after the game ended")
    expect(section.locator("li")).to_have_count(3)
    expect(section.locator("li").nth(1)).to_contain_text("contractor Ben")
    expect(section.locator("text=Send them now")).to_have_count(0)
    page.click("li:has-text('Hand 5') >> text=Delete this kept hand")
    expect(section.locator("li")).to_have_count(2)
    assert [h["key"] for h in queued(page)] == [kept[0]["key"], kept[2]["key"]]


def test_a_reload_with_hands_kept_puts_back_what_was_tapped_in_the_next_hand(
    live_server, installed, user
):
    # Drawing the next hand's form after the kept ones wrote a blank draft over the one the
    # player had made (queue.js), so a tap before the reload was lost; and a blank form's
    # draft was "put back" over the first taps after it (a Firefox walk lost one so).
    base = live_server.url
    game = start(user, "tridge")
    phone = logged_in(installed, live_server)
    board_kept(phone, base, game)
    phone.goto(entry_of(base, game))
    phone.wait_for_load_state()
    installed.set_offline(True)
    phone.click("#kind label:has-text('All passed')")
    phone.click("button[name=save][value='1']")
    expect(title(phone)).to_have_text("Hand 2")
    expect(phone.locator("#connection")).to_contain_text(KEPT)
    phone.reload()  # nothing entered in hand 2 yet: nothing to put back
    expect(title(phone)).to_have_text("Hand 2")
    expect(phone.locator("#connection")).not_to_contain_text("put back")
    phone.click("#kind label:has-text('Not valid')")
    phone.reload()
    expect(title(phone)).to_have_text("Hand 2")
    expect(phone.locator("#entry input[name=kind][value=void]")).to_be_checked()
    phone.click("button[name=save][value='1']")
    expect(title(phone)).to_have_text("Hand 3")
    assert [hand["values"]["kind"] for hand in queued(phone)] == [["passed"], ["void"]]
    installed.set_offline(False)
    phone.wait_for_url(f"{base}/games/{game.pk}/", timeout=60_000)
    assert [hand.record for hand in game.hands.order_by("number")] == [
        {"passed": True},
        {"void": True},
    ]
