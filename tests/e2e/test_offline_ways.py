"""Every way of entering a hand, with no signal (static/js/queue.js, games/play/offline.py).

Online a choice that changes the form's shape (Bid Fair's points only, Cardigan's counts,
Tridge's in-comer...) is answered by the server; with no signal no answer comes, so the
form must hold every way already, the radios alone showing the one chosen. Each test opens
the game's board online (the worker keeps it and its new hand's page), loses the signal,
opens the new hand's page as the phone kept it, enters hands each a different way on the
forms it carries, and finds them stored as entered when the signal returns. Past the
game's end, where the page or the hands kept tell it, the phone draws no form.
"""

import pytest
from playwright.sync_api import expect

from games.models import Hand
from games.play import services
from tests.e2e.offline_hands import (
    SAVE,
    cardigan_played,
    chip,
    click,
    contractor_played,
    contractor_redeal,
    queued,
    tridge_played,
)
from tests.e2e.test_installed import logged_in
from tests.e2e.test_queue import board_kept
from tests.tables import make_game

pytestmark = [pytest.mark.django_db(transaction=True)]


def offline_at(context, live_server, game):
    """The game's new hand opened with no signal, drawn from the page the phone kept."""
    page = logged_in(context, live_server)
    board_kept(page, live_server.url, game)
    context.set_offline(True)
    page.goto(f"{live_server.url}/games/{game.pk}/hands/new/")
    expect(page.locator("body[data-kept^='No signal']")).to_have_count(1)
    return page


def saved(page, word, number):
    """Save tapped offline: the hand is kept, and the next one's form is there at once."""
    click(page, SAVE)
    expect(page.locator("#entry-title")).to_have_text(f"{word} {number + 1}")


def back_online(page, base, game):
    """The signal returns: the kept hands are sent, and the board comes."""
    with page.expect_navigation(url=f"{base}/games/{game.pk}/", timeout=60_000):
        page.context.set_offline(False)
    assert queued(page) == []
    return [hand.record for hand in Hand.objects.filter(game=game).order_by("number")]


# --- Bid Fair: card by card, points only, a redeal --------------------------------------------
ANA_TOOK = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN_TOOK = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]


def test_bid_fair_with_no_signal_takes_points_only_on_a_form_drawn_card_by_card(
    live_server, installed, user
):
    base = live_server.url
    game = make_game(user, "bid_fair", ("Ana", "Ben"))
    page = offline_at(installed, live_server, game)
    # Hand 1: the form came card by card; Points only shows the points at the tap alone.
    expect(page.locator("#points")).to_be_hidden()
    click(page, "#count label:has(input[value='points'])")
    expect(page.locator("#points")).to_be_visible()
    expect(page.locator("#captured")).to_be_hidden()
    click(page, "#bid_0 input[value='JH']")
    click(page, "#cut .bf-suit input[value='S']")
    page.fill("#id_points_0", "40")
    page.fill("#id_points_1", "71")
    saved(page, "Hand", 1)
    # Hand 2: card by card, as the form came; the taps give each card to the player picked.
    expect(page.locator("#captured")).to_be_visible()
    click(page, "#cut input[value='QH']")
    for card in ANA_TOOK:
        click(page, f"#deck .bf-slot:has(> input[name='got_{card}'])")
    click(page, "#tally label:has(#taker-1)")
    for card in BEN_TOOK:
        click(page, f"#deck .bf-slot:has(> input[name='got_{card}'])")
    saved(page, "Hand", 2)
    # Hand 3: both passed; the deal's cards go out of sight.
    click(page, "#kind label:has-text('Both passed')")
    expect(page.locator("#cut")).to_be_hidden()
    saved(page, "Hand", 3)
    assert [hand["number"] for hand in queued(page)] == [1, 2, 3]

    assert back_online(page, base, game) == [
        {"bids": {"Ana": "JH"}, "trump": "S", "points": {"Ana": 40, "Ben": 71}},
        {
            "cut": "QH",
            "captured": {
                "Ana": ["9S", "AS", "10D", "KD", "9C", "QC"],
                "Ben": ["QS", "KS", "9D", "JD", "QD", "AD", "KC", "AC"],
            },
        },
        {"redeal": True},
    ]


