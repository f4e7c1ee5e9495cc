"""A Tridge evening on a phone: sign up, seat four, play six hands, fix one, settle."""

import re
from decimal import Decimal

import pytest

from games.engine.registry import read_sheet, score_sheet
from games.models import Game
from games.play.services import sheet_of
from tests.e2e.conftest import no_horizontal_scroll
from tests.e2e.helpers import chip, choose, chosen, pick, save, settled, sign_up, tap

pytestmark = pytest.mark.django_db(transaction=True)


def play(page, player=None, bid="Play", trumps="clubs", honours="0", tricks=(), kind=None):
    if kind:
        choose(page, "kind", kind)
    if player:
        choose(page, "player", player)
    choose(page, "bid", bid)
    choose(page, "trumps", trumps)
    choose(page, "honours", honours)
    for field, value in tricks:
        chip(page, field, value)


def test_a_tridge_evening_from_sign_up_to_settlement(live_server, phone, shoot, axe):
    base = live_server.url
    page = phone
    page.goto(base + "/")
    shoot(page, "tridge-01-home")
    axe(page, "home")
    sign_up(page, base)
    page.click("text=New session")
    page.fill("#id_place", "The Crown")
    shoot(page, "tridge-02-new-session")
    axe(page, "new session")
    page.click("button:has-text('Start the session')")
    page.click("text=New game")
    shoot(page, "tridge-03-choose-game")
    page.click("a.choice:has-text('Tridge')")
    for seat, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
        page.fill(f"#id_seat_{seat}", name)
    shoot(page, "tridge-04-new-game")
    axe(page, "new game")
    page.click("button:has-text('Start the game')")
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))

    # Hand 1, Ana deals and sits out: Ben plays clubs with three honours and wins.
    page.click("text=Add hand 1")
    play(page, "Ben", "Play", "clubs", "3", [("tricks_1", 5), ("tricks_2", 3)])
    assert chosen(page, "tricks_3") == "1"  # the last is filled in
    assert "Ben wins and takes the game fund (20)" in page.inner_text(".preview")
    shoot(page, "tridge-05-hand-entry")
    axe(page, "hand entry")
    assert no_horizontal_scroll(page)
    save(page, base, game_id)

    # Hand 2, Ben deals: everybody passes.
    page.click("text=Add hand 2")
    tap(page, "#kind label:has-text('All passed')")
    assert "everyone pays 5" in page.inner_text(".preview")
    save(page, base, game_id)

    # Hand 3, Cy deals: Dee bids all tricks in hearts and takes all nine.
    page.click("text=Add hand 3")
    play(page, "Dee", "All tricks", "hearts", "4", [("tricks_0", 0), ("tricks_1", 0)])
    save(page, base, game_id)

    # Hand 4, Dee deals and comes in after three passes, playing spades.
    page.click("text=Add hand 4")
    pick(page, "kind", "incomer")
    play(page, None, "Play", "spades", "0", [("tricks_0", 2), ("tricks_1", 2), ("tricks_2", 2)])
    assert chosen(page, "tricks_3") == "3"
    save(page, base, game_id)

    # Hand 5, Ana deals and pays to come in, then declines.
    page.click("text=Add hand 5")
    tap(page, "#kind label:has-text('In-comer declined')")
    save(page, base, game_id)

    # Hand 6, Ben deals: Ana plays diamonds, wins five and goes for all, taking seven.
    page.click("text=Add hand 6")
    play(page, "Ana", "Play", "diamonds", "1", [("tricks_0", 7), ("tricks_2", 1)])
    page.check("#id_went_for_all")
    settled(page)
    save(page, base, game_id)
    shoot(page, "tridge-06-scoreboard")
    axe(page, "scoreboard")
    assert no_horizontal_scroll(page)

    # Hand 2 was really not valid: correct it three hands back.
    page.click(f"a[href='/games/{game_id}/hands/2/']")
    tap(page, "#kind label:has-text('Not valid')")
    shoot(page, "tridge-07-edit-hand")
    save(page, base, game_id)

    game = Game.objects.get(pk=game_id)
    assert [hand.record.get("void") for hand in game.hands.all()][1] is True
    score = score_sheet(read_sheet(sheet_of(game)))
    for name, total in score.standings.items():
        shown = page.inner_text(f".standing:has(.who:text-is('{name}')) .total")
        assert shown.replace("\u2212", "-") == str(total)
    assert game.revisions.count() == 1

    page.goto(f"{base}/games/{game_id}/hands/2/history/")
    assert "All passed" in page.inner_text("main")
    shoot(page, "tridge-08-hand-history")
    axe(page, "hand history")

    page.goto(f"{base}/games/{game_id}/")
    page.click("text=Settle up")
    tap_settle = page.locator("#id_split_funds_1")
    tap_settle.check()
    # A decimal comma, as half of Europe types it: 0.05 a chip, not 5 (issue 17).
    page.fill("#id_chip_value", "0,05")
    page.click("button:has-text('Keep these choices')")
    page.wait_for_load_state()  # the new page whole, not as far as it is parsed
    assert "Kept: the funds shared out, 0.05 a chip." in page.inner_text("main")
    text = page.inner_text("main")
    assert "pays" in text
    chips, money = re.search(r"(\d+) chips? \(([\d.]+)\)", page.inner_text(".payments li")).groups()
    assert Decimal(money) == Decimal(chips) * Decimal("0.05")
    shoot(page, "tridge-09-settlement")
    axe(page, "settlement")
    assert no_horizontal_scroll(page)
