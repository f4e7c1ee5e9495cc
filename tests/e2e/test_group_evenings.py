"""A table's month on five phones at 390 px: a group of five, three evenings, two hosts.

Ana signs up (her account makes the group) and the others join on its invite link, each
on a phone of their own, and each says "this is me". Ana hosts the first evening: a
Tridge match for money ended from the board with its funds kept, and a game of
Contractor; one payment is marked paid. Ben hosts the second, Ana away: a Tridge match of
other people takes the chips left last week, Play again before it is over ends it here,
the next match is ended too, and a part payment goes on the group's Settle up. On the
third evening every member sees the three sessions, the players and their own record;
every chip is followed from the match that left it to the one that took it, to what lies
on the table now, and the group's balances are every evening's results less what was paid,
as the screens show them.

Hands are seeded through the services, each a line; the screens a player touches (the
invite, the new game form, End the match, Play again, the settlements) are tapped.
"""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from games.models import Game, Leftover
from games.play import services
from tests.e2e.conftest import PHONE, no_horizontal_scroll
from tests.e2e.helpers import save, sign_up
from tests.e2e.typical import fill

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

PASSWORD = "cardtable7"
MEMBERS = ("ana", "ben", "cy", "dee", "eve")
FIRST, SECOND, THIRD = "2026-11-20", "2026-11-27", "2026-12-04"

# Contractor's example (tests/data/examples/contractor-three-hands.json), Cy's seat Eve's.
CONTRACTOR = [
    {
        "contractor": "Ben",
        "strain": "clubs",
        "kitty_foregone": 2,
        "exposed": True,
        "tricks": {"Ana": 2, "Ben": 6, "Eve": 2},
    },
    {"redeal": True},
    {
        "contractor": "Ben",
        "strain": "nil",
        "nil_without_joker": True,
        "challenger": "Eve",
        "tricks": {"Ana": 4, "Ben": 1, "Eve": 5},
    },
    {
        "contractor": "Ana",
        "strain": "spades",
        "extra_tricks": 1,
        "absolutely_sure": True,
        "sour_trumps": True,
        "tricks": {"Ana": 5, "Ben": 3, "Eve": 2},
    },
]
# Ben deals the second evening's first hand: Cy plays clubs and wins.
CY_WINS = {"player": "Cy", "bid": "play", "trumps": "C", "honours": 3}
CY_WINS["tricks"] = {"Cy": 5, "Dee": 3, "Eve": 1}


def amount(text: str) -> Decimal:
    return Decimal(text.strip().replace("\u2212", "-").replace("+", "").replace(",", ""))


def results(page) -> dict[str, Decimal]:
    """Each person's figure on an evening's or the group's settlement."""
    rows = page.locator(".evening-results li")
    return {
        row.locator(".who").inner_text(): amount(row.locator(".total").inner_text())
        for row in rows.all()
    }


def payments(page, where=".evening-payments:not(.history)") -> list[str]:
    return [" ".join(text.split()) for text in page.locator(f"{where} .what").all_inner_texts()]


def seed(game_id: int, *records):
    """Hands played at the table, stored as the hand form stores them."""
    game = Game.objects.get(pk=game_id)
    for record in records:
        services.add_hand(game, record, game.hands.count() + 1)


def game_id(page) -> int:
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def new_session(page, base, group_url, date, place):
    page.goto(group_url)
    page.click("a:has-text('New session')")
    page.fill("#id_date", date)
    page.fill("#id_place", place)
    with page.expect_navigation():
        page.click("button:has-text('Start the session')")
    return page.url


def new_game(page, session_url, kind, seats, stake, table=None, shot=None, shoot=None):
    """The new game form, as the host fills it in; `table` the radio of On the table."""
    page.goto(session_url)
    page.click("a:has-text('New game')")
    page.click(f"a.choice:has-text('{kind}')")
    for seat, name in enumerate(seats):
        page.fill(f"#id_seat_{seat}", name)
    page.fill("#id_stake", stake)
    if kind == "Contractor":
        page.click("details.settings summary")
        page.fill("#id_rule_hands", "3")
    if table is not None:
        page.get_by_label(table, exact=False).check()
    if shot:
        shoot(page, shot)
    with page.expect_navigation():
        page.click("button:has-text('Start the game')")
    return game_id(page)