def points_only(page, ana, ben, bid=None):
    """A deal counted in points alone, spades cut; `bid`: (seat, card) shown."""
    click(page, "#count label:has(input[value='points'])")
    if bid:
        click(page, f"#bid_{bid[0]} input[value='{bid[1]}']")
    click(page, "#cut .bf-suit input[value='S']")
    page.fill("#id_points_0", str(ana))
    page.fill("#id_points_1", str(ben))


def test_bid_fair_with_no_signal_offers_no_hand_once_the_hands_kept_end_the_game(
    live_server, installed, user
):
    base = live_server.url
    first = {"cut": "10C", "points": {"Ana": 100, "Ben": 40}}
    game = make_game(user, "bid_fair", ("Ana", "Ben"), rules={"target": 300}, hands=[first])
    page = offline_at(installed, live_server, game)
    # Hand 2: Ana shows J♥, Ben holds 50 and fails: 171 to 80, no end.
    points_only(page, 71, 40, bid=(0, "JH"))
    saved(page, "Hand", 2)
    # Hand 3: Ben shows 9♠ (trumps: 40 more), Ana holds 30 and makes it by 69, Ben's reward
    # 40: Ana 330, alone past 300. Her card points alone (261) would not have ended it.
    points_only(page, 90, 21, bid=(1, "9S"))
    click(page, SAVE)
    expect(page.locator("#entry-title")).to_have_text("No more hands")
    expect(page.locator("#last-hand")).to_contain_text("The hands kept on this phone end the game")
    expect(page.locator("#entry form")).to_have_count(0)
    assert [hand["number"] for hand in queued(page)] == [2, 3]

    assert len(back_online(page, base, game)) == 3
    score = services.score_records(game, [hand.record for hand in game.hands.all()])
    assert score.finished and score.winners == ["Ana"]
    assert score.standings == {"Ana": 330, "Ben": 181}


# --- Cardigan: card by card, counts only, points only, duplicates and stuck; no deal 5 ---------
def cardigan_contract(page, declarer, level, bid, tricks=7):
    click(page, f"#declarer label:has(input[value='{declarer}'])")
    click(page, f"#contract label:has(input[value='{level} {bid}'])")
    click(page, f"#tricks label:has(input[value='{tricks}'])")


def way(page, mode):
    """A way of entering the cards chosen offline: its part shows at the tap alone."""
    click(page, f"#mode label:has(input[value='{mode}'])")
    parts = {"cards": "#card-grid", "quick": "#quick", "points": "#typed-points"}
    for each, part in parts.items():
        shown = expect(page.locator(part))
        shown.to_be_visible() if each == mode else shown.to_be_hidden()


