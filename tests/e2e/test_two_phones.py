"""Two phones on one game, in Chromium at 390×844, in all four games (typical.HALF).

Two browser contexts are two phones logged in to the same account.
"""

import pytest

from games.models import Hand, Submission
from tests.e2e import typical
from tests.e2e.conftest import PHONE
from tests.e2e.helpers import choose, live_update, log_in, set_number, tap
from tests.e2e.network import SAVE, held, is_save, save_spot, saves_sent

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def _contractor_challenge(page):
    choose(page, "challenger", "Ben")


def _contractor_plain_nil(page):
    tap(page, "#conditions label:has-text('Nil without joker')")


def _bid_fair_hearts(page):
    tap(page, "#cut .bf-suit input[value='H']")


def _bid_fair_points(page):
    set_number(page, "points_0", 41)
    set_number(page, "points_1", 70)


def _cardigan_no_dummy(page):
    with live_update(page):
        page.click("#play label:has(input[name=dummy])")


def _cardigan_level(page):
    option = "#contract label:has(input[value='3 no_trump'])"
    with live_update(page):
        page.click(option)


# Two changes to a game's typical hand, each in a field of its own: what two phones
# correcting one hand each change.
CHANGES = {
    "tridge": (
        lambda page: choose(page, "honours", "2"),
        lambda page: choose(page, "trumps", "hearts"),
    ),
    "contractor": (_contractor_challenge, _contractor_plain_nil),
    "bid_fair": (_bid_fair_hearts, _bid_fair_points),
    "cardigan": (_cardigan_no_dummy, _cardigan_level),
}
# Tridge's typical hand is Ben's, and Ben deals hand 2 and sits out: it cannot be hand 2.
AS_NEXT = {"tridge": False, "contractor": True, "bid_fair": True, "cardigan": True}


@pytest.fixture
def phones(browser, live_server, user):
    """Two phones logged in to the same account."""
    contexts = [
        browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True) for _ in range(2)
    ]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        log_in(page, live_server.url)
    yield pages
    for context in contexts:
        context.close()


def both_on(phones, base, path):
    for page in phones:
        page.goto(base + path)


def save(page, board):
    page.click(SAVE)
    page.wait_for_url(board)


@pytest.mark.parametrize("kind", typical.GAMES)
def test_two_phones_entering_the_same_hand_store_it_once(live_server, phones, user, kind):
    first, second = phones
    game = typical.start(user, kind)
    board = f"{live_server.url}/games/{game.pk}/"
    both_on(phones, live_server.url, f"/games/{game.pk}/hands/new/")
    typical.fill(second, kind)
    typical.fill(first, kind)
    save(first, board)
    second.click(SAVE)
    second.wait_for_selector("text=it is on record once")
    assert "Save mine" not in second.content()
    second.click("text=Back to the scores")
    second.wait_for_url(board)
    assert game.hands.count() == 1


@pytest.mark.parametrize("kind", typical.HALF)
def test_a_second_phone_keeps_the_one_on_record_and_nothing_is_stored(
    live_server, phones, user, kind, shoot, axe
):
    first, second = phones
    game = typical.start(user, kind)
    board = f"{live_server.url}/games/{game.pk}/"
    both_on(phones, live_server.url, f"/games/{game.pk}/hands/new/")
    typical.fill(second, kind)
    typical.fill(first, kind)
    CHANGES[kind][0](first)  # the first phone's hand 1 is not quite the second's
    save(first, board)
    second.click(SAVE)
    second.wait_for_selector("text=Nothing of yours is saved yet")
    on_record, entered = second.locator(".both .card p").all_inner_texts()
    assert on_record != entered
    shoot(second, f"two-phones-{kind}")
    axe(second, "both hands side by side")
    assert second.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    recorded = list(game.hands.values_list("record", flat=True))
    second.click("text=Keep the one on record")
    second.wait_for_url(board)
    assert list(game.hands.values_list("record", flat=True)) == recorded
    assert Submission.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("kind", typical.OTHER_HALF)
def test_a_second_phone_saves_its_own_as_the_next_hand_once(live_server, phones, user, kind):
    first, second = phones
    game = typical.start(user, kind)
    board = f"{live_server.url}/games/{game.pk}/"
    both_on(phones, live_server.url, f"/games/{game.pk}/hands/new/")
    typical.fill(second, kind)
    typical.fill(first, kind)
    CHANGES[kind][0](first)
    save(first, board)
    second.click(SAVE)
    second.wait_for_selector("text=Nothing of yours is saved yet")
    word = game.engine.HAND
    if not AS_NEXT[kind]:
        assert second.is_visible(f"text=Yours cannot be saved as {word} 2")
        assert second.is_visible(f"text=Change mine into {word} 2")
        assert game.hands.count() == 1
        return
    sent = saves_sent(second)
    middle = save_spot(second, f"text=Save mine as {word} 2")
    with held(second, is_save) as mine, second.expect_navigation(url=board):
        second.touchscreen.tap(*middle)
        mine.wait()
        second.touchscreen.tap(*middle)  # a double tap, the first still on its way
        mine.release()
    assert len(sent) == 1
    assert game.hands.count() == 2
    first_hand, second_hand = Hand.objects.filter(game=game).order_by("number")
    assert first_hand.record != second_hand.record
    assert Submission.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("kind", typical.GAMES)
def test_a_correction_racing_another_keeps_both_changes(
    live_server, phones, user, kind, shoot, axe
):
    first, second = phones
    game = typical.start(user, kind)
    board = f"{live_server.url}/games/{game.pk}/"
    first.goto(f"{board}hands/new/")
    typical.fill(first, kind)
    save(first, board)
    entered = Hand.objects.get(game=game).record
    both_on(phones, live_server.url, f"/games/{game.pk}/hands/1/")
    theirs, mine = CHANGES[kind]
    mine(second)  # the second phone begins its correction first...
    theirs(first)
    save(first, board)  # ...and the first saves its own before it
    changed = Hand.objects.get(game=game).record
    second.click(SAVE)
    second.wait_for_selector("text=Nothing is saved yet")
    assert second.is_visible("text=changed on the other phone, taken in")
    assert second.is_visible("text=your change, kept")
    assert Hand.objects.get(game=game).record == changed  # nothing stored yet
    shoot(second, f"merged-correction-{kind}")
    axe(second, "a merged correction")
    assert second.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    save(second, board)
    final = Hand.objects.get(game=game).record
    theirs_changed = [key for key in {*changed, *entered} if changed.get(key) != entered.get(key)]
    assert theirs_changed and all(final.get(key) == changed.get(key) for key in theirs_changed)
    assert final != changed  # and the second phone's own change is there too
    assert game.revisions.count() == 2


def test_a_clash_between_two_corrections_asks_before_saving_over_theirs(
    live_server, phones, user, shoot
):
    first, second = phones
    game = typical.start(user, "tridge")
    board = f"{live_server.url}/games/{game.pk}/"
    first.goto(f"{board}hands/new/")
    typical.fill(first, "tridge")  # three honours
    save(first, board)
    both_on(phones, live_server.url, f"/games/{game.pk}/hands/1/")
    choose(second, "honours", "1")
    choose(first, "honours", "2")
    save(first, board)
    second.click(SAVE)
    second.wait_for_selector("text=you both changed it")
    assert second.locator(SAVE).count() == 0  # a plain Save would not say whose wins
    shoot(second, "clash-tridge")
    assert Hand.objects.get(game=game).record["honours"] == 2
    second.click("button:has-text('Save mine over theirs')")
    second.wait_for_url(board)
    assert Hand.objects.get(game=game).record["honours"] == 1
