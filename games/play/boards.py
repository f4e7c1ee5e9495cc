"""The scoreboard's content: scores from the engine, arranged for the screens."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.urls import reverse
from django.utils.safestring import mark_safe

from games.engine.scores import GameScore, HandScore
from games.engine.sheet import SheetError, members
from games.engine.words import in_seats
from games.models import CoscorerLink, Game, Revision
from games.play import charts


def colours(game: Game) -> dict[str, int]:
    """Seat index by player (or team) name, for the CSS colour classes: one colour per
    seat, the same on every screen of a game (app.css .seat-N)."""
    names = {name: index for index, name in enumerate(game.players)}
    # The next game with the same people (Play again) turns the seats; each person keeps
    # the colour they had (games/play/following.py).
    kept = game.meta.get("colours")
    if kept and set(kept) == set(names):
        names = kept
    # A team takes its first player's colour: the first two seats' colours, as a rule.
    return names | {team: names[members(team)[0]] for team in game.engine.teams(game.players)}


# The scoreboard lists the last hands only: at the table the standings, the next dealer
# and the hands just played are what is looked at, and a long evening's hundreds of rows
# would bury them. Every hand is a tap away (all_hands), on the printable sheet and in the CSV.
RECENT_HANDS = 12


@dataclass(slots=True)
class Row:
    score: HandScore
    text: str


@dataclass(slots=True)
class Closing:
    """What the game adds after its last hand (Cardigan's full suits), read as a row:
    its change, and the totals after it, which are the standings."""

    text: str
    deltas: dict[str, int]
    totals: dict[str, int]


def board(game: Game) -> dict:
    """Everything the scoreboard template shows; a sheet the engine refuses is shown, not raised."""
    # The records alone: Hand objects would cost more than scoring the sheet.
    records = list(game.hands.values_list("record", flat=True))
    from games.play.services import score_records

    engine = game.engine
    context = {
        "board_template": engine.BOARD_TEMPLATE,
        "more_template": engine.MORE_TEMPLATE,
        "stylesheet": engine.STYLESHEET,
        "game": game,
        "engine": engine,
        "colours": colours(game),
        "enterable": engine.enterable(),
        "hand_count": len(records),
    }
    try:
        score: GameScore = score_records(game, records)
    except SheetError as error:
        return context | {"sheet_error": str(error), "rows": []}
    rows = [
        Row(hand_score, engine.describe(in_seats(record, game.players), hand_score))
        for record, hand_score in zip(records, score.hands, strict=True)
    ]
    names = list(score.standings)
    closing = engine.closing(score)
    if closing is not None:
        closing = Closing(*closing, score.standings)
    deleted = [
        (revision, engine.describe_record(in_seats(revision.record, game.players)))
        for revision in game.revisions.filter(
            action=Revision.DELETED, put_back=False
        ).select_related("by")
    ]
    return context | {
        "chart": charts.running_totals(score, context["colours"], closing),
        "deleted": deleted,
        "score": score,
        "names": names,
        "rows": rows,
        # The screens list the newest hand first, where the eye lands on a phone, under the
        # standings; the printable sheet and the CSV keep the paper's order (rows).
        "newest_first": rows[::-1],
        "recent_rows": rows[: -RECENT_HANDS - 1 : -1],
        "closing": closing,
        "earlier": max(len(rows) - RECENT_HANDS, 0),
        "standings": ranked(score),
        **engine.board_context(game, score),
    }


def sharing(request, game: Game) -> dict:
    """A member's view of the game's links: the share link, absolute, with its QR code, and
    their own co-scorer link (another member's is never shown them: games/play/links.py)."""
    context = {"share_url": None, "share_qr": None, "coscorer_url": None}
    if game.share_token:
        url = request.build_absolute_uri(reverse("shared:board", args=[game.share_token]))
        context |= {"share_url": url, "share_qr": qr_code(url)}
    own = CoscorerLink.objects.filter(game=game, member=request.user).first()
    if own is not None:
        url = reverse("coscorer:board", args=[own.token])
        context["coscorer_url"] = request.build_absolute_uri(url)
    return context


@lru_cache(maxsize=256)
def qr_code(url: str):
    """The share link as an inline SVG QR code; drawn once per link (10 ms each here)."""
    import segno

    # Black on the white card in both themes: scanners want dark modules on light.
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light=None, omitsize=True)
    # segno draws the code as paths; the URL itself never appears in the markup.
    return mark_safe(svg)  # noqa: S308


def ranked(score: GameScore) -> list[dict]:
    best = max(score.standings.values())
    # Everyone level leads nobody: a tie is no table of winners (games/engine/words.py game_over).
    alone = len(score.hands) > 0 and min(score.standings.values()) < best
    return [
        {"name": name, "total": total, "leading": alone and total == best}
        for name, total in score.standings.items()
    ]
