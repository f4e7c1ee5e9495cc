"""A match's own settlement, as the group's ledger holds it, and where it sits in its
evening's: the match's page shows its result, and points to the evening's payments
rather than listing payments of its own (docs/MONEY.md, "The three settlements").

A match that is not over has no entries yet: its page shows what they would be, worked
out by the same code that writes them (games/money/entries.py), so the two never differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from games.engine.money import stake_of
from games.models import Entry, Game
from games.money import entries
from games.money.books import piles_taken
from games.money.cents import as_money
from games.money.entries import OUTSIDE, TABLE, Part, Planned
from games.money.evening import Due, session_evening
from games.money.payments import fewest_payments


@dataclass
class Taken:
    """Chips the match started with: the match that left them (None: from outside the
    group), how many, and what they were worth as they lay (exact: games/money/cents.py)."""

    source: Game | None
    chips: int
    exact: int

    @property
    def worth(self) -> Decimal:
        return as_money(self.exact)


@dataclass(frozen=True)
class ChipPayment:
    payer: str
    payee: str
    chips: int
    money: Decimal | None


@dataclass
class MatchMoney:
    game: Game
    stake: Decimal | None
    finished: bool
    units: dict[str, int] = field(default_factory=dict)  # each person's result and share
    exact: dict[str, int] = field(default_factory=dict)  # and in money, made up included
    made_up: dict[str, int] = field(default_factory=dict)  # each person's part of it
    taken: list[Taken] = field(default_factory=list)
    left: int = 0  # chips left on the table (before any share)
    shared: int = 0  # chips shared out of what it left
    due: list[Due] = field(default_factory=list)  # the evening's payments about its people

    @property
    def money(self) -> dict[str, Decimal]:
        return {name: as_money(amount) for name, amount in self.exact.items()}

    @property
    def made_up_money(self) -> dict[str, Decimal]:
        return {name: as_money(amount) for name, amount in self.made_up.items()}

    @property
    def rest(self) -> int:
        """The chips that stay on the table once the funds are shared out."""
        return self.left - self.shared if self.shared else 0

    @property
    def brought(self) -> int:
        """The chips the match started with from the table."""
        return sum(taken.chips for taken in self.taken)

    @property
    def share_each(self) -> int:
        """The chips each person got of what was shared out."""
        return self.shared // len(self.game.players) if self.shared else 0

    @property
    def shared_money(self) -> Decimal:
        return (self.stake or Decimal(0)) * self.shared

    @property
    def made_up_each(self) -> Decimal | None:
        """What each person paid the table to make up the chips it brought (or was paid
        back), where it is the same for all: the screen says it once. None where the odd
        ten-thousandths make it differ by seat."""
        amounts = set(self.made_up.values())
        return abs(as_money(amounts.pop())) if len(amounts) == 1 else None

    @property
    def left_money(self) -> Decimal:
        return (self.stake or Decimal(0)) * self.left

    @property
    def table_units(self) -> int:
        """The table's chips in the match: what it keeps, less what it brought."""
        return self.left - self.shared - sum(t.chips for t in self.taken)

    @property
    def table_money(self) -> Decimal:
        """What the table comes out of the match with, in money: minus the people's."""
        return as_money(-sum(self.exact.values()))

    @property
    def made_up_total(self) -> Decimal:
        return as_money(-sum(self.made_up.values()))

    @property
    def chip_payments(self) -> list[ChipPayment]:
        """The fewest payments in chips, the table a party, with their money: a match not
        played for money settles so, and a match not over would settle so now."""
        units = dict(self.units)
        if self.table_units:
            units[TABLE] = self.table_units
        value = self.stake
        return [
            ChipPayment(p.payer, p.payee, p.amount, None if value is None else p.amount * value)
            for p in fewest_payments(units)
        ]


def match_money(game: Game, score) -> MatchMoney:
    """The match's settlement: its entries as stored, or as they would be while it is not
    over; with the evening's payments that concern its people once it is over."""
    stored = list(Entry.objects.filter(game=game).prefetch_related("lines"))
    over = any(entry.kind == Entry.RESULT for entry in stored)
    if over:
        planned = [
            Planned(entry.kind, [_part(line) for line in entry.lines.all()], entry.stake)
            for entry in stored
        ]
    else:
        # As if the table stopped here: what the match would come to now.
        now = replace(score, finished=True) if score is not None else None
        planned = entries.planned(game, now, piles_taken(game))
    money = MatchMoney(game, stake_of(game), bool(score and score.finished))
    for plan in planned:
        _count(money, plan)
    if money.taken:
        sources = Game.kept.in_bulk([t.source for t in money.taken if t.source is not None])
        for taken in money.taken:
            taken.source = sources.get(taken.source)
    if over and money.stake is not None:
        people = [*game.players, TABLE] if money.table_units or money.table_money else game.players
        money.due = session_evening(game.session).about(people)
    return money


def _part(line) -> Part:
    return Part(line.party, line.units, line.money, line.pile_id, line.in_play)


def _count(money: MatchMoney, plan: Planned) -> None:
    for part in plan.parts:
        if part.party in (TABLE, OUTSIDE):
            if plan.kind == Entry.TAKEN and not part.in_play:
                money.taken.append(Taken(part.pile, -part.units, -part.money))
            elif plan.kind == Entry.RESULT and not part.in_play:
                money.left = part.units
            elif plan.kind == Entry.SHARED:
                money.shared = -part.units
            continue
        if plan.kind == Entry.MADE_UP:
            money.made_up[part.party] = part.money
        else:
            money.units[part.party] = money.units.get(part.party, 0) + part.units
        money.exact[part.party] = money.exact.get(part.party, 0) + part.money
