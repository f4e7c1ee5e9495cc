"""What a match comes to in the ledger: its entries, worked out from its score alone.

Pure Python: the game (its people, money value and house rules), its score, and the piles
of chips it took from the table as the ledger holds them. games/money/books.py writes
what this gives, after every change of the game; docs/MONEY.md describes each entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from games.engine.money import stake_of
from games.models import Entry
from games.money.cents import exact, shared

# The table's mark where a name would stand: no name can hold an "&" (games/engine/sheet.py).
TABLE = "&table"
# Where chips come from that no match of the group left: a sheet imported on its own, of a
# match that started with chips left elsewhere. Worth nothing here, so the match's people
# make them up to its value, as any chips taken (docs/MONEY.md).
OUTSIDE = "&outside"


def said(party: str) -> str:
    """A party's name as the screens sort it among names: the table's mark sorts before
    every name, its words "the table" after any capital. So a tie between the table and a
    person goes as the evenings' payments and roundings went before the ledger."""
    return "the table" if party == TABLE else party


@dataclass(frozen=True)
class Pile:
    """Chips the table holds from one match (`game`: its pk; None: from outside the group),
    so many, worth so much (`money`, in the ledger's ten-thousandths: games/money/cents.py)."""

    game: int | None
    chips: int
    money: int


@dataclass(frozen=True)
class Part:
    """One line of an entry to be: a party's units and money (ten-thousandths)."""

    party: str
    units: int = 0
    money: int = 0
    pile: int | None = None
    in_play: bool = False


@dataclass
class Planned:
    kind: str
    parts: list[Part] = field(default_factory=list)
    stake: Decimal | None = None
    at: datetime | None = None  # when it happened, where it is not now (a payment's own time)

    def balanced(self) -> bool:
        return not sum(p.units for p in self.parts) and not sum(p.money for p in self.parts)


def planned(game, score, piles: list[Pile]) -> list[Planned]:
    """The entries `game` gives as it stands: what it took from the table and made up,
    and once it is over its result and what it shared out. `score` None: its hands need a
    correction, and only what it took is counted."""
    stake = stake_of(game)
    value = stake or Decimal(0)
    people = list(game.players)
    piles = [pile for pile in piles if pile.chips or pile.money]
    entries = []
    if piles:
        entries.append(_taken(game, piles))
        made_up = sum(exact(pile.chips * value) - pile.money for pile in piles)
        if made_up:
            parts = [Part(TABLE, money=made_up, pile=game.pk, in_play=True)]
            parts += [Part(name, money=m) for name, m in shared(-made_up, people).items()]
            entries.append(Planned(Entry.MADE_UP, parts, stake))
    if score is not None and score.finished:
        entries.append(_result(game, score, piles, value, stake))
        share = game.engine.money.share(game, score)
        if share:
            entries.append(_shared(game, share, value, stake))
    return entries


def _taken(game, piles: list[Pile]) -> Planned:
    parts = [
        Part(TABLE, -pile.chips, -pile.money, pile=pile.game)
        if pile.game is not None
        else Part(OUTSIDE, -pile.chips, -pile.money)
        for pile in piles
    ]
    chips, money = sum(p.chips for p in piles), sum(p.money for p in piles)
    parts.append(Part(TABLE, chips, money, pile=game.pk, in_play=True))
    return Planned(Entry.TAKEN, parts)


def _result(game, score, piles, value: Decimal, stake) -> Planned:
    """Each person's result, the chips in play given back, the chips left as a new pile."""
    money = game.engine.money
    won = money.results(game, score)
    parts = [Part(name, units, exact(units * value)) for name, units in won.items()]
    taken = sum(pile.chips for pile in piles)
    if taken:
        parts.append(Part(TABLE, -taken, -exact(taken * value), pile=game.pk, in_play=True))
    left = money.left(game, score)
    if left:
        parts.append(Part(TABLE, left, exact(left * value), pile=game.pk))
    return Planned(Entry.RESULT, _even(parts), stake)


def _shared(game, share: int, value: Decimal, stake) -> Planned:
    """The funds shared out: each person's share of the pile, the rest staying on it."""
    people = list(game.players)
    out = share * len(people)
    parts = [Part(TABLE, -out, -exact(out * value), pile=game.pk)]
    parts += [Part(name, share, exact(share * value)) for name in people]
    return Planned(Entry.SHARED, _even(parts), stake)


def _even(parts: list[Part]) -> list[Part]:
    """The parts, exact as they are with a money value of four decimals at most; one with
    more (from an older file) leaves ten-thousandths over, which the last part takes."""
    over = sum(part.money for part in parts)
    if not over:
        return parts
    last = parts[-1]
    return [*parts[:-1], Part(last.party, last.units, last.money - over, last.pile, last.in_play)]
