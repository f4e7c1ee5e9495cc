"""Prototypes of the serving changes docs/PERFORMANCE.md recommends, measured by `make bench`.

They are served only by the benchmark's server (bench/urls.py) and change nothing of
the app: each is the app's own view with one thing done differently, so that the gain
of a recommendation is measured through gunicorn rather than guessed.

- `logged_in`: "ok" once the session and the user are loaded: the least any page of
  an owner costs, however cheap its own work. A reference, not a proposal.
- `lean_poll`: the share view's 304 as it could be: the game's pk and version read with
  one narrow SQL query (no join, no model object, no ORM query building) before
  anything else; a changed game falls through to the app's own view.
- `fast_board`: the owner's scoreboard rendered afresh on every request, as the app
  does, but with its two 500-row tables built in Python (bench/rows.py), the hands
  read as records only (no Hand objects) and the share link's QR code drawn once per
  link; the page is the app's own page (the benchmark checks it, whitespace aside).
- `cached_board`: the owner's scoreboard with its live part (standings, hands, chart)
  rendered once per game version and kept in the cache; the page around it, the only
  part that differs per request (CSRF tokens, the share link's QR code), is rendered
  each time from board.html itself, with the live part put in its place.
"""

from __future__ import annotations

from functools import cache

from django.contrib.auth.decorators import login_required
from django.core.cache import cache as django_cache
from django.db import connection
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.template import engines
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import mark_safe

from bench.rows import chart_tbody, hands_tbody
from games import boards, charts, web
from games.access import Access, as_viewer
from games.models import Game, Revision
from games.scores import GameScore
from games.services import score_records
from games.sheet import SheetError
from games.views.games import board as app_board


def logged_in(request):
    if not request.user.is_authenticated:
        return HttpResponse("log in first", status=403, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


_app_shared_board = as_viewer(app_board)
LEAN_POLL_SQL = f"SELECT id, version FROM {Game._meta.db_table} WHERE share_token = %s"


def lean_poll(request, token):
    live = request.htmx and request.GET.get("live")
    if live and request.headers.get("If-None-Match"):
        # One narrow query, written out: the ORM's own query building costs more CPU than
        # the round trip to PostgreSQL (measured by bench/breakdown.py).
        with connection.cursor() as cursor:
            cursor.execute(LEAN_POLL_SQL, [token])
            found = cursor.fetchone()
        if found is None:
            raise Http404
        # The same ETag as games.views.games.board gives the viewer's live part.
        etag = f'"g{found[0]}-v{found[1]}-viewer-live"'
        response = get_conditional_response(request, etag=etag)
        if response is not None:
            response["ETag"] = etag
            patch_cache_control(response, private=True, no_cache=True)
            return response
    return _app_shared_board(request, token=token)


@cache
def _page_template():
    """board.html with its inline live partial replaced by the cached HTML of it."""
    from django.conf import settings

    source = (settings.BASE_DIR / "templates" / "games" / "board.html").read_text()
    start = source.index("{% partialdef live inline %}")
    end = source.index("{% endpartialdef %}") + len("{% endpartialdef %}")
    return engines["django"].from_string(source[:start] + "{{ live_html }}" + source[end:])


@cache
def _qr(url: str):
    """The share link's QR code, drawn once per link (segno takes milliseconds)."""
    import segno

    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light=None, omitsize=True)
    return mark_safe(svg)  # noqa: S308 - segno's own markup, as games.boards.sharing


def _sharing(request, game):
    context = {"share_url": None, "share_qr": None, "coscorer_url": None}
    if game.share_token:
        url = request.build_absolute_uri(f"/s/{game.share_token}/")
        context |= {"share_url": url, "share_qr": _qr(url)}
    if game.coscorer_token:
        context["coscorer_url"] = request.build_absolute_uri(f"/c/{game.coscorer_token}/")
    return context


