"""An evening's settlement, as the group's ledger holds it: the entries of a session's games
and the payments marked on its page.

Each person's result is the sum of their lines in the evening's games (docs/MONEY.md);
the fewest payments square those results; each says what of it was paid on this page,
and, where it was not, whether it is still owed overall (it carries to the group's Settle
up) or was settled there since. Nothing is worked out from the games here but why a game
counts no money (not over, needs a correction, no money value), for the few that do not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q, Sum

from games.engine.money import stake_of
from games.engine.sheet import SheetError
from games.models import Entry, Line, Payment, Session
from games.money.books import balances
from games.money.cents import as_money, from_cents, in_cents
from games.money.entries import OUTSIDE, TABLE
from games.money.ledger import capacity, in_order, owed
from games.play.services import score_records
from games.records.history import games_with_hands


@dataclass
class Counted:
    """A game whose entries move money this evening: each party's units and money (exact,
    in the ledger's ten-thousandths: games/money/cents.py)."""

    game: object
    stake: Decimal | None
    units: dict[str, int]
    exact: dict[str, int]
    finished: bool

    @property
    def money(self) -> dict[str, Decimal]:
        return {party: as_money(amount) for party, amount in self.exact.items()}


@dataclass
class LeftOut:
    game: object
    stake: Decimal | None
    why: str


@dataclass
class Due:
    """A payment of the evening's fewest: how much of it was marked paid on the evening's
    page, and how much of the rest may still be paid (what is still owed overall)."""

    payer: str
    payee: str
    cents: int
    paid: int = 0
    can_pay: int = 0

    @property
    def amount(self) -> Decimal:
        return from_cents(self.cents)

    @property
    def left(self) -> Decimal:
        return from_cents(max(0, self.cents - self.paid))

    @property
    def payable(self) -> Decimal:
        return from_cents(self.can_pay)

    @property
    def state(self) -> str:
        """ "paid", "part" (paid in part here), "carried" (owed still, on Settle up too),
        "settled" (not paid here, but nothing of it is owed overall any more)."""
        if self.paid >= self.cents:
            return "paid"
        if not self.can_pay:
            return "settled"
        return "part" if self.paid else "carried"


@dataclass
class Evening:
    session: Session
    counted: list[Counted] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    cents: dict[str, int] = field(default_factory=dict)  # each party's result, rounded
    due: list[Due] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)  # marked on its page, undone too

    @property
    def results(self) -> dict[str, Decimal]:
        return in_order(self.cents)

    rounded: bool = False  # some result was not a whole number of cents

    @property
    def has_table(self) -> bool:
        return TABLE in self.cents

    @property
    def unpaid(self) -> int:
        return sum(due.state != "paid" for due in self.due)

    def about(self, people) -> list[Due]:
        """The payments of the evening a game's people (or the table) pay or are paid."""
        people = set(people)
        return [due for due in self.due if due.payer in people or due.payee in people]


def session_evening(session: Session) -> Evening:
    evening = Evening(session)
    games = {game.pk: game for game in session.games.all()}
    # Its games' lines (chips from outside come at no money), and its rounding's.
    lines = Line.objects.filter(entry__session=session).filter(
        Q(entry__game__in=games) & ~Q(party=OUTSIDE) | Q(entry__kind=Entry.ROUNDED)
    )
    sums = lines.values("entry__game", "party").annotate(units=Sum("units"), money=Sum("money"))
    by_game: dict[int | None, list[dict]] = {}
    for row in sums:
        by_game.setdefault(row["entry__game"], []).append(row)
    over = set(
        Entry.objects.filter(game__in=games, kind=Entry.RESULT).values_list("game", flat=True)
    )
    total: dict[str, int] = {}
    for pk, game in games.items():
        rows, stake = by_game.get(pk, []), stake_of(game)
        # Over and played for money, or money moved all the same (chips taken, made up).
        if (pk in over and stake is not None) or any(row["money"] for row in rows):
            units = {row["party"]: row["units"] for row in rows}
            exact = {row["party"]: row["money"] for row in rows}
            evening.counted.append(Counted(game, stake, units, exact, pk in over))
            for party, amount in exact.items():
                total[party] = total.get(party, 0) + amount
    rounding = by_game.get(None, [])
    evening.rounded = bool(rounding)
    for row in rounding:
        total[row["party"]] = total.get(row["party"], 0) + row["money"]
    evening.cents = {party: in_cents(amount) for party, amount in total.items()}
    counted = {item.game.pk for item in evening.counted}
    evening.left_out = _left_out([pk for pk in games if pk not in counted], over)
    evening.payments = list(
        Payment.objects.filter(session=session).select_related("by", "undone_by")
    )
    _due(evening, balances(session.group))
    return evening


def _left_out(pks: list[int], over: set[int]) -> list[LeftOut]:
    """Why each of these games counts no money: scored again, for these few only."""
    left = []
    for game in games_with_hands().filter(pk__in=pks):
        stake = stake_of(game)
        if game.pk in over:
            why = "no money value set"
        else:
            try:
                score_records(game, [hand.record for hand in game.hands.all()])
            except SheetError:
                why = "needs a correction"
            else:
                why = "not finished"
        left.append(LeftOut(game, stake, why))
    return left


def _due(evening: Evening, group: dict[str, int]) -> None:
    """The fewest payments of the evening's results, each with what was paid of it here and
    what may still be paid overall (the group's balances, `group`, in cents)."""
    paid: dict[tuple[str, str], int] = {}
    for payment in evening.payments:
        if payment.undone_at is None:
            pair = (payment.payer, payment.payee)
            paid[pair] = paid.get(pair, 0) + int(payment.amount * 100)
    for item in owed(evening.cents):
        here = min(item.cents, paid.get((item.payer, item.payee), 0))
        can = min(item.cents - here, capacity(group, item.payer, item.payee))
        evening.due.append(Due(item.payer, item.payee, item.cents, here, can))