def test_cardigan_with_no_signal_takes_every_way_of_entering_a_deal_and_offers_no_deal_5(
    live_server, installed, user
):
    base = live_server.url
    game = make_game(user, "cardigan", ("Ana", "Ben", "Cy", "Dee"))
    page = offline_at(installed, live_server, game)
    # Deal 1: card by card, as the form came (the phone counts the grid).
    cardigan_played("Ana", 4, "no_trump")(page)
    expect(page.locator("#entry-title")).to_have_text("Deal 2")
    # Deal 2: counts only.
    way(page, "quick")
    cardigan_contract(page, "Ben", 3, "spades")
    # Every counted rank, both teams: offline the app fills in none.
    for team, counts in enumerate(((2, 3, 2, 2, 2, 2), (2, 1, 2, 2, 2, 2))):
        for rank, n in zip(("A", "K", "Q", "J", "10", "5"), counts, strict=True):
            chip(page, f"count_{team}_{rank}", n)
    saved(page, "Deal", 2)
    # Deal 3: points only.
    way(page, "points")
    cardigan_contract(page, "Cy", 5, "hearts")
    page.fill("#id_points_0", "90")
    page.fill("#id_points_1", "50")
    saved(page, "Deal", 3)
    # Deal 4: Cy's sets, the dealer stuck, points only, and the full suits the table answers.
    expect(page.locator("#duplicates")).to_be_hidden()
    click(page, "#pairs_2 label:has(input[value='1'])")
    click(page, "#dup_who label:has(input[value='2'])")
    expect(page.locator("#duplicates [data-seat='2']")).to_be_visible()
    expect(page.locator("#duplicates [data-seat='1']")).to_be_hidden()
    click(page, "#duplicates [data-seat='2'] .stepper button[data-step='1']")
    expect(page.locator(".stuck-choice")).to_be_hidden()
    cardigan_contract(page, "Dee", 1, "red", tricks=5)
    click(page, "#play label:has(input[name=stuck])")
    way(page, "points")
    page.fill("#id_points_0", "60")
    page.fill("#id_points_1", "80")
    expect(page.locator("#full-suits")).to_be_visible()
    click(page, "#full-none")
    click(page, SAVE)
    # Deal 4 is the game's last: no form for a fifth, and the words why.
    expect(page.locator("#entry-title")).to_have_text("No more deals")
    expect(page.locator("#last-hand")).to_contain_text("Deal 4 is the last deal of the game")
    expect(page.locator("#entry form")).to_have_count(0)
    assert [hand["number"] for hand in queued(page)] == [1, 2, 3, 4]

    records = back_online(page, base, game)
    assert len(records) == 4 and "cards" in records[0]
    counts = records[1]["card_counts"]
    assert (counts["Ana & Cy"]["K"], counts["Ben & Dee"]["K"]) == (3, 1)
    assert records[2]["card_points"] == {"Ana & Cy": 90, "Ben & Dee": 50}
    assert records[3]["card_points"] == {"Ana & Cy": 60, "Ben & Dee": 80}
    assert records[3]["stuck"] is True and list(records[3]["duplicates"]) == ["Cy"]
    game.refresh_from_db()
    assert game.meta["sheet_top"]["full_suits"] == {
        "Ana & Cy": dict.fromkeys("DCHS", 0),
        "Ben & Dee": dict.fromkeys("DCHS", 0),
    }


# --- Contractor: the contract and its conditions, a challenge, a redeal; no auction offline ---
CONTRACT = {"contractor": "Ana", "strain": "clubs", "tricks": {"Ana": 6, "Ben": 2, "Cy": 2}}


