"""`make bench-club`: a club's Saturday night, many tables at once on one install (issue 36).

Each table is a Tridge game of four with four phones (bench/club_phones.py): the scorer
taps the live preview three times and saves a hand every 3 minutes, and three phones
follow the share link, polling every 5 seconds. The server is the Procfile's web line as
a newcomer runs it (collectstatic, then gunicorn with its default workers), on a
throwaway SQLite file and cache folder, with production settings (DEBUG=0, a SECRET_KEY,
requests marked HTTPS by the proxy header, as behind the club's TLS proxy). With
`--servers 2` and DATABASE_URL/CACHE_URL set (`make bench-club-two`: a throwaway
PostgreSQL and Redis), two such servers on two ports stand for two machines; each table's
scorer uses the first and its followers are spread over both, as a round-robin address
would send them.

The generator is Locust (FastHttpUser, gevent): one process, one core at most. Why not
bench/load.py's thread per phone: at 300 tables that is 1,200 threads sharing one GIL,
and a thread ready to read its answer waits for the GIL, which counts as the server's
latency; Locust's greenlets cost a fraction of the CPU a request (figures in
docs/PERFORMANCE.md). Its figures count only when the generator is not the limit: its CPU
share of one core is printed, and a run in which it exceeds GENERATOR_LIMIT says so and
exits with status 1.

Phases: the phones start (the boards' first loads; spawning over `--spawn` seconds),
then `--warmup` seconds, then Locust's figures are reset and `--seconds` are measured.
Afterwards every acknowledged save is looked for in the database: each stored exactly
once, and nothing stored that was not acknowledged. The server's own time of each
request, from gunicorn's access log, says how much of a latency was spent waiting in
front of the workers (queueing) rather than in them.

`--quick` (the suite runs it: tests/bench/test_club.py) is a smoke run of a few tables for
a few seconds: its figures mean nothing; a broken phone, server or check fails it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.club_report import access_times, report, rss  # noqa: E402
from bench.cpu import postmaster_pid, tree_cpu  # noqa: E402
from bench.serving import free_port  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GENERATOR_LIMIT = 0.8  # of one core: beyond it, the generator may be what is measured
MEMORY_EVERY = 30  # seconds between two readings of the workers' memory
SERVER_ENV = {
    "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    "DEBUG": "0",
    "SECRET_KEY": "club-bench-only-secret-key-of-a-throwaway-server-0123456789",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "PYTHONUNBUFFERED": "1",
    # Each request's time and CPU in the server, in its access log (bench/club_gunicorn.py).
    "GUNICORN_CMD_ARGS": "--config python:bench.club_gunicorn",
}
QUICK = {"tables": 4, "seconds": 8, "warmup": 2, "spawn": 2, "hand_every": 4}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=120, help="measured, after warm-up")
    parser.add_argument("--warmup", type=float, default=30)
    parser.add_argument("--spawn", type=float, default=20, help="seconds to start the phones")
    parser.add_argument("--hand-every", type=float, default=180, help="seconds between hands")
    parser.add_argument("--servers", type=int, default=1, help="web processes (machines)")
    parser.add_argument("--stress", type=int, default=0, help="stress-ng --cpu N meanwhile")
    parser.add_argument(
        "--redis", action="store_true", help="a throwaway redis-server as the cache (CACHE_URL)"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--keep", action="store_true", help="keep the work folder (logs, CSV)")
    if parser.parse_known_args()[0].quick:
        parser.set_defaults(**QUICK)
    return parser.parse_args()


def environment(work: Path) -> dict:
    """The server's environment: production settings, a throwaway database and cache."""
    env = dict(SERVER_ENV)
    if not os.environ.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{work / 'club.sqlite3'}"
    if not os.environ.get("CACHE_URL"):
        env["CACHE_LOCATION"] = str(work / "cache")
    os.environ.update(env)
    return os.environ | {"PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}


def start_redis(work: Path) -> subprocess.Popen:
    """A throwaway redis-server on a free port, no persistence: the several machines' cache."""
    port = free_port()
    redis = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(work),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(64).startswith(b"+PONG"):
                    break
        except OSError:
            pass
        if redis.poll() is not None or time.monotonic() > deadline:
            sys.exit("redis-server did not start")
        time.sleep(0.1)
    os.environ["CACHE_URL"] = f"redis://127.0.0.1:{port}/0"
    return redis


def procfile_web() -> str:
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return line.removeprefix("web:").strip()
    sys.exit("the Procfile has no web line")


class Server:
    """The Procfile's web line on its own port, in its own process group."""

    def __init__(self, env: dict, work: Path, number: int):
        self.port = free_port()
        self.log = work / f"server{number}.log"
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                ["sh", "-c", procfile_web()],
                cwd=ROOT,
                # A machine's own static folder: two collectstatic at once in one race.
                env=env | {"PORT": str(self.port), "STATIC_ROOT": str(work / f"static{number}")},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        self.url = f"http://127.0.0.1:{self.port}"

    def ready(self, timeout: float = 120) -> None:
        from urllib.request import Request, urlopen

        # As behind the club's TLS proxy (club_phones.py), else it is sent to https://.
        asked = Request(self.url + "/healthz", headers={"X-Forwarded-Proto": "https"})
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urlopen(asked, timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"the server did not start:\n{self.log.read_text(errors='replace')}")
            time.sleep(0.2)

    def workers(self) -> list[int]:
        """gunicorn's workers: the children of the master (the shell's child)."""
        tree = tree_cpu(self.process.pid)
        master = min((pid for pid in tree if pid != self.process.pid), default=None)
        return sorted(pid for pid in tree if pid not in (self.process.pid, master))

    def stop(self) -> None:
        for sent in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.process.pid, sent)
            except ProcessLookupError:
                break
            try:
                self.process.wait(timeout=15)
                break
            except subprocess.TimeoutExpired:
                continue


