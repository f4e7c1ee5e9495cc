"""A player's record across every game they sat in, computed from the sheets.

Queries are fixed whatever the history: the player's seats with their games and sessions,
all those games' hands, and all those games' seats with their players (for head-to-head).
Each game brings its own figures and what a finished game counts for (games/engine/kind.py);
nothing here asks which game it is.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Prefetch

from games.engine import words
from games.engine.registry import GAMES
from games.engine.sheet import SheetError, members
from games.models import Hand, Player, Seat
from games.play import charts
from games.play.services import score_records


@dataclass
class KindRecord:
    name: str
    result: str  # what the average is of: "Average final score"
    played: int = 0
    finished: int = 0
    won: int = 0
    results: list[int] = field(default_factory=list)  # oldest first
    figures: dict[str, int] = field(default_factory=dict)
    dates: list[datetime.date] = field(default_factory=list)  # of `results`

    @property
    def average(self) -> float | None:
        return round(sum(self.results) / len(self.results), 1) if self.results else None

    @property
    def label(self) -> str:
        """One game's result in the game's words: "Average chip result" -> "Chip result"."""
        return self.result.removeprefix("Average ").capitalize()

    @property
    def lowest(self) -> int | None:
        return min(self.results, default=None)

    @property
    def highest(self) -> int | None:
        return max(self.results, default=None)

    @property
    def chart(self) -> charts.Chart | None:
        return charts.results_over_time(self.results)

    @property
    def over_time(self) -> list[tuple[datetime.date, int]]:
        return list(zip(self.dates, self.results, strict=True))


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
    games: list[Played]  # newest first
    rivals: list[Rival]  # most games together first


def side_of(name: str, standings: dict) -> str:
    """The player's own line in the standings: their name, or their team ("Ana & Cy")."""
    if name in standings:
        return name
    return next(side for side in standings if name in members(side))


def rank(side: str, score) -> int:
    """How many sides finished ahead of `side`: winners are ahead of everyone else, and the
    rest go by their totals (every game's standings count up: the most is the best)."""
    winner = side in score.winners
    return sum(
        (other in score.winners) > winner
        or ((other in score.winners) == winner and total > score.standings[side])
        for other, total in score.standings.items()
    )


def outcome(side: str, score) -> str:
    """Where a finished game left `side`: "Won", "Tie", "Lost", "Joint 2nd of 4"."""
    sides = len(score.standings)
    if side in score.winners:
        return "Tie" if len(score.winners) == sides > 1 else "Won"
    if sides == 2:
        return "Lost"
    place = rank(side, score)
    level = sum(rank(other, score) == place for other in score.standings) > 1
    return f"{'Joint ' if level else ''}{ordinal(place + 1)} of {sides}"


def ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def seats_of(players, since=None, until=None):
    seats = Seat.objects.filter(player__in=players)
    if since:
        seats = seats.filter(game__session__date__gte=since)
    if until:
        seats = seats.filter(game__session__date__lte=until)
    return (
        seats.select_related("game__session", "player")
        .order_by("game__session__date", "game__created")
        .prefetch_related(
            Prefetch("game__hands", queryset=Hand.objects.order_by("number")),
            Prefetch("game__seat_set", queryset=Seat.objects.select_related("player")),
        )
    )


def player_record(player, since=None, until=None) -> PlayerRecord:
    """The player's games between the dates (each included), scored: their record in each
    kind of game, the games themselves, and how they fared against each other player."""
    return record_of([player], since, until)


def account_record(user, since=None, until=None) -> PlayerRecord:
    """A member's own record: the players linked to their account in the groups they are in."""
    players = Player.objects.filter(account=user, group__memberships__user=user)
    return record_of(players, since, until)


def record_of(players, since=None, until=None) -> PlayerRecord:
    kinds = {key: KindRecord(game.NAME, game.RESULT) for key, game in GAMES.items()}
    played, rivals = [], {}
    for seat in seats_of(players, since, until):
        game = seat.game
        name = game.players[seat.position]
        player = seat.player
        others = [s for s in game.seat_set.all() if s.player_id != player.pk]
        entry = Played(game, game.session.date, [], [])
        played.append(entry)
        try:
            score = score_records(game, [hand.record for hand in game.hands.all()])
        except SheetError:
            entry.refused, entry.outcome = True, "needs a correction"
            entry.opponents = [game.players[other.position] for other in others]
            continue
        record = kinds[game.kind]
        record.played += 1
        side = side_of(name, score.standings)
        entry.finished = score.finished
        entry.outcome = outcome(side, score) if score.finished else "not finished"
        if score.finished:
            record.finished += 1
            record.won += entry.outcome == "Won"  # a tie of everyone is no win
            entry.result = game.engine.result(game, side, score)
            entry.label = record.label
            record.results.append(entry.result)
            record.dates.append(entry.date)
        for label, number in game.engine.figures(name, game, score):
            record.figures[label] = record.figures.get(label, 0) + number
        for other in others:
            their_name = game.players[other.position]
            other_side = side_of(their_name, score.standings)
            (entry.partners if other_side == side else entry.opponents).append(their_name)
            rival = rivals.setdefault(other.player_id, Rival(other.player, player.name))
            meet(rival.kinds.setdefault(game.kind, Meeting(record.name)), side, other_side, score)
    return PlayerRecord(
        {key: record for key, record in kinds.items() if record.played},
        played[::-1],
        sorted(rivals.values(), key=lambda rival: (-rival.together, rival.player.name.lower())),
    )


def meet(meeting: Meeting, side: str, other: str, score) -> None:
    meeting.together += 1
    if side == other:
        meeting.partners += 1
    elif score.finished:
        mine, theirs = rank(side, score), rank(other, score)
        meeting.ahead += mine < theirs
        meeting.behind += mine > theirs
        meeting.level += mine == theirs


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