def test_contractor_with_no_signal_takes_the_conditions_that_go_with_each_strain(
    live_server, installed, user
):
    base = live_server.url
    game = make_game(user, "contractor", ("Ana", "Ben", "Cy"))
    page = offline_at(installed, live_server, game)
    # The auction is a call at a time, each answered by the server: offline it is not offered.
    expect(page.locator("#mode label:has(input[value=auction])")).to_be_hidden()
    # Hand 1: Ana's nil without the joker; nil's own condition shows, extra tricks go.
    click(page, "#conditions-box summary")
    expect(page.locator(".cond-nil_without_joker")).to_be_hidden()
    click(page, "#contractor label:has(input[value='Ana'])")
    expect(page.locator("#challenger label:has(input[value='Ana'])")).to_be_hidden()
    click(page, "#strain label:has(input[value='nil'])")
    expect(page.locator("#extra_tricks")).to_be_hidden()
    expect(page.locator(".cond-sour_trumps")).to_be_hidden()
    click(page, ".cond-nil_without_joker")
    for seat, taken in enumerate((0, 6, 4)):
        chip(page, f"tricks_{seat}", taken)
    saved(page, "Hand", 1)
    # Hand 2: Ben in spades with two extra tricks and sour trumps, challenged by Cy.
    click(page, "#contractor label:has(input[value='Ben'])")
    click(page, "#strain label:has(input[value='spades'])")
    click(page, "#extra_tricks label:has(input[value='2'])")
    click(page, "#conditions-box summary")
    click(page, ".cond-sour_trumps")
    click(page, "#challenger label:has(input[value='Cy'])")
    for seat, taken in enumerate((1, 8, 1)):
        chip(page, f"tricks_{seat}", taken)
    saved(page, "Hand", 2)
    # Hand 3: all passed.
    contractor_redeal(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 4")

    first, second, third = back_online(page, base, game)
    assert (first["contractor"], first["strain"], first["nil_without_joker"]) == (
        "Ana",
        "nil",
        True,
    )
    assert "extra_tricks" not in first and "sour_trumps" not in first
    assert (second["strain"], second["extra_tricks"], second["sour_trumps"]) == ("spades", 2, True)
    assert second["challenger"] == "Cy" and second["tricks"] == {"Ana": 1, "Ben": 8, "Cy": 1}
    assert third == {"redeal": True}


def test_contractor_with_no_signal_offers_no_hand_past_the_planned_ones_a_redeal_one_further(
    live_server, installed, user
):
    base = live_server.url
    game = make_game(user, "contractor", ("Ana", "Ben", "Cy"), hands=[CONTRACT] * 7)
    page = offline_at(installed, live_server, game)
    # Hands 8 and 9 are left: a redeal puts the last one at 10.
    contractor_redeal(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 9")
    for number in (9, 10):
        contractor_played("Ben", "hearts", (5, 3, 2))(page)
        if number == 9:
            expect(page.locator("#entry-title")).to_have_text("Hand 10")
    expect(page.locator("#entry-title")).to_have_text("No more hands")
    expect(page.locator("#last-hand")).to_contain_text("That was the last hand of the game")
    expect(page.locator("#entry form")).to_have_count(0)

    records = back_online(page, base, game)
    assert len(records) == 10 and records[7] == {"redeal": True}
    assert records[9]["contractor"] == "Ben"


# --- Tridge: played, an in-comer, fixed tricks, not valid, an in-comer declined, all passed --
def tridge_tricks(page, tricks):
    for seat, taken in tricks.items():
        chip(page, f"tricks_{seat}", taken)


def test_tridge_with_no_signal_takes_every_kind_of_hand_on_the_forms_it_holds(
    live_server, installed, user
):
    base = live_server.url
    game = make_game(user)  # Ana, Ben, Cy and Dee: the dealer sits out
    page = offline_at(installed, live_server, game)
    # Hand 1, Ana deals: Ben plays.
    expect(page.locator(".tricks .only-incomer")).to_be_hidden()
    tridge_played()(page)
    expect(page.locator("#entry-title")).to_have_text("Hand 2")
    # Hand 2, Ben deals and comes in: no player to pick, his row of tricks, an in-comer's bids.
    click(page, "#kind label:has(input[value=incomer])")
    expect(page.locator("#player")).to_be_hidden()
    expect(page.locator(".incomer-only")).to_be_visible()
    expect(page.locator("#bid label:has(input[value=fixed])")).to_be_hidden()
    expect(page.locator("#tricks_1")).to_be_visible()
    click(page, "#bid label:has(input[value=play])")
    click(page, ".went-for-all label")
    click(page, "#trumps label:has(input[value=H])")
    tridge_tricks(page, {0: 1, 1: 6, 2: 1, 3: 1})
    saved(page, "Hand", 2)
    # Hand 3, Cy deals: Dee fixes two tricks.
    expect(page.locator("#target")).to_be_hidden()
    click(page, "#player label:has-text('Dee')")
    click(page, "#bid label:has(input[value=fixed])")
    expect(page.locator("#target")).to_be_visible()
    click(page, "#target label:has(input[value='2'])")
    click(page, "#trumps label:has(input[value=S])")
    tridge_tricks(page, {0: 4, 1: 3, 3: 2})
    saved(page, "Hand", 3)
    # Hands 4 to 6: not valid, an in-comer declined, all passed; nothing else shows.
    for number, kind in ((4, "void"), (5, "declined"), (6, "passed")):
        click(page, f"#kind label:has(input[value={kind}])")
        expect(page.locator("#trumps")).to_be_hidden()
        saved(page, "Hand", number)

    records = back_online(page, base, game)
    assert records[0]["player"] == "Ben"
    assert records[1] | {"tricks": None} == {
        "player": "Ben",
        "bid": "play",
        "trumps": "H",
        "honours": 0,
        "incomer": True,
        "went_for_all": True,
        "tricks": None,
    }
    assert records[1]["tricks"] == {"Ana": 1, "Ben": 6, "Cy": 1, "Dee": 1}
    assert (records[2]["player"], records[2]["bid"], records[2]["target"]) == ("Dee", "fixed", 2)
    assert records[2]["tricks"] == {"Ana": 4, "Ben": 3, "Dee": 2}
    assert records[3:] == [{"void": True}, {"incomer_declined": True}, {"passed": True}]
