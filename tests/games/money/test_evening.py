"""The evening's settlement: each finished money game at its money value, settled together."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.money import Money
from games.engine.registry import GAMES
from games.models import Game, Hand, Paid, Session
from games.money import evening
from games.money.payments import fewest_payments
from games.play.services import score_game
from games.tridge import settle as tridge_settle
from games.tridge.settle import KEPT
from tests.tables import example_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(user):
    return Session.objects.create(group=user.owned_groups.first(), place="The Crown")


def test_each_player_pays_every_other_the_difference_in_their_scores(session):
    # Contractor's example ends Ana -17, Ben 0, Cy 8.
    game = example_game(session, "contractor-three-hands")
    assert evening.balances(game, score_game(game)) == {"Ana": -42, "Ben": 9, "Cy": 33}


def test_each_member_of_the_losing_team_pays_the_difference_between_the_teams():
    score = SimpleNamespace(standings={"Ana & Cy": 120, "Ben & Dee": 80})
    balances = GAMES["cardigan"].money.results(None, score)
    assert balances == {"Ana": 40, "Cy": 40, "Ben": -40, "Dee": -40}


def test_tridge_counts_chips_won_or_lost_and_the_funds_kept_are_paid_into(session):
    game = example_game(session, "tridge-four-people")
    score = score_game(game)
    balances = evening.balances(game, score)
    expected = tridge_settle.settle(game.players, game.rules["chips"], score)
    on_table = expected.on_table
    assert on_table, "the example leaves chips on the table"
    assert balances == expected.results | {KEPT: on_table}
    assert sum(balances.values()) == 0


def test_tridge_funds_split_leave_only_what_cannot_be_shared_to_the_kept_funds(session):
    game = example_game(session, "tridge-four-people", funds_left="split")
    score = score_game(game)
    balances = evening.balances(game, score)
    result = tridge_settle.settle(game.players, game.rules["chips"], score, split_funds=True)
    assert {k: v for k, v in balances.items() if k != KEPT} == result.results
    assert balances.get(KEPT, 0) == result.on_table % 4
    assert sum(balances.values()) == 0


def test_the_evening_adds_up_each_finished_money_game_at_its_money_value(session):
    example_game(session, "contractor-three-hands", stake="0.50")
    example_game(session, "contractor-three-hands", stake="0.10")
    result = evening.session_evening(session)
    assert len(result.counted) == 2
    # -42, 9 and 33 points, at 0.60 a point across both games.
    assert result.results == {
        "Cy": Decimal("19.80"),
        "Ben": Decimal("5.40"),
        "Ana": Decimal("-25.20"),
    }
    paid_out = {(p.payer, p.payee): p.amount for p in result.payments}
    assert paid_out == {("Ana", "Cy"): Decimal("19.80"), ("Ana", "Ben"): Decimal("5.40")}


def test_games_not_finished_not_scored_or_without_money_value_are_left_out_with_why(session):
    example_game(session, "contractor-three-hands")
    example_game(session, "tridge-three-people", stake="0.05")
    broken = example_game(session, "contractor-three-hands", stake="1")
    Hand.objects.filter(game=broken, number=1).update(record={"nonsense": True})
    result = evening.session_evening(session)
    assert [item.why for item in result.left_out] == [
        "no money value set",
        "not finished",
        "needs a correction",
    ]
    assert result.counted == [] and result.payments == []


def test_a_mark_stands_for_the_payment_with_the_same_payer_payee_and_amount(session, user):
    example_game(session, "contractor-three-hands", stake="0.50")
    Paid.objects.create(session=session, payer="Ana", payee="Cy", amount="16.50", by=user)
    Paid.objects.create(session=session, payer="Ana", payee="Cy", amount="1.00", by=user)
    result = evening.session_evening(session)
    marked = {(p.payer, p.payee, p.amount): p.paid for p in result.payments}
    assert marked[("Ana", "Cy", Decimal("16.50"))].by == user
    assert marked[("Ana", "Ben", Decimal("4.50"))] is None
    # A mark that matches no payment (the games changed) is kept aside, not lost.
    assert [mark.amount for mark in result.stale] == [Decimal("1.00")]


def test_half_cents_are_rounded_so_that_the_results_still_add_up_to_zero():
    exact = {"Ana": Decimal("0.015"), "Ben": Decimal("0.015"), "Cy": Decimal("-0.03")}
    cents = evening.whole_cents(exact)
    assert sum(cents.values()) == 0
    assert sorted(cents.values()) == [-3, 1, 2]


def test_the_evening_asks_the_same_queries_for_one_game_as_for_many(
    session, django_assert_num_queries
):
    example_game(session, "contractor-three-hands", stake="1")
    with django_assert_num_queries(3):  # the games, their hands, the marks
        evening.session_evening(session)
    example_game(session, "cardigan-four-deals", stake="0.01")
    example_game(session, "tridge-four-people", stake="0.05")
    with django_assert_num_queries(3):
        result = evening.session_evening(session)
    assert len(result.counted) == 3 and Game.objects.count() == 3


PEOPLE = ["Ana", "Ben", "Cy", "Dee", "Eve"]
scores = st.lists(st.integers(-5000, 5000), min_size=3, max_size=5)
stakes = st.decimals(Decimal("0.0001"), Decimal("9999.9999"), places=4)


@given(st.lists(st.tuples(scores, stakes), min_size=1, max_size=6))
def test_the_payments_settle_every_balance_exactly(games):
    """Whatever the games and money values: each result is within a cent of the exact
    sum, the results add up to zero, and the payments bring every one of them to zero."""
    exact = {}
    for points, stake in games:
        standings = dict(zip(PEOPLE, points, strict=False))
        for name, units in Money.results(None, SimpleNamespace(standings=standings)).items():
            exact[name] = exact.get(name, Decimal(0)) + units * stake
    assert sum(exact.values()) == 0
    cents = evening.whole_cents(exact)
    for name, amount in exact.items():
        assert abs(cents[name] - amount / evening.CENT) < 1
    left = dict(cents)
    payments = fewest_payments(cents)
    for payment in payments:
        assert payment.amount > 0
        left[payment.payer] += payment.amount
        left[payment.payee] -= payment.amount
    assert not any(left.values())
    assert len(payments) < max(len(exact), 2)