@login_required
def cached_board(request, pk):
    game = get_object_or_404(
        Game.objects.select_related("session"), pk=pk, session__owner=request.user
    )
    access = Access(game, f"/games/{game.pk}/", "owner")
    links = f"{bool(game.share_token)}{bool(game.coscorer_token)}"
    etag = f'"g{game.pk}-v{game.version}-{access.role}{links}-page"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        key = f"bench-board-live:{game.pk}:{game.version}:{access.role}:{access.base}"
        kept = django_cache.get(key)
        if kept is None:
            context = boards.board(game) | {
                "access": access,
                "base": access.base,
                "can_edit": access.can_edit,
            }
            live_html = render_to_string("games/board.html#live", context, request)
            kept = (str(live_html), context["deleted"])
            django_cache.set(key, kept, 600)
        live_html, deleted = kept
        entry = web.entry(game.kind)
        context = {
            "game": game,
            "engine": game.engine,
            "stylesheet": getattr(entry, "STYLESHEET", None),
            "more_template": getattr(entry, "MORE_TEMPLATE", None),
            "deleted": deleted,
            "access": access,
            "base": access.base,
            "can_edit": access.can_edit,
            "live_html": mark_safe(live_html),  # noqa: S308 - our own rendering, kept
        } | _sharing(request, game)
        response = HttpResponse(_page_template().render(context, request))
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


@cache
def _fast_templates():
    """board.html and chart.html with their row loops replaced by rows built in Python."""
    from django.conf import settings

    folder = settings.BASE_DIR / "templates" / "games"
    board = (folder / "board.html").read_text()
    head, rest = board.split("<tbody>", 1)
    board = head + "<tbody>{{ hands_rows }}" + rest[rest.index("</tbody>") :]
    board = board.replace('{% include "games/chart.html" %}', "{% include chart_template %}")
    chart = (folder / "chart.html").read_text()
    head, rest = chart.split("<tbody>", 1)
    chart = head + "<tbody>{{ chart_rows }}" + rest[rest.index("</tbody>") :]
    django = engines["django"]
    return django.from_string(board), django.from_string(chart).template


def _fast_board_context(game) -> dict:
    """What games.boards.board gives the page, reading the records only (no Hand objects)."""
    records = list(game.hands.values_list("record", flat=True))
    entry = web.entry(game.kind)
    context = {
        "board_template": getattr(entry, "BOARD_TEMPLATE", None),
        "more_template": getattr(entry, "MORE_TEMPLATE", None),
        "stylesheet": getattr(entry, "STYLESHEET", None),
        "game": game,
        "engine": game.engine,
        "colours": boards.colours(game),
        "enterable": web.enterable(game.kind),
        "hand_count": len(records),
    }
    try:
        score: GameScore = score_records(game, records)
    except SheetError as error:
        return context | {"sheet_error": str(error), "rows": []}
    describe = getattr(entry, "describe", None) or boards.describe_plainly
    rows = [
        boards.Row(None, hand_score, describe(record, hand_score))
        for record, hand_score in zip(records, score.hands, strict=True)
    ]
    describe_record = getattr(entry, "describe_record", None)
    deleted = [
        (revision, describe_record(revision.record) if describe_record else "")
        for revision in game.revisions.filter(action=Revision.DELETED).select_related("by")
    ]
    return context | {
        "chart": charts.running_totals(score, context["colours"]),
        "deleted": deleted,
        "score": score,
        "names": list(score.standings),
        "rows": rows,
        "standings": boards.ranked(score),
    }


@login_required
def fast_board(request, pk):
    game = get_object_or_404(
        Game.objects.select_related("session"), pk=pk, session__owner=request.user
    )
    access = Access(game, f"/games/{game.pk}/", "owner")
    links = f"{bool(game.share_token)}{bool(game.coscorer_token)}"
    etag = f'"g{game.pk}-v{game.version}-{access.role}{links}-page"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        page, chart = _fast_templates()
        context = _fast_board_context(game) | {
            "access": access,
            "base": access.base,
            "can_edit": access.can_edit,
        }
        rows, names = context["rows"], context.get("names", [])
        links_on = access.can_edit and context["enterable"]
        context |= {
            "hands_rows": mark_safe(hands_tbody(rows, names, access.base, links_on)),  # noqa: S308
            "chart_rows": mark_safe(chart_tbody(rows, names)),  # noqa: S308 - escaped there
            "chart_template": chart,
        } | _sharing(request, game)
        response = HttpResponse(page.render(context, request))
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response
