"""The evening's settlement (games/money/evening.py): the ledger's entries of a session's
games, the fewest payments that square them, and what of each was paid where."""

import json
from decimal import Decimal

import pytest

from games.models import Game, Hand, Session
from games.money import books, evening
from games.money import ledger as money_ledger
from games.money.entries import TABLE
from games.play import changes
from games.play.services import score_game
from games.records.imports import import_sheet
from tests.sheets import EXAMPLES
from tests.tables import example_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(user):
    return Session.objects.create(group=user.owned_groups.first(), place="The Crown")


def dues(result) -> dict:
    return {(d.payer, d.payee): (d.amount, d.state) for d in result.due}


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
    assert dues(result) == {
        ("Ana", "Cy"): (Decimal("19.80"), "carried"),
        ("Ana", "Ben"): (Decimal("5.40"), "carried"),
    }


def test_games_not_finished_not_scored_or_without_money_value_are_left_out_with_why(session):
    example_game(session, "contractor-three-hands")
    example_game(session, "tridge-three-people", stake="0.05")
    broken = example_game(session, "contractor-three-hands", stake="1")
    Hand.objects.filter(game=broken, number=1).update(record={"nonsense": True})
    changes.changed(broken)  # as an older file's game, whose sheet the engine now refuses
    result = evening.session_evening(session)
    assert [item.why for item in result.left_out] == [
        "no money value set",
        "not finished",
        "needs a correction",
    ]
    assert result.counted == [] and result.due == []


def test_a_tridge_match_counts_its_chips_and_the_table_is_paid_the_chips_left_on_it(session):
    game = example_game(session, "tridge-four-people", stake="0.05")
    score = score_game(game)
    on_table = sum([score.details["funds"]["game"], score.details["funds"]["widow"]])
    on_table += sum(score.details["funds"]["reserves"])
    result = evening.session_evening(session)
    assert on_table and result.cents[TABLE] == on_table * 5
    chips = game.rules["chips"]
    people = {name: (score.standings[name] - chips) * 5 for name in game.players}
    assert {name: result.cents[name] for name in game.players} == people
    assert sum(result.cents.values()) == 0


def test_a_payment_marked_on_the_evening_is_paid_there_and_the_rest_carries(session, user):
    example_game(session, "contractor-three-hands", stake="0.50")
    evening.pay(session, "Ana", "Cy", Decimal("16.50"), user)
    evening.pay(session, "Ana", "Ben", Decimal("1.00"), user)
    result = evening.session_evening(session)
    assert dues(result) == {
        ("Ana", "Cy"): (Decimal("16.50"), "paid"),
        ("Ana", "Ben"): (Decimal("4.50"), "part"),
    }
    part = next(due for due in result.due if due.payee == "Ben")
    assert (part.left, part.payable) == (Decimal("3.50"), Decimal("3.50"))
    assert [p.by for p in result.payments] == [user, user]


def test_a_payment_made_on_the_groups_settle_up_pays_the_oldest_evening_first(user):
    """Paid anywhere is paid everywhere: an evening no longer offers to pay it again."""
    group = user.owned_groups.first()
    first, second = (Session.objects.create(group=group, date=f"2026-11-{d}") for d in (1, 8))
    example_game(first, "contractor-three-hands", stake="0.50")
    example_game(second, "contractor-three-hands", stake="0.50")
    money_ledger.pay(group, "Ana", "Ben", Decimal("6.00"), user)
    assert dues(evening.session_evening(first))[("Ana", "Ben")] == (Decimal("4.50"), "paid")
    later = next(d for d in evening.session_evening(second).due if d.payee == "Ben")
    assert (later.state, later.done, later.left, later.payable) == (
        "part",
        Decimal("1.50"),
        Decimal("3.00"),
        Decimal("3.00"),
    )