def end_match(page, base, game, shot, shoot):
    """End the match here, from the board."""
    page.goto(f"{base}/games/{game}/")
    page.click("a:has-text('End the match here')")
    expect(page.locator("h1")).to_contain_text("End the match after hand")
    shoot(page, shot)
    with page.expect_navigation():
        page.click("button:has-text('End the match')")
    expect(page.locator(".messages")).to_contain_text("The match ended after hand")


def test_a_group_of_five_plays_three_evenings_with_two_hosts(live_server, browser, shoot, axe):
    base = live_server.url
    contexts = []

    def phone_of():
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
        contexts.append(context)
        return context.new_page()

    try:
        _walk(base, phone_of, shoot, axe)
    finally:
        for context in contexts:
            context.close()


def _walk(base, phone_of, shoot, axe):
    phones = {name: phone_of() for name in MEMBERS}
    ana, ben = phones["ana"], phones["ben"]

    # --- the group: Ana's account makes it; the others join on its invite link ---------
    sign_up(ana, base, "ana", PASSWORD)
    ana.click('a:has-text("ana\'s table")')
    group_url = ana.url
    invite = ana.locator("#invite-link").get_attribute("href")
    invite = invite if invite.startswith("http") else base + invite
    shoot(ana, "walk-01-group-new")
    for name in MEMBERS[1:]:
        page = phones[name]
        page.goto(invite)
        page.fill("#id_username", name)
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        if name == "ben":
            shoot(page, "walk-02-invite")
        with page.expect_navigation():
            page.click("button:has-text('Create my account and join')")
        assert page.url == group_url
    ana.goto(group_url)
    expect(ana.locator(".members li")).to_have_count(5)

    # --- evening 1, at Ana's: Tridge for money, ended here, funds kept; Contractor -----
    evening1 = new_session(ana, base, group_url, FIRST, "Ana's")
    tridge1 = new_game(ana, evening1, "Tridge", ("Ana", "Ben", "Cy", "Dee"), "0.10")
    ana.click("text=Add hand 1")
    fill(ana, "tridge")  # Ben plays clubs and wins: 20 in the game fund, 100 in the widow's
    save(ana, base, tridge1)
    seed(tridge1, {"passed": True})  # all pass: 5 more each in the game fund
    end_match(ana, base, tridge1, "walk-03-end-the-match", shoot)
    funds = ana.locator("ul.funds")
    expect(funds).to_contain_text("Game fund40")
    expect(funds).to_contain_text("Widow's fund100")
    expect(ana.locator("main")).to_contain_text(
        "the 140 chips in the funds are left on the table for the next match"
    )
    shoot(ana, "walk-04-tridge-ended")
    ana.click("a:has-text('Settle up')")
    expect(ana.locator("main")).to_contain_text("The table keeps the 140 chips in the funds")
    shoot(ana, "walk-05-tridge-settlement")

    contractor = new_game(ana, evening1, "Contractor", ("Ana", "Ben", "Eve"), "0.50")
    seed(contractor, *CONTRACTOR)

    # Everyone says who they are, on their own phone.
    for name, page in phones.items():
        page.goto(group_url)
        page.click(f".player-links a:text-is('{name.capitalize()}')")
        with page.expect_navigation():
            page.click("button:has-text('This is me')")
        expect(page.locator("#account")).to_contain_text("This is you.")
    shoot(phones["eve"], "walk-06-this-is-me")

    ana.goto(evening1)
    with ana.expect_navigation():
        ana.click("#main a:has-text('Settle up'), main a:has-text('Settle up')")
    shoot(ana, "walk-07-evening-1-settle")
    first = results(ana)
    owed1 = payments(ana)
    assert first == {
        "Eve": Decimal("16.50"),  # Contractor +33 points at 0.50
        "The table": Decimal("14.00"),  # the 140 chips kept, at 0.10: paid in by those down
        "Ben": Decimal("3.40"),  # Tridge -11 chips, Contractor +9 points
        "Cy": Decimal("-4.30"),
        "Dee": Decimal("-4.30"),
        "Ana": Decimal("-25.30"),  # Tridge -43 chips, Contractor -42 points
    }
    assert sum(first.values()) == 0
    assert owed1[0] == "Ana pays Eve 16.50"
    # One payment only is paid tonight: Ana's to Eve.
    with ana.expect_navigation():
        ana.locator(".evening-payments li").first.locator("button[name=whole]").click()
    expect(ana.locator(".evening-payments li").first).to_contain_text("Paid")
    expect(ana.locator(".evening-payments.history")).to_contain_text("marked by ana")
    shoot(ana, "walk-08-evening-1-paid")
    axe(ana, "the first evening's settlement")
    assert no_horizontal_scroll(ana)

    # --- evening 2, at Ben's, Ana away: last week's chips taken by other people --------
    evening2 = new_session(ben, base, group_url, SECOND, "Ben's")
    ben.goto(evening2)
    ben.click("a:has-text('New game')")
    ben.click("a.choice:has-text('Tridge')")
    offer = ben.locator("#id_leftover")
    expect(offer).to_contain_text("140 chips left on")
    expect(offer).to_contain_text("by Ana, Ben, Cy and Dee")
    expect(offer).to_contain_text("Start without them: they stay on the table")
    matchA = new_game(
        ben,
        evening2,
        "Tridge",
        ("Ben", "Cy", "Dee", "Eve"),
        "0.10",
        table="140 chips left on",
        shot="walk-09-new-game-offers-the-chips",
        shoot=shoot,
    )
    expect(ben.locator(".messages")).to_contain_text("The chips from the table are in play.")
    carried = ben.locator("main")
    expect(carried).to_contain_text("140 of the chips in the funds were left on the table")
    expect(ben.locator("ul.funds")).to_contain_text("Widow's fund200")  # 100 + 100 new
    shoot(ben, "walk-10-match-with-the-chips")
    seed(matchA, CY_WINS)

    # Play again before the match is over: the question, then end it here.
    ben.goto(f"{base}/games/{matchA}/")
    with ben.expect_navigation():
        ben.click("a:has-text('Play again with the same people')")
    expect(ben.locator("h1")).to_have_text("This game is not over yet")
    expect(ben.locator("main")).to_contain_text("stay on the table, and the next match starts")
    shoot(ben, "walk-11-play-again-asks")
    with ben.expect_navigation():
        ben.click("button:has-text('End it here, then play again')")
    matchB = game_id(ben)
    assert matchB != matchA
    expect(ben.locator("main")).to_contain_text("of the chips in the funds were left")
    shoot(ben, "walk-12-played-again")
    seed(matchB, {"passed": True})
    end_match(ben, base, matchB, "walk-13-end-the-second-match", shoot)

    ben.goto(evening2)
    with ben.expect_navigation():
        ben.click("main a:has-text('Settle up')")
    second = results(ben)
    owed2 = payments(ben)
    shoot(ben, "walk-14-evening-2-settle")
    with ben.expect_navigation():
        ben.click('a:has-text("Settle up for ana\'s table")')
    before = results(ben)
    owed = payments(ben, ".owed")
    first_owed = ben.locator(".owed li").first
    first_owed.locator("summary:has-text('Paid part of it')").click()
    first_owed.locator("input[name=amount]:visible").fill("5")
    with ben.expect_navigation():
        first_owed.locator("button:has-text('Record')").click()
    expect(ben.locator(".messages")).to_contain_text("Recorded:")
    shoot(ben, "walk-15-part-payment")
    after = results(ben)
    assert second == {
        # The table paid out the 140 chips it held and took 340 back: 200 at 0.10.
        "The table": Decimal("20.00"),
        "Cy": Decimal("0.40"),
        "Ben": Decimal("-6.80"),
        "Dee": Decimal("-6.80"),
        "Eve": Decimal("-6.80"),
    }
    assert owed2 == [
        "Eve pays the table 6.80",
        "Dee pays the table 6.80",
        "Ben pays the table 6.40",
        "Ben pays Cy 0.40",
    ]
    # Before the part payment the table is owed the 340 chips lying on it, at 0.10.
    assert before["The table"] == Decimal("34.00")
    assert owed[0] == "Dee pays the table 11.10"
    assert after["Dee"] == Decimal("-6.10")

    # --- evening 3, at Ana's again: everyone sees everything; chips and money followed --
    evening3 = new_session(ana, base, group_url, THIRD, "Ana's")
    played = {  # each member's games, by kind, on their own record
        "ana": {"Tridge": 1, "Contractor": 1},
        "ben": {"Tridge": 3, "Contractor": 1},
        "cy": {"Tridge": 3},
        "dee": {"Tridge": 3},
        "eve": {"Tridge": 2, "Contractor": 1},
    }
    for name, page in phones.items():
        page.goto(base + "/")
        expect(page.locator("section.card h2.card-title")).to_have_count(3)
        page.goto(group_url)
        sessions = page.locator("[aria-labelledby=sessions-title] a")
        expect(sessions).to_have_count(3)
        for url in (evening1, evening2, evening3):
            expect(page.locator(f"a[href='{url.removeprefix(base)}']")).to_have_count(1)
        for other in MEMBERS:
            page.goto(group_url)
            page.click(f".player-links a:text-is('{other.capitalize()}')")
            expect(page.locator("h1")).to_have_text(other.capitalize())
        page.goto(base + "/me/")
        expect(page.locator("main .lead")).to_contain_text(f"{name.capitalize()} in ana's table")
        for kind, count in played[name].items():
            games = page.locator(
                f"section.card:has(h2:text-is('{kind}')) div:has(dt:text-is('Games')) dd"
            )
            expect(games).to_have_text(str(count))
        if name == "cy":
            shoot(page, "walk-16-me")
        page.goto(evening1)
        expect(page.locator("main")).to_contain_text("Contractor")

    # Chips: the 140 left on the first evening were taken by the second evening's first
    # match; what it left (ended at Play again) the next took; what that left lies on the
    # table now, 340, as the group's page says and as the table's balance holds in money.
    ana.goto(f"{base}/games/{tridge1}/tridge/settlement/")
    expect(ana.locator("main")).to_contain_text("A later match started with what this one left")
    ana.goto(f"{base}/games/{matchA}/")
    expect(ana.locator("main")).to_contain_text("140 of the chips in the funds were left")
    ana.goto(f"{base}/games/{matchB}/")
    expect(ana.locator("main")).to_contain_text("220 of the chips in the funds were left")
    ana.goto(group_url)
    on_table = ana.locator("#on-the-table")
    expect(on_table).to_contain_text("340 chips left on")
    shoot(ana, "walk-17-group-page")
    axe(ana, "the group's page after three evenings")
    assert no_horizontal_scroll(ana)
    rows = Leftover.objects.order_by("pk")
    trail = [(row.source_id, row.taken_by_id) for row in rows]
    assert trail == [(tridge1, matchA), (matchA, matchB), (matchB, None)]

    # Money: the group's balances are the evenings' results less what was paid.
    with ana.expect_navigation():
        ana.click("#settle-up a:has-text('Settle up')")
    overall = results(ana)
    paid = [("Ana", "Eve", Decimal("16.50")), ("Dee", "The table", Decimal("5"))]
    expected = {name: first.get(name, 0) + second.get(name, 0) for name in {*first, *second}}
    for payer, payee, sum_paid in paid:
        expected[payer] += sum_paid
        expected[payee] -= sum_paid
    assert overall == {name: value for name, value in expected.items() if value}
    assert overall["The table"] == Decimal("29.00")  # 340 chips at 0.10, less 5.00 paid
    shoot(ana, "walk-18-group-settle")
    ana.goto(group_url)
    expect(ana.locator("#settle-up")).to_contain_text(
        "5 payments to settle everything, 29.00 in all"
    )
