"""A Cardigan game on a phone: the first deal card by card on the grid, three deals in quick
mode, the full suits with the last one, the winner; then the grid small and in the dark."""

import json
import re
from collections import Counter
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from games.cardigan.table import cards_in_order
from games.engine.cards import SUIT_NAMES, SUIT_SYMBOLS, deck, face
from games.engine.registry import read_sheet, score_sheet
from games.models import Game
from games.play.services import sheet_of
from tests.e2e.conftest import ARTIFACTS, no_horizontal_scroll
from tests.e2e.helpers import (
    chip,
    grid_in_view,
    live_update,
    log_in,
    pick,
    save,
    set_number,
    settled,
    sign_up,
)
from tests.e2e.network import held, is_update
from tests.games.cardigan.cardigan_sheets import AC, BD, full_suits_of, quick
from tests.games.cardigan.real_decks import real_game
from tests.sheets import EXAMPLES
from tests.tables import make_game

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLE = json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"]
EXPECTED = json.loads((EXAMPLES / "cardigan-four-deals.expected.json").read_text())


def tap_cards(page, *selectors):
    """Tap cards (or whole suits) in a burst, then wait for the post that carries them all.

    The grid counts each tap at once and posts the piles when the taps pause, so the
    answer to wait for is the one whose piles are what the page now holds.
    """
    page.wait_for_load_state()  # the grid's script and htmx are deferred
    grid_in_view(page)
    answers = []

    def keep(response):
        if response.request.method == "POST" and "/hands/" in response.url:
            answers.append(response)

    page.on("response", keep)
    for selector in selectors:
        # The grid stands still between taps (the server's answer waits for them to pause):
        # Playwright's look for two still frames before each tap would only add 30 ms a tap.
        page.click(selector, force=True)
    piles = [page.input_value(f"#id_cards_{t}") for t in (0, 1)]

    def carried(response):
        if response.request.method != "POST" or "/hands/" not in response.url:
            return False
        posted = parse_qs(response.request.post_data or "", keep_blank_values=True)
        return [posted.get(f"cards_{t}", [""])[0] for t in (0, 1)] == piles

    # Playwright hands over events only while the test is in one of its calls: none can come
    # between this look at the answers so far and the wait for the next.
    if not any(carried(response) for response in answers):
        page.wait_for_event("response", carried)
    page.remove_listener("response", keep)
    settled(page)


def counted_total(page):
    return int(page.inner_text("#card-counts [data-total='all']"))


def contract(page, hand):
    pick(page, "declarer", hand["declarer"])
    pick(page, "contract", f"{hand['level']} {hand['bid']}")
    for flag in ("dummy", "open", "stuck"):
        if hand.get(flag):
            with live_update(page):
                page.click(f"#play label:has(input[name={flag}])")
    pick(page, "tricks", str(hand["tricks"]))
    for t, team in enumerate((AC, BD)):
        if hand.get("discards", {}).get(team):
            set_number(page, f"discards_{t}", hand["discards"][team])


def quick_counts(page, hand):
    """Both teams' counts as chips: before the last deal nothing is filled in."""
    for rank, n in hand["card_counts"][AC].items():
        chip(page, f"count_0_{rank}", n)
    for rank, n in hand["card_counts"][BD].items():
        chip(page, f"count_1_{rank}", n)


