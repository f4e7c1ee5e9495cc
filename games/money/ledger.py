"""The group's money as its ledger holds it: each party's balance, the fewest payments that
square the group, the payments made; and what one person owes or is owed.

Views of the entries (games/money/books.py writes them): a few sums and a page of
payments, the same number of queries however long the group's history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.core.paginator import Page, Paginator
from django.db.models import OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from games.models import Group, Line, Payment, Player
from games.money import books
from games.money.books import OUTSIDE, TABLE, balances
from games.money.cents import CENT, from_cents
from games.money.entries import said
from games.money.payments import fewest_payments
from games.play import leaving

# The group's Settle up lists this many payments made a page, newest first.
RECENT_PAYMENTS = 20


@dataclass
class Owed:
    """One payment of the fewest that square a set of balances, in cents."""

    payer: str
    payee: str
    cents: int

    @property
    def amount(self) -> Decimal:
        return from_cents(self.cents)


def owed(cents: dict[str, int]) -> list[Owed]:
    """The fewest payments that bring these balances (in cents) to zero, worked out from
    the balances in the screens' order (`in_order`), never in the order a database summed
    them in (none is asked for): where people can be paired off more than one way, the
    same balances always give the same payments, on any database, and an evening offers
    those it offered when its payments were marked."""
    ordered = {party: cents[party] for party in _order(cents)}
    return [Owed(p.payer, p.payee, p.amount) for p in fewest_payments(ordered, said)]


def _order(cents: dict[str, int]) -> list[str]:
    return sorted(cents, key=lambda p: (-cents[p], said(p)))


def in_order(cents: dict[str, int], zeros: bool = False) -> dict[str, Decimal]:
    """Balances as money, biggest credit first, then by name; nobody at zero, unless
    `zeros`."""
    return {party: from_cents(cents[party]) for party in _order(cents) if cents[party] or zeros}


@dataclass
class Ledger:
    group: Group
    cents: dict[str, int] = field(default_factory=dict)  # each party's balance
    owed: list[Owed] = field(default_factory=list)
    payments: Page | None = None  # a page of the payments made, newest first, undone too

    @property
    def balances(self) -> dict[str, Decimal]:
        return in_order(self.cents)

    @property
    def total(self) -> Decimal:
        return from_cents(sum(payment.cents for payment in self.owed))

    @property
    def has_table(self) -> bool:
        return TABLE in self.cents

    def owed_by(self, payer: str, payee: str) -> Decimal | None:
        for payment in self.owed:
            if (payment.payer, payment.payee) == (payer, payee):
                return payment.amount
        return None


def group_ledger(group: Group, page=None) -> Ledger:
    """The group's Settle up: a sum of its lines, and a page of its payments made (`page`
    None: the balances alone, for the group's page)."""
    cents = balances(group)
    ledger = Ledger(group, cents, owed(cents))
    if page is not None:
        made = Payment.objects.filter(group=group).select_related("by", "undone_by", "session")
        ledger.payments = Paginator(made, RECENT_PAYMENTS).get_page(page)
    return ledger


def owes_overall(cents: dict[str, int], payer: str) -> bool:
    """Whether `payer` owes anything on the group's Settle up (the balances `cents`)."""
    return cents.get(payer, 0) < 0


def pay(group: Group, payer: str, payee: str, amount, by):
    """A payment recorded on the group's Settle up: at most what its fewest payments say
    `payer` owes `payee`, as they stand under the group's lock."""

    def most() -> int:
        owing = group_ledger(group).owed_by(payer, payee)
        return int(owing * 100) if owing is not None else 0

    return books.record(group, payer, payee, amount, by, most)


def balances_of(pairs) -> dict[tuple[int, str], int]:
    """Each (group pk, name)'s balance in cents, in one sum: a player page, a member's own."""
    pairs = list(pairs)
    if not pairs:
        return {}
    either = Q()
    for group, name in pairs:
        either |= Q(group=group, party=name)
    rows = Line.objects.filter(either).values("group", "party").annotate(money=Sum("money"))
    found = {(row["group"], row["party"]): row["money"] // CENT for row in rows}
    return {pair: found.get(pair, 0) for pair in pairs}


@dataclass
class Standing:
    """One person's balance in one group, in cents: on their player page, or on a member's
    own page (`member` False: a group they left, shown as the amount alone)."""

    group: Group
    player: object
    cents: int
    member: bool = True
    left_at: object = None  # when they left or were removed

    @property
    def amount(self) -> Decimal:
        return from_cents(abs(self.cents))


def with_balance(players):
    """These players, each with `balance`: what they owe (negative) or are owed in their
    group, in ten-thousandths, summed in the players' own query (a player page's budget)."""
    lines = (
        Line.objects.filter(group=OuterRef("group"), party=OuterRef("name"))
        .values("party")
        .annotate(total=Sum("money"))
        .values("total")
    )
    return players.annotate(balance=Coalesce(Subquery(lines), 0))


def player_standing(player) -> Standing:
    """What a player read `with_balance` owes (negative) or is owed in their group."""
    return Standing(player.group, player, player.balance // CENT)


def own_standings(user) -> list[Standing]:
    """A member's balance in each group they are in, through the player that is them
    ("This is me"), and in each group they left, while it is not settled."""
    mine = Player.objects.filter(account=user, group__memberships__user=user)
    standings = [Standing(player.group, player, 0) for player in mine.select_related("group")]
    for left in leaving.groups_left(user):
        if left.player is not None:
            standing = Standing(left.group, left.player, 0, False, left.departure.at)
            standings.append(standing)
    found = balances_of((s.group.pk, s.player.name) for s in standings)
    for standing in standings:
        standing.cents = found[(standing.group.pk, standing.player.name)]
    return [s for s in standings if s.cents]  # square everywhere: nothing to say


__all__ = ["OUTSIDE", "TABLE", "Ledger", "Owed", "group_ledger", "owed", "pay"]
