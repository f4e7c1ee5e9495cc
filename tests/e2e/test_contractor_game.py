"""A Contractor game on a phone: three hands, one auction recorded with a challenge, one
redeal, the bid calculator, and the winner; then the same screens small and dark."""

import json
import re

import pytest
from playwright.sync_api import expect

from games.engine.registry import read_sheet, score_sheet
from games.models import Game
from games.play.services import sheet_of
from games.records.imports import import_sheet
from tests.e2e import typical
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import (
    chip,
    choose,
    chosen,
    condition,
    log_in,
    pick,
    save,
    settled,
    sign_up,
    standing,
    tap,
)
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)


def calculate(page, group, label):
    """Tap a choice in the bid calculator on the scoreboard and wait for its answer."""
    with page.expect_response(lambda r: "/contractor/calculator/" in r.url):
        page.click(f"#calculator-body #{group} label:has-text('{label}')")
    settled(page)


def test_a_contractor_game_from_the_first_bid_to_the_winner(live_server, phone, shoot, axe):
    base = live_server.url
    page = phone
    sign_up(page, base)
    page.click("text=New session")
    page.click("button:has-text('Start the session')")
    page.click("text=New game")
    page.click("a.choice:has-text('Contractor')")
    for seat, name in enumerate(["Ana", "Ben", "Cy"]):
        page.fill(f"#id_seat_{seat}", name)
    page.click("summary:has-text('Rule settings')")
    page.fill("#id_rule_hands", "3")
    shoot(page, "contractor-01-new-game")
    axe(page, "new game")
    page.click("button:has-text('Start the game')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))
    assert "0 of 3 hands played" in page.inner_text(".progress")

    # Between hands: what are clubs, two kitty cards foregone and exposed worth?
    with page.expect_response(lambda r: "/contractor/calculator/" in r.url):
        page.click("#calculator summary")
    page.wait_for_selector("#calculator-body")
    calculate(page, "strain", "Clubs")
    calculate(page, "kitty_foregone", "2")
    page.click("#calculator-body #conditions-box summary")  # most bids have none: folded
    calculate(page, "conditions", "Exposed")
    assert page.inner_text("#calculator-body .worth-value .number") == "10"
    assert "bid by Ana it is worth 11" in page.inner_text("#calculator-body .dealer-worth")
    calculate(page, "strain", "Nil")  # nil takes no extra tricks and no sour trumps
    # Drawn for a phone with no signal; the strain's radio hides them (contractor.css).
    expect(page.locator("#calculator-body #extra_tricks")).to_be_hidden()
    expect(page.locator("#calculator-body .cond-sour_trumps")).to_be_hidden()
    calculate(page, "strain", "Clubs")
    shoot(page, "contractor-02-scoreboard-calculator")
    axe(page, "scoreboard with the calculator")
    assert no_horizontal_scroll(page)

    # Hand 1, Ana deals. The auction: Ben passes, Cy bids 10, Ana challenges; Ben has
    # passed, so nobody may answer the challenge and Cy plays with Ana's 3 points at stake.
    page.click("text=Add hand 1")
    pick(page, "mode", "auction")
    assert "Ben to call" in page.inner_text(".auction")
    assert page.locator("button:has-text('challenges')").count() == 0  # no bid to challenge
    tap(page, "button:has-text('Ben passes')")
    choose(page, "strain", "Clubs")
    choose(page, "kitty_foregone", "2")
    assert "Not enough" not in page.inner_text(".auction")
    condition(page, "Exposed")
    tap(page, "button:has-text('Cy bids 10')")
    assert "Ana to call" in page.inner_text(".auction")
    assert page.locator("button:has-text('Ben')").count() == 0  # Ben passed: never again
    shoot(page, "contractor-03-auction")
    axe(page, "auction")
    assert no_horizontal_scroll(page)
    tap(page, 'button:has-text("Ana challenges Cy\'s 10")')
    result = page.inner_text(".auction .result")
    assert "Cy is the contractor" in result and "Ana challenges" in result
    chip(page, "tricks_0", 2)
    chip(page, "tricks_1", 2)
    assert chosen(page, "tricks_2") == "6"  # the last is filled in
    preview = page.inner_text(".preview")
    assert "Cy makes the contract worth 10" in preview and "won Ana's challenge" in preview
    shoot(page, "contractor-04-auction-over")
    axe(page, "auction over")
    save(page, base, game_id)
    assert [standing(page, n) for n in ("Ana", "Ben", "Cy")] == ["-1", "2", "13"]

    # Hand 2, Ben deals: all three pass. One tap, and Ben deals again.
    page.click("text=Add hand 2")
    page.click("button:has-text('All passed: redeal')")
    page.wait_for_url(f"{base}/games/{game_id}/")
    assert "Ben" in page.inner_text(".status")
    assert "1 of 3 hands played" in page.inner_text(".progress")

    # Hand 3, Ben deals again: Ana bids nil without the joker and takes no trick.
    page.click("text=Add hand 3")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert "Ben deals" in page.inner_text(".deal-line")
    choose(page, "contractor", "Ana")
    choose(page, "strain", "Nil")
    condition(page, "Nil without joker")
    chip(page, "tricks_0", 0)
    chip(page, "tricks_1", 6)
    preview = page.inner_text(".preview")
    assert "Ana makes nil worth 9" in preview and "+0 for Ana's tricks in nil" in preview
    shoot(page, "contractor-05-hand-entry")
    axe(page, "hand entry")
    assert no_horizontal_scroll(page)
    save(page, base, game_id)

    # Hand 4, Cy deals, the last: Ben is absolutely sure of spades with an extra trick,
    # takes five, and loses the contract twice over.
    page.click("text=Add hand 4")
    choose(page, "contractor", "Ben")
    choose(page, "strain", "Spades")
    choose(page, "extra_tricks", "1")
    condition(page, "Absolutely sure")
    assert page.inner_text("section.worth .worth-value .number") == "9"
    chip(page, "tricks_0", 3)
    chip(page, "tricks_1", 5)
    preview = page.inner_text(".preview")
    assert "twice over" in preview and "The last hand of the game" in preview
    shoot(page, "contractor-06-last-hand")
    save(page, base, game_id)

    game = Game.objects.get(pk=game_id)
    score = score_sheet(read_sheet(sheet_of(game)))
    assert score.finished
    for name, total in score.standings.items():
        assert standing(page, name) == str(total)
    status = page.inner_text(".status.done")
    assert status == f"Game over: {' and '.join(score.winners)} wins."
    assert page.locator("text=Add hand").count() == 0
    shoot(page, "contractor-07-game-over")
    axe(page, "game over")
    assert no_horizontal_scroll(page)

    page.goto(f"{base}/games/{game_id}/hands/1/history/")
    assert "Auction: Ben passes; Cy \u2663 clubs" in page.inner_text("main")
    shoot(page, "contractor-08-hand-history")
    axe(page, "hand history")


@pytest.fixture
def small_dark_phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    yield context.new_page()
    context.close()


def test_contractor_pages_fit_a_small_phone_in_dark_mode(
    live_server, small_dark_phone, user, shoot, axe
):
    from games.models import Session

    data = json.loads((EXAMPLES / "contractor-three-hands.json").read_text())
    data["rules"]["hands"] = 6  # leave the game open so a hand can be added
    game = import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), data
    )
    page = small_dark_phone
    base = live_server.url
    log_in(page, base)
    for name, path in [
        ("scoreboard", f"/games/{game.pk}/"),
        ("calculator", f"/games/{game.pk}/contractor/calculator/?strain=spades&extra_tricks=2"),
        ("edit-hand", f"/games/{game.pk}/hands/3/"),
    ]:
        page.goto(base + path)
        assert no_horizontal_scroll(page), name
        shoot(page, f"contractor-dark-360-{name}")
        axe(page, name)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    pick(page, "mode", "auction")
    choose(page, "strain", "Hearts")
    condition(page, "Thievery")
    tap(page, "button:has-text('Ben bids 8')")
    assert no_horizontal_scroll(page)
    shoot(page, "contractor-dark-360-auction")
    axe(page, "auction in the dark")


def test_a_greyed_out_trick_chip_says_why_when_tapped(live_server, phone, user, shoot):
    game = typical.start(user, "contractor")
    log_in(phone, live_server.url)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    typical.fill(phone, "contractor")  # Ana 0, Ben 6: Cy's 4 filled in, 5 and up greyed out
    six = phone.locator("label:has(> input[name='tricks_2'][value='6'])")
    assert phone.is_disabled("input[name='tricks_2'][value='6']")
    six.tap(force=True)  # force: Playwright would not tap what it sees disabled; a thumb does
    why = phone.locator("#tricks_2 .chip-why")
    assert why.inner_text() == "Cy can't take 6: Ben has 6 of the 10 tricks. Lower Ben first."
    assert chosen(phone, "tricks_2") == "4"
    why.scroll_into_view_if_needed()
    phone.screenshot(path=shoot.folder / "chip-why-contractor.png")
    chip(phone, "tricks_1", 2)  # lowering Ben makes room, and the line goes with the redraw
    chip(phone, "tricks_2", 6)
    assert chosen(phone, "tricks_2") == "6"