def run_phones(options, tables_file: Path, saved_file: Path, work: Path, on_line):
    """Locust, headless, until it stops (club_phones.py stops it after the measured
    window); `on_line` sees each line it prints as it prints it."""
    users = 4 * options.tables
    # A ceiling only: the phones stop themselves once the window is measured.
    runtime = 2 * options.spawn + options.warmup + options.seconds + 60
    command = [
        str(Path(sys.executable).parent / "locust"),
        "-f",
        str(ROOT / "bench" / "club_phones.py"),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(max(1.0, users / options.spawn)),
        "--run-time",
        f"{runtime:.0f}s",
        "--stop-timeout",
        "10",
        "--csv",
        str(work / "phones"),
        "--only-summary",
        "--loglevel",
        "INFO",
    ]
    env = os.environ | {
        "CLUB_TABLES": str(tables_file),
        "CLUB_SAVED": str(saved_file),
        "CLUB_HAND_EVERY": str(options.hand_every),
        "CLUB_WARMUP": str(options.warmup),
        "CLUB_SECONDS": str(options.seconds),
    }
    locust = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    output = []
    for line in locust.stdout:
        output.append(line)
        on_line(line, locust.pid)
    locust.wait()
    (work / "phones.log").write_text("".join(output))
    return "".join(output)


def main() -> None:
    options = parse_args()
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-club."))
    servers: list[Server] = []
    stress = redis = None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        if options.redis:
            redis = start_redis(work)
        env = environment(work)
        import django

        django.setup()
        from bench import club_tables

        tables, built = club_tables.build(options.tables)
        print(built, flush=True)
        servers = [Server(env, work, number) for number in range(options.servers)]
        for server in servers:
            server.ready()
        club_tables.log_in(tables, [server.url for server in servers])
        tables_file, saved_file = work / "tables.json", work / "saved.json"
        tables_file.write_text(json.dumps(tables))
        before_counts = club_tables.hand_counts(tables)
        if options.stress:
            stress = subprocess.Popen(
                ["stress-ng", "--cpu", str(options.stress), "--quiet"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        window: dict = {}
        # Beside the web servers, what serves them: PostgreSQL's backends, Redis.
        helpers = {"PostgreSQL": postmaster_pid(), "Redis": redis.pid if redis else None}

        def snapshot(pid):
            return {
                "time": time.monotonic(),
                "server": {s.port: tree_cpu(s.process.pid) for s in servers},
                "generator": tree_cpu(pid),
                "helpers": {name: tree_cpu(p) for name, p in helpers.items() if p},
                "rss": {worker: rss(worker) for s in servers for worker in s.workers()},
                "logs": {str(s.log): s.log.stat().st_size for s in servers},
            }

        ended = threading.Event()

        def memory():
            """The workers' resident memory every MEMORY_EVERY seconds of the window: what
            a night's growth would show, beside its two ends."""
            started = time.monotonic()
            while not ended.wait(MEMORY_EVERY):
                rows = [rss(worker) for s in servers for worker in s.workers()]
                window["memory"].append((time.monotonic() - started, rows))

        def seen(line, pid):
            if line.startswith("figures reset"):
                window["start"] = snapshot(pid)
                window["memory"] = []
                threading.Thread(target=memory, daemon=True).start()
            elif line.startswith("figures end"):
                window["end"] = snapshot(pid)
                ended.set()

        output = run_phones(options, tables_file, saved_file, work, seen)
        if "start" not in window or "end" not in window:
            sys.exit(f"the phones did not run their course:\n{output[-3000:]}")
        stored = club_tables.check_saved(tables, before_counts, json.loads(saved_file.read_text()))
        offsets = {
            log: (window["start"]["logs"][log], window["end"]["logs"][log])
            for log in window["start"]["logs"]
        }
        served = access_times([s.log for s in servers], offsets)
        figures = report(options, work, window, stored, served, GENERATOR_LIMIT)
        if options.json:
            options.json.write_text(json.dumps(figures, indent=1) + "\n")
    finally:
        for process in (stress, redis):
            if process is not None:
                os.killpg(process.pid, signal.SIGKILL)
        for server in servers:
            server.stop()
        if options.keep:
            print(f"kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    if not figures["ok"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
