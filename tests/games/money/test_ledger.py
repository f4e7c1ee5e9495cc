"""The group's Settle up (games/money/ledger.py): every evening added up, less every
payment, in whole cents, as the ledger's sums."""

import itertools
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from hypothesis import given
from hypothesis import strategies as st

from games.models import Game, Payment, Session
from games.money import books, ledger
from games.money import evening as money_evening
from games.money.entries import TABLE
from games.play import bin, changes
from games.play.groups import first_group
from tests.conftest import examples
from tests.tables import example_game, many_games

CENT = Decimal("0.01")

pytestmark = pytest.mark.django_db
OWNERS = itertools.count()

# Contractor's example ends -42, 9 and 33 points: at 0.50 a point Ana -21.00, Ben +4.50,
# Cy +16.50, and Ana pays Cy 16.50 and Ben 4.50.


@pytest.fixture
def group(user):
    return first_group(user)


def evening(group, *stakes, day=1):
    session = Session.objects.create(group=group, date=f"2026-11-{day:02}")
    for stake in stakes:
        example_game(session, "contractor-three-hands", stake=stake)
    return session


def owed(group):
    return {(p.payer, p.payee): p.amount for p in ledger.group_ledger(group).owed}


def test_what_was_not_paid_on_one_evening_carries_into_the_next(group):
    evening(group, "0.50", day=1)
    evening(group, "0.10", day=8)
    result = ledger.group_ledger(group)
    assert result.balances == {
        "Cy": Decimal("19.80"),
        "Ben": Decimal("5.40"),
        "Ana": Decimal("-25.20"),
    }
    assert owed(group) == {("Ana", "Cy"): Decimal("19.80"), ("Ana", "Ben"): Decimal("5.40")}
    assert result.total == Decimal("25.20")


def test_a_payment_marked_on_an_evening_counts_even_once_the_evening_changed(group, user):
    first = evening(group, "0.50")
    money_evening.pay(first, "Ana", "Cy", Decimal("16.50"), user)
    money_evening.pay(first, "Ana", "Ben", Decimal("1.00"), user)
    game = first.games.get()
    game.meta = {**game.meta, "stake": "1"}
    game.save()
    changes.changed(game)
    # The money was handed over still: it counts against what is owed now.
    assert owed(group) == {("Ana", "Cy"): Decimal("16.50"), ("Ana", "Ben"): Decimal("8.00")}


def test_group_payments_count_and_undone_ones_do_not(group, user):
    evening(group, "0.50")
    paid = ledger.pay(group, "Ana", "Cy", Decimal("10.00"), user)
    ledger.pay(group, "Ana", "Ben", Decimal("4.50"), user)
    assert owed(group) == {("Ana", "Cy"): Decimal("6.50")}
    assert books.undo(paid, user)
    assert not books.undo(paid, user), "undone once"
    assert owed(group) == {("Ana", "Cy"): Decimal("16.50")}
    paid.refresh_from_db()
    assert paid.undone_by == user and paid.undone_at is not None
    assert [entry.kind for entry in paid.entries.all()] == ["paid", "undone"]


def test_settle_up_pays_at_most_what_its_fewest_payments_say_one_owes_another(group, user):
    evening(group, "0.50")
    with pytest.raises(books.NotOwed):
        ledger.pay(group, "Ana", "Cy", Decimal("16.51"), user)
    with pytest.raises(books.NotOwed):  # Cy owes nobody
        ledger.pay(group, "Cy", "Ana", Decimal("1.00"), user)
    ledger.pay(group, "Ana", "Cy", Decimal("16.50"), user)
    with pytest.raises(books.NotOwed):  # a double tap on Paid
        ledger.pay(group, "Ana", "Cy", Decimal("16.50"), user)
    assert Payment.objects.count() == 1


def test_an_evening_pays_at_most_what_is_left_of_its_own_payment(group, user):
    """An evening is settled on its own: Ana pays tonight's 4.50 to Ben, no more."""
    first = evening(group, "0.50")
    with pytest.raises(books.NotOwed):
        money_evening.pay(first, "Ana", "Ben", Decimal("4.51"), user)
    money_evening.pay(first, "Ana", "Ben", Decimal("4.50"), user)
    with pytest.raises(books.NotOwed):
        money_evening.pay(first, "Ana", "Ben", Decimal("0.01"), user)


def test_deleted_sessions_and_games_are_left_out_until_they_come_back(group, user):
    kept = evening(group, "0.50", day=1)
    gone = evening(group, "1", day=2)
    game = example_game(kept, "contractor-three-hands", stake="2")
    bin.delete(gone)
    bin.delete(game)
    assert owed(group) == {("Ana", "Cy"): Decimal("16.50"), ("Ana", "Ben"): Decimal("4.50")}
    bin.restore(user, "session", gone.pk)
    assert owed(group)[("Ana", "Cy")] == Decimal("49.50")


