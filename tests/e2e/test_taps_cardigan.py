"""Taps for a typical Cardigan deal, Save included, in the fewest the screen allows:
at most 34 card by card (one team's cards tapped, the rest given in one tap) and 16 in
quick mode; Save within two screens of a 390x844 phone."""

import json

import pytest

from games.cardigan.table import cards_in_order
from games.engine.cards import deck
from games.models import Game
from tests.e2e import typical
from tests.e2e.helpers import Taps, live_update, log_in, settled
from tests.games.cardigan.cardigan_sheets import AC, BD, quick
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = 844
# Deal 1: Cy declares 4 no trump with dummy and takes 8 tricks; each team received one
# discard. Ben & Dee's 20 cards are scattered over the pack, as a real pile is.
SCATTERED = [card for n, card in enumerate(deck()) if n % 5 in (0, 2) and n < 50]
CARDS = {BD: cards_in_order(dict.fromkeys(SCATTERED, 1))}
CARDS[AC] = [card for card in deck() if card not in CARDS[BD]]
CARD_DEAL = {
    "declarer": "Cy",
    "level": 4,
    "bid": "no_trump",
    "dummy": True,
    "tricks": 8,
    "discards": {AC: 1, BD: 1},
    "cards": CARDS,
}
QUICK_DEAL = quick(json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"][1])


def contract(tap, deal):
    tap(f"#declarer label:has(input[value='{deal['declarer']}'])")
    tap(f"#level label:has(input[value='{deal['level']}'])")
    tap(f"#bid label:has(input[value='{deal['bid']}'])")
    if deal.get("dummy"):
        tap("#play label:has(input[name=dummy])")
    tap(f"#tricks label:has(input[value='{deal['tricks']}'])")
    for t, team in enumerate((AC, BD)):
        for _ in range(deal.get("discards", {}).get(team, 0)):
            tap(f"#discards .stepper:has(#id_discards_{t}) button[data-step='1']")


def open_deal(live_server, page, user):
    game = typical.start(user, "cardigan")
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    page.wait_for_load_state()
    return game


def save_within_two_screens(page):
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(Taps.SAVE).bounding_box()
    assert box["y"] + box["height"] <= 2 * SCREEN, f"Save ends at {box['y'] + box['height']}"


def test_a_typical_deal_card_by_card_takes_at_most_34_taps(live_server, phone, user):
    page = phone
    game = open_deal(live_server, page, user)
    tap = Taps(page)
    contract(tap, CARD_DEAL)
    tap("#team label:has(input[value='1'])")
    for card in CARDS[BD]:
        tap(f"#card-{card}", wait=False)
    with live_update(page):
        tap("#give-rest", wait=False)
    settled(page)
    assert page.inner_text("#card-counts [data-total='all']") == "52"
    save_within_two_screens(page)
    tap(Taps.SAVE, wait=False)
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert tap.count <= 34
    record = Game.objects.get(pk=game.pk).hands.get().record
    assert record["cards"] == CARDS and record["tricks"] == 8 and record["dummy"]
    assert record["discards"] == CARD_DEAL["discards"]


def test_a_typical_deal_in_quick_mode_takes_at_most_16_taps(live_server, phone, user):
    page = phone
    game = open_deal(live_server, page, user)
    tap = Taps(page)
    tap("#mode label:has(input[value='quick'])")
    contract(tap, QUICK_DEAL)
    for rank, n in QUICK_DEAL["card_counts"][AC].items():
        tap(f"#quick label:has(> input[name='count_0_{rank}'][value='{n}'])")
    for rank, n in QUICK_DEAL["card_counts"][BD].items():  # filled in by the app
        assert page.input_value(f"#id_count_1_{rank}") == str(n)
    save_within_two_screens(page)
    tap(Taps.SAVE, wait=False)
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert tap.count <= 16
    record = Game.objects.get(pk=game.pk).hands.get().record
    assert record["card_counts"] == QUICK_DEAL["card_counts"]
    assert record["discards"] == QUICK_DEAL["discards"]
