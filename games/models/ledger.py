"""The group's money: payments made, and the ledger's entries and lines (docs/MONEY.md;
games/money/ writes and reads them)."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models.table import Game, Group, Session


class Payment(models.Model):
    """Money handed over: who paid whom how much, recorded on an evening's settlement or on
    the group's Settle up; who recorded it and when.

    Its ledger entries (`Entry`, games/money/books.py) move the amount between the two
    balances. An undo marks the row undone rather than deleting it, and adds the entry that
    reverses it: any member may record or undo, so the history says who did what and when.
    """

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="payments")
    # Names as the games write them (a rename or a merge rewrites them), or the table's
    # mark (games/money/books.py TABLE), which no name can be.
    payer = models.CharField(max_length=40)
    payee = models.CharField(max_length=40)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    # The evening whose settlement it was marked on; none on the group's Settle up.
    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.SET_NULL, related_name="payments"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(default=timezone.now)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="payment_positive"),
        ]

    def __str__(self):
        return f"{self.payer} paid {self.payee} {self.amount}"


class Entry(models.Model):
    """One movement of chips or money in a group's ledger, with its source: a match (what
    it took from the table, made up, came to, shared out), an evening (its results rounded
    to the cent) or a payment (made, undone).

    Its lines add up to zero in chips and in money (checked as they are written:
    games/money/books.py). A match's entries are written again from its hands at every
    change of it, in the change's transaction (docs/MONEY.md): scores are never stored,
    what they come to is, in step.
    """

    TAKEN, MADE_UP, RESULT, SHARED = "taken", "made up", "result", "shared"
    ROUNDED, PAID, UNDONE = "rounded", "paid", "undone"
    KINDS = [
        (TAKEN, "chips taken from the table"),
        (MADE_UP, "chips made up to the match's value"),
        (RESULT, "the match's result"),
        (SHARED, "chips shared out"),
        (ROUNDED, "the evening's results rounded to the cent"),
        (PAID, "a payment"),
        (UNDONE, "a payment undone"),
    ]

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="entries")
    kind = models.CharField(max_length=10, choices=KINDS)
    # The source: a match, or a payment.
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="entries"
    )
    payment = models.ForeignKey(
        Payment, null=True, blank=True, on_delete=models.CASCADE, related_name="entries"
    )
    # The evening it counts in: its match's session, the session it rounds, or the one its
    # payment was marked on.
    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    # The money value its units were counted at (a match's), for the screens' words.
    stake = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name_plural = "entries"

    def __str__(self):
        return f"{self.get_kind_display()} ({self.game or self.payment})"


class Line(models.Model):
    """One party's part of an entry: its balance moves by `units` (chips in Tridge, points
    elsewhere) and `money`, in ten-thousandths (games/money/cents.py): positive, the party
    is owed that, or owes that much less."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="lines")
    # The entry's group again: a group's balances are one sum over its lines.
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="+")
    # A name as the games write it, or the table's mark (games/money/books.py TABLE).
    party = models.CharField(max_length=40)
    # The table's lines: the match whose chips these are, lying where it left them, or in
    # play in the match that took them (`in_play`).
    pile = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    in_play = models.BooleanField(default=False)
    units = models.BigIntegerField(default=0)
    money = models.BigIntegerField(default=0)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["group", "party"], name="line_group_party")]

    def __str__(self):
        return f"{self.party}: {self.units} units, {self.money} ten-thousandths"
