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
"""

from __future__ import annotations

import argparse
import html
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import (  # noqa: E402
    PROXIED,
    AllPassed,
    Connection,
    Get,
    Poll,
    Result,
    raw_request,
    run,
)

# Production settings, from the environment as the deployment sets them.
SERVER_ENV = {
    "DJANGO_SETTINGS_MODULE": "bench.settings",
    "DEBUG": "0",
    "SECRET_KEY": "bench-only-secret-key-of-a-throwaway-server-0123456789",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "PYTHONUNBUFFERED": "1",
}
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# Throughput of each endpoint as a share of the floor's: at least this much.
TARGETS = {"scoreboard": 0.4, "poll 304": 0.7}
# A hand entry's time per request, at most this many times a bare save's.
SAVE_WITHIN = 1.25
# Measured beside them: an empty logged-in page, and the scoreboard drawn afresh.
EXTRAS = ("login floor", "board drawn", "bare save")
START_TIMEOUT = 60


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
    return parser.parse_args()


def machine() -> str:
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = " ".join(f"{n:.1f}" for n in os.getloadavg())
    return (
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, nproc {cpus}, load average {load}"
    )


def setup_django(static_root: Path) -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("bench/server.py runs on PostgreSQL: use `make bench` (scripts/with-postgres)")
    os.environ.update(SERVER_ENV | {"BENCH_STATIC_ROOT": str(static_root)})
    import django

    django.setup()


def prepare(options):
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from bench import dataset

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    if User.objects.exists():
        sys.exit("bench/server.py wants an empty database: it stores its own data set")
    data = dataset.build(big_hands=options.hands, entry_copies=options.clients)
    scored = dataset.check_all_score()
    assert scored == data.games, (scored, data.games)
    call_command("collectstatic", interactive=False, verbosity=0)
    version = connection.cursor().connection.info.server_version
    connection.close()
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(data.by_kind.items()))
    print(
        f"data set: {data.users} accounts, {data.games} games ({kinds}), {data.hands} hands; "
        f"every game scores; built in {time.perf_counter() - started:.1f}s "
        f"on PostgreSQL {version // 10000}.{version % 10000}",
        flush=True,
    )
    return data


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Gunicorn:
    """gunicorn as the Procfile starts it, in its own process group, bound to loopback."""

    def __init__(self, workers: int, logs: Path, static_root: Path):
        self.port = free_port()
        self.log = logs / "gunicorn.log"
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "scorekeeper.wsgi",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(workers),
            "--access-logfile",
            str(logs / "access.log"),
        ]
        env = os.environ | SERVER_ENV | {"BENCH_STATIC_ROOT": str(static_root)}
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not self._answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"gunicorn did not start:\n{self.log.read_text(errors='replace')}")
            time.sleep(0.1)

    def _answers(self) -> bool:
        try:
            answer = Connection(self.port, timeout=5).request(
                raw_request("GET", "/bench/ok", self.port, PROXIED)
            )
        except OSError:
            return False
        return answer.status == 200

    def stop(self) -> None:
        """TERM the group (master and workers), then KILL whatever is left of it."""
        if self.process.poll() is None:
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=15)
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=15)


def log_in(port: int, username: str, password: str, form_page: str) -> tuple[dict, str]:
    """The owner's session and CSRF cookies, and a form's CSRF token (as a phone has them)."""
    origin = {"Origin": f"https://127.0.0.1:{port}"}
    connection = Connection(port)
    try:
        page = connection.request(raw_request("GET", "/accounts/login/", port, PROXIED))
        cookies = page.cookies()
        token = html.unescape(CSRF.search(page.body.decode()).group(1))
        form = {"username": username, "password": password, "csrfmiddlewaretoken": token}
        answer = connection.request(
            raw_request("POST", "/accounts/login/", port, PROXIED | origin, cookies, form), "POST"
        )
        assert answer.status == 302, f"login refused: {answer.status} {answer.body[:300]!r}"
        cookies |= answer.cookies()
        assert "sessionid" in cookies, "the login set no session cookie"
        # Logging in rotates the CSRF secret: the token comes from a page seen after it.
        page = connection.request(raw_request("GET", form_page, port, PROXIED, cookies))
        assert page.status == 200, f"{form_page}: {page.status}"
        cookies |= page.cookies()
        token = html.unescape(CSRF.search(page.body.decode()).group(1))
    finally:
        connection.close()
    return cookies, token


def fetch(port: int, path: str, cookies: dict) -> bytes:
    connection = Connection(port)
    try:
        page = connection.request(raw_request("GET", path, port, PROXIED, cookies))
    finally:
        connection.close()
    assert page.status == 200, (path, page.status)
    return page.body


def squeeze(page: bytes) -> bytes:
    """A page without its CSRF tokens and submission keys (new each time), its whitespace
    collapsed."""
    page = re.sub(rb'name="(?:csrfmiddlewaretoken|submission)" value="[^"]+"', b"", page)
    return re.sub(rb"\s+", b" ", re.sub(rb">\s+<", b"><", page)).strip()


def check_board(port: int, data, cookies: dict, extras: bool) -> int:
    """The scoreboard measured is the 500-hand game's; returns the page's size.

    It lists the last hands with a link to all of them; drawn afresh (the extra phase)
    it must be the same page, CSRF tokens and whitespace aside.
    """
    page = fetch(port, f"/games/{data.big_game}/", cookies)
    rows = page.count(b'<tr class="numbers">')
    assert rows == min(data.big_hands, 12), f"the board lists {rows} hands"
    assert f"All {data.big_hands} hands".encode() in page, "the board does not link all hands"
    if extras:
        other = fetch(port, f"/bench/board-drawn/{data.big_game}/", cookies)
        assert squeeze(other) == squeeze(page), "/bench/board-drawn/ differs from the board"
    return len(page)


def tree_cpu(root: int | None) -> dict[int, float]:
    """CPU seconds (user + system) used so far by `root` and each process below it, by pid."""
    if root is None:
        return {}
    tick = os.sysconf("SC_CLK_TCK")
    parent, used = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # After the command name in parentheses: state, ppid, ..., utime, stime (14th, 15th).
        fields = stat.rsplit(")", 1)[1].split()
        parent[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    tree = {root}
    grown = True
    while grown:
        below = {pid for pid, up in parent.items() if up in tree} - tree
        tree |= below
        grown = bool(below)
    return {pid: used[pid] for pid in tree if pid in used}


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two snapshots; a process that ended meanwhile is not counted."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def postmaster_pid() -> int | None:
    """The PostgreSQL server's pid, to count its CPU (backends are its children)."""
    from django.db import connection

    try:
        with connection.cursor() as cursor:
            cursor.execute("SHOW data_directory")
            folder = Path(cursor.fetchone()[0])
        return int((folder / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    finally:
        connection.close()


def measured(name, port, streams, requests, limit, pids) -> Result:
    """One phase, with the CPU each side spent on it: gunicorn, PostgreSQL, this client."""
    before = (tree_cpu(pids[0]), tree_cpu(pids[1]), time.process_time())
    result = run(name, port, streams, requests, limit)
    after = (tree_cpu(pids[0]), tree_cpu(pids[1]), time.process_time())
    result.cpu = {
        "gunicorn": spent(before[0], after[0]),
        "postgres": spent(before[1], after[1]),
        "client": after[2] - before[2],
    }
    return result


def merged(results: list[Result]) -> Result:
    """Several phases of one endpoint as one: requests over their summed wall time."""
    whole = Result(results[0].name)
    for result in results:
        whole.sent += result.sent
        whole.ok += result.ok
        whole.errors += result.errors
        whole.latencies += result.latencies
        whole.seconds += result.seconds
        whole.connects += result.connects
        whole.timed_out |= result.timed_out
        for side, seconds in result.cpu.items():
            whole.cpu[side] = whole.cpu.get(side, 0.0) + seconds
    return whole


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


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:7.1f}"


def report_round(number: int, pairs: dict[str, tuple[Result, Result]]) -> dict[str, dict]:
    print(f"round {number}: {machine().split(', ')[-1]}")
    print(
        f"  {'endpoint':<12} {'answered':>8} {'errors':>6} {'req/s':>8} {'p50 ms':>7} "
        f"{'p99 ms':>7} {'floor r/s':>9} {'x floor':>8}  | CPU ms/req: {'gunicorn':>8} "
        f"{'postgres':>8} {'client':>6} {'x floor':>8}"
    )
    # The floor's own row: every floor phase of the round (each one counted once).
    floors = {id(floor): floor for _, floor in pairs.values()}
    rows = {"floor": (merged(list(floors.values())), None)} | pairs
    figures = {}
    for name, (result, floor) in rows.items():
        floor = floor or result
        ratio = result.rps / floor.rps if floor.rps else float("nan")
        per = {side: seconds * 1e3 / max(result.ok, 1) for side, seconds in result.cpu.items()}
        cost = server_cpu(result)
        cpu_ratio = server_cpu(floor) / cost if cost else float("nan")
        figures[name] = {
            "requests": result.ok,
            "errors": len(result.errors),
            "seconds": round(result.seconds, 3),
            "rps": round(result.rps, 1),
            "p50_ms": round(result.percentile(0.5) * 1e3, 2),
            "p99_ms": round(result.percentile(0.99) * 1e3, 2),
            "floor_rps": round(floor.rps, 1),
            "ratio": round(ratio, 4),
            "cpu_ms_per_request": {side: round(value, 3) for side, value in per.items()},
            "cpu_ratio": round(cpu_ratio, 4),
            "timed_out": result.timed_out,
            "connects": result.connects,
        }
        stopped = " (time limit)" if result.timed_out else ""
        print(
            f"  {name:<12} {result.ok:>8} {len(result.errors):>6} {result.rps:>8.1f} "
            f"{ms(result.percentile(0.5))} {ms(result.percentile(0.99))} {floor.rps:>9.1f} "
            f"{ratio:>8.3f}  | {'':>11} {per.get('gunicorn', 0):>8.2f} "
            f"{per.get('postgres', 0):>8.2f} {per.get('client', 0):>6.2f} {cpu_ratio:>8.3f}"
            f"{stopped}"
        )
        for error in result.errors[:3]:
            print(f"    error: {error}")
    return figures


def server_cpu(result: Result) -> float:
    """Server CPU seconds per answered request: gunicorn's workers and PostgreSQL's."""
    return (result.cpu.get("gunicorn", 0) + result.cpu.get("postgres", 0)) / max(result.ok, 1)


def summary(rounds: list[dict[str, dict]]) -> dict:
    print(f"\nmedian of {len(rounds)} rounds (each ratio taken within its round):")
    print(
        f"  {'endpoint':<11} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'x floor':>8} {'best':>7}"
        f"  | server CPU x floor {'median':>7} {'best':>7}"
    )
    medians = {}
    for name in rounds[0]:
        column = {key: [r[name][key] for r in rounds] for key in ("rps", "p50_ms", "p99_ms")}
        ratios = [r[name]["ratio"] for r in rounds]
        cpu_ratios = [r[name]["cpu_ratio"] for r in rounds]
        medians[name] = {key: statistics.median(values) for key, values in column.items()}
        medians[name] |= {"ratio": statistics.median(ratios), "best_ratio": max(ratios)}
        medians[name] |= {
            "cpu_ratio": statistics.median(cpu_ratios),
            "best_cpu_ratio": max(cpu_ratios),
        }
        m = medians[name]
        print(
            f"  {name:<11} {m['rps']:>8.1f} {m['p50_ms']:>7.1f} {m['p99_ms']:>7.1f} "
            f"{m['ratio']:>8.3f} {m['best_ratio']:>7.3f}  | {'':>18} "
            f"{m['cpu_ratio']:>7.3f} {m['best_cpu_ratio']:>7.3f}"
        )
    extras = [name for name in rounds[0] if name in EXTRAS]
    if extras:
        print(
            f"  ({', '.join(extras)}: reference and prototypes, bench/prototypes.py, not the app)"
        )
    print("\nverdict (the median of the rounds' throughput ratios; server CPU beside it):")
    errors = sum(r[name]["errors"] for r in rounds for name in r)
    for name, target in TARGETS.items():
        m = medians[name]
        verdict = "MET" if m["ratio"] >= target else "MISSED"
        print(
            f"  {name:<11} {m['ratio']:.3f} of the floor's requests per second, target >= "
            f"{target}: {verdict} (best round {m['best_ratio']:.3f}; by server CPU per "
            f"request {m['cpu_ratio']:.3f})"
        )
    if "bare save" in medians:
        times = medians["bare save"]["ratio"] / medians["hand entry"]["ratio"]
        verdict = "MET" if times <= SAVE_WITHIN else "MISSED"
        print(
            f"  hand entry  {times:.2f}x the time of a bare save, target <= {SAVE_WITHIN}: "
            f"{verdict}"
        )
    if errors:
        print(f"  {errors} requests were not answered as expected: the figures are suspect")
    return medians


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
        setup_django(static_root)
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
        medians = summary(rounds)
        if options.json:
            options.json.write_text(
                json.dumps({"machine": machine(), "rounds": rounds, "median": medians}, indent=1)
                + "\n"
            )
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
