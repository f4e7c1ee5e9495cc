"""The group's Settle up (games/views/ledger.py): what is owed overall, a payment whole or
in part, undone."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Membership, Payment, Session
from games.money import ledger as money_ledger
from games.play import changes
from games.play.groups import first_group
from tests.tables import example_game, many_games

pytestmark = pytest.mark.django_db

# Contractor's example at 0.50 a point: Ana pays Cy 16.50 and Ben 4.50.


@pytest.fixture
def group(user):
    group = first_group(user)
    for day, stake in ((1, "0.50"), (8, "0.10")):
        session = Session.objects.create(group=group, date=f"2026-11-{day:02}")
        example_game(session, "contractor-three-hands", stake=stake)
    return group


def url(group, tail=""):
    return f"/groups/{group.pk}/settle/{tail}"


def pay(client, group, payer, payee, amount, whole=False):
    data = {"payer": payer, "payee": payee, "amount": amount} | ({"whole": "1"} if whole else {})
    return client.post(url(group, "pay/"), data)


def test_the_screen_shows_every_evening_added_up_and_the_fewest_payments(owner_client, group):
    page = owner_client.get(url(group)).content.decode()
    # 0.60 a point over both evenings: Cy +19.80, Ben +5.40, Ana -25.20.
    assert "+19.80" in page and "\u221225.20" in page
    assert 'pays <strong>Cy</strong> <span class="amount">19.80</span>' in page
    assert page.count('name="whole"') == 2


def test_the_group_page_says_in_one_line_what_is_left_to_settle(owner_client, group, user):
    page = owner_client.get(f"/groups/{group.pk}/").content.decode()
    assert "2 payments to settle everything, 25.20 in all" in page
    assert f'href="{url(group)}"' in page
    pay(owner_client, group, "Ana", "Cy", "19.80", whole=True)
    pay(owner_client, group, "Ana", "Ben", "5.40", whole=True)
    assert "All square" in owner_client.get(f"/groups/{group.pk}/").content.decode()


def test_paid_records_the_whole_payment_with_who_marked_it(owner_client, group, user):
    response = pay(owner_client, group, "Ana", "Cy", "19.80", whole=True)
    assert response["Location"] == url(group)
    payment = Payment.objects.get()
    assert (payment.payer, payment.payee, str(payment.amount)) == ("Ana", "Cy", "19.80")
    assert payment.by == user and payment.group == group
    page = owner_client.get(url(group)).content.decode()
    assert "Recorded: Ana paid Cy 19.80." in page
    assert page.count('name="whole"') == 1 and "marked by ana" in page


def test_a_part_payment_leaves_the_rest_owed_and_takes_a_comma(owner_client, group):
    pay(owner_client, group, "Ana", "Cy", "4,80")
    page = owner_client.get(url(group)).content.decode()
    assert 'pays <strong>Cy</strong> <span class="amount">15.00</span>' in page


def test_a_member_records_and_undoes_and_the_undone_payment_stays_in_the_history(
    client, group, make_user
):
    bea = make_user("bea")
    Membership.objects.create(group=group, user=bea)
    client.force_login(bea)
    pay(client, group, "Ana", "Ben", "5.40", whole=True)
    payment = Payment.objects.get()
    response = client.post(url(group, "undo/"), {"payment": payment.pk})
    assert response["Location"] == url(group)
    payment.refresh_from_db()
    assert payment.undone_by == bea
    page = client.get(url(group)).content.decode()
    assert "Undone: Ana paying Ben 5.40 no longer counts." in page
    assert "undone by bea" in page and page.count('name="payment"') == 0
    assert 'pays <strong>Ben</strong> <span class="amount">5.40</span>' in page


@pytest.mark.parametrize(
    ("amount", "said"),
    [
        ("", "Write the amount paid, such as 12.50."),
        ("lots", "Write the amount as a number, such as 12.50 or 12,50."),
        ("1.2.3", "Write the amount as a number, such as 12.50 or 12,50."),
        ("0", "The amount paid must be more than 0."),
        ("0.00", "The amount paid must be more than 0."),
        ("-5", "The amount paid must be more than 0."),
        ("19.81", "Ana owes Cy 19.80: the amount paid cannot be more than that."),
        ("1.005", "Write the amount in whole cents: at most two digits after the point."),
    ],
)
def test_a_refused_amount_is_said_at_the_top_and_next_to_its_field(
    owner_client, group, amount, said
):
    response = pay(owner_client, group, "Ana", "Cy", amount)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'class="error-summary"' in page and '<a href="#pay0_amount">' + said in page
    assert f'<p class="field-error" id="pay0_amount_error">{said}</p>' in page
    assert 'aria-describedby="pay0_amount_error"' in page and '<details class="part" open>' in page
    assert not Payment.objects.exists()


def test_a_payment_no_longer_owed_or_changed_meanwhile_is_not_recorded(owner_client, group):
    response = pay(owner_client, group, "Cy", "Ana", "1.00")
    assert response["Location"] == url(group)
    pay(owner_client, group, "Ana", "Cy", "19.80", whole=True)
    pay(owner_client, group, "Ana", "Cy", "19.80", whole=True)  # a double tap
    # The Paid button of a page drawn before a game changed: the amount it shows is old.
    pay(owner_client, group, "Ana", "Ben", "5.00", whole=True)
    assert list(Payment.objects.values_list("payee", flat=True)) == ["Cy"]
    page = owner_client.get(url(group)).content.decode()
    assert "The balances changed meanwhile" in page


def test_undo_twice_or_of_another_group_changes_nothing(owner_client, group, make_user):
    zed = first_group(make_user("zed"))
    example_game(Session.objects.create(group=zed), "contractor-three-hands", stake="1")
    other = money_ledger.pay(zed, "Ana", "Cy", Decimal(1), None)
    assert owner_client.post(url(group, "undo/"), {"payment": other.pk}).status_code == 404
    assert owner_client.post(url(group, "undo/"), {"payment": "x"}).status_code == 404
    pay(owner_client, group, "Ana", "Cy", "1", whole=False)
    mine = Payment.objects.get(group=group)
    owner_client.post(url(group, "undo/"), {"payment": mine.pk})
    first = Payment.objects.get(pk=mine.pk).undone_at
    owner_client.post(url(group, "undo/"), {"payment": mine.pk})
    assert Payment.objects.get(pk=mine.pk).undone_at == first


def test_the_evenings_settlement_says_what_is_not_paid_carries_to_the_group(owner_client, group):
    session = Session.objects.filter(group=group).first()
    page = owner_client.get(f"/sessions/{session.pk}/settle/").content.decode()
    assert "What is not paid here carries over to" in page
    assert f'href="{url(group)}"' in page


def counted(client, address) -> int:
    client.get("/rules/")  # the session and the user, read once
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address).status_code == 200
    return len(captured.captured_queries)


def test_settle_up_costs_the_same_queries_at_1_and_200_games(
    owner_client, user, django_assert_num_queries
):
    group = first_group(user)
    many_games(user, 1)
    staked()
    at_one = counted(owner_client, url(group))
    many_games(user, 199)
    staked()
    with django_assert_num_queries(at_one):
        page = owner_client.get(url(group)).content.decode()
    assert 'pays <strong>Cy</strong> <span class="amount">330.00</span>' in page


def staked():
    for game in Game.objects.all():
        game.meta = {"stake": "0.05"}
        game.save(update_fields=["meta"])
        changes.changed(game)