def test_a_cardigan_game_from_the_grid_to_the_full_suits(live_server, phone, shoot, axe):
    base = live_server.url
    page = phone
    sign_up(page, base)
    page.click("text=New session")
    page.click("button:has-text('Start the session')")
    page.click("text=New game")
    page.click("a.choice:has-text('Cardigan')")
    for seat, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
        page.fill(f"#id_seat_{seat}", name)
    page.click("button:has-text('Start the game')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))
    assert "Deal 1 of 4: Ana deals; cards count \u00d71." in page.inner_text(".deal-status")
    shoot(page, "cardigan-01-new-game")
    axe(page, "new game")

    # Deal 1, Ana deals: Ben makes 2 hearts with 9 tricks. The cards, tap by tap.
    page.click("text=Add deal 1")
    contract(page, EXAMPLE[0])
    facts = page.inner_text("#contract-facts")
    assert "V = 200" in facts and "Contract bonus to Ben & Dee: 400" in facts
    assert "Made: 9 tricks, 8 needed, 1 over." in page.inner_text("#verdict")
    ana_cy = cards_in_order({card: 1 for card in EXAMPLE[0]["cards"][AC]})
    tap_cards(page, *(f"#card-{card}" for card in ana_cy), "#card-2S")  # one too many...
    assert page.get_attribute("#card-2S", "aria-label").endswith(
        "1 with Ana & Cy, 0 with Ben & Dee"
    )
    with live_update(page):  # ...held down, it goes back
        page.hover("#card-2S")
        page.mouse.down()
        # Held until the grid has taken the card back, however long its timer took.
        expect(page.locator("#card-counts [data-total='all']")).to_have_text("16")
        page.mouse.up()
    assert counted_total(page) == 16
    pick(page, "team", "1")
    spades = ("JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S")
    suits = ("#card-grid .suit-head[value=H]", "#card-grid .suit-head[value=C]")
    tap_cards(page, *suits, *(f"#card-{card}" for card in spades))
    assert counted_total(page) == 52
    assert page.inner_text("#card-AS .held") == "1\u00b70"
    preview = page.inner_text(".preview")
    assert "+453" in preview and "+2587" in preview
    assert no_horizontal_scroll(page)
    shoot(page, "cardigan-02-deal-1-grid")
    # Scrolled down the grid, the team switch and the running count stay in view.
    page.locator("#card-4C").scroll_into_view_if_needed()
    assert page.locator("#team").bounding_box()["y"] >= 0
    page.screenshot(path=str(ARTIFACTS / "cardigan-02-deal-1-grid-scrolled.png"))
    page.evaluate("window.scrollTo(0, 0)")
    axe(page, "deal entry on the grid")
    save(page, base, game_id)
    assert Game.objects.get(pk=game_id).hands.get().record["cards"][AC] == ana_cy

    # Deals 2 and 3 in quick mode; Cy shows a pair before the bidding of deal 2.
    page.click("text=Add deal 2")
    pick(page, "mode", "quick")
    with live_update(page):
        page.click("#pairs_2 label:has(input[value='1'])")
    assert "1000" in page.inner_text("#worth-2")
    contract(page, EXAMPLE[1])
    quick_counts(page, quick(EXAMPLE[1]))
    shoot(page, "cardigan-03-deal-2-quick")
    axe(page, "deal entry in quick mode")
    save(page, base, game_id)

    page.click("text=Add deal 3")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert page.is_checked("#mode input[value=quick]")  # the table keeps its way
    contract(page, EXAMPLE[2])
    quick_counts(page, quick(EXAMPLE[2]))
    save(page, base, game_id)
    shoot(page, "cardigan-04-board-after-3")
    axe(page, "scoreboard")

    # Deal 4: one team's counts give the other's, then the full suits of the game.
    page.click("text=Add deal 4")
    contract(page, EXAMPLE[3])
    for rank, n in quick(EXAMPLE[3])["card_counts"][AC].items():
        chip(page, f"count_0_{rank}", n)
    # What the packs left of each rank, less Ana & Cy's: the app's, shown as filled in.
    assert page.input_value("input[name=count_1_A]:checked") == "0"
    assert page.locator("#quick .chips-row.filled").count() == 6
    full_suits = full_suits_of(EXAMPLE)
    for t, team in enumerate((AC, BD)):
        for suit, n in full_suits[team].items():
            if n:
                chip(page, f"full_{t}_{suit}", n)
    preview = page.inner_text(".preview")
    assert "Full suits at the end of the game" in preview and "Ana & Cy win." in preview
    shoot(page, "cardigan-05-deal-4-full-suits")
    axe(page, "last deal with the full suits")
    assert no_horizontal_scroll(page)
    save(page, base, game_id)

    game = Game.objects.get(pk=game_id)
    assert game.meta["sheet_top"]["full_suits"] == full_suits
    score = score_sheet(read_sheet(sheet_of(game)))
    assert score.standings[AC] == EXPECTED["standings"][AC] + 1000  # Cy's pair
    assert score.standings[BD] == EXPECTED["standings"][BD]
    for name, total in score.standings.items():
        shown = page.inner_text(f".standing:has(.who:text-is('{name}')) .total")
        assert shown.replace("\u2212", "-") == str(total)
    assert "Game over: Ana & Cy win." in page.inner_text(".status.done")
    assert "Full suits" in page.inner_text(".full-suits-board")
    shoot(page, "cardigan-06-board-final")
    axe(page, "final scoreboard")
    assert no_horizontal_scroll(page)

    page.emulate_media(color_scheme="dark")
    shoot(page, "cardigan-07-board-final-dark")
    axe(page, "final scoreboard, dark")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base}/games/{game_id}/hands/1/")
    assert no_horizontal_scroll(page)
    shoot(page, "cardigan-08-edit-grid-dark-360")
    axe(page, "grid, dark, 360 px")
    page.goto(f"{base}/games/{game_id}/hands/4/")
    assert no_horizontal_scroll(page)
    shoot(page, "cardigan-09-edit-last-deal-dark-360")


