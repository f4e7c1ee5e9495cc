"""`make bench-pages`: what a group's pages cost after 10 weekly evenings and after 150.

Issue 33: the group page, a player's page, the group's Settle up and a member's own page
should cost the same after 150 weekly evenings (600 games, three years) as after 10. This
measures how far they are from it: a ratio, a page's time at 150 evenings over its time at
10, in one run, with the queries each makes (their count stays the same: a test,
tests/games/views/test_page_queries.py).

In a throwaway SQLite file, the weekly group of bench/evenings.py is built twice, each
with accounts of its own: after 10 evenings and after 150 (its first 10 evenings are the
other's). The pages are drawn in this process by Django's test client, logged in as Ben
(a member), with production settings as bench/server.py has them (DEBUG=0, a fresh cache
folder, static files collected into a temporary folder), over "https" as behind the
club's proxy:

  group page    /groups/<pk>/
  Settle up     /groups/<pk>/settle/
  player page   /players/<pk>/, Dee's (a regular player with no account)
  own page      /me/, Ben's

Each page is drawn twice at each size first (templates compiled, the database's pages
read), then once a round at each size, one size just after the other (the larger first
in every other round), so that the machine's noise hits both alike. A time is the CPU
time of this process (`time.process_time`: SQLite runs in it too; the time spent waiting
for a busy processor is no page's cost), from `gc.collect()`; the table gives the median
and the least of the rounds, and the ratio is the median of each round's own ratio. One
more request of each counts its queries (CaptureQueriesContext) and weighs the page
(bytes of HTML, uncompressed). A page not answered 200 makes the run exit with status 1.

`--profile N` also profiles one request of each page at the larger size (cProfile) and
prints its N costliest functions, by their own time and with what they call. cProfile
makes a request several times slower: read its shares, not its milliseconds.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import machine  # noqa: E402
from bench.serving import database_name, setup_django  # noqa: E402

EVENINGS = (10, 150)
ROUNDS = 7
WARM_UP = 2
PAGES = ("group page", "Settle up", "player page", "own page")
MEMBER = "Ben"  # logged in: a member, not the owner
PLAYER = "Dee"  # whose player page: a regular player with no account


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--evenings",
        type=lambda text: tuple(int(n) for n in text.split(",")),
        default=EVENINGS,
        help="the two histories compared, smaller first (default 10,150)",
    )
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="also print the N costliest functions of one request of each page, larger size",
    )
    options = parser.parse_args()
    if len(options.evenings) != 2 or not 0 < options.evenings[0] < options.evenings[1]:
        parser.error("--evenings takes two numbers, the smaller first: 10,150")
    return options


def prepare(work: Path, options):
    """Django on a throwaway SQLite file and the two groups built: each size's client,
    logged in, and its pages' addresses."""
    os.environ["CACHE_LOCATION"] = str(work / "cache")
    setup_django(work, sqlite=True)
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    from bench import dataset, evenings

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    print(f"migrated and collected static files in {time.perf_counter() - started:.1f}s")
    sites = {}
    for size in options.evenings:
        started, cpu = time.perf_counter(), time.process_time()
        weekly = evenings.build(size, seed=options.seed)
        taken, lying = evenings.leftovers(weekly)
        print(
            f"{size} evenings built in {time.perf_counter() - started:.1f}s "
            f"({time.process_time() - cpu:.1f}s CPU): "
            f"{weekly.games} games, {weekly.hands} hands, {taken} leftovers taken and "
            f"{lying} on the table, {weekly.marks} payments marked on evenings and "
            f"{weekly.payments} recorded on Settle up",
            flush=True,
        )
        sites[size] = (client_of(weekly.accounts[MEMBER], settings), addresses(weekly))
    scored = dataset.check_all_score()
    print(f"every game scores ({scored}); {database_name(connection)}; DEBUG={settings.DEBUG}")
    return sites


