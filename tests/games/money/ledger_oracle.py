"""What a group's money should be, worked out without the ledger (games/money/): from each
live game's sheet by its engine (games/engine/registry.py `score_sheet`, the game's money
facet `GAMES[kind].money`), the table's record of which match took which pile (`Leftover`)
and the `Payment` rows. tests/games/money/test_ledger_walk.py holds the ledger to it.

Amounts are in ten-thousandths of the money, as docs/MONEY.md says the lines hold them:
chips or points times a money value of four decimals at most is a whole number of them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from decimal import Decimal

from games.engine.money import stake_of
from games.engine.registry import read_sheet, score_sheet
from games.engine.sheet import SheetError
from games.models import Game, Leftover, Payment, Session
from games.play.services import sheet_of

# The table's mark in the ledger (games/money/entries.py TABLE), written out again.
TABLE = "&table"


def worth(chips: int, stake: Decimal) -> int:
    """`chips` at `stake` a chip, in ten-thousandths: whole, or the oracle is wrong."""
    amount = Decimal(chips) * stake * 10_000
    assert amount == amount.to_integral_value(), (chips, stake)
    return int(amount)


def shared_equally(total: int, people: list[str]) -> dict[str, int]:
    """`total` in equal whole parts, the odd ones one each to the first seats (MONEY.md)."""
    each, odd = divmod(total, len(people))
    return {name: each + (seat < odd) for seat, name in enumerate(people)}


@dataclass
class Match:
    """One live game as its sheet says it stands, and what it should give the ledger."""

    game: Game
    score: object | None  # None: its hands need a correction
    stake: Decimal  # its money value, 0 for none
    over: bool
    pile: int = 0  # chips of its own left on the table once over (after any share)
    took: dict[int, tuple[int, int]] = field(default_factory=dict)  # source: chips, worth
    # Each person's units and money over all its entries (what the ledger nets per match).
    people: dict[str, tuple[int, int]] = field(default_factory=dict)
    made_up: dict[str, int] = field(default_factory=dict)
    # What its settlement shows while it is not over: as if the table stopped now.
    now: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def chips_taken(self) -> int:
        return sum(chips for chips, _ in self.took.values())

    @property
    def in_play(self) -> tuple[int, int]:
        """The chips it took while it is not over, at its own value (made up to it)."""
        if self.over or not self.chips_taken:
            return (0, 0)
        return (self.chips_taken, worth(self.chips_taken, self.stake))


@dataclass
class Expected:
    matches: dict[int, Match]
    lying: dict[int, tuple[int, int]]  # source pk: chips, worth as they lie
    evenings: dict[int, dict[str, int]]  # live session pk: each party's exact result
    payments: list[Payment]  # live and not undone: they move the balances
    taken_by: dict[int, int | None]  # source pk: the game its Leftover row names

    @property
    def in_play(self) -> dict[int, tuple[int, int]]:
        return {pk: m.in_play for pk, m in self.matches.items() if m.in_play != (0, 0)}

    def paid(self, payer=None, payee=None) -> int:
        """Cents paid (live, not undone) by `payer` or to `payee`."""
        return sum(
            int(p.amount * 100)
            for p in self.payments
            if (payer is None or p.payer == payer) and (payee is None or p.payee == payee)
        )


def score_of(game: Game):
    try:
        return score_sheet(read_sheet(sheet_of(game)))
    except SheetError:
        return None


def expected(group) -> Expected:
    games = list(Game.objects.filter(session__group=group).prefetch_related("hands").order_by("pk"))
    matches = {}
    for game in games:
        score = score_of(game)
        over = score is not None and score.finished
        match = Match(game, score, stake_of(game) or Decimal(0), over)
        if over:
            money = game.engine.money
            match.pile = money.left(game, score) - money.share(game, score) * len(game.players)
        matches[game.pk] = match
    rows = dict(Leftover.objects.filter(group=group).values_list("source", "taken_by"))
    live = set(matches)
    for source, taker in rows.items():
        if source in live and taker in live:
            chips = matches[source].pile
            matches[taker].took[source] = (chips, worth(chips, matches[source].stake))
    for match in matches.values():
        _people(match)
    lying = {
        pk: (m.pile, worth(m.pile, m.stake))
        for pk, m in matches.items()
        if m.pile and rows.get(pk) not in live
    }
    evenings = {pk: {} for pk in Session.objects.filter(group=group).values_list("pk", flat=True)}
    for match in matches.values():
        result = evenings[match.game.session_id]
        for name, (_, money) in match.people.items():
            result[name] = result.get(name, 0) + money
            # Every entry adds up to zero and outside chips come at no money: what the
            # people win or lose, the table loses or wins.
            result[TABLE] = result.get(TABLE, 0) - money
    payments = [
        p
        for p in Payment.objects.filter(group=group, undone_at__isnull=True)
        if p.session_id is None or p.session_id in evenings
    ]
    return Expected(matches, lying, evenings, payments, rows)


def _people(match: Match) -> None:
    """Each person's units and money, as docs/MONEY.md's entries give them: the chips taken
    made up to the match's value, shared equally; once over, each result and share."""
    game, people = match.game, list(match.game.players)
    made_up = sum(worth(chips, match.stake) - value for chips, value in match.took.values())
    match.made_up = shared_equally(-made_up, people)
    won = Counter()
    if match.score is not None:
        score = replace(match.score, finished=True)
        money = game.engine.money
        won.update(money.results(game, score))
        share = money.share(game, score)
        won.update({name: share for name in people})
    as_if = {
        name: (won[name], match.made_up[name] + worth(won[name], match.stake)) for name in people
    }
    match.now = as_if
    if match.over:
        match.people = as_if
    else:
        match.people = {name: (0, match.made_up[name]) for name in people}
