"""The group's running balances: every evening's settlement added up, less what was paid.

Nothing here is stored but the payments: each evening is settled again from its games
(games/money/evening.py `settle`), its results in whole cents added person by person, and
every payment taken off: the marks of the evenings' settlements (`Paid`) and the payments
recorded on the group's Settle up (`GroupPayment`, undone ones left out). Each evening's
results add up to zero in whole cents and a payment moves the same cents from one person
to another, so the balances add up to zero too.

The queries are fixed whatever the number of games: the group's games with their hands
(games/records/history.py `games_with_hands`), the marks, and the payments.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from games.models import Group, GroupPayment, Paid
from games.money.evening import CENT, settle
from games.money.payments import fewest_payments
from games.records.history import games_with_hands


@dataclass
class Owed:
    """One payment of the fewest that square the group."""

    payer: str
    payee: str
    amount: Decimal


@dataclass
class Ledger:
    # Each person's balance (won less paid), biggest credit first; nobody at zero.
    balances: dict[str, Decimal] = field(default_factory=dict)
    owed: list[Owed] = field(default_factory=list)
    # Who sat at the games counted; any other party (Tridge's table) is shown as such.
    people: set[str] = field(default_factory=set)
    # Newest first: the group's payments (undone ones too) and the evenings' marks.
    payments: list[GroupPayment] = field(default_factory=list)
    marks: list[Paid] = field(default_factory=list)
    evenings: int = 0  # sessions with a counted game

    @property
    def parties(self) -> list[str]:
        """Who has a balance without sitting at a game: Tridge's table."""
        return [name for name in self.balances if name not in self.people]

    @property
    def total(self) -> Decimal:
        return sum((payment.amount for payment in self.owed), Decimal(0))

    def owed_by(self, payer: str, payee: str) -> Decimal | None:
        for payment in self.owed:
            if (payment.payer, payment.payee) == (payer, payee):
                return payment.amount
        return None


def group_ledger(group: Group) -> Ledger:
    live = {"session__group": group, "session__deleted__isnull": True}
    games = games_with_hands().filter(**live)
    # Every mark counts, even one an evening no longer matches to a payment (a game changed
    # after it was made): that money was handed over all the same.
    marks = Paid.objects.filter(**live).select_related("by", "session").order_by("-at", "-pk")
    payments = GroupPayment.objects.filter(group=group).select_related("by", "undone_by")
    return ledger_of(games, list(marks), list(payments))


def ledger_of(games, marks, payments) -> Ledger:
    ledger = Ledger(payments=payments, marks=marks)
    by_session: dict[int, list] = {}
    for game in games:
        by_session.setdefault(game.session_id, []).append(game)
    cents: dict[str, int] = {}
    for session_games in by_session.values():
        evening = settle(session_games, [])
        ledger.people |= evening.people
        ledger.evenings += bool(evening.counted)
        for name, amount in evening.results.items():
            cents[name] = cents.get(name, 0) + int(amount / CENT)
    for payment in [*marks, *(p for p in payments if p.undone_at is None)]:
        amount = int(payment.amount / CENT)
        cents[payment.payer] = cents.get(payment.payer, 0) + amount
        cents[payment.payee] = cents.get(payment.payee, 0) - amount
    ledger.balances = {
        name: cents[name] * CENT
        for name in sorted(cents, key=lambda n: (-cents[n], n))
        if cents[name]
    }
    ledger.owed = [Owed(p.payer, p.payee, p.amount * CENT) for p in fewest_payments(cents)]
    return ledger


class NotOwed(Exception):
    """The payment is no longer among those owed (the balances changed meanwhile)."""


def record_payment(group: Group, payer: str, payee: str, amount: Decimal, by) -> GroupPayment:
    """Record that `payer` paid `payee` `amount`, at most what the balances say is owed.

    The group's row is locked while the balances are worked out and the payment written, so
    that two phones (or a double tap) never pay one debt twice.
    """
    with transaction.atomic():
        Group.objects.select_for_update().filter(pk=group.pk).first()
        owed = group_ledger(group).owed_by(payer, payee)
        if owed is None or amount > owed:
            raise NotOwed
        return GroupPayment.objects.create(
            group=group, payer=payer, payee=payee, amount=amount, by=by
        )


def undo_payment(payment: GroupPayment, by) -> bool:
    """Mark `payment` undone (kept in the history); False if it was undone already."""
    undone = GroupPayment.objects.filter(pk=payment.pk, undone_at__isnull=True).update(
        undone_at=timezone.now(), undone_by=by
    )
    return bool(undone)
