"""The money in a group's file (games/records/file_money.py): its payments out and back in,
and a match that took chips from the table must carry them."""

import pytest

from games.models import Payment, Session
from games.money import books, ledger
from games.money import evening as money_evening
from games.money import ledger as money_ledger
from games.play.groups import first_group
from games.records.dump import DumpError, dump_account, load_account
from tests.tables import BEN_WINS, example_game, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def bea(make_user):
    return make_user("bea")


def settled(owner) -> dict:
    """What the owner's first group's Settle up says, and its payments made."""
    group = first_group(owner)
    made = Payment.objects.filter(group=group).order_by("at")
    return {
        "balances": ledger.group_ledger(group).balances,
        "payments": [
            (p.payer, p.payee, p.amount, p.session and p.session.date, p.undone_at is not None)
            for p in made
        ],
    }


def test_the_payments_go_out_with_the_file_and_settle_up_reads_the_same_after(user, bea):
    from decimal import Decimal

    group = first_group(user)
    first = Session.objects.create(group=group, date="2026-11-01")
    example_game(first, "contractor-three-hands", stake="0.50")
    second = Session.objects.create(group=group, date="2026-11-08")
    example_game(second, "tridge-four-people", stake="0.05")
    money_evening.pay(first, "Ana", "Cy", Decimal("10.00"), user)
    owed = ledger.group_ledger(group).owed[0]
    undone = money_ledger.pay(group, owed.payer, owed.payee, owed.amount, user)
    books.undo(undone, user)
    data = dump_account(user)
    assert [p["session"] for p in data["payments"]] == [first.created.isoformat(), None]
    load_account(bea, data)
    assert settled(bea) == settled(user) and settled(bea)["balances"]


def test_a_match_that_took_chips_without_its_sheet_carrying_them_is_refused_naming_both(user, bea):
    from games.money import table

    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    table.play_again(last)
    data = dump_account(user)
    game = data["sessions"][0]["games"][1]  # Play again: the same evening
    rules = game["sheet"]["rules"]
    assert game["took"] and rules.pop("carried_game") and rules.pop("carried_widow")
    with pytest.raises(DumpError) as refused:
        load_account(bea, data)
    said = str(refused.value)
    assert "took: the games it took from (session 1, game 1) left 120 chips" in said
    assert "its sheet's rules carry 0" in said
    assert not Session.objects.filter(group=first_group(bea)).exists()


def test_a_payment_of_the_file_that_is_not_one_is_refused_where_it_is(user, bea):
    data = dump_account(user)
    data["payments"] = [{"payer": "Ana", "payee": "Ben", "amount": "lots", "at": "2026"}]
    with pytest.raises(DumpError, match="file, payment 1, amount: must be an amount"):
        load_account(bea, data)
    data["payments"] = [
        {"payer": "Ana", "payee": "Ben", "amount": "1.00", "at": "2026-11-01", "session": "x"}
    ]
    with pytest.raises(DumpError, match="file, payment 1, session: must be when one of"):
        load_account(bea, data)
