"""`make bench`: what the server costs per request, as a ratio of the cheapest request.

Issue 9 ("Server time"). Runs inside `scripts/with-postgres` (a throwaway PostgreSQL):
migrates, stores the data set of `bench/dataset.py` (50 accounts, 500 games of the four
kinds, one Tridge game of 500 hands), collects the static files into a temporary
folder, and starts gunicorn as the Procfile does (`gunicorn scorekeeper.wsgi`, sync
workers, access log on) with production settings: DEBUG=0, a SECRET_KEY, ALLOWED_HOSTS
and requests marked HTTPS by the proxy header, as behind the club's TLS proxy. The only
difference is `bench.settings`, which adds `/bench/ok`, a view answering "ok" through
the same middleware: the floor every other figure is divided by.

Then this process loads it over loopback (bench/load.py), one phase per endpoint:

  floor        GET /bench/ok
  scoreboard   GET /games/<pk>/, the 500-hand game, as its owner (session cookie)
  poll 304     GET /s/<token>/?live=1 with HX-Request and If-None-Match: 304 each time
  hand entry   POST /games/<pk>/hands/new/ "all passed", the next number each time,
               each client thread into its own copy of the 500-hand game
  and, unless --no-extras, three phases that are not the app (bench/prototypes.py):
  login floor  GET /bench/login: "ok" after loading the session and the user
  board drawn  the scoreboard drawn afresh each time, past the cache: what the
               scorer's phone waits for after saving a hand
  bare save    a hand entry's locked insert alone: no form, no reading, no scoring

The server's cache (Django's FileBasedCache) is a fresh folder, as after a deployment;
the scoreboard's drawn part is kept in it once drawn, as for a table's phones. A hand
entry must take at most SAVE_WITHIN times a bare save (issue 15).

Every phase uses the same gunicorn (same worker count) and the same number of client
threads. A floor phase runs before the first endpoint and after each one, and each
endpoint is divided by the two floor phases around it: this shared machine's load
changes within seconds, and a ratio's two sides should see the same load. A round runs
every phase once; the verdict uses the median of the rounds' ratios, the best round is
printed too. Beside the throughput, the CPU that gunicorn's workers and PostgreSQL
spent per request (from /proc) gives a second ratio, steadier on a busy machine. The
client runs on the same two cores as the server and takes CPU from it (its own CPU per
request is printed): the cheapest endpoints are depressed most, which flatters the
ratios of the expensive ones a little.

`--quick` is a smoke run of a few seconds on a tiny data set (the suite runs it with
`--sqlite`, a throwaway SQLite file, in tests/bench/test_server.py): its figures mean
nothing, but a change that breaks the benchmark fails there. A run in which a request
is not answered as expected exits with status 1.

The parts: bench/serving.py (the database, the data set, gunicorn, logging in),
bench/load.py (the client), bench/cpu.py (CPU by side), bench/report.py (the tables).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.cpu import measured, postmaster_pid  # noqa: E402
from bench.load import AllPassed, Get, Poll, Result  # noqa: E402
from bench.report import machine, merged, report_round, summary  # noqa: E402
from bench.serving import (  # noqa: E402
    SERVER_ENV,
    Gunicorn,
    check_board,
    log_in,
    prepare,
    setup_django,
)

# The smallest run that still goes through every phase: a smoke test, not a measure.
QUICK = {
    "rounds": 1,
    "clients": 1,
    "fast": 10,
    "floor": 5,
    "slow": 3,
    "time_limit": 5,
    "hands": 20,
    "users": 2,
    "games": 8,
}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (sync)")
    parser.add_argument("--clients", type=int, default=4, help="client threads per phase")
    parser.add_argument(
        "--fast", type=int, default=1500, help="requests per round to the cheap endpoints"
    )
    parser.add_argument(
        "--floor", type=int, default=600, help="requests per floor phase (one around each)"
    )
    parser.add_argument(
        "--slow",
        type=int,
        default=100,
        help="requests per round to hand entry and the board drawn afresh",
    )
    parser.add_argument("--time-limit", type=float, default=25, help="seconds, per phase")
    parser.add_argument("--hands", type=int, default=500, help="hands of the big Tridge game")
    parser.add_argument("--users", type=int, default=50, help="accounts in the data set")
    parser.add_argument("--games", type=int, default=500, help="games in the data set")
    parser.add_argument(
        "--no-extras",
        dest="extras",
        action="store_false",
        help="skip the reference points and prototypes (bench/prototypes.py)",
    )
    parser.add_argument(
        "--no-health-checks",
        dest="health_checks",
        action="store_false",
        help="experiment: no database health check per request (CONN_HEALTH_CHECKS off)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run in seconds: the smallest data set and phases (options given win)",
    )
    parser.add_argument(
        "--sqlite",
        action="store_true",
        help="a throwaway SQLite file instead of PostgreSQL (for a smoke run: not the figures)",
    )
    if parser.parse_known_args()[0].quick:
        parser.set_defaults(**QUICK)
    return parser.parse_args()


def one_round(options, port, data, cookies, token, pids) -> dict[str, tuple[Result, Result]]:
    """Each endpoint's phase, paired with the floor measured just before and just after it.

    The machine is shared: its load changes within seconds, so an endpoint is divided by
    the floor of the same minute (the two floor phases around it, merged), not by a floor
    measured once a round.
    """
    from django.db import connection

    from bench import dataset

    clients = options.clients
    fast, slow, limit = options.fast, options.slow, options.time_limit
    board = f"/games/{data.big_game}/"
    share = f"/s/{data.share_token}/?live=1"

    def phones(bare=False):
        counts = dataset.hand_counts(data.entry_games)
        connection.close()
        return [
            AllPassed(
                port,
                game,
                counts[game] + 1,
                cookies,
                token,
                path=f"/bench/bare-save/{game}/" if bare else "",
            )
            for game in data.entry_games
        ]

    def back_to_length():
        # Back to 500 hands each, so that every round enters hands into games of one length.
        dataset.trim(data.entry_games, data.big_hands)
        connection.close()

    endpoints = [
        ("scoreboard", lambda: [Get(port, board, cookies=cookies) for _ in range(clients)], fast),
        ("poll 304", lambda: [Poll(port, share) for _ in range(clients)], fast),
        ("hand entry", phones, slow),
    ]
    if options.extras:
        drawn = f"/bench/board-drawn/{data.big_game}/"
        endpoints += [
            ("login floor", lambda: [Get(port, "/bench/login", cookies=cookies)] * clients, fast),
            ("board drawn", lambda: [Get(port, drawn, cookies=cookies)] * clients, slow),
            ("bare save", lambda: phones(bare=True), fast),
        ]

    def floor() -> Result:
        streams = [Get(port, "/bench/ok") for _ in range(clients)]
        return measured("floor", port, streams, options.floor, limit, pids)

    pairs = {}
    before = floor()
    for name, streams, requests in endpoints:
        result = measured(name, port, streams(), requests, limit, pids)
        if name in ("hand entry", "bare save"):
            back_to_length()
        after = floor()
        pairs[name] = (result, merged([before, after]))
        before = after
    return pairs


def main() -> None:
    options = parse_args()
    if not options.health_checks:
        os.environ["BENCH_CONN_HEALTH_CHECKS"] = "0"
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-bench."))
    static_root = work / "static"
    # The server's cache folder, shared with this process (which trims the games).
    SERVER_ENV["CACHE_LOCATION"] = str(work / "cache")
    server = None
    # A TERM (a CI timeout, the terminal closed) still stops gunicorn and removes the files.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        print(machine(), flush=True)
        setup_django(work, options.sqlite)
        data = prepare(options)
        server = Gunicorn(options.workers, work, static_root)
        port = server.port
        pids = (server.process.pid, postmaster_pid())
        cookies, token = log_in(
            port, data.owner, data.password, f"/games/{data.entry_games[0]}/hands/new/"
        )
        size = check_board(port, data, cookies, options.extras)
        print(
            f"gunicorn scorekeeper.wsgi on 127.0.0.1:{port}, {options.workers} sync workers, "
            f"DEBUG=0; {options.clients} client threads; per round {options.slow} requests "
            f"to hand entry and the board drawn afresh, {options.fast} to the others, "
            f"{options.floor} to the floor around each, at most {options.time_limit:g}s a "
            f"phase; each endpoint is divided by the floor phases just before and after it; "
            f"the board of {data.big_hands} hands "
            f"is {size / 1024:.0f} KiB"
            + ("" if options.health_checks else "; EXPERIMENT: database health checks off")
            + "\n",
            flush=True,
        )
        rounds = []
        for number in range(1, options.rounds + 1):
            results = one_round(options, port, data, cookies, token, pids)
            rounds.append(report_round(number, results))
            print(flush=True)
        medians, errors = summary(rounds)
        if options.json:
            options.json.write_text(
                json.dumps({"machine": machine(), "rounds": rounds, "median": medians}, indent=1)
                + "\n"
            )
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
