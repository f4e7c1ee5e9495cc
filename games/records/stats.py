"""A player's record across every game they sat in, read from each game's stored result.

Each game's result for each seat is worked out by its engine at every change of the game
and stored (games/models/results.py `SeatResult`, games/records/results.py), so a visit reads
rows, never the sheets: SQL adds up each kind's games, results and figures and each
rival's head-to-head, and only a page of games and the chart's last results are read one
by one. The queries are fixed whatever the history: four, and a few more when a game
changed on a save's quick path since the last read (its figures are worked out again first,
games/records/results.py `refresh`).
Each game brings its own figures and what a finished game counts for (games/engine/kind.py);
nothing here asks which game it is.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Case, Count, F, Max, Min, Q, Sum, Value, When, Window
from django.db.models.functions import RowNumber

from games.engine import words
from games.engine.registry import GAMES
from games.models import Player, SeatFigure, SeatResult
from games.play import charts
from games.records import results

# The chart of a kind's results shows the last ones only, so that a long history draws in
# the time a short one does; the average, lowest and highest still count every game.
CHART_GAMES = 20


@dataclass
class KindRecord:
    name: str
    result: str  # what the average is of: "Average final score"
    played: int = 0
    finished: int = 0
    won: int = 0
    results: list[int] = field(default_factory=list)  # the last CHART_GAMES, oldest first
    figures: dict[str, int] = field(default_factory=dict)
    dates: list[datetime.date] = field(default_factory=list)  # of `results`
    total: int = 0  # of every finished game's result
    lowest: int | None = None
    highest: int | None = None

    @property
    def average(self) -> float | None:
        return round(self.total / self.finished, 1) if self.finished else None

    @property
    def label(self) -> str:
        """One game's result in the game's words: "Average chip result" -> "Chip result"."""
        return label_of(self.result)

    @property
    def cut(self) -> bool:
        """Whether the chart leaves out older games."""
        return len(self.results) < self.finished

    @property
    def first_shown(self) -> int:
        """The number of the oldest game the chart shows, counting every finished game."""
        return self.finished - len(self.results) + 1

    @property
    def chart(self) -> charts.Chart | None:
        return charts.results_over_time(self.results, first=self.first_shown)

    @property
    def over_time(self) -> list[tuple[int, datetime.date, int]]:
        """Each game the chart shows: its number among the finished games, date, result."""
        dated = zip(self.dates, self.results, strict=True)
        return [(self.first_shown + at, date, result) for at, (date, result) in enumerate(dated)]


def label_of(result: str) -> str:
    return result.removeprefix("Average ").capitalize()


@dataclass
class Played:
    """One game the player sat in, as their list of games shows it."""

    game: object
    date: datetime.date
    partners: list[str]
    opponents: list[str]
    finished: bool = False
    refused: bool = False  # the sheet needs a correction before it scores
    outcome: str = ""  # "Won", "2nd of 3", "not finished", "needs a correction"
    result: int | None = None  # what the finished game counts for them (GameKind.result)
    label: str = ""  # the game's word for that result


@dataclass
class Meeting:
    """Two players' games of one kind together, from the page's player's side."""

    name: str  # the kind's name
    together: int = 0
    partners: int = 0  # of those, on the same side
    ahead: int = 0  # finished, the page's player ahead
    behind: int = 0  # finished, the other ahead
    level: int = 0  # finished, neither ahead


@dataclass
class Rival:
    player: object
    me: str  # the page's player's name
    kinds: dict[str, Meeting] = field(default_factory=dict)

    @property
    def together(self) -> int:
        return sum(meeting.together for meeting in self.kinds.values())

    @property
    def lines(self) -> list[tuple[str, str]]:
        """Each kind of game they played together, with its line of head-to-head."""
        them = self.player.name
        return [
            (meeting.name, meeting_words(meeting, self.me, them)) for meeting in self.kinds.values()
        ]


@dataclass
class PlayerRecord:
    kinds: dict[str, KindRecord]
    games: Sequence[Played]  # newest first, read a page at a time (`Games`)
    rivals: list[Rival]  # most games together first


# --- the record, from the stored results ------------------------------------------------

# A player's games in the order they were played: the date, then the order they were stored.
PLAYED = ("date", "game_id")
# Figures a game may give, at most: a figure's place in its game is one digit of a key.
PLACES = 1000


def ones(condition: Q) -> Sum:
    """How many rows meet `condition`."""
    return Sum(Case(When(condition, then=Value(1)), default=Value(0)))


def player_record(player, since=None, until=None) -> PlayerRecord:
    """The player's games between the dates (each included): their record in each kind of
    game, the games themselves, and how they fared against each other player."""
    return record_of([player], since, until)


def account_record(user, since=None, until=None) -> PlayerRecord:
    """A member's own record: the players linked to their account in the groups they are in."""
    players = Player.objects.filter(account=user, group__memberships__user=user)
    return record_of(players, since, until)


def results_of(players, since=None, until=None):
    """The stored results of the players' seats at games not deleted, between the dates."""
    rows = SeatResult.objects.filter(seat__player__in=players, live=True)
    if since:
        rows = rows.filter(date__gte=since)
    if until:
        rows = rows.filter(date__lte=until)
    return rows


def record_of(players, since=None, until=None) -> PlayerRecord:
    mine = results_of(players, since, until)
    kinds, count, stale = kinds_of(mine)
    if stale:
        results.refresh(mine)
    for kind, label, total in figures_of(mine):
        if kind in kinds:
            kinds[kind].figures[label] = total
    chart(mine, kinds)
    return PlayerRecord(
        {key: record for key, record in kinds.items() if record.played},
        Games(mine, count),
        rivals_of(mine),
    )


