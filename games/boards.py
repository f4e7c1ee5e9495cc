"""The scoreboard's content: scores from the engine, arranged for the screens."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.safestring import mark_safe

from games import charts, web
from games.models import Game, Revision
from games.scores import GameScore, HandScore
from games.sheet import SheetError

# One colour per seat, the same on every screen of a game (see app.css .seat-N).
SEAT_COLOURS = 4


def colours(game: Game) -> dict[str, int]:
    """Seat index by player (or team) name, for the CSS colour classes."""
    names = {name: index for index, name in enumerate(game.players)}
    if game.kind == "cardigan" and len(game.players) == 4:
        a, b, c, d = game.players
        names |= {f"{a} & {c}": 0, f"{b} & {d}": 1}
    return names


@dataclass
class Row:
    hand: object  # the stored Hand
    score: HandScore
    text: str


def board(game: Game) -> dict:
    """Everything the scoreboard template shows; a sheet the engine refuses is shown, not raised."""
    hands = list(game.hands.all())
    records = [hand.record for hand in hands]
    from games.services import score_records

    entry = web.entry(game.kind)
    context = {
        "board_template": getattr(entry, "BOARD_TEMPLATE", None),
        "more_template": getattr(entry, "MORE_TEMPLATE", None),
        "stylesheet": getattr(entry, "STYLESHEET", None),
        "game": game,
        "engine": game.engine,
        "colours": colours(game),
        "enterable": web.enterable(game.kind),
        "hand_count": len(hands),
    }
    try:
        score: GameScore = score_records(game, records)
    except SheetError as error:
        return context | {"sheet_error": str(error), "rows": []}
    describe = getattr(entry, "describe", None) or describe_plainly
    rows = [
        Row(hand, hand_score, describe(hand.record, hand_score))
        for hand, hand_score in zip(hands, score.hands, strict=True)
    ]
    names = list(score.standings)
    describe_record = getattr(entry, "describe_record", None)
    deleted = [
        (revision, describe_record(revision.record) if describe_record else "")
        for revision in game.revisions.filter(action=Revision.DELETED).select_related("by")
    ]
    return context | {
        "chart": charts.running_totals(score, context["colours"]),
        "deleted": deleted,
        "score": score,
        "names": names,
        "rows": rows,
        "rows_newest_first": rows[::-1],
        "standings": ranked(score),
    }


def sharing(request, game: Game) -> dict:
    """The owner's share and co-scorer links, absolute, with a QR code for the share link."""
    import segno

    context = {"share_url": None, "share_qr": None, "coscorer_url": None}
    if game.share_token:
        url = request.build_absolute_uri(f"/s/{game.share_token}/")
        # Black on the white card in both themes: scanners want dark modules on light.
        qr = segno.make(url, error="m")
        svg = qr.svg_inline(scale=4, dark="#000", light=None, omitsize=True)
        # segno draws the code as paths; the URL itself never appears in the markup.
        context |= {"share_url": url, "share_qr": mark_safe(svg)}  # noqa: S308
    if game.coscorer_token:
        context["coscorer_url"] = request.build_absolute_uri(f"/c/{game.coscorer_token}/")
    return context


def ranked(score: GameScore) -> list[dict]:
    best = max(score.standings.values())
    return [
        {"name": name, "total": total, "leading": total == best and len(score.hands) > 0}
        for name, total in score.standings.items()
    ]


def describe_plainly(record: dict, hand_score: HandScore) -> str:
    if record.get("redeal"):
        return "Redeal"
    return ""
