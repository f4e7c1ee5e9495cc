"""An evening's settlement: every finished money game of a session, settled together.

A game is played for money when the table set its money value, `game.meta["stake"]`
(a decimal string: money per chip in Tridge, per point in the other games). Each game
says what each person won or lost in its own units (`GameKind.balances`); times the
money value, that is money. The evening adds it up person by person and works out the
fewest payments that square everyone. Payments are worked out again on every visit;
a `Paid` row marks one as paid while its payer, payee and amount still match.

The queries are fixed whatever the number of games: the games with their hands, and
the marks (games/records/history.py `games_with_hands`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal

from games.engine.money import stake_of
from games.engine.sheet import SheetError
from games.models import Paid
from games.money.payments import fewest_payments
from games.play.services import score_records
from games.records.history import games_with_hands

CENT = Decimal("0.01")


@dataclass
class Counted:
    """A finished money game: each person's result in its units, and in money (exact)."""

    game: object
    stake: Decimal
    units: dict[str, int]
    money: dict[str, Decimal]


@dataclass
class LeftOut:
    game: object
    stake: Decimal | None
    why: str


@dataclass
class Payment:
    payer: str
    payee: str
    amount: Decimal
    paid: Paid | None = None


@dataclass
class Evening:
    counted: list[Counted] = field(default_factory=list)
    left_out: list[LeftOut] = field(default_factory=list)
    results: dict[str, Decimal] = field(default_factory=dict)  # whole cents, biggest win first
    rounded: bool = False  # some result was not a whole number of cents
    payments: list[Payment] = field(default_factory=list)
    # Marks that no longer match a payment: a game changed after they were made.
    stale: list[Paid] = field(default_factory=list)
    # Who sat at the counted games; any other party (Tridge's table)
    # is shown as such.
    people: set[str] = field(default_factory=set)

    @property
    def parties(self) -> list[str]:
        """Who has a result without sitting at a game: Tridge's table."""
        return [name for name in self.results if name not in self.people]

    @property
    def unpaid(self) -> int:
        return sum(payment.paid is None for payment in self.payments)


def session_evening(session) -> Evening:
    games = games_with_hands().filter(session=session)
    return settle(games, session.paid.select_related("by"))


def settle(games, marks) -> Evening:
    """The evening of these games (hands prefetched), with the marks of payments paid."""
    evening = Evening()
    totals: dict[str, Decimal] = {}
    for game in games:
        stake = stake_of(game)
        try:
            score = score_records(game, [hand.record for hand in game.hands.all()])
        except SheetError:
            evening.left_out.append(LeftOut(game, stake, "needs a correction"))
            continue
        if not score.finished:
            evening.left_out.append(LeftOut(game, stake, "not finished"))
            continue
        if stake is None:
            evening.left_out.append(LeftOut(game, None, "no money value set"))
            continue
        units = balances(game, score)
        money = {name: amount * stake for name, amount in units.items()}
        evening.counted.append(Counted(game, stake, units, money))
        evening.people.update(game.players)
        for name, amount in money.items():
            totals[name] = totals.get(name, Decimal(0)) + amount
    cents = whole_cents(totals)
    evening.rounded = any(cents[name] != totals[name] / CENT for name in totals)
    evening.results = {
        name: cents[name] * CENT for name in sorted(cents, key=lambda n: (-cents[n], n))
    }
    marked = {(mark.payer, mark.payee, mark.amount): mark for mark in marks}
    for payment in fewest_payments(cents):
        amount = payment.amount * CENT
        paid = marked.pop((payment.payer, payment.payee, amount), None)
        evening.payments.append(Payment(payment.payer, payment.payee, amount, paid))
    evening.stale = list(marked.values())
    return evening


TABLE = "the table"


def balances(game, score) -> dict[str, int]:
    """Each person's result with their share of the funds shared out, and the table's: the
    chips left on it, less those it brought (games/engine/money.py)."""
    money = game.engine.money
    share = money.share(game, score)
    units = {name: won + share for name, won in money.results(game, score).items()}
    table = money.left(game, score) - share * len(units) - money.carried(game.rules)
    return units | ({TABLE: table} if table else {})


def whole_cents(totals: dict[str, Decimal]) -> dict[str, int]:
    """Each exact result in whole cents, still adding up to zero.

    A money value such as 0.005 a chip can leave half cents. Each result is rounded
    down, and the cents that leaves over go one each to the largest fractions (then
    by name): nobody is more than a cent away from the exact amount.
    """
    exact = {name: amount / CENT for name, amount in totals.items()}
    cents = {name: math.floor(amount) for name, amount in exact.items()}
    over = -sum(cents.values())
    by_fraction = sorted(exact, key=lambda name: (cents[name] - exact[name], name))
    for name in by_fraction[:over]:
        cents[name] += 1
    return cents
