"""A Bid Fair game on a phone: cards picked one by one, two bids face up, a redeal."""

import re

import pytest

from games.engine.registry import read_sheet, score_sheet
from games.models import Game
from games.play.services import sheet_of
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import live_update, log_in, save, set_number, settled, sign_up, standing, tap
from tests.e2e.network import held, is_update

pytestmark = pytest.mark.django_db(transaction=True)

# The opening deal of tests/data/examples/bid-fair-opening.json: Ana shows J♥, Q♥ is cut.
ANA_TOOK = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN_TOOK = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]


def card(name):
    """A card of the captured cards' pack: a tap gives it to the player picked above it."""
    return f"#deck .bf-slot:has(> input[name='got_{name}'])"


def owner(page, name):
    """Whose captured card `name` is: "0", "1", or "" for nobody."""
    return page.locator(f"#deck input[name='got_{name}']:checked").get_attribute("value")


def whose(page, seat):
    """Pick whose captured cards the next taps give."""
    tap(page, f"#tally label:has(#taker-{seat})")


def test_a_bid_fair_game_picked_card_by_card_on_a_phone(live_server, phone, shoot, axe):
    base = live_server.url
    page = phone
    sign_up(page, base)
    page.click("text=New session")
    page.click("button:has-text('Start the session')")
    page.click("text=New game")
    page.click("a.choice:has-text('Bid Fair')")
    page.fill("#id_seat_0", "Ana")
    page.fill("#id_seat_1", "Ben")
    shoot(page, "bid_fair-01-new-game")
    axe(page, "new game")
    page.click("button:has-text('Start the game')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))
    assert "Ana deals first" in page.inner_text("main")
    assert "needs 801 more" in page.inner_text(".bf-race")
    shoot(page, "bid_fair-02-empty-scoreboard")
    axe(page, "empty scoreboard")

    # Deal 1, Ana deals: Ana shows J♥, so Ben holds a contract of 50; Q♥ is cut.
    page.click("text=Add hand 1")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert "Ana deals, Ben bids first" in page.inner_text("main")
    tap(page, "#bid_0 input[value='JH']")
    contract = page.inner_text("#contract")
    assert "Ben holds the contract, worth 50" in contract and "Not doubled" in contract
    tap(page, "#cut input[value='QH']")
    assert "Trumps:" in page.inner_text("#cut legend")
    assert "is a trump: +40" in page.inner_text("#cut")
    # The bid card and the cut card are on the table, never captured: greyed out.
    assert page.locator("#captured .bf-card.gone").count() == 2
    # A quick thumb does not wait for each answer: the last one counts every tap.
    # Ana's cards are tapped first, each once.
    for name in ANA_TOOK:
        page.tap(card(name))
    page.wait_for_selector(".bf-tally .seat-0:has-text('6 cards')")
    settled(page)
    assert [owner(page, name) for name in ANA_TOOK] == ["0"] * 6
    assert "49 points" in page.inner_text(".bf-tally .seat-0")
    shoot(page, "bid_fair-03-picking-cards")
    # Then Ben's, once he is picked; a tap on one of Ana's by mistake moves it to Ben,
    # and a second tap takes it off.
    whose(page, 1)
    tap(page, card("AS"))
    assert owner(page, "AS") == "1"
    tap(page, card("AS"))
    assert owner(page, "AS") == ""
    whose(page, 0)
    tap(page, card("AS"))
    whose(page, 1)
    for name in BEN_TOOK:
        tap(page, card(name))
    # A 15th card is not on offer, and the screen says why.
    assert "14 of 14 taken: tap one off to change it." in page.inner_text("#tally")
    assert page.is_disabled("#deck input[name='got_10S'][value='1']")
    # Tapped all the same, the 15th card says why, next to the cards.
    page.locator(card("10S")).tap(force=True)  # force: a thumb taps what is greyed out too
    assert page.inner_text("#deck + .chip-why").startswith("14 cards are taken already")
    assert "61 points" in page.inner_text(".bf-tally .seat-1")
    preview = page.inner_text(".preview")
    assert "Ben makes the contract of 50 with 61" in preview
    assert "+129" in preview and "+73" in preview
    shoot(page, "bid_fair-04-deal-with-captured-cards")
    axe(page, "deal with captured cards")
    assert no_horizontal_scroll(page)
    save(page, base, game_id)
    assert (standing(page, "Ana"), standing(page, "Ben")) == ("129", "73")

    # Deal 2: both pass, one tap on the scoreboard.
    assert "Ana deals as the leader" in page.inner_text("main")
    page.click("button:has-text('Both passed')")
    page.wait_for_url(f"{base}/games/{game_id}/")
    assert "Ana deals again after the redeal" in page.inner_text("main")
    assert "Both passed: redeal" in page.inner_text(".hands")
    shoot(page, "bid_fair-05-after-a-redeal")
    axe(page, "scoreboard after a redeal")

    # Deal 3: Ana shows 9♠ and Ben goes higher with K♣: Ana holds a doubled 70.
    # Only the trump suit and the card points were noted.
    page.click("text=Add hand 3")
    tap(page, "#bid_0 input[value='9S']")
    # Ben cannot show another nine: the nines are greyed out in his row.
    assert page.is_disabled("#bid_1 input[value='9H']")
    tap(page, "#bid_1 input[value='KC']")
    contract = page.inner_text("#contract")
    assert "Ana holds the contract, worth 70" in contract and "Doubled" in contract
    tap(page, "#cut .bf-suit input[value='S']")
    assert "Ana\u2019s bid card 9\u2660" in page.inner_text("#cut")
    tap(page, "#count label:has-text('Points only')")
    set_number(page, "points_0", 71)
    assert "Still to type: Ben\u2019s points, 29 to 69" in page.inner_text("#points")
    set_number(page, "points_1", 40)
    assert "Together 111." in page.inner_text("#points")
    preview = page.inner_text(".preview")
    assert "Ana makes the doubled contract of 70 with 71" in preview
    assert "+62" in preview  # the difference, 31, doubled
    shoot(page, "bid_fair-06-both-bids-face-up")
    axe(page, "both bids face up")
    assert no_horizontal_scroll(page)
    save(page, base, game_id)

    assert (standing(page, "Ana"), standing(page, "Ben")) == ("302", "153")
    assert "needs 499 more" in page.inner_text(".bf-race")
    shoot(page, "bid_fair-07-scoreboard")
    axe(page, "scoreboard")
    assert no_horizontal_scroll(page)

    game = Game.objects.get(pk=game_id)
    score = score_sheet(read_sheet(sheet_of(game)))
    assert score.standings == {"Ana": 302, "Ben": 153}
    assert [hand.record.get("redeal") for hand in game.hands.all()] == [None, True, None]

    # The first deal again, as it reads back into the form for a correction.
    page.click(f"a[href='/games/{game_id}/hands/1/']")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert page.is_checked("#bid_0 input[value='JH']")
    assert "14 of 14" in page.inner_text("#tally")
    shoot(page, "bid_fair-08-edit-deal")
    axe(page, "edit deal")


def test_the_card_picker_fits_a_small_phone_in_the_dark(live_server, browser, user, shoot, axe):
    from games.models import Hand
    from tests.tables import make_game

    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    opening = {
        "bids": {"Ana": "JH"},
        "cut": "QH",
        "captured": {"Ana": ANA_TOOK, "Ben": BEN_TOOK},
    }
    Hand.objects.create(game=game, number=1, record=opening)
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    page = context.new_page()
    base = live_server.url
    log_in(page, base)
    for name, path in [
        ("scoreboard", f"/games/{game.pk}/"),
        ("edit-deal", f"/games/{game.pk}/hands/1/"),
        ("new-deal", f"/games/{game.pk}/hands/new/"),
    ]:
        page.goto(base + path)
        assert no_horizontal_scroll(page), name
        shoot(page, f"bid_fair-dark-360-{name}")
        axe(page, name)
    # Every card is a tap target of at least 44 by 44 px.
    page.goto(f"{base}/games/{game.pk}/hands/1/")
    with live_update(page):
        page.click("#count label:has-text('Points only')")
    with live_update(page):
        page.click("#count label:has-text('Card by card')")
    sizes = page.eval_on_selector_all(
        ".bf-deck .face:not([hidden])",
        "faces => faces.filter(f => f.offsetParent).map(f => [f.offsetWidth, f.offsetHeight])",
    )
    # Ana's bid and the cut fold away to the card chosen; Ben's bid and the captured cards.
    assert len(sizes) == 1 + 24 + 1 + 24
    assert min(width for width, _ in sizes) >= 44 and min(height for _, height in sizes) >= 44
    # Switching to points and back kept every card picked.
    assert "14 of 14" in page.inner_text("#tally")
    context.close()


@pytest.fixture
def new_deal(live_server, phone, user):
    """A phone on the first deal of a new Bid Fair game, logged in as its owner."""
    from tests.tables import make_game

    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"))
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    return phone


def test_a_tap_just_after_an_answer_lands_is_not_lost(new_deal):
    """The answer to one tap replaces the form; a tap on the new form a moment later
    must start its own update, or the tally stays one card short."""
    page = new_deal
    tap(page, "#bid_0 input[value='JH']")
    tap(page, "#cut input[value='QH']")
    # The next answer to land has the second card tapped in the very next task,
    # before the page has had any time to settle.
    page.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", () => setTimeout(() =>
            document.querySelector("#deck input[name=got_9S][value='0']").click()), {once: true})"""
    )
    page.tap(card("AS"))
    page.wait_for_selector(".bf-tally .seat-0:has-text('2 cards')")
    settled(page)
    assert owner(page, "AS") == "0" and owner(page, "9S") == "0"


def test_a_lost_connection_is_said_and_the_next_tap_catches_up(new_deal):
    page = new_deal
    tap(page, "#bid_0 input[value='JH']")
    assert page.is_hidden("#connection")
    page.context.set_offline(True)
    page.tap("#cut input[value='QH']")
    page.wait_for_selector("#connection:has-text('No connection')")
    assert "Trumps:" not in page.inner_text("#cut legend")  # the answer never came
    page.context.set_offline(False)
    tap(page, card("AS"))
    assert page.is_hidden("#connection")
    # The tap made offline was in the form all along: the answer counts it.
    assert "Trumps:" in page.inner_text("#cut legend")
    assert owner(page, "AS") == "0"
    # Saving with no connection keeps the hand on the phone and opens the next one; it is
    # sent once the connection returns (tests/e2e/test_queue.py). Not finished, it comes
    # back with what the server says is missing, and all that was entered.
    page.context.set_offline(True)
    page.click("button[name=save][value='1']")
    page.wait_for_selector("#connection:has-text('No signal')")
    assert "/hands/new/" in page.url and page.inner_text("#entry-title") == "Hand 2"
    page.context.set_offline(False)
    page.wait_for_selector("#connection:has-text('Hand 1 was not saved: see why below.')")
    assert page.inner_text("#entry-title") == "Hand 1" and owner(page, "AS") == "0"


def test_a_server_that_refuses_an_update_is_said(new_deal):
    page = new_deal
    page.route("**/hands/new/", lambda route: route.fulfill(status=500, body="broken"))
    page.tap("#bid_0 input[value='JH']")
    page.wait_for_selector("#connection:has-text('The server did not take this update')")
    assert page.is_checked("#bid_0 input[value='JH']")


def test_a_phone_logged_out_meanwhile_is_told_at_its_next_tap(new_deal, user):
    page = new_deal
    user.set_password("a new password set on another phone")
    user.save()
    page.tap("#bid_0 input[value='JH']")
    page.wait_for_selector("#connection:has-text('You are logged out on this phone')")
    assert page.locator("#main header.bar").count() == 0  # no login page inside the form
    page.click("#connection a:has-text('Log in again')")
    page.wait_for_url(re.compile(r"/accounts/login/\?next=%2Fgames%2F\d+%2Fhands%2Fnew%2F$"))


def test_an_update_that_hangs_gives_up_and_says_so(new_deal):
    page = new_deal
    assert page.evaluate("htmx.config.timeout") == 30_000
    page.evaluate("htmx.config.timeout = 500")  # the test need not wait half a minute
    page.route("**/hands/new/", lambda route: None)  # never answered
    page.tap("#bid_0 input[value='JH']")
    page.wait_for_selector("#connection:has-text('No connection')")
    page.unroute("**/hands/new/")
    # The answered update may take as long as a busy machine takes: the half second was for
    # the one never answered.
    page.evaluate("htmx.config.timeout = 30000")
    tap(page, "#cut input[value='QH']")
    assert page.is_hidden("#connection")
    assert "Ben holds the contract" in page.inner_text("#contract")


def test_what_is_typed_while_an_update_is_on_its_way_stays(new_deal):
    """On one bar of signal, a tap's answer lands while the next figure is being typed:
    it swaps what shows results alone, never the field in use. Each answer is held until
    the typing is done (tests/e2e/network.py)."""
    page = new_deal
    tap(page, "#bid_0 input[value='JH']")
    tap(page, "#count label:has-text('Points only')")
    page.click("#id_points_0")
    page.keyboard.type("49")
    with held(page, is_update) as answer:
        # Moving to Ben's field sends Ana's 49; Ben's 6 is typed before the answer lands.
        page.click("#id_points_1")
        page.keyboard.type("6")
        with live_update(page):
            answer.release()
    assert page.input_value("#id_points_1") == "6"
    assert page.evaluate("document.activeElement.id") == "id_points_1"
    assert "Still to type: Ben\u2019s points, 51 to 91" in page.inner_text("#points")
    # A tap on a card is answered while Ben's points are still being typed, too.
    with held(page, is_update) as answer:
        page.click("#cut .bf-suit:has(input[value='H'])")
        page.click("#id_points_1")
        page.keyboard.press("End")
        page.keyboard.type("1")
        with live_update(page):
            answer.release()
    assert page.input_value("#id_points_1") == "61"
    assert "Trumps:" in page.inner_text("#cut legend")
