"""The money in a group's file (games/records/dump.py): its payments out and back in, and
the check that a match that took chips from the table carries them.

The file holds the payments as they were made (who paid whom how much, where and by whom
they were marked, undone or not); what the games come to is worked out again from their
sheets when the file comes back in, as every change of a game works it out
(docs/MONEY.md): so the group's Settle up reads the same before and after.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from types import SimpleNamespace

from games.engine.registry import GAMES, score_sheet
from games.engine.sheet import SheetError, settings_as_rules
from games.models import Payment


def payments_out(group) -> list[dict]:
    """Every payment of the group, oldest first, undone ones too."""
    made = Payment.objects.filter(group=group).select_related("by", "undone_by", "session")
    return [
        {
            "payer": payment.payer,
            "payee": payment.payee,
            "amount": str(payment.amount),
            "at": payment.at.isoformat(),
            "by": payment.by.username if payment.by else None,
            # The evening it was marked on, by when that session was made, as "took" names
            # a game; None on the group's Settle up.
            "session": payment.session.created.isoformat() if payment.session else None,
            "undone_at": payment.undone_at.isoformat() if payment.undone_at else None,
            "undone_by": payment.undone_by.username if payment.undone_by else None,
        }
        for payment in made.order_by("at", "pk")
    ]


def read_payments(top, owner, group, sessions: dict, moment) -> list[Payment]:
    """The payments of a group's file, read as strictly as a sheet (`top`: the group's
    record; `sessions`: the file's sessions by when they were made; `moment`: a time read
    as dump.py reads one); not stored yet."""
    payments = []
    for number, raw in enumerate(top.list("payments"), start=1):
        record = type(top)(raw, f"{top.path}, payment {number}")
        try:
            amount = Decimal(record.text("amount"))
        except InvalidOperation:
            raise record.error("amount", "must be an amount such as 12.50") from None
        if not amount.is_finite() or amount <= 0 or amount != round(amount, 2):
            raise record.error("amount", "must be more than 0, in whole cents")
        marked = record.value("session", None)
        if marked is not None and marked not in sessions:
            raise record.error("session", "must be when one of the file's sessions was made")
        undone = record.value("undone_at", None)
        payments.append(
            Payment(
                group=group,
                payer=record.text("payer"),
                payee=record.text("payee"),
                amount=amount,
                at=moment(record.text("at"), record.name("at")),
                by=owner if record.value("by", None) == owner.username else None,
                session=sessions.get(marked),
                undone_at=undone and moment(undone, record.name("undone_at")),
                undone_by=owner if record.value("undone_by", None) == owner.username else None,
            )
        )
        record.finish()
    return payments


def check_takings(games, where_of) -> None:
    """Refuse a file whose match took chips from the table without its sheet carrying them.

    `games`: each game of a group read from the file, as (data, sheet, created, choices,
    took, where); `where_of` names a game for a message. What the games it took from
    leave (their engines say it, by their own choices) must be what its sheet's rules
    carry: otherwise those chips would leave the table and go nowhere.
    """
    made = {created: (data, sheet, choices) for data, sheet, created, choices, _, _ in games}
    for data, sheet, _, _, took, where in games:
        if not took:
            continue
        money = GAMES[data["game"]].money
        carried = money.carried(settings_as_rules(sheet.settings))
        left = 0
        for when in took:
            if when not in made:
                raise SheetError(where + ", took", "names a game the file does not hold")
            source_data, source_sheet, choices = made[when]
            source = SimpleNamespace(
                players=list(source_sheet.players),
                rules=settings_as_rules(source_sheet.settings),
                meta=choices,
            )
            left += money.carried(money.leaves(source, score_sheet(source_sheet)))
        if left != carried:
            raise SheetError(
                where + ", took",
                f"the games it took from ({', '.join(where_of(when) for when in took)}) left "
                f"{left} chips on the table, but its sheet's rules carry {carried}: a game that "
                "took chips from the table must carry them",
            )