def test_another_groups_evenings_and_payments_are_not_counted(group, make_user, user):
    evening(group, "0.50")
    other = first_group(make_user("zed"))
    evening(other, "1")
    ledger.pay(other, "Ana", "Cy", Decimal("33.00"), None)
    assert owed(group)[("Ana", "Cy")] == Decimal("16.50")


def test_a_group_without_money_games_is_all_square(group):
    Session.objects.create(group=group)
    result = ledger.group_ledger(group)
    assert result.owed == [] and result.balances == {} and result.total == 0


def test_the_fewest_payments_are_the_same_whatever_order_the_balances_are_summed_in():
    # Two ways to pair off four people: the order a database returns its sums in (none is
    # asked for) must not choose, or an evening offers other payments than it did
    # yesterday, or on another database. The screens' order chooses (biggest credit first,
    # then by name), which pairs them as the evening did before the ledger: session 5 of
    # tests/data/ledger, where Dee was marked paying Cy 10.55.
    balances = {"Cy": 1055, "Evie": 1055, "Ben": -1055, "Dee": -1055}
    for order in itertools.permutations(balances):
        found = ledger.owed({party: balances[party] for party in order})
        assert [(o.payer, o.payee, o.cents) for o in found] == [
            ("Ben", "Evie", 1055),
            ("Dee", "Cy", 1055),
        ]


def test_a_tie_between_the_table_and_a_person_goes_by_the_words_the_table_as_before():
    # Session 4 of tests/data/ledger: once Ana has paid the table and Evie has paid Dee, the
    # table and Cy are each owed 0.76 and Ben owes 0.82. A tie goes by name, and the
    # evening offered "Ben pays the table 0.76" and "Ben pays Cy 0.06" (marked paid), as
    # "the table" sorts after "Cy"; the table's mark "&table" sorts before every name.
    balances = {TABLE: 338, "Dee": 116, "Cy": 76, "Ben": -82, "Evie": -186, "Ana": -262}
    assert [(o.payer, o.payee, o.cents) for o in ledger.owed(balances)] == [
        ("Ana", TABLE, 262),
        ("Evie", "Dee", 116),
        ("Ben", TABLE, 76),
        ("Evie", "Cy", 70),
        ("Ben", "Cy", 6),
    ]
    assert list(ledger.in_order({"Cy": 76, TABLE: 76})) == ["Cy", TABLE]


@examples(0.2)
@given(
    stakes=st.lists(st.decimals("0.001", "3", places=3), min_size=1, max_size=4),
    part=st.integers(1, 99),
)
def test_balances_are_whole_cents_that_add_up_to_zero(stakes, part):
    owner = get_user_model().objects.create_user(f"p{next(OWNERS)}")
    group = first_group(owner)
    for day, stake in enumerate(stakes, start=1):
        evening(group, str(stake), day=day)
    first = ledger.group_ledger(group).owed[0]
    # A part payment is typed in whole cents, as a person would round it.
    amount = max(CENT, (first.amount * part / 100).quantize(CENT))
    ledger.pay(group, first.payer, first.payee, amount, owner)
    balances = ledger.group_ledger(group).balances
    assert sum(balances.values()) == 0
    assert all(amount == amount.quantize(Decimal("0.01")) for amount in balances.values())


def test_the_settle_up_costs_the_same_queries_at_1_and_200_games(
    user, group, django_assert_num_queries
):
    many_games(user, 1)
    staked()
    money_evening.pay(Session.objects.get(), "Ana", "Cy", Decimal("1.00"), user)
    # The balances' sum, the payments' count and a page of them.
    with django_assert_num_queries(3):
        list(ledger.group_ledger(group, page=1).payments)
    many_games(user, 199)
    staked()
    with django_assert_num_queries(3):
        result = ledger.group_ledger(group, page=1)
        list(result.payments)
    assert result.balances["Cy"] == Decimal("0.05") * 33 * 200 - 1


def staked():
    """Every game at 0.05 a point, as the evening's page sets it (each a change of it)."""
    for game in Game.objects.all():
        game.meta = game.meta | {"stake": "0.05"}
        game.save(update_fields=["meta"])
        changes.changed(game)


def test_a_payment_scores_no_game(group, user, monkeypatch):
    """A payment checks what is owed from the ledger's sums: no game is read again."""
    from games.play import services

    first = evening(group, "0.50")
    example_game(first, "tridge-three-people", stake="0.05")  # not over: left out, with why

    def scored(*args, **kwargs):
        raise AssertionError("a game was scored")

    # Wherever the money reads a game's hands to score them.
    monkeypatch.setattr(services, "score_sheet", scored)
    monkeypatch.setattr(money_evening, "score_records", scored)
    money_evening.pay(first, "Ana", "Cy", Decimal("10.00"), user)
    ledger.pay(group, "Ana", "Cy", Decimal("6.50"), user)
