"""The issue's stake walk, on a phone at 390 px: chips left at 0.05 keep their value when a
match at 0.10 takes them and shares them out.

The issue: a match at 0.05 a chip left 120 chips on the table, and the people paid the
table 6.00 for them; the next match, at 0.10, took them and split its funds equally, and
every screen had the table pay out 12.00. Here the same is played through the screens a
table uses (sessions, the new game form, the settlements, the group's and the players'
pages); the hands are seeded, as the hand entry is not what is tested.

Ana, Ben, Cy and Dee, in ana's table.

Evening 1 (20 Nov), one match at 0.05 a chip, one hand planned: Ben bids no change in
clubs with three honours and wins. Chips: Ana −48, Ben +24, Cy −48, Dee −48; the 120 in
the funds (game fund 20, widow's 100) are kept on the table. Money: Ana −2.40, Ben +1.20,
Cy −2.40, Dee −2.40, the table +6.00. The evening's payments, each marked paid on its
page: Dee pays the table 2.40, Cy pays the table 2.40, Ana pays the table 1.20, Ana pays
Ben 1.20. The table has been paid 6.00 for its 120 chips.

Evening 2 (27 Nov): the new game form offers the 120 chips "worth 6.00 (0.05 a chip)" and
fills in 0.05; the table changes it to 0.10, is told what that means (each of the 4
players pays 1.50 into the table to make them up to 12.00), ticks "all the same" and
starts. Two hands planned: Cy wins the first (clubs, three honours), Dee loses the second
to Ana (spades). The funds, 240 chips, are split equally now: 60 each.

| | chips | share | at 0.10 | made up | money |
|---|---|---|---|---|---|
| Cy | +14 | +60 | +7.40 | −1.50 | +5.90 |
| Ana | −18 | +60 | +4.20 | −1.50 | +2.70 |
| Ben | −38 | +60 | +2.20 | −1.50 | +0.70 |
| Dee | −78 | +60 | −1.80 | −1.50 | −3.30 |
| the table | | | | | −6.00 |

The table pays out the 6.00 it was paid, no more: the evening's payments, and the group's,
are the table pays Cy 5.90, Dee pays Ana 2.70, Dee pays Ben 0.60, the table pays Ben 0.10.
What each screen showed is printed at the end (`pytest -s`).
"""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from games.models import Game
from games.play import services
from games.play.groups import first_group
from tests.e2e.conftest import PHONE, SMALL_PHONE, no_horizontal_scroll
from tests.e2e.helpers import log_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

PEOPLE = ("Ana", "Ben", "Cy", "Dee")
FIRST, SECOND = "2026-11-20", "2026-11-27"
# Evening 1's one hand (Ana deals): Ben bids no change in clubs, three honours, and wins.
BEN_NO_CHANGE = {
    "player": "Ben",
    "bid": "no_change",
    "trumps": "C",
    "honours": 3,
    "tricks": {"Ben": 5, "Cy": 3, "Dee": 1},
}
# Evening 2's two hands: Ana deals, Cy plays clubs with three honours and wins; Ben deals,
# Dee plays spades and loses, Ana taking the most tricks.
CY_WINS = {
    "player": "Cy",
    "bid": "play",
    "trumps": "C",
    "honours": 3,
    "tricks": {"Cy": 5, "Dee": 3, "Ben": 1},
}
DEE_LOSES = {
    "player": "Dee",
    "bid": "play",
    "trumps": "S",
    "honours": 0,
    "tricks": {"Dee": 2, "Ana": 5, "Cy": 2},
}


def amount(text: str) -> Decimal:
    return Decimal(text.strip().replace("\u2212", "-").replace("+", ""))


def said(text: str) -> str:
    return " ".join(text.replace("\u2212", "-").split())


def texts(page, selector) -> list[str]:
    return [said(text) for text in page.locator(selector).all_inner_texts()]


def results(page) -> dict[str, Decimal]:
    """Each party's figure on an evening's settlement or the group's Settle up."""
    return {
        row.locator(".who").inner_text(): amount(row.locator(".total").inner_text())
        for row in page.locator(".evening-results li").all()
    }


def standings(page) -> dict[str, tuple[int, Decimal]]:
    """Each person's chips and money on a match's settlement."""
    return {
        row.locator(".who").inner_text(): (
            int(amount(row.locator(".total").inner_text())),
            amount(row.locator(".muted").inner_text()),
        )
        for row in page.locator("[aria-labelledby=results-title] .standings li").all()
    }


