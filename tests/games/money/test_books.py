"""The group's ledger, written (games/money/books.py): a match's entries after every change
of it, in its transaction; payments; names as they change."""

from decimal import Decimal

import pytest
from django.db import transaction

from games.models import Entry, Game, Line, Payment, Player, Session
from games.money import books, table
from games.money import evening as money_evening
from games.money.entries import TABLE, Part, Planned
from games.play import bin, services
from games.records import renames
from tests.tables import BEN_WINS, example_game, make_game

pytestmark = pytest.mark.django_db


def kinds(game):
    return list(Entry.objects.filter(game=game).values_list("kind", flat=True))


def test_a_match_is_written_once_it_is_over_and_again_only_when_it_changes(user):
    game = make_game(user, rules={"hands": 2}, hands=[BEN_WINS])
    assert kinds(game) == []
    services.add_hand(game, {"passed": True}, 2)
    assert kinds(game) == ["result"]
    first = Entry.objects.get(game=game).pk
    assert books.write(Game.objects.get(pk=game.pk)) is False  # nothing changed
    assert Entry.objects.get(game=game).pk == first
    services.delete_hand(game.hands.get(number=2), user, 1)
    assert kinds(game) == []


def test_a_deleted_game_gives_no_entries_and_comes_back_with_them(user):
    session = Session.objects.create(group=user.owned_groups.first())
    game = example_game(session, "contractor-three-hands", stake="0.50")
    assert kinds(game) == ["result"]
    bin.delete(game)
    assert kinds(game) == [] and books.balances(session.group) == {}
    bin.restore(user, "game", game.pk)
    assert kinds(game) == ["result"] and books.balances(session.group)["Cy"] == 1650


def test_an_entry_that_would_not_add_up_is_never_written(user):
    group = user.owned_groups.first()
    wrong = Planned(Entry.PAID, [Part("Ana", money=100), Part("Ben", money=-99)])
    with pytest.raises(books.Unbalanced), transaction.atomic():
        books._store([wrong], group=group.pk)
    assert not Line.objects.exists()


def test_a_change_of_the_money_value_of_chips_reaches_the_match_that_took_them(user):
    last = make_game(user, rules={"hands": 1}, hands=[BEN_WINS])
    services.change_game(last, lambda locked: locked.meta.update(stake="0.05") or True)
    later = table.play_again(last)
    services.change_game(later, lambda locked: locked.meta.update(stake="0.10") or True)
    later.refresh_from_db()
    version = later.version
    made_up = Line.objects.filter(entry__game=later, entry__kind="made up", party=TABLE)
    assert made_up.get().money == 6_0000  # 120 chips from 0.05 to 0.10
    services.change_game(last, lambda locked: locked.meta.update(stake="0.08") or True)
    assert made_up.get().money == 2_4000  # from 0.08
    later.refresh_from_db()
    assert later.version == version + 1  # its screens redraw


def test_a_payment_and_its_undo_are_entries_and_stay_in_the_history(user):
    session = Session.objects.create(group=user.owned_groups.first())
    example_game(session, "contractor-three-hands", stake="0.50")
    paid = money_evening.pay(session, "Ana", "Cy", Decimal("16.50"), user)
    assert [e.kind for e in paid.entries.all()] == ["paid"]
    books.undo(paid, user)
    assert [e.kind for e in paid.entries.order_by("pk")] == ["paid", "undone"]
    assert books.balances(session.group)["Ana"] == -2100


def test_a_payment_marked_on_an_evening_leaves_the_ledger_with_it_and_comes_back(user):
    group = user.owned_groups.first()
    kept = Session.objects.create(group=group, date="2026-11-01")
    example_game(kept, "contractor-three-hands", stake="0.50")
    gone = Session.objects.create(group=group, date="2026-11-08")
    example_game(gone, "contractor-three-hands", stake="0.50")
    money_evening.pay(gone, "Ana", "Cy", Decimal("16.50"), user)
    bin.delete(gone)
    assert books.balances(group)["Ana"] == -2100 and Payment.objects.count() == 1
    bin.restore(user, "session", gone.pk)
    assert books.balances(group)["Ana"] == -4200 + 1650


def test_a_merge_folds_away_what_the_two_paid_each_other_and_keeps_the_rest(user):
    group = user.owned_groups.first()
    session = Session.objects.create(group=group)
    example_game(session, "bid-fair-opening", stake="1")
    make_game(user, kind="contractor", players=("Zedd", "Ben", "Cy"))
    zed = Player.objects.create(group=group, name="Zed")
    Payment.objects.create(group=group, payer="Zedd", payee="Zed", amount=Decimal("26.00"))
    Payment.objects.create(group=group, payer="Zedd", payee="Ben", amount=Decimal("1.00"))
    before = books.balances(group)
    renames.merge_players(zed, Player.objects.get(name="Zedd"))
    assert list(Payment.objects.values_list("payer", "payee")) == [("Zed", "Ben")]
    after = books.balances(group)
    assert after.get("Zed", 0) == before.get("Zedd", 0) + before.get("Zed", 0)
    assert not Line.objects.filter(party="Zedd").exists()


def test_the_balances_add_up_to_zero_and_leave_out_chips_from_outside(user):
    session = Session.objects.create(group=user.owned_groups.first())
    example_game(session, "tridge-four-people", stake="0.05")
    example_game(session, "cardigan-four-deals", stake="0.0015")
    assert sum(books.balances(session.group).values()) == 0