def kinds_of(mine) -> tuple[dict[str, KindRecord], int, bool]:
    """Each kind's record but its figures and chart, how many games there are (a refused
    sheet's too), and whether any game's figures are stale: one query, a line a kind."""
    rows = mine.values("kind").annotate(
        games=Count("pk"),
        stale=ones(Q(figured=False)),
        kind_played=ones(Q(refused=False)),
        kind_finished=ones(Q(finished=True)),
        kind_won=ones(Q(finished=True, outcome="Won")),
        total=Sum("result"),
        lowest=Min("result"),
        highest=Max("result"),
    )
    kinds = {key: KindRecord(game.NAME, game.RESULT) for key, game in GAMES.items()}
    count, stale = 0, False
    for row in rows.order_by():
        count, stale = count + row["games"], stale or bool(row["stale"])
        record = kinds.get(row["kind"])
        if record is None:
            continue  # a kind no longer registered
        record.played, record.finished = row["kind_played"], row["kind_finished"]
        record.won, record.total = row["kind_won"], row["total"] or 0
        record.lowest, record.highest = row["lowest"], row["highest"]
    return kinds, count, stale


def chart(mine, kinds: dict[str, KindRecord]) -> None:
    """Each kind's last CHART_GAMES results, oldest first: one query."""
    newest = [F(name).desc() for name in PLAYED]
    rows = (
        mine.filter(finished=True)
        .annotate(newest=Window(RowNumber(), partition_by=[F("kind")], order_by=newest))
        .filter(newest__lte=CHART_GAMES)
        .order_by(*PLAYED)
        .values_list("kind", "date", "result")
    )
    for kind, date, result in rows:
        if kind in kinds:
            kinds[kind].results.append(result)
            kinds[kind].dates.append(date)


def figures_of(mine) -> list[tuple[str, str, int]]:
    """Each kind's figures added up over the games, (kind, label, total), each label where
    it first came: in the order the games were stored, then of the game's own figures.
    One query. (Not by the games' dates: a key of dates costs twice as much to take the
    least of, and the two orders differ only where an earlier evening was entered after a
    later one.)"""
    first = Min(F("result__game_id") * PLACES + F("place"))
    return list(
        SeatFigure.objects.filter(result__in=mine.filter(refused=False))
        .values("result__kind", "label")
        .annotate(total=Sum("number"), first=first)
        .order_by("first")
        .values_list("result__kind", "label", "total")
    )


# A Meeting's counts, in its order (the row's own fields have two of its names).
MEETING = ("met", "as_partners", "me_ahead", "me_behind", "level_with")


def rivals_of(mine) -> list[Rival]:
    """Everyone who sat at the player's games, with a line of head-to-head for each kind
    they played together, kinds in the order of their first game together (as stored, as
    the figures): one query."""
    theirs = (
        SeatResult.objects.filter(game__seat_results__in=mine.filter(refused=False))
        .annotate(
            my_seat=F("game__seat_results__seat"),
            my_side=F("game__seat_results__side"),
            my_rank=F("game__seat_results__rank"),
            me=F("game__seat_results__seat__player__name"),
        )
        .exclude(seat=F("my_seat"))
    )
    partners = Q(side=F("my_side"))
    finished = Q(finished=True) & ~partners
    rows = (
        theirs.values("seat__player", "seat__player__name", "me", "kind")
        .annotate(
            met=Count("pk"),
            as_partners=ones(partners),
            me_ahead=ones(finished & Q(rank__gt=F("my_rank"))),
            me_behind=ones(finished & Q(rank__lt=F("my_rank"))),
            level_with=ones(finished & Q(rank=F("my_rank"))),
            first=Min("game_id"),
        )
        .order_by("first")
    )
    rivals = {}
    for row in rows:
        if row["kind"] not in GAMES:
            continue
        player = Player(pk=row["seat__player"], name=row["seat__player__name"])
        rival = rivals.setdefault(player.pk, Rival(player, row["me"]))
        counts = [row[name] for name in MEETING]
        rival.kinds[row["kind"]] = Meeting(GAMES[row["kind"]].NAME, *counts)
    return sorted(rivals.values(), key=lambda rival: (-rival.together, rival.player.name.lower()))


class Games(Sequence):
    """The player's games, newest first, as their list shows them: its length known from
    `kinds_of`, each page read as it is asked for (the paginator slices it)."""

    def __init__(self, mine, count: int):
        newest = [F(name).desc() for name in PLAYED]
        self.rows = mine.select_related("game").order_by(*newest)
        self.length = count

    def count(self) -> int:
        return self.length

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [played(row) for row in self.rows[index]]
        if index < 0:
            index += self.length  # a query cannot count from the end
        return played(self.rows[index])

    def __iter__(self):
        return (played(row) for row in self.rows)

    def __eq__(self, other):
        # As the list it stands for: `record.games == []`.
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None


def played(row: SeatResult) -> Played:
    """One stored result as the list of games shows it."""
    entry = Played(row.game, row.date, row.partners, row.opponents)
    entry.finished, entry.refused, entry.outcome = row.finished, row.refused, row.outcome
    if row.finished:
        entry.result = row.result
        entry.label = label_of(GAMES[row.kind].RESULT) if row.kind in GAMES else ""
    return entry


def meeting_words(meeting: Meeting, name: str, other: str) -> str:
    """ "5 games together, Ana ahead in 3, Ben in 2": one line of head-to-head."""
    parts = [words.plural(meeting.together, "game") + " together"]
    if meeting.partners:
        parts.append(f"{meeting.partners} as partners")
    if meeting.ahead or meeting.behind or meeting.level:
        parts.append(f"{name} ahead in {meeting.ahead}, {other} in {meeting.behind}")
    if meeting.level:
        parts.append(f"level in {meeting.level}")
    return ", ".join(parts)
