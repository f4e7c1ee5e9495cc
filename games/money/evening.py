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
from games.engine.words import money_text
from games.models import Entry, Line, Payment, Session
from games.money import books
from games.money.books import balances
from games.money.cents import as_money, exact, from_cents, in_cents
from games.money.entries import OUTSIDE, TABLE
from games.money.ledger import in_order, owed, owes_overall
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

    @property
    def made_up_words(self) -> str:
        """What the game's people paid the table, or were paid back, to bring the chips the
        game took from it to its money value ("made up", docs/MONEY.md), said under the
        game: each person's money less their units at that value. "" where nobody did.
        Without it, "+42 (+2.70)" at 0.10 a chip reads as a mistake."""
        value = self.stake or Decimal(0)
        parts = [
            amount - exact(self.units.get(party, 0) * value)
            for party, amount in self.exact.items()
            if party not in (TABLE, OUTSIDE)
        ]
        parts = [amount for amount in parts if amount]
        if not parts:
            return ""
        sizes = {abs(amount) for amount in parts}
        each = f"the {money_text(as_money(sizes.pop()))}" if len(sizes) == 1 else "what"
        value = f"{self.stake} a {self.game.engine.money.UNIT}"
        if sum(parts) < 0:
            return (
                f"The money counts {each} each person paid the table to make the chips this "
                f"game started with worth {value}."
            )
        at = f"at {value}" if self.stake else "with no money value"
        return (
            f"The money counts {each} the table paid each person back, as the chips this "
            f"game started with are worth less {at}."
        )


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
    paid: int = 0  # marked paid on the evening's page
    elsewhere: int = 0  # paid on the group's Settle up (`settled_elsewhere`)
    square_overall: bool = False  # its payer owes nothing on the group's Settle up

    @property
    def amount(self) -> Decimal:
        return from_cents(self.cents)

    @property
    def done(self) -> Decimal:
        """What was paid of it, here and on the group's Settle up."""
        return from_cents(self.paid + self.elsewhere)

    @property
    def left(self) -> Decimal:
        return from_cents(max(0, self.cents - self.paid - self.elsewhere))

    @property
    def can_pay(self) -> int:
        """What may still be marked paid of it, in cents: what is left of it."""
        return max(0, self.cents - self.paid - self.elsewhere)

    @property
    def payable(self) -> Decimal:
        return from_cents(self.can_pay)

    @property
    def state(self) -> str:
        """ "paid", "part" (paid in part), "carried" (not paid yet: what is not paid here
        carries to the group's Settle up)."""
        if self.paid + self.elsewhere >= self.cents:
            return "paid"
        return "part" if self.paid or self.elsewhere else "carried"


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
        # Who came out even is listed at 0.00: they played for money this evening.
        return in_order(self.cents, zeros=True)

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


def session_evening(session: Session, why: bool = True) -> Evening:
    """The evening's settlement; `why` False leaves out why a game counts no money, the
    one part that scores games (a payment's check scores nothing)."""
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
    if why:
        evening.left_out = _left_out([pk for pk in games if pk not in counted], over)
    evening.payments = list(
        Payment.objects.filter(session=session).select_related("by", "undone_by")
    )
    _due(evening, balances(session.group), settled_elsewhere(session))
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


def _due(evening: Evening, group: dict[str, int], elsewhere: dict) -> None:
    """The fewest payments of the evening's results, each with what was paid of it here and
    on the group's Settle up (`elsewhere`), and whether its payer owes anything there (the
    group's balances `group`, in cents)."""
    paid = _paid_here(evening.payments)
    for item in owed(evening.cents):
        pair = (item.payer, item.payee)
        here = min(item.cents, paid.get(pair, 0))
        there = min(item.cents - here, elsewhere.get(pair, 0))
        square = not owes_overall(group, item.payer)
        evening.due.append(Due(item.payer, item.payee, item.cents, here, there, square))


def pay(session: Session, payer: str, payee: str, amount, by):
    """A payment marked on the evening's page: at most what is left of that payment of the
    evening, as it stands under the group's lock."""

    def most() -> int:
        due = session_evening(session, why=False).due
        return next((d.can_pay for d in due if (d.payer, d.payee) == (payer, payee)), 0)

    return books.record(session.group, payer, payee, amount, by, most, session=session)


def _paid_here(payments) -> dict[tuple[str, str], int]:
    paid: dict[tuple[str, str], int] = {}
    for payment in payments:
        if payment.undone_at is None:
            pair = (payment.payer, payment.payee)
            paid[pair] = paid.get(pair, 0) + int(payment.amount * 100)
    return paid


def settled_elsewhere(session: Session) -> dict[tuple[str, str], int]:
    """What the group's Settle up paid of this evening's payments, in cents, pair by pair.

    A payment recorded on Settle up pays no evening of its own: it goes to the payments
    of the same payer and payee that the evenings left unpaid, the oldest evening first,
    so that an evening's page never offers again what was paid there. Three sums over the
    group's live evenings: their sessions, their results, their payments.
    """
    group = session.group_id
    evenings = list(
        Session.objects.filter(group=group)
        .order_by("date", "created", "pk")
        .values_list("pk", flat=True)
    )
    rows = (
        Line.objects.filter(group=group, entry__session__in=evenings)
        .filter(Q(entry__game__isnull=False) & ~Q(party=OUTSIDE) | Q(entry__kind=Entry.ROUNDED))
        .values("entry__session", "party")
        .annotate(money=Sum("money"))
    )
    results: dict[int, dict[str, int]] = {}
    for row in rows:
        results.setdefault(row["entry__session"], {})[row["party"]] = in_cents(row["money"])
    payments = Payment.objects.filter(group=group, undone_at__isnull=True).filter(
        Q(session__isnull=True) | Q(session__in=evenings)
    )
    here: dict[int, dict] = {}
    pool: dict[tuple[str, str], int] = {}
    for payment in payments.values("session", "payer", "payee", "amount"):
        pair, cents = (payment["payer"], payment["payee"]), int(payment["amount"] * 100)
        mine = here.setdefault(payment["session"], {}) if payment["session"] else pool
        mine[pair] = mine.get(pair, 0) + cents
    for pk in evenings:
        taken: dict[tuple[str, str], int] = {}
        for item in owed(results.get(pk, {})):
            pair = (item.payer, item.payee)
            left = item.cents - min(item.cents, here.get(pk, {}).get(pair, 0))
            taken[pair] = min(left, pool.get(pair, 0))
            pool[pair] = pool.get(pair, 0) - taken[pair]
        if pk == session.pk:
            return taken
    return {}
