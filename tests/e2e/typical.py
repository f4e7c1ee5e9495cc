"""One typical hand of each game, for the end-to-end tests that must hold for all four.

`start` makes a game at the table; `fill` enters one valid played hand on its entry
screen, tap by tap as a player would, and stops short of Save; `described` is a few
words the board then shows for it. Tests that are about saving, not about a game's
rules, run once per game over `GAMES`.
"""

import json

from tests.e2e.helpers import chip, choose, condition, live_update, pick, tap
from tests.games.cardigan.cardigan_sheets import quick
from tests.games.cardigan.real_decks import POINTS as CARD_POINTS
from tests.sheets import EXAMPLES
from tests.tables import make_game

GAMES = ("tridge", "contractor", "bid_fair", "cardigan")
# A test of how a save travels (the phones, the signal, the tabs), once the form is filled,
# is the same path in every game: it runs on half of them, and its sibling test on the
# other half, so that each game still meets each kind of trouble in its file. What is each
# game's own (its form's fields put back, its hand on the two-phones screen, its corrections
# merged) still runs on all four.
HALF = ("tridge", "cardigan")
OTHER_HALF = ("contractor", "bid_fair")

PLAYERS = {
    "tridge": ("Ana", "Ben", "Cy", "Dee"),
    "contractor": ("Ana", "Ben", "Cy"),
    "bid_fair": ("Ana", "Ben"),
    "cardigan": ("Ana", "Ben", "Cy", "Dee"),
}


def start(owner, kind, hands=()):
    """A new game of `kind` for `owner`, with `hands` (records) already played."""
    return make_game(owner, kind=kind, players=PLAYERS[kind], hands=hands)


def fill(page, kind):
    """Fill in one typical hand on the entry screen already open on `page`."""
    page.wait_for_load_state()
    FILLERS[kind](page)


def _tridge(page):
    # Ben plays in clubs with three honours and takes five tricks of nine.
    choose(page, "player", "Ben")
    choose(page, "bid", "Play")
    choose(page, "trumps", "clubs")
    choose(page, "honours", "3")
    chip(page, "tricks_1", 5)
    chip(page, "tricks_2", 3)


def _contractor(page):
    # Ana bids nil without the joker and takes no trick.
    choose(page, "contractor", "Ana")
    choose(page, "strain", "Nil")
    condition(page, "Nil without joker")
    chip(page, "tricks_0", 0)
    chip(page, "tricks_1", 6)


def _bid_fair(page):
    # Ana shows J♥, so Ben holds 50; spades are cut; the points alone are counted.
    tap(page, "#bid_0 input[value='JH']")
    tap(page, "#cut .bf-suit input[value='S']")
    tap(page, "#count label:has-text('Points only')")
    for field, points in (("points_0", 40), ("points_1", 71)):
        page.click(f"#id_{field}")
        page.keyboard.type(str(points))
        # Moving on sends the figure: a field left in use would send it again at Save.
        with live_update(page):
            page.keyboard.press("Tab")


def _cardigan(page):
    # The example's second deal, Cy's 4 no trump with dummy, 8 tricks, each team's card
    # points typed: the quickest way (entering a deal card by card or by counts has tests
    # of its own; here the save is what is tested).
    deal = quick(json.loads((EXAMPLES / "cardigan-four-deals.json").read_text())["hands"][1])
    pick(page, "mode", "points")
    pick(page, "declarer", deal["declarer"])
    pick(page, "contract", f"{deal['level']} {deal['bid']}")
    with live_update(page):
        page.click("#play label:has(input[name=dummy])")
    pick(page, "tricks", str(deal["tricks"]))
    for team, counts in enumerate(deal["card_counts"].values()):
        points = sum(CARD_POINTS[rank] * n for rank, n in counts.items())
        page.click(f"#id_points_{team}")
        page.keyboard.type(str(points))
        with live_update(page):  # moving on sends the figure, as in Bid Fair's
            page.keyboard.press("Tab")
    for t, discards in enumerate(deal.get("discards", {}).values()):
        for _ in range(discards):  # a tap on + each: nothing is left being typed
            tap(page, f"#discards .stepper:has(#id_discards_{t}) button[data-step='1']")


FILLERS = {
    "tridge": _tridge,
    "contractor": _contractor,
    "bid_fair": _bid_fair,
    "cardigan": _cardigan,
}