def test_in_the_last_deal_the_rest_of_the_packs_goes_to_one_team_in_a_tap(
    live_server, browser, user, shoot, axe
):
    from games.models import Session
    from games.records.imports import import_sheet

    data = json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())
    last = data["hands"].pop()
    game = import_sheet(Session.objects.create(group=user.owned_groups.first()), data)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    base = live_server.url
    log_in(page, base)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    contract(page, last)
    pick(page, "team", "1")
    tap_cards(page, "#card-2C")
    assert page.get_attribute("#card-2H", "data-most") == "1"  # three deals used three
    tap_cards(page, "#give-rest")  # to the other team: Ana & Cy
    assert counted_total(page) == 52
    assert page.inner_text("#card-3C .held") == "1\u00b70"
    preview = page.inner_text(".preview")
    assert "Ana & Cy win." in preview
    assert "98013" in preview and "38402" in preview
    assert no_horizontal_scroll(page)
    shoot(page, "cardigan-10-last-deal-rest-360")
    axe(page, "last deal, the rest given")
    page.click("button[name=save][value='1']")
    page.wait_for_url(f"{base}/games/{game.pk}/")
    assert Game.objects.get(pk=game.pk).hands.count() == 4
    context.close()


def test_without_javascript_each_card_is_a_button_that_posts_the_form(
    live_server, browser, user, shoot
):
    from games.models import Session
    from games.records.imports import import_sheet

    data = json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())
    data["hands"] = []
    game = import_sheet(Session.objects.create(group=user.owned_groups.first()), data)
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    base = live_server.url
    log_in(page, base)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    page.click("#card-AS")
    page.wait_for_url(re.compile(r"#card-AS$"))
    assert page.inner_text("#card-AS .held") == "1\u00b70"
    page.click("#team label:has(input[value='1'])")
    page.click("#card-KH")
    page.wait_for_url(re.compile(r"#card-KH$"))
    assert page.inner_text("#card-KH .held") == "0\u00b71"
    assert page.inner_text("#card-AS .held") == "1\u00b70"
    page.click("#card-grid .suit-head[value=C]")
    page.wait_for_url(re.compile(r"#card-grid$"))
    assert page.inner_text("#team [data-total='1']") == "14"
    shoot(page, "cardigan-11-no-javascript")
    context.close()