def paid_to(payments: list[str], payee: str) -> Decimal:
    """What these payments ("X pays Y 1.20") pay `payee`."""
    return sum(
        (Decimal(p.rsplit(" ", 1)[1]) for p in payments if p.split(" pays ")[1].startswith(payee)),
        Decimal(0),
    )


def paid_by(payments: list[str], payer: str) -> Decimal:
    return sum(
        (Decimal(p.rsplit(" ", 1)[1]) for p in payments if p.startswith(f"{payer} pays ")),
        Decimal(0),
    )


def shown(seen: dict) -> list[str]:
    """The figures read, a screen a line, as the closing note of the issue gives them."""

    def figure(value) -> str:
        if isinstance(value, tuple):
            chips, money = value
            return f"{chips:+} chips, {money:+}"
        return f"{value:+}" if isinstance(value, Decimal) else str(value)

    lines = []
    for screen, figures in seen.items():
        if isinstance(figures, dict):
            figures = [f"{name} {figure(value)}" for name, value in figures.items()]
        lines.append(f"- {screen}: " + "; ".join(figures))
    return lines


def seed(game: int, *records):
    """Hands played at the table, stored as the hand form stores them."""
    stored = Game.objects.get(pk=game)
    for record in records:
        services.add_hand(stored, record, stored.hands.count() + 1)


def game_id(page) -> int:
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def new_session(page, group_url, date, place) -> str:
    page.goto(group_url)
    page.click("a:has-text('New session')")
    page.fill("#id_date", date)
    page.fill("#id_place", place)
    with page.expect_navigation():
        page.click("button:has-text('Start the session')")
    return page.url


def tridge_form(page, session_url, hands):
    """The new Tridge game form, its seats and planned hands filled in."""
    page.goto(session_url)
    page.click("a:has-text('New game')")
    page.click("a.choice:has-text('Tridge')")
    for seat, name in enumerate(PEOPLE):
        page.fill(f"#id_seat_{seat}", name)
    page.click("details.settings summary")
    page.fill("#id_rule_hands", str(hands))


def start(page):
    with page.expect_navigation():
        page.click("button:has-text('Start the game')")


