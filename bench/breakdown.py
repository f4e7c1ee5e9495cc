"""Where the time of a request goes, in one process, on `make bench`'s data set.

    scripts/with-postgres .venv/bin/python bench/breakdown.py [--profile board|entry|poll]

The same settings as the benchmark's server (DEBUG=0, bench.settings), Django's test
client instead of gunicorn, so that the parts of a request can be timed one by one:
the 500-hand scoreboard, a hand entry, the 304 poll. Beside each part it times the
cheaper way of doing the same work that docs/PERFORMANCE.md ("Serving") recommends,
so the recommendation's gain is measured, not guessed; the alternatives live only here,
in bench/rows.py and in bench/prototypes.py, never in the app.

Every figure is the best and the median of several runs, each after `gc.collect()`
(wall time), with the best CPU time of this process beside it.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.rows import hands_tbody, number, signed, trend  # noqa: E402
from bench.server import SERVER_ENV  # noqa: E402


def timed(work, runs: int) -> tuple[float, float, float]:
    """Best and median wall time, and best CPU time of this process, in ms."""
    work()
    walls, cpus = [], []
    for _ in range(runs):
        gc.collect()
        start, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return min(walls) * 1e3, statistics.median(walls) * 1e3, min(cpus) * 1e3


def show(label: str, work, runs: int = 9) -> float:
    best, median, cpu = timed(work, runs)
    print(
        f"  {label:<58} best {best:8.2f} ms  median {median:8.2f} ms  (CPU {cpu:7.2f} ms)",
        flush=True,
    )
    return best


def profile(work, runs: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(runs):
        work()
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(40)
    stats.sort_stats("tottime").print_stats(25)
    print(out.getvalue())


# --- the cheaper ways, as prototypes ---------------------------------------------------


CELLS_TEMPLATE = """{% for row in rows %}<tr class="describe"><td colspan="{{ span }}">\
{% if links %}<a href="{{ base }}hands/{{ row.number }}/">{% endif %}\
<span class="dealer">{{ row.dealer }} dealt</span>{% if row.text %} · {{ row.text }}{% endif %}\
{% if links %}<span class="edit-sep"> · </span><span class="edit">edit</span></a>{% endif %}\
</td></tr><tr class="numbers"><th scope="row">{{ row.number }}</th>{% for c in row.cells %}\
<td><span class="delta {{ c.dc }}">{{ c.d }}</span>\
<span class="running {{ c.tc }}">{{ c.t }}</span></td>{% endfor %}</tr>{% endfor %}"""


def precomputed_rows(rows, names) -> list[dict]:
    """Rows whose cells are already strings: the template only places them."""
    return [
        {
            "number": str(row.score.number),
            "dealer": row.score.dealer,
            "text": row.text,
            # Dicts, not tuples: the template's `c.0` would try a dict key and an attribute
            # first, and the failed attribute lookup costs a dir() of the tuple each time.
            "cells": [
                {
                    "dc": trend(row.score.deltas[name]),
                    "d": signed(row.score.deltas[name]),
                    "tc": trend(row.score.totals[name]),
                    "t": number(row.score.totals[name]),
                }
                for name in names
            ],
        }
        for row in rows
    ]


def squeeze(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", markup)).strip()


# --- the measurements --------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--profile", choices=("board", "entry", "poll"), action="append")
    options = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        sys.exit("run it on PostgreSQL: scripts/with-postgres .venv/bin/python bench/breakdown.py")
    static_root = Path(tempfile.mkdtemp(prefix="scorekeeper-breakdown."))
    os.environ.update(SERVER_ENV | {"BENCH_STATIC_ROOT": str(static_root)})
    import django

    django.setup()
    try:
        measure(options, static_root)
    finally:
        import shutil

        shutil.rmtree(static_root, ignore_errors=True)


def measure(options, static_root: Path) -> None:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.template import engines
    from django.template.loader import render_to_string
    from django.test import Client, RequestFactory
    from django_htmx.middleware import HtmxDetails

    from bench import dataset
    from bench.prototypes import LEAN_POLL_SQL
    from games import boards, charts, web
    from games.access import Access
    from games.entry import HandEntry
    from games.models import Game, Hand
    from games.services import add_hand, score_records

    call_command("migrate", interactive=False, verbosity=0)
    if User.objects.exists():
        sys.exit("bench/breakdown.py wants an empty database: it stores its own data set")
    data = dataset.build(big_hands=options.hands, entry_copies=1)
    call_command("collectstatic", interactive=False, verbosity=0)
    owner = User.objects.get(username=data.owner)
    https = {"HTTP_HOST": "127.0.0.1", "HTTP_X_FORWARDED_PROTO": "https"}
    phone = Client(**https)
    phone.force_login(owner)
    anonymous = Client(**https)
    board_url = f"/games/{data.big_game}/"
    share_url = f"/s/{data.share_token}/?live=1"
    etag = anonymous.get(share_url, HTTP_HX_REQUEST="true")["ETag"]
    entry_game = data.entry_games[0]
    next_number = [data.big_hands + 1]

    def floor():
        assert anonymous.get("/bench/ok").status_code == 200

    def poll():
        answer = anonymous.get(share_url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
        assert answer.status_code == 304

    def board():
        assert phone.get(board_url).status_code == 200

    def entry():
        form = {"number": next_number[0], "kind": "passed", "save": "1"}
        answer = phone.post(f"/games/{entry_game}/hands/new/", form)
        assert answer.status_code == 302, answer.status_code
        next_number[0] += 1

    print(f"{data.big_hands}-hand Tridge game, DEBUG=0, PostgreSQL; Django's test client\n")
    print("whole requests:")
    show("floor: GET /bench/ok", floor, 101)
    show("poll: GET /s/<token>/?live=1, If-None-Match -> 304", poll, 101)
    lean_url = f"/bench/lean-poll/{data.share_token}/?live=1"
    show(
        "  prototype: bench/lean-poll (one narrow SQL query)",
        lambda: anonymous.get(lean_url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag),
        101,
    )
    show("login floor: GET /bench/login as the owner", lambda: phone.get("/bench/login"), 101)
    show("scoreboard: GET /games/<pk>/ as the owner", board)
    fast_url = f"/bench/fast-board/{data.big_game}/"
    show("  prototype: bench/fast-board, rows built in Python", lambda: phone.get(fast_url), 15)
    cached_url = f"/bench/cached-board/{data.big_game}/"
    show("  prototype: bench/cached-board, a cache hit", lambda: phone.get(cached_url), 51)
    show("hand entry: POST hands/new/ 'all passed' -> 302", entry, 15)

    game = Game.objects.select_related("session").get(pk=data.big_game)
    request = RequestFactory(**https).get(board_url)
    request.user = owner
    request.htmx = HtmxDetails(request)
    access = Access(game, board_url, "owner")
    hands = list(game.hands.all())
    records = [hand.record for hand in hands]
    score = score_records(game, records)
    describe = web.entry(game.kind).describe

    print("\nthe scoreboard, part by part:")
    show(
        "game + session (the access check's query)",
        lambda: Game.objects.select_related("session").get(pk=game.pk, session__owner=owner),
        51,
    )
    show("the hands as Hand objects: list(game.hands.all())", lambda: list(game.hands.all()))
    show(
        "  cheaper: the records only (values_list)",
        lambda: list(game.hands.values_list("record", flat=True)),
    )
    show("score the sheet (read_sheet + engine)", lambda: score_records(game, records))
    show(
        "describe every hand",
        lambda: [describe(h.record, s) for h, s in zip(hands, score.hands, strict=True)],
    )
    show("running-totals chart (coordinates)", lambda: charts.running_totals(score, {}))
    show("boards.board() in all (the above, with queries)", lambda: boards.board(game))
    show(
        "boards.sharing(): the share link's QR code (segno)", lambda: boards.sharing(request, game)
    )
    context = (
        boards.board(game)
        | {"access": access, "base": access.base, "can_edit": True}
        | boards.sharing(request, game)
    )
    page = render_to_string("games/board.html", context, request)
    live = render_to_string("games/board.html#live", context, request)
    chart_table = render_to_string("games/chart.html", context, request)
    print(
        f"  (page {len(page.encode()) / 1024:.0f} KiB, of which the live part "
        f"{len(live.encode()) / 1024:.0f} KiB and the chart with its table "
        f"{len(chart_table.encode()) / 1024:.0f} KiB)"
    )
    show(
        "render the whole page (board.html)",
        lambda: render_to_string("games/board.html", context, request),
    )
    show(
        "  of it: the chart section with its 500-row table",
        lambda: render_to_string("games/chart.html", context, request),
    )
    shell = context | {"rows": [], "chart": None}
    show(
        "  of it: everything but the hands and the chart",
        lambda: render_to_string("games/board.html", shell, request),
    )

    names = context["names"]
    rows = context["rows"]
    python_rows = hands_tbody(rows, names, access.base, links=True)
    template_rows = live.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    same = squeeze(python_rows) == squeeze(template_rows)
    print(
        f"\nthe hands table ({len(rows)} rows) three ways (same markup, whitespace aside: {same}):"
    )
    table = engines["django"].from_string("{% load scorekeeper %}" + table_as_is())
    show(
        "  as board.html does it ({% with %}, filters per cell)",
        lambda: table.render(context, request),
    )
    cells = engines["django"].from_string(CELLS_TEMPLATE)
    cell_context = {"span": len(names) + 1, "links": True, "base": access.base}
    show(
        "  precomputed cells, template only places strings",
        lambda: cells.render(cell_context | {"rows": precomputed_rows(rows, names)}, request),
    )
    show(
        "  built in Python (f-strings, html.escape)",
        lambda: hands_tbody(rows, names, access.base, links=True),
    )

    print("\nthe hand entry, part by part (its game grows by one hand a run):")
    entry_obj = Game.objects.select_related("session").get(pk=entry_game)
    show("HandEntry(): the hands as Hand objects", lambda: HandEntry(entry_obj), 7)
    trial = [h.record for h in entry_obj.hands.all()] + [{"passed": True}]
    show(
        "the preview: score the sheet with the new hand", lambda: score_records(entry_obj, trial), 7
    )

    def save():
        add_hand(entry_obj, {"passed": True}, owner, entry_obj.hands.count() + 1)

    show("add_hand(): lock, Hand objects again, score again, insert", save, 7)
    show(
        "  cheaper fetch under the lock: values_list('record')",
        lambda: list(Hand.objects.filter(game=entry_obj).values_list("record", flat=True)),
        7,
    )

    print("\nthe 304 poll, part by part:")
    token = data.share_token
    show(
        "Game + session by share token (select_related, a model)",
        lambda: Game.objects.select_related("session").get(share_token=token),
        101,
    )
    show(
        "  cheaper: pk and version only (values_list)",
        lambda: Game.objects.filter(share_token=token).values_list("pk", "version").first(),
        101,
    )

    def narrow():
        with connection.cursor() as cursor:
            cursor.execute(LEAN_POLL_SQL, [token])
            cursor.fetchone()

    show("  cheaper still: the same as one SQL query (no ORM)", narrow, 101)

    def round_trip():
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()

    show("  a round trip to PostgreSQL (SELECT 1)", round_trip, 101)

    for which in options.profile or []:
        print(f"\n==== cProfile: {which}")
        profile(
            {"board": board, "entry": entry, "poll": poll}[which], 5 if which != "poll" else 200
        )


def table_as_is() -> str:
    """board.html's own hands-table body (its first <tbody>), read from the template."""
    source = (ROOT / "templates" / "games" / "board.html").read_text()
    return source.split("<tbody>", 1)[1].split("</tbody>", 1)[0]


if __name__ == "__main__":
    main()
