"""A player's record worked out afresh, every game they sat in scored from its hands: the way
the player page read it before each game's results were stored (games/records/results.py).

The stored results must always come to the same: `afresh` is what the tests compare the
page's record with (`seen`), and `scored` what they compare a game's stored rows with.
"""

from games.engine.registry import GAMES
from games.engine.sheet import SheetError
from games.models import Game, Hand, Seat, SeatResult
from games.play.services import score_records
from games.records.places import outcome, rank
from games.records.places import side_of as side_in
from games.records.results import worked_out
from games.records.stats import CHART_GAMES, Meeting, label_of, meeting_words

COUNTS = ("together", "partners", "ahead", "behind", "level")


def scored(game) -> list[dict]:
    """The game's result for each seat, by position, from its hands as they stand."""
    game = Game.kept.get(pk=game.pk)  # its names too, as they stand
    hands = Hand.objects.filter(game=game).order_by("number")
    records = list(hands.values_list("record", flat=True))
    try:
        score = score_records(game, records)
    except SheetError:
        score = None
    return worked_out(game, score)


def stored(game) -> list[dict]:
    """The game's stored rows, by position, as `scored` gives them (figures: None if stale)."""
    rows = SeatResult.objects.filter(game=game).order_by("seat__position")
    fields = ("side", "finished", "refused", "outcome", "result", "rank", "partners", "opponents")
    return [
        {field: getattr(row, field) for field in fields}
        | {"figures": [(f.label, f.number) for f in row.figures.all()] if row.figured else None}
        for row in rows
    ]


def afresh(players) -> dict:
    """The record of these players' seats at games not deleted, each game scored anew."""
    seats = (
        Seat.objects.filter(player__in=players)
        .select_related("game__session", "player")
        .order_by("game__session__date", "game_id")
    )
    kinds, games, rivals = {}, [], {}
    for seat in seats:
        game = seat.game
        name = game.players[seat.position]
        others = [s for s in Seat.objects.filter(game=game).select_related("player")]
        others = [s for s in others if s.player_id != seat.player_id]
        records = [hand.record for hand in game.hands.order_by("number")]
        entry = {
            "game": game.pk,
            "date": game.session.date,
            "partners": [],
            "opponents": [],
            "finished": False,
            "refused": False,
            "outcome": "",
            "result": None,
            "label": "",
        }
        games.append(entry)
        try:
            score = score_records(game, records)
        except SheetError:
            entry |= {"refused": True, "outcome": "needs a correction"}
            entry["opponents"] = [game.players[other.position] for other in others]
            continue
        kind = kinds.setdefault(
            game.kind,
            {"played": 0, "finished": 0, "won": 0, "results": [], "dates": [], "figures": {}},
        )
        kind.setdefault("first", {})
        kind["played"] += 1
        side = side_in(name, score.standings)
        entry["finished"] = score.finished
        entry["outcome"] = outcome(side, score) if score.finished else "not finished"
        if score.finished:
            kind["finished"] += 1
            kind["won"] += entry["outcome"] == "Won"
            entry["result"] = GAMES[game.kind].result(game, side, score)
            entry["label"] = label_of(GAMES[game.kind].RESULT)
            kind["results"].append(entry["result"])
            kind["dates"].append(entry["date"])
        for place, (label, number) in enumerate(GAMES[game.kind].figures(name, game, score)):
            kind["figures"][label] = kind["figures"].get(label, 0) + number
            # Each label where it first came in the games as they were stored.
            kind["first"][label] = min(kind["first"].get(label, (game.pk, place)), (game.pk, place))
        for other in others:
            theirs = game.players[other.position]
            other_side = side_in(theirs, score.standings)
            (entry["partners"] if other_side == side else entry["opponents"]).append(theirs)
            rival = rivals.setdefault(
                other.player_id, {"name": other.player.name, "me": seat.player.name, "kinds": {}}
            )
            meeting = rival["kinds"].setdefault(game.kind, Meeting(GAMES[game.kind].NAME))
            meeting.first = min(getattr(meeting, "first", game.pk), game.pk)
            meet(meeting, side, other_side, score)
    return {
        "kinds": {
            key: {
                "played": kind["played"],
                "finished": kind["finished"],
                "won": kind["won"],
                "average": round(sum(kind["results"]) / len(kind["results"]), 1)
                if kind["results"]
                else None,
                "lowest": min(kind["results"], default=None),
                "highest": max(kind["results"], default=None),
                "results": kind["results"][-CHART_GAMES:],
                "dates": kind["dates"][-CHART_GAMES:],
                "figures": sorted(kind["figures"].items(), key=lambda item: kind["first"][item[0]]),
            }
            for key, kind in sorted(kinds.items(), key=lambda item: list(GAMES).index(item[0]))
            if kind["played"]
        },
        "games": games[::-1],
        "rivals": [
            (pk, rival["name"], rival["me"], lines(rival))
            for pk, rival in sorted(
                rivals.items(),
                key=lambda item: (-together(item[1]), item[1]["name"].lower()),
            )
        ],
    }


def meet(meeting: Meeting, side: str, other: str, score) -> None:
    meeting.together += 1
    if side == other:
        meeting.partners += 1
    elif score.finished:
        mine, theirs = rank(side, score), rank(other, score)
        meeting.ahead += mine < theirs
        meeting.behind += mine > theirs
        meeting.level += mine == theirs


def together(rival: dict) -> int:
    return sum(meeting.together for meeting in rival["kinds"].values())


def lines(rival: dict) -> list[tuple[str, str]]:
    """Each kind they played, in the order of their first game of it as stored."""
    meetings = sorted(rival["kinds"].values(), key=lambda meeting: meeting.first)
    return [
        (meeting.name, meeting_words(meeting, rival["me"], rival["name"])) for meeting in meetings
    ]


def seen(record) -> dict:
    """A PlayerRecord read from the stored results, in `afresh`'s shape."""
    return {
        "kinds": {
            key: {
                "played": kind.played,
                "finished": kind.finished,
                "won": kind.won,
                "average": kind.average,
                "lowest": kind.lowest,
                "highest": kind.highest,
                "results": kind.results,
                "dates": kind.dates,
                "figures": list(kind.figures.items()),
            }
            for key, kind in record.kinds.items()
        },
        "games": [
            {
                "game": played.game.pk,
                "date": played.date,
                "partners": played.partners,
                "opponents": played.opponents,
                "finished": played.finished,
                "refused": played.refused,
                "outcome": played.outcome,
                "result": played.result,
                "label": played.label,
            }
            for played in record.games
        ],
        "rivals": [
            (rival.player.pk, rival.player.name, rival.me, rival.lines) for rival in record.rivals
        ],
    }