def test_an_evenings_payment_says_when_its_payer_owes_nothing_overall(user):
    """Tonight's loser may have won last week: the evening still offers tonight's payment,
    and says that Settle up could square it instead."""
    group = user.owned_groups.first()
    first, second = (Session.objects.create(group=group, date=f"2026-11-{d}") for d in (1, 8))
    example_game(first, "contractor-three-hands", stake="0.50")
    # The same hands the other way round: Cy's loss is Ana's tonight.
    text = (EXAMPLES / "contractor-three-hands.json").read_text()
    text = text.replace('"Ana"', '"Zoe"').replace('"Cy"', '"Ana"').replace('"Zoe"', '"Cy"')
    later = import_sheet(second, json.loads(text))
    later.meta = {"stake": "1"}  # Ana wins 33.00, more than she lost the first evening
    later.save(update_fields=["meta"])
    changes.changed(later)
    due = next(d for d in evening.session_evening(first).due if d.payee == "Cy")
    assert (due.state, due.square_overall, due.payable) == ("carried", True, Decimal("16.50"))


def test_an_undone_payment_is_owed_again(session, user):
    example_game(session, "contractor-three-hands", stake="0.50")
    paid = evening.pay(session, "Ana", "Cy", Decimal("16.50"), user)
    books.undo(paid, user)
    result = evening.session_evening(session)
    assert dues(result)[("Ana", "Cy")] == (Decimal("16.50"), "carried")
    assert [p.undone_by for p in result.payments] == [user]


def test_results_finer_than_a_cent_are_rounded_by_the_evening_and_still_add_up(session):
    # Cardigan's example at a thousandth of a point: half cents and less.
    example_game(session, "cardigan-four-deals", stake="0.0015")
    example_game(session, "contractor-three-hands", stake="0.0015")
    result = evening.session_evening(session)
    assert result.rounded and sum(result.cents.values()) == 0
    for name, cents in result.cents.items():
        exact = sum(item.money.get(name, 0) for item in result.counted)
        assert abs(Decimal(cents) / 100 - exact) < Decimal("0.01")


def test_the_evening_asks_the_same_queries_for_one_game_as_for_many(
    session, django_assert_num_queries
):
    example_game(session, "contractor-three-hands", stake="1")
    # The games, their lines summed, which are over, the payments, the group's balances;
    # then for what Settle up paid: the group's evenings, their results, their payments.
    with django_assert_num_queries(8):
        evening.session_evening(session)
    example_game(session, "cardigan-four-deals", stake="0.01")
    example_game(session, "tridge-four-people", stake="0.05")
    with django_assert_num_queries(8):
        result = evening.session_evening(session)
    assert len(result.counted) == 3 and Game.objects.count() == 3


def test_someone_who_comes_out_even_is_listed_at_zero_among_the_evenings_results():
    # They played for money: the evening says so, as it did before the ledger (session 5
    # of tests/data/ledger: Ana won 26.00 off Zed, then lost it back to him).
    result = evening.Evening(None, cents={"Ana": 0, "Cy": 1055, "Zed": 0, "Ben": -1055})
    assert result.results == {
        "Cy": Decimal("10.55"),
        "Ana": Decimal("0.00"),
        "Zed": Decimal("0.00"),
        "Ben": Decimal("-10.55"),
    }
    assert list(result.results) == ["Cy", "Ana", "Zed", "Ben"]


@pytest.mark.parametrize(
    "left_at, taken_at, said",
    [
        (
            "0.05",
            "0.10",
            "The money counts the 1.50 each person paid the table to make the chips this game "
            "started with worth 0.10 a chip.",
        ),
        (
            "0.10",
            "0.05",
            "The money counts the 1.50 the table paid each person back, as the chips this game "
            "started with are worth less at 0.05 a chip.",
        ),
    ],
)
def test_the_evening_says_under_a_match_what_was_paid_to_make_up_the_chips_it_took(
    user, left_at, taken_at, said
):
    """120 chips (20 in the game fund, 100 in the widow's) at one value, taken at another:
    each person's money is their chips at the new value, and 1.50 more or less."""
    from games.money import table
    from games.play import services
    from tests.tables import BEN_WINS, make_game

    def valued(game, stake):
        services.change_game(game, lambda locked: locked.meta.update(stake=stake) or True)

    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    valued(last, left_at)
    later = make_game(user)
    valued(later, taken_at)
    table.take(later, [last.leftover])
    (counted,) = evening.session_evening(later.session).counted
    assert counted.made_up_words == said
    # The first match took nothing: it says nothing of the kind.
    (first,) = evening.session_evening(last.session).counted
    assert first.made_up_words == ""
