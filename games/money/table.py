"""What is on the table: chips a finished game left for a later one (Tridge's funds kept).

They are the group's, not the next game's: a `Leftover` row says which game left them and
when, and which game took them. A new game of the kind asks whether it starts with them
(the new game form, Play again); the table may also share them out among the people who
left them, by the house rule of that game (its settlement's "share them out").

Every chip is in one place, and the ledger says which (docs/MONEY.md): a pile on the table
is the sum of the table's lines for it, its chips and what they are worth. The game that
took them carries them in its house rules, as its sheet needs them, and `reckon` keeps
those in step after every change (games/money/books.py `follow`): a correction of the
source after its chips were taken reaches the game that took them, and the one after it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.utils import timezone

from games.engine.money import stake_of
from games.engine.sheet import SheetError
from games.engine.words import money_text, names
from games.models import Game, Leftover, Line
from games.money.cents import as_money
from games.money.entries import TABLE
from games.play import following, services


@dataclass
class Lying:
    """A pile on the table: the leftover row of the match that left it, its chips and what
    they are worth (exact, in the ledger's ten-thousandths: games/money/cents.py)."""

    left: Leftover
    chips: int
    exact: int

    @property
    def source(self) -> Game:
        return self.left.source

    @property
    def worth(self) -> Decimal:
        return as_money(self.exact)

    @property
    def stake(self) -> Decimal | None:
        """What a chip of the pile is worth, as its match was played: its money value."""
        return stake_of(self.source)

    def made_up(self, stake: Decimal | None, people: int) -> Decimal:
        """What each of `people` pays into the table (negative: is paid back) to make the
        pile's chips worth `stake` a chip in a new match: its "made up" entry, in money."""
        return (self.chips * (stake or Decimal(0)) - self.worth) / people

    def share_words(self) -> str:
        """What sharing the pile out gives each of the people who left it, and what stays."""
        people = self.source.players
        each, rest = divmod(self.chips, len(people))
        worth = money_text(self.worth * each / self.chips) if self.exact else ""
        said = f"Each of {names(people)} takes {each} chip{'s' if each != 1 else ''}"
        said += f", worth {worth}" if worth else ""
        if rest:
            said += f"; {rest} chip{'s' if rest != 1 else ''} cannot be shared and stay"
            said += "s" if rest == 1 else ""
            said += " on the table"
        return said + "."

    def value_words(self, stake: Decimal | None, people: int) -> str:
        """What starting with the pile at `stake` a chip means, for the new game form."""
        now = f"{stake} a chip" if stake else "no money value"
        was = f"{self.stake} a chip" if self.stake else "no money value"
        worth = self.chips * (stake or Decimal(0))
        made_up = abs(self.made_up(stake, people))
        # "About" only where the share is not whole cents (the odd ten-thousandths go to
        # the first seats): "about 1.50" for an even 1.50 makes the table doubt the sum.
        each = ("" if made_up % Decimal("0.01") == 0 else "about ") + money_text(made_up)
        if worth > self.worth:
            then = (
                f"each of the {people} players pays {each} into the table to make up the difference"
            )
        else:
            then = f"the table pays each of the {people} players {each} of the difference back"
        return (
            f"The {self.chips} chips on the table were left at {was} and are worth "
            f"{money_text(self.worth)}; at {now} they would be worth {money_text(worth)}, so "
            f"{then}."
        )

    @property
    def words(self) -> str:
        """ "120 chips left on 21 Nov by Ana, Ben, Cy and Dee, worth 6.00 (0.05 a chip)"."""
        source = self.source
        people = [seat.player.name for seat in source.seat_set.all()] or source.players
        when = f"{source.session.date:%-d %b}"  # the evening's date, as the table calls it
        chips = f"{self.chips} chip{'s' if self.chips != 1 else ''}"
        said = f"{chips} left on {when} by {names(people)}"
        stake = stake_of(source)
        if stake is None and not self.exact:
            return f"{said}, not played for money"
        return f"{said}, worth {money_text(self.worth)} ({stake or 0} a chip)"


def left_by(game: Game, score=None) -> dict:
    """What `game` leaves on the table as it stands (house rules of the game that takes
    it), deleted or not: {} while it is not over or its hands do not score."""
    try:
        return game.engine.money.leaves(game, score or services.score_game(game))
    except SheetError:
        return {}


def lying(group, kind: str | None = None) -> list[Lying]:
    """The piles on the group's table (for a new game of `kind`), oldest first: what the
    ledger holds of each match that left chips, where no game that still stands took them."""
    piles = (
        Line.objects.filter(group=group, party=TABLE, in_play=False)
        .values("pile")
        .annotate(chips=Sum("units"), money=Sum("money"))
        .filter(~Q(chips=0))
    )
    held = {row["pile"]: row for row in piles}
    rows = Leftover.objects.filter(source__in=held, source__deleted__isnull=True)
    if kind is not None:
        rows = rows.filter(source__kind=kind)
    rows = rows.select_related("source__session").prefetch_related("source__seat_set__player")
    return [Lying(row, held[row.source_id]["chips"], held[row.source_id]["money"]) for row in rows]


def pile(group, pk: int) -> Lying | None:
    """The pile on the group's table whose leftover row is `pk`, if it still lies there."""
    return next((lying for lying in lying(group) if lying.left.pk == pk), None)


def reckon(game: Game, score=None) -> None:
    """After a change of `game`: the table's record of what it leaves, and the game that
    took it, follow the change."""
    if not game.engine.money.LEAVES:
        return
    row = Leftover.objects.filter(source=game).first()
    if row is None and not game.engine.money.may_be_over(game):
        return  # the usual save: the tally's, which reads no hand (games/play/tallies.py)
    left = left_by(game, score)
    if row is None and left:
        try:
            with transaction.atomic():
                Leftover.objects.create(group_id=game.session.group_id, source=game)
        except IntegrityError:
            pass  # the same change reckoned on another phone at the same moment
    elif row is not None and row.taken_by_id is None and not left:
        row.delete()  # played on, or corrected: nothing is left after all
    elif row is not None and row.taken_by_id is not None:
        refill(row.taken_by)


def play_again(game: Game, first: str | None = None) -> Game:
    """Play again (games/play/following.py): the next game of the same people starts with
    what `game` left on the table, in the same transaction; `first` deals its first hand
    where a phone with no signal chose so."""
    with transaction.atomic():
        started = following.start_next(game, first)
        leftover = Leftover.objects.filter(source=game).first()
        if leftover is not None:
            take(started, [leftover])
    return started


def take(game: Game, leftovers) -> list[Leftover]:
    """`game` starts with what these leftovers hold, if they are still on the table; the
    ones it took. A game that had them and was deleted gives them up."""
    taken, gave_up = [], set()
    with transaction.atomic():
        for row in Leftover.objects.select_for_update().filter(
            pk__in=[left.pk for left in leftovers]
        ):
            if row.taken_by_id is not None and row.taken_by_id != game.pk:
                holder = Game.kept.get(pk=row.taken_by_id)
                if holder.deleted is None:
                    continue  # another phone started a game with them first
                gave_up.add(holder.pk)
            row.taken_by, row.taken_at = game, timezone.now()
            row.save(update_fields=["taken_by", "taken_at"])
            taken.append(row)
        refill(game)
        for row in taken:  # a change of the source's pages too: they now say where it went
            services.change_game(row.source, lambda locked: True)
    for pk in gave_up:
        refill(Game.kept.get(pk=pk))
    return taken


def refill(game: Game) -> None:
    """The house rules `game` carries from the table: what its leftovers hold now."""
    held = Counter()
    for row in Leftover.objects.filter(taken_by=game).select_related("source"):
        held.update(left_by(row.source))
    carried = dict(+held)
    own = game.engine.Settings.SET_BY_APP

    def carry(locked):
        rules = {key: value for key, value in locked.rules.items() if key not in own}
        rules |= carried
        changed, locked.rules = rules != locked.rules, rules
        return changed

    services.change_game(game, carry)  # reckoned in turn: what it leaves may change too