def test_a_count_typed_while_a_tap_is_on_its_way_stays_as_typed(live_server, phone, user):
    game = make_game(user, kind="cardigan")
    page = phone
    base = live_server.url
    log_in(page, base)
    page.goto(f"{base}/games/{game.pk}/hands/new/")
    pick(page, "mode", "quick")
    contract(page, EXAMPLE[1] | {"discards": {}})
    with held(page, is_update) as update:
        page.click("#quick label:has(> input[name='count_0_A'][value='3'])")
        page.click("#id_discards_0")
        page.keyboard.type("2")
        with live_update(page):
            update.release()  # the answer lands while the discards are being typed
    # The answer came back (Ana & Cy's 3 aces; Ben & Dee's left for the table, deal 1's deck
    # being unknown) and left the discards as they are being typed.
    assert page.is_checked("input[name=count_0_A][value='3']")
    assert not page.locator("input[name=count_1_A]:checked").count()
    assert page.input_value("#id_discards_0") == "2"
    assert page.evaluate("document.activeElement.id") == "id_discards_0"


def test_the_grid_stays_under_the_thumb_when_a_taps_answer_lands(live_server, phone, user):
    """The grid posts its piles once the taps pause. The answer must not move the page: htmx
    took the card last tapped for the post's submitter, and its formaction ("#card-AS",
    for the page without JavaScript) for an anchor to scroll to once the answer landed."""
    game = make_game(user, kind="cardigan")
    page = phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    with held(page, is_update) as answer:
        page.click("#card-AS")  # scrolled to the middle of the screen, as far as need be
        answer.wait()
        where = page.evaluate("scrollY")
        with live_update(page):
            answer.release()
    assert page.inner_text("#card-counts [data-total='all']") == "1"
    assert page.evaluate("scrollY") == where


def test_a_greyed_card_says_why_when_tapped_and_a_whole_suit_says_what_it_skipped(
    live_server, small_phone, user, shoot
):
    hands = real_game(1)
    game = make_game(user, "cardigan", ("Ana", "Ben", "Cy", "Dee"), hands=hands[:3])
    used = Counter(card for hand in hands[:3] for pile in hand["cards"].values() for card in pile)
    gone = [card for card in cards_in_order(Counter(deck())) if used[card] == 4]
    suit = gone[0][-1]
    log_in(small_phone, live_server.url)
    small_phone.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    small_phone.wait_for_load_state()
    grid_in_view(small_phone)
    shown = small_phone.locator(".face").filter(has_text=re.compile(f"^{face(gone[0])}$"))
    greyed = small_phone.locator("#card-grid .cell").filter(has=shown)
    expect(greyed).to_have_attribute("aria-disabled", "true")  # read out as unavailable...
    greyed.click(force=True)  # ...yet a thumb can tap it (Playwright waits for no such one)
    note = small_phone.locator("#grid-note")
    expect(note).to_have_text(
        f"No {face(gone[0])} left: the four packs hold 4 and all 4 are taken."
    )
    small_phone.get_by_role("button", name=f"All 13 {SUIT_NAMES[suit]}, one of each").click()
    skipped = [face(card) for card in gone if card.endswith(suit)]
    expect(note).to_contain_text(f"All {SUIT_SYMBOLS[suit]} put in the {13 - len(skipped)} ")
    expect(note).to_contain_text(f"{skipped[-1]} {'have' if len(skipped) > 1 else 'has'} none left")
    # The discard steppers name their team, whole at 360 px.
    expect(small_phone.locator("#discards")).to_contain_text("Ana & Cy")
    expect(small_phone.locator("#discards")).to_contain_text("Ben & Dee")
    assert no_horizontal_scroll(small_phone)
    shoot(small_phone, "cardigan-deal-4-greyed-card-360")


def test_card_points_of_three_digits_show_whole_in_their_field_at_360_px(
    live_server, small_phone, user
):
    # A newcomer's walk typed 120 and saw "12": the field cut its last digit.
    game = make_game(user, kind="cardigan")
    page = small_phone
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    pick(page, "mode", "points")
    for team in (0, 1):
        field = page.locator(f"#id_points_{team}")
        field.fill("572")  # the most a team can take: an ace's 11 for each of 52 cards
        shown = field.evaluate("input => input.scrollWidth <= input.clientWidth")
        assert shown, f"team {team}'s 572 does not fit its field"
