"""Looking back: each game's result, computed from its hands in one pass per page.

Results are never stored, so a list of sessions scores each game it shows. The
queries are fixed (sessions, their games, all those games' hands), whatever the
number of games; the scoring itself is pure Python.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.core.paginator import Paginator
from django.db.models import Prefetch, Q

from games.engine.sheet import SheetError
from games.models import Game, Hand, Player, Session
from games.play import groups
from games.play.services import score_records

SESSIONS_PER_PAGE = 20


@dataclass
class Result:
    finished: bool
    winners: list[str]
    standings: dict[str, int]
    hands: int
    error: str | None = None


def result_of(game: Game) -> Result:
    """The game's result from its (prefetched) hands; a refused sheet says so instead."""
    records = [hand.record for hand in game.hands.all()]
    try:
        score = score_records(game, records)
    except SheetError as error:
        return Result(False, [], {}, len(records), str(error))
    return Result(score.finished, score.winners, score.standings, len(records))


def games_with_hands():
    return Game.objects.order_by("created").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number"))
    )


def sessions_page(user, page=1, player_id=None, kind=None, since=None, until=None, search=""):
    """A page of the sessions of `user`'s groups, newest first, each game with its result.

    With a player or a kind, only sessions with such a game are listed, and only
    those games in them. The dates (each included) and the words searched for in the
    place and the note choose among the sessions themselves.
    """
    games = games_with_hands()
    sessions = Session.objects.filter(group__memberships__user=user).select_related("group")
    if since:
        sessions = sessions.filter(date__gte=since)
    if until:
        sessions = sessions.filter(date__lte=until)
    if search:
        sessions = sessions.filter(Q(place__icontains=search) | Q(note__icontains=search))
    if player_id:
        games = games.filter(seats__id=player_id)
        sessions = sessions.filter(games__seats__id=player_id)
    if kind:
        games = games.filter(kind=kind)
        sessions = sessions.filter(games__kind=kind)
    if player_id or kind:
        # A join reads every game, deleted ones too (managers filter only their own queries).
        sessions = sessions.filter(games__in=games)
    sessions = sessions.distinct().prefetch_related(Prefetch("games", queryset=games))
    paged = Paginator(sessions, SESSIONS_PER_PAGE).get_page(page)
    for session in paged:
        session.results = [(game, result_of(game)) for game in session.games.all()]
    return paged


def players_of(user) -> list[Player]:
    """The players of `user`'s groups by name, each with the `label` a list shows.

    Two groups may each have a Ben, who may or may not be one person: each stays its own
    entry, and where a name is in more than one group its group tells them apart,
    "Ben (The Crown)"; a name found once is shown alone.
    """
    players = list(groups.players_of(user).select_related("group"))
    # Told apart, they stand together: by name whatever its case, then oldest group first.
    players.sort(key=lambda player: (player.name.casefold(), player.group.created))
    names = Counter(player.name.casefold() for player in players)
    for player in players:
        clash = names[player.name.casefold()] > 1
        player.label = f"{player.name} ({player.group})" if clash else player.name
    return players
