"""Hands entered with no signal, for tests/e2e/test_queue.py: what each game's form offers
offline, tapped without waiting for any answer (none comes), one hand after another.

Offline the form stays as drawn: nothing the server works out appears (the last count
filled in, chips greyed out, fields a choice would reveal), so each hand taps every count
itself, on the fields the blank form shows. `HANDS[kind]` are the hands in order; a hand is
a function of the page (the hand's number is read from the page where the dealer matters).
"""

import json

from playwright.sync_api import expect

from tests.e2e.typical import PLAYERS

SAVE = "button[name=save][value='1']"


def click(page, selector):
    page.locator(selector).first.click()


def chip(page, field, value):
    click(page, f"label:has(> input[name='{field}'][value='{value}'])")


def number(page) -> int:
    return int(page.input_value("#entry input[name=number]"))


# --- Tridge: four people; the dealer sits out, so the tricks' rows follow the deal ---------
def tridge_played(trumps="clubs", tricks=(5, 3, 1)):
    def enter(page):
        people = list(PLAYERS["tridge"])
        dealer = people[(number(page) - 1) % 4]
        in_play = [name for name in people if name != dealer]
        click(page, f"#player label:has-text('{in_play[0]}')")
        click(page, "#bid label:has-text('Play')")
        click(page, f"#trumps label:has-text('{trumps}')")
        for name, taken in zip(in_play, tricks, strict=True):
            chip(page, f"tricks_{people.index(name)}", taken)
        click(page, SAVE)

    return enter


def tridge_passed(page):
    click(page, "#kind label:has-text('All passed')")
    click(page, SAVE)


# --- Contractor: three people, a contract each hand; a redeal keeps the dealer -------------
def contractor_played(contractor, strain="clubs", tricks=(7, 2, 1)):
    def enter(page):
        people = list(PLAYERS["contractor"])
        click(page, f"#contractor label:has(input[value='{contractor}'])")
        click(page, f"#strain label:has(input[value='{strain}'])")
        at = people.index(contractor)
        for offset, taken in enumerate(tricks):
            chip(page, f"tricks_{(at + offset) % 3}", taken)
        click(page, SAVE)

    return enter


def contractor_redeal(page):
    click(page, "button[name=save][value='redeal']")


# --- Bid Fair: two people; the points alone counted (as the hand before, entered online) ---
def bid_fair_played(points=(40, 71), shown=None):
    def enter(page):
        if shown:
            click(page, f"#bid_0 input[value='{shown}']")
        click(page, "#cut .bf-suit input[value='S']")
        page.fill("#id_points_0", str(points[0]))
        page.fill("#id_points_1", str(points[1]))
        click(page, SAVE)

    return enter


def bid_fair_redeal(page):
    click(page, "#kind label:has-text('Both passed')")
    click(page, SAVE)


# --- Cardigan: four deals, card by card on the grid (the phone counts it, offline too) ----
# Half the cards each: the declarers take 7 tricks, the others 6 and two discards (a trick
# holds 1 to 4 cards).
def cardigan_played(declarer, level, bid, suits=("S", "H")):
    def enter(page):
        click(page, f"#declarer label:has(input[value='{declarer}'])")
        click(page, f"#contract label:has(input[value='{level} {bid}'])")
        click(page, "#tricks label:has(input[value='7'])")
        others = 1 - list(PLAYERS["cardigan"]).index(declarer) % 2
        for _ in range(2):
            click(page, f"#discards .stepper:has(#id_discards_{others}) button[data-step='1']")
        for team, held in ((0, suits), (1, [s for s in "SHDC" if s not in suits])):
            click(page, f"#team label.seat-{team}")
            for suit in held:
                click(page, f"button.suit-head[value='{suit}']")
        expect(page.locator("#card-counts [data-total='all']")).to_have_text("52")
        click(page, SAVE)

    return enter


def cardigan_level(level, bid):
    """Only the level changed: the cards kept stay as they were counted."""

    def enter(page):
        click(page, f"#contract label:has(input[value='{level} {bid}'])")
        click(page, SAVE)

    return enter


HANDS = {
    "tridge": [
        tridge_played(),
        tridge_played("hearts"),
        tridge_played(tricks=(6, 2, 1)),
        tridge_passed,
        *[tridge_played(trumps) for trumps in ("spades", "diamonds", "clubs", "hearts")],
        tridge_passed,
        *[tridge_played(tricks=(4, 4, 1)) for _ in range(3)],
    ],
    "contractor": [
        contractor_played("Ana"),
        contractor_played("Ben", "hearts", (5, 3, 2)),
        contractor_redeal,
        contractor_played("Cy", "spades"),
        *[contractor_played(who) for who in ("Ana", "Ben", "Cy", "Ana")],
        contractor_redeal,
        *[contractor_played(who, "diamonds", (6, 2, 2)) for who in ("Ben", "Cy", "Ana")],
    ],
    "bid_fair": [
        bid_fair_played(),
        bid_fair_played((60, 51)),
        bid_fair_redeal,
        *[bid_fair_played((50 + n, 61 - n)) for n in range(8)],
        bid_fair_redeal,
    ],
    # A game is four deals: all four offline.
    "cardigan": [
        cardigan_played("Ana", 4, "no_trump"),
        cardigan_played("Ben", 3, "spades", ("D", "C")),
        cardigan_played("Cy", 5, "hearts"),
        cardigan_played("Dee", 4, "no_trump", ("H", "D")),
    ],
}

# Which hand is changed, and how, after the next one is entered (a correction of an earlier
# offline hand): (its index in HANDS, the new entry, the index after which it is changed).
CHANGES = {
    "tridge": (1, tridge_played("spades"), 5),
    "contractor": (1, contractor_played("Ben", "spades", (6, 3, 1)), 5),
    "bid_fair": (1, bid_fair_played((70, 41)), 5),
    "cardigan": (1, cardigan_level(2, "spades"), 2),
}

QUEUE = """() => { const key = Object.keys(localStorage).find(k => k.startsWith('queue:'));
  return key ? JSON.parse(localStorage.getItem(key)) : []; }"""


def queued(page) -> list:
    """The hands kept on this phone, as queue.js keeps them."""
    return page.evaluate(QUEUE)


def as_posted(hand: dict, token: str) -> str:
    """A kept hand as its form posts it, for the same hand entered online elsewhere."""
    from urllib.parse import urlencode

    pairs = [(name, value) for name, values in hand["values"].items() for value in values]
    pairs += [("csrfmiddlewaretoken", token), ("number", hand["number"]), tuple(hand["button"])]
    return urlencode(pairs)


def dumps(hands) -> str:
    return json.dumps(hands, indent=1)
