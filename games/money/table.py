"""What is on the table: chips a finished game left for a later one (Tridge's funds kept).

They are the group's, not the next game's: a `Leftover` row says which game left them and
when, and which game took them. A new game of the kind asks whether it starts with them
(the new game form, Play again); the table may also share them out among the people who
left them, by the house rule of that game (its settlement's "share them out").

Every chip is in one place. The amounts are never stored: the source game's engine works
out what it leaves (GameKind.leaves), and the game that took them carries the sum of what
its sources leave in its house rules, as its sheet needs them. Every change of a game
(games/play/changes.py `changed`, in the change's own transaction) calls `follow`, and
`reckon` keeps both in step: a correction of the source after its chips were taken
reaches the game that took them, and the one after it.
"""

from __future__ import annotations

from collections import Counter

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games.engine.sheet import SheetError
from games.engine.words import names
from games.models import Game, Leftover
from games.play import following, services
from games.records.history import games_with_hands


def left_by(game: Game, score=None) -> dict:
    """What `game` leaves on the table as it stands (house rules of the game that takes
    it), deleted or not: {} while it is not over or its hands do not score."""
    try:
        return game.engine.money.leaves(game, score or services.score_game(game))
    except SheetError:
        return {}


def on_table(group):
    """What lies on the group's table, oldest first: left by a game not deleted, and taken
    by none, or by a game since deleted (its chips are back on the table)."""
    return (
        Leftover.objects.filter(group=group, source__deleted__isnull=True)
        .filter(Q(taken_by__isnull=True) | Q(taken_by__deleted__isnull=False))
        .select_related("source__session")
        .prefetch_related(
            "source__seat_set__player",
        )
    )


def lying(group, kind: str | None = None) -> list[tuple[Leftover, str]]:
    """What lies on the group's table (for a new game of `kind`), each in words: "120
    chips left on 21 Nov by Ana, Ben, Cy and Dee"."""
    lying = on_table(group)
    if kind is not None:
        lying = lying.filter(source__kind=kind)
    return [(left, words(left, amount)) for left, amount in with_amounts(lying)]


def words(left: Leftover, amount: dict) -> str:
    source = left.source
    people = [seat.player.name for seat in source.seat_set.all()] or source.players
    when = f"{source.session.date:%-d %b}"  # the evening's date, as the table calls it
    return f"{source.engine.money.left_words(amount)} left on {when} by {names(people)}"


def with_amounts(leftovers) -> list[tuple[Leftover, dict]]:
    """Each leftover with what it holds: its source's hands in one query for them all."""
    leftovers = list(leftovers)
    sources = games_with_hands().filter(pk__in=[left.source_id for left in leftovers])
    scored = {game.pk: game for game in sources}
    held = []
    for left in leftovers:
        source = scored[left.source_id]
        try:
            records = [hand.record for hand in source.hands.all()]
            amount = source.engine.money.leaves(source, services.score_records(source, records))
        except SheetError:
            amount = {}
        held.append((left, amount))
    return [(left, amount) for left, amount in held if amount]


def follow(sender, game: Game, score=None, **kwargs) -> None:
    """A change of `game` (games/play/changes.py `game_changed`), in its own transaction."""
    reckon(game, score)


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


def play_again(game: Game) -> Game:
    """Play again (games/play/following.py): the next game of the same people starts with
    what `game` left on the table, in the same transaction."""
    with transaction.atomic():
        started = following.start_next(game)
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