def client_of(user, settings):
    from django.test import Client

    # A host the production settings allow (the test client's own "testserver" is not).
    client = Client(SERVER_NAME=settings.ALLOWED_HOSTS[0])
    client.force_login(user)
    return client


def addresses(weekly) -> dict[str, str]:
    """Each page's address in this group."""
    group = weekly.group.pk
    return {
        "group page": f"/groups/{group}/",
        "Settle up": f"/groups/{group}/settle/",
        "player page": f"/players/{weekly.players[PLAYER].pk}/",
        "own page": "/me/",
    }


def drawn(client, url: str) -> float:
    """One request's CPU time, in seconds; exits if the page is not answered 200."""
    gc.collect()  # no request pays for the garbage an earlier one left
    start = time.process_time()
    response = client.get(url, secure=True)
    spent = time.process_time() - start
    if response.status_code != 200:
        sys.exit(f"{url} answered {response.status_code}, not 200")
    return spent


def counted(client, url: str) -> tuple[int, int]:
    """One request's queries, and the bytes of the page it answers."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, secure=True)
    return len(captured.captured_queries), len(response.content)


def measure(sites, rounds: int) -> dict[str, dict]:
    """Each page's times at each size ({size: [seconds]}), interleaved, and at each size
    its queries and bytes ({size: (queries, bytes)})."""
    small, large = sorted(sites)
    for page in PAGES:
        for client, address in sites.values():
            for _ in range(WARM_UP):
                drawn(client, address[page])
    times = {page: {small: [], large: []} for page in PAGES}
    for number in range(rounds):
        order = (large, small) if number % 2 else (small, large)
        for page in PAGES:
            for size in order:
                client, address = sites[size]
                times[page][size].append(drawn(client, address[page]))
    return {
        page: {
            "times": times[page],
            "counted": {
                size: counted(client, pages[page]) for size, (client, pages) in sites.items()
            },
        }
        for page in PAGES
    }


def table(figures, small: int, large: int, rounds: int) -> None:
    print(
        f"\nCPU ms of this process a request, median (least) of {rounds} rounds; "
        f"{large}/{small}: the median of the rounds' ratios"
    )
    print(
        f"  {'page':<12} {f'at {small}':>17} {f'at {large}':>17} {f'{large}/{small}':>8}  "
        f"{'queries at ' + str(small):>14} {f'at {large}':>6}  "
        f"{'KB at ' + str(small):>9} {f'at {large}':>6}"
    )
    for page, figure in figures.items():
        times, counts = figure["times"], figure["counted"]
        cells = [
            f"{statistics.median(times[size]) * 1e3:7.1f} ({min(times[size]) * 1e3:7.1f})"
            for size in (small, large)
        ]
        ratio = statistics.median(b / a for a, b in zip(times[small], times[large], strict=True))
        (queries, size), (queries_large, size_large) = counts[small], counts[large]
        print(
            f"  {page:<12} {cells[0]:>17} {cells[1]:>17} {ratio:7.1f}x  "
            f"{queries:>14} {queries_large:>6}  {size / 1024:9.1f} {size_large / 1024:6.1f}"
        )


def profile(sites, size: int, top: int) -> None:
    client, address = sites[size]
    for page in PAGES:
        profiler = cProfile.Profile()
        gc.collect()
        profiler.enable()
        client.get(address[page], secure=True)
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
        print(f"\n--- {page} at {size} evenings ({address[page]}), cProfile ---")
        print(out.getvalue().strip())


def main() -> None:
    options = parse_args()
    small, large = options.evenings
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-pages."))
    # A TERM (a CI timeout, the terminal closed) still removes the files.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        print(machine(), flush=True)
        sites = prepare(work, options)
        figures = measure(sites, options.rounds)
        print(f"\n{machine()}")
        table(figures, small, large, options.rounds)
        if options.profile:
            profile(sites, large, options.profile)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