def test_chips_left_at_one_value_are_paid_out_at_that_value_by_a_match_at_another(
    live_server, phone, user, shoot, axe
):
    base = live_server.url
    page = phone
    group = first_group(user)
    group_url = f"{base}/groups/{group.pk}/"
    log_in(page, base)
    seen = {}  # what each screen showed, printed at the end

    def check(name, narrow=False):
        """Shoot the screen at 390 px, and at 360 where it is a settlement; axe both."""
        shoot(page, f"chips-value-{name}")
        axe(page, name)
        assert no_horizontal_scroll(page), f"{name} scrolls sideways at 390 px"
        if narrow:
            page.set_viewport_size(SMALL_PHONE)
            shoot(page, f"chips-value-{name}-360")
            axe(page, f"{name} at 360 px")
            assert no_horizontal_scroll(page), f"{name} scrolls sideways at 360 px"
            page.set_viewport_size(PHONE)

    # --- evening 1: a match at 0.05 a chip leaves its 120 chips on the table ------------
    evening1 = new_session(page, group_url, FIRST, "Ana's")
    tridge_form(page, evening1, hands=1)
    page.fill("#id_stake", "0.05")
    start(page)
    match1 = game_id(page)
    seed(match1, BEN_NO_CHANGE)
    page.goto(f"{base}/games/{match1}/tridge/settlement/")
    expect(page.locator(".table-lines")).to_contain_text(
        "The table keeps the 120 chips in the funds, worth 6.00"
    )
    seen["match 1"] = standings(page)
    assert seen["match 1"] == {
        "Ben": (24, Decimal("1.20")),
        "Ana": (-48, Decimal("-2.40")),
        "Cy": (-48, Decimal("-2.40")),
        "Dee": (-48, Decimal("-2.40")),
    }
    check("01-match-1-settlement")

    page.goto(evening1)
    with page.expect_navigation():
        page.click("main a:has-text('Settle up')")
    seen["evening 1"] = results(page)
    assert seen["evening 1"] == {
        "The table": Decimal("6.00"),
        "Ben": Decimal("1.20"),
        "Ana": Decimal("-2.40"),
        "Cy": Decimal("-2.40"),
        "Dee": Decimal("-2.40"),
    }
    seen["evening 1 payments"] = texts(page, ".evening-payments:not(.history) .what")
    assert seen["evening 1 payments"] == [
        "Dee pays the table 2.40",
        "Cy pays the table 2.40",
        "Ana pays the table 1.20",
        "Ana pays Ben 1.20",
    ]
    check("02-evening-1-settle")
    # Each payment is marked paid on the evening's page, those to the table too.
    unpaid = page.locator(".evening-payments:not(.history) li button[name=whole]")
    for _ in seen["evening 1 payments"]:
        with page.expect_navigation():
            unpaid.first.click()
    expect(unpaid).to_have_count(0)
    expect(page.locator(".evening-payments:not(.history) .state")).to_have_text(["Paid"] * 4)
    expect(page.locator(".evening-payments.history li")).to_have_count(4)
    check("03-evening-1-paid", narrow=True)

    page.goto(group_url)
    table = page.locator("#on-the-table")
    expect(table).to_contain_text("120 chips left on 20 Nov by Ana, Ben, Cy and Dee")
    expect(table).to_contain_text("worth 6.00 (0.05 a chip)")
    expect(page.locator("#settle-up")).to_contain_text("All square")
    seen["group page after evening 1"] = [said(table.inner_text())]
    check("04-group-page-after-evening-1")

    # --- evening 2: the new game form offers the chips at their value -----------------
    evening2 = new_session(page, group_url, SECOND, "Ben's")
    tridge_form(page, evening2, hands=2)
    offer = page.get_by_label("120 chips left on", exact=False)
    expect(offer).to_have_count(1)
    expect(page.locator("#id_leftover")).to_contain_text(
        "120 chips left on 20 Nov by Ana, Ben, Cy and Dee, worth 6.00 (0.05 a chip)"
    )
    expect(page.locator("#id_stake")).to_have_value("0.05")  # chips keep their value
    offer.check()
    check("05-new-game-offers-the-chips")
    page.fill("#id_stake", "0.10")
    start(page)
    question = page.locator("#id_other_value_field")
    expect(question).to_contain_text(
        "The 120 chips on the table were left at 0.05 a chip and are worth 6.00; at 0.10 a "
        "chip they would be worth 12.00, so each of the 4 players pays 1.50 into the table "
        "to make up the difference. To keep their value, set the money per chip to 0.05; to "
        "start at the value you chose, tick the box below."
    )
    expect(page.locator(".error-summary")).to_be_visible()
    seen["new game question"] = [said(question.inner_text())]
    # The seats, the chosen pile and the new value are kept while the form asks.
    expect(page.locator("#id_seat_3")).to_have_value("Dee")
    expect(page.locator("#id_stake")).to_have_value("0.10")
    expect(page.get_by_label("120 chips left on", exact=False)).to_be_checked()
    check("06-new-game-asks")
    page.get_by_label("Start at 0.10 a chip all the same").check()
    start(page)
    expect(page.locator(".messages")).to_contain_text("The chips from the table are in play.")
    match2 = game_id(page)
    seed(match2, CY_WINS, DEE_LOSES)

    # The match is over: its funds are split equally now.
    page.goto(f"{base}/games/{match2}/tridge/settlement/")
    page.locator("#settle-options label:has-text('Split them equally now')").click()
    with page.expect_navigation():
        page.click("button:has-text('Keep these choices')")
    expect(page.locator(".messages")).to_contain_text("Kept: the funds shared out, 0.10 a chip.")

    # --- what every screen says ------------------------------------------------------
    # The second match's settlement: chips with the share, and money with the made up.
    seen["match 2"] = standings(page)
    assert seen["match 2"] == {
        "Cy": (74, Decimal("5.90")),
        "Ana": (42, Decimal("2.70")),
        "Ben": (22, Decimal("0.70")),
        "Dee": (-18, Decimal("-3.30")),
    }
    lines = texts(page, ".table-lines li")
    seen["match 2 table"] = lines
    assert lines[0] == (
        "The table brought 120 chips left by the match of 20 Nov, worth 6.00 (0.05 a chip)."
    )
    assert lines[1] == (
        "At 0.10 a chip those chips are worth more: the people made up the difference, "
        "6.00 in all, equally."
    )
    assert lines[2] == "The 240 chips in the funds, worth 24.00, were shared out equally: 60 each."
    made_up = said(page.locator("[aria-labelledby=results-title] .standings + p").inner_text())
    seen["match 2 made up"] = [made_up]
    assert made_up == (
        "Each amount of money is the chips at 0.10 a chip, less the 1.50 each person paid "
        "the table to make the 120 chips the match started with worth 0.10 a chip (below)."
    )
    match_payments = texts(page, "[aria-labelledby=evening-title] .payments li")
    seen["match 2 payments"] = match_payments
    assert match_payments == [
        "The table pays Cy 5.90 for the evening · not paid yet",
        "Dee pays Ana 2.70 for the evening · not paid yet",
        "Dee pays Ben 0.60 for the evening · not paid yet",
        "The table pays Ben 0.10 for the evening · not paid yet",
    ]
    check("07-match-2-settlement", narrow=True)

    # Evening 2's settlement.
    page.goto(evening2)
    with page.expect_navigation():
        page.click("main a:has-text('Settle up')")
    seen["evening 2"] = results(page)
    evening = seen["evening 2"]
    seen["evening 2 payments"] = texts(page, ".evening-payments:not(.history) .what")
    seen["evening 2 games"] = texts(page, ".evening-games .lines, .evening-games .lines + p")
    assert seen["evening 2 games"] == [
        "The table -120 (-6.00) Ana +42 (+2.70) Ben +22 (+0.70) Cy +74 (+5.90) Dee -18 (-3.30)",
        "The money counts the 1.50 each person paid the table to make the chips this game "
        "started with worth 0.10 a chip.",
    ]
    check("08-evening-2-settle", narrow=True)

    # Evening 1 stays paid: what was paid there is not asked again.
    page.goto(f"{evening1}settle/")
    expect(page.locator(".evening-payments:not(.history) .state")).to_have_text(["Paid"] * 4)

    # The group's Settle up.
    page.goto(f"{base}/groups/{group.pk}/settle/")
    seen["settle up"] = results(page)
    seen["settle up payments"] = texts(page, ".owed .what")
    seen["settle up made"] = texts(page, ".history .did")
    check("09-group-settle-up")

    # The group's page: nothing lies on the table; what Settle up says.
    page.goto(group_url)
    expect(page.locator("#on-the-table")).to_contain_text("Nothing is on the table")
    seen["group page"] = [
        said(page.locator("#on-the-table").inner_text()),
        said(page.locator("#settle-up p").first.inner_text()),
    ]
    check("10-group-page")

    # Each player's page, and Ana's own (she says "This is me" first).
    for name in PEOPLE:
        page.goto(group_url)
        with page.expect_navigation():
            page.click(f".player-links a:text-is('{name}')")
        seen[f"{name}'s page"] = texts(page, ".money-standing li")
        check(f"11-player-{name.lower()}")
        if name == "Ana":
            with page.expect_navigation():
                page.click("button:has-text('This is me')")
    page.goto(f"{base}/me/")
    seen["ana's own page"] = texts(page, ".money-standing li")
    check("12-me")

    print("\nWhat each screen showed:\n" + "\n".join(shown(seen)))

    # --- they agree ------------------------------------------------------------------
    expected = {
        "Cy": Decimal("5.90"),
        "Ana": Decimal("2.70"),
        "Ben": Decimal("0.70"),
        "Dee": Decimal("-3.30"),
        "The table": Decimal("-6.00"),
    }
    assert evening == expected
    # Evening 1 was paid in full: the group owes what evening 2 says, no more.
    assert seen["settle up"] == expected
    # The three settlements agree on each person's total.
    for name in PEOPLE:
        assert seen["match 2"][name][1] == evening[name] == seen["settle up"][name]
    # The table pays out exactly the 6.00 it was paid in.
    paid_in = paid_to(seen["evening 1 payments"], "the table")
    assert paid_in == Decimal("6.00")
    for payments in (seen["evening 2 payments"], seen["settle up payments"]):
        assert paid_by(payments, "The table") == paid_in
        assert paid_to(payments, "the table") == 0
    expected_payments = [
        "The table pays Cy 5.90",
        "Dee pays Ana 2.70",
        "Dee pays Ben 0.60",
        "The table pays Ben 0.10",
    ]
    assert seen["evening 2 payments"] == expected_payments
    assert seen["settle up payments"] == expected_payments
    # Made up as docs/MONEY.md says: the 120 chips at 0.10 (12.00) less their worth as
    # they lay (6.00), shared equally by the match's four people: 1.50 each, which is
    # each person's result at 0.10 (chips and share) less their money.
    for name in PEOPLE:
        chips, money = seen["match 2"][name]
        assert chips * Decimal("0.10") - money == Decimal("1.50")
    assert seen["group page"][1] == "4 payments to settle everything, 9.30 in all"
    assert seen["Ana's page"] == ["ana's table: Ana is owed 2.70 overall · Settle up"]
    assert seen["Ben's page"] == ["ana's table: Ben is owed 0.70 overall · Settle up"]
    assert seen["Cy's page"] == ["ana's table: Cy is owed 5.90 overall · Settle up"]
    assert seen["Dee's page"] == ["ana's table: Dee owes 3.30 overall · Settle up"]
    assert seen["ana's own page"] == ["ana's table: you are owed 2.70 overall · Settle up"]
