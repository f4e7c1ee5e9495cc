"""Each game's result for each seat, stored (games/models/results.py `SeatResult`) and kept
in step.

The player page and the member's own page read these rows (games/records/stats.py), so a
visit costs the same after three years of evenings as after ten. Every row is the engine's:
`worked_out` turns a game's score into what it comes to for each seat, and `follow`
writes it in the transaction of every change of the game (games/play/changes.py
`game_changed`): a hand added, corrected, deleted or put back, an undo, a rename or a merge,
the game's rules, a new game, an import, the game deleted or restored.

A save must stay cheap, and the quick path (games/play/tallies.py) scores one hand on the
kept tally and sends a score without its hands, which the game's own figures need
(GameKind.figures reads every hand). But a game not over reads the same on the pages
before a hand and after it, but for those figures: "not finished", no result, no place, the
same partners and opponents. So a change that leaves a game not over, as most saves do,
only marks its figures stale (`figured` False), one UPDATE; a change that ends it, or
changes it otherwise, writes its rows again from the score. `refresh` works stale figures
out again from the game's hands when a page next reads that game: the games changed since,
never the history. Games stored before the rows were kept are built by
games/migrations/0018, and games written in bulk with no change told (tests/tables.py
`many_games`) by `rebuild`.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Prefetch

from games.engine.registry import GAMES
from games.engine.sheet import SheetError
from games.models import Game, Hand, Seat, SeatFigure, SeatResult
from games.play.services import score_records
from games.records.places import outcome, rank, side_of

REFUSED = "needs a correction"
# Games rebuilt at once: their hands in memory, and the ids of their rows in one query.
CHUNK = 200
# What a change rewrites in a row (its seat and game stay).
FIELDS = [
    "kind",
    "date",
    "live",
    "side",
    "finished",
    "refused",
    "outcome",
    "result",
    "rank",
    "partners",
    "opponents",
    "figured",
]


def worked_out(game, score, figures: bool = True) -> list[dict]:
    """What `game` comes to for each of its seats, by position: `score` as its engine
    scored it, or None for a sheet it refuses. With `figures`, each seat's own figures too
    (`score` must then hold every hand)."""
    players = list(game.players)
    if score is None:
        return [
            {
                "side": "",
                "finished": False,
                "refused": True,
                "outcome": REFUSED,
                "result": None,
                "rank": None,
                "partners": [],
                "opponents": [other for other in players if other != name],
                "figures": [],
            }
            for name in players
        ]
    engine = GAMES[game.kind]
    sides = [side_of(name, score.standings) for name in players]
    rows = []
    for position, (name, side) in enumerate(zip(players, sides, strict=True)):
        others = [(other, sides[at]) for at, other in enumerate(players) if at != position]
        rows.append(
            {
                "side": side,
                "finished": score.finished,
                "refused": False,
                "outcome": outcome(side, score) if score.finished else "not finished",
                "result": engine.result(game, side, score) if score.finished else None,
                "rank": rank(side, score) if score.finished else None,
                "partners": [other for other, theirs in others if theirs == side],
                "opponents": [other for other, theirs in others if theirs != side],
                "figures": list(engine.figures(name, game, score)) if figures else None,
            }
        )
    return rows


def follow(sender, game: Game, score=None, **kwargs) -> None:
    """A change of `game` (games/play/changes.py `game_changed`), in its own transaction.

    Without a score (a rename, the game's rules, deleted or restored) the game is scored
    here from its hands. A score comes with a change of hands alone (games/play/services.py),
    which writes no name: a game not over before it and after it keeps its rows but for its
    figures, stale now. Otherwise the rows are written from the score, and their figures
    too if it holds every hand (not on the quick path).
    """
    if score is None:
        rebuild([game.pk])
        return
    if not score.finished:
        going = SeatResult.objects.filter(game=game, finished=False, refused=False)
        if going.update(figured=False) == len(game.players):
            return  # every row was a game not over already: it reads the same
    # As the database has them under the change's lock: a game deleted on another phone
    # while this change was on its way is read deleted here.
    seats = Seat.kept.filter(game=game).values_list(
        "pk", "position", "game__session__date", "game__deleted"
    )
    # A game of no hands has no figures to miss, but it cannot be told from the quick path
    # without a query: its figures are worked out at the next read, as the quick path's.
    figured = bool(score.hands)
    rows, figures = [], []
    _gather(game, score, list(seats), figured, rows, figures)
    _write(rows, figures if figured else None)


def rebuild(games) -> None:
    """Work out the rows of these games (or their ids) again from their hands, in one
    transaction with the games locked, so that no change is stored between the reading of
    the hands and the writing of the rows: the figures written are the game as it stands."""
    ids = [getattr(game, "pk", game) for game in games]
    for start in range(0, len(ids), CHUNK):
        _rebuild(ids[start : start + CHUNK])


def _rebuild(ids) -> None:
    with transaction.atomic():
        locked = (
            Game.kept.select_for_update(of=("self",))
            .filter(pk__in=ids)
            .order_by("pk")  # locked in one order, so two readers never wait on each other
            .select_related("session")
            .prefetch_related(
                Prefetch("hands", queryset=Hand.objects.order_by("number")),
                Prefetch("seat_set", queryset=Seat.kept.order_by("position")),
            )
        )
        rows, figures = [], []
        for game in locked:
            try:
                score = score_records(game, [hand.record for hand in game.hands.all()])
            except SheetError:
                score = None
            seats = [
                (seat.pk, seat.position, game.session.date, game.deleted)
                for seat in game.seat_set.all()
            ]
            _gather(game, score, seats, True, rows, figures)
        _write(rows, figures)


def refresh(rows) -> None:
    """Work out again the games of these rows (a SeatResult queryset) whose figures are
    stale: the games changed on the quick path since a page last read them."""
    stale = set(rows.filter(figured=False).values_list("game_id", flat=True))
    if stale:
        rebuild(stale)


def _gather(game, score, seats, figured: bool, rows: list, figures: list) -> None:
    """The game's rows, one a seat (pk, position, the session's date, when the game was
    deleted), into `rows`, and with `figured` their figures into `figures`."""
    values = worked_out(game, score, figures=figured)
    for seat, position, date, deleted in seats:
        if position >= len(values):
            continue  # a seat the game's players do not name (never made by the app)
        row = values[position]
        own = row.pop("figures")
        rows.append(
            SeatResult(
                seat_id=seat,
                game_id=game.pk,
                kind=game.kind,
                date=date,
                live=deleted is None,
                figured=figured or row["refused"],
                **row,
            )
        )
        figures += [
            SeatFigure(result_id=seat, place=place, label=label, number=number)
            for place, (label, number) in enumerate(own or ())
        ]


def _write(rows: list[SeatResult], figures: list[SeatFigure] | None) -> None:
    """Insert or overwrite the rows; with `figures`, these replace the figures they had."""
    if not rows:
        return
    SeatResult.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["seat"],
        update_fields=FIELDS,
    )
    if figures is not None:
        SeatFigure.objects.filter(result_id__in=[row.seat_id for row in rows]).delete()
        SeatFigure.objects.bulk_create(figures)


def dated(sender, instance, created=False, update_fields=None, **kwargs) -> None:
    """A session saved (post_save): its games' rows take its date, which the pages filter by."""
    if created or (update_fields is not None and "date" not in update_fields):
        return
    SeatResult.objects.filter(game__session=instance).exclude(date=instance.date).update(
        date=instance.date
    )
