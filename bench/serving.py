"""The server `make bench` measures: its database and data set, gunicorn as the Procfile
starts it, and a phone's way in (bench/server.py runs the phases against it).

Production settings, from the environment as the deployment sets them: DEBUG=0, a
SECRET_KEY, ALLOWED_HOSTS and requests marked HTTPS by the proxy header, as behind the
club's TLS proxy; only `bench.settings` differs, adding `/bench/ok` and the prototypes.
"""

from __future__ import annotations

import html
import os
import re
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

from bench.load import PROXIED, Connection, raw_request

ROOT = Path(__file__).resolve().parent.parent
# Production settings, from the environment as the deployment sets them.
SERVER_ENV = {
    "DJANGO_SETTINGS_MODULE": "bench.settings",
    "DEBUG": "0",
    "SECRET_KEY": "bench-only-secret-key-of-a-throwaway-server-0123456789",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "PYTHONUNBUFFERED": "1",
}
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
START_TIMEOUT = 60


def setup_django(work: Path, sqlite: bool) -> None:
    """Django in this process, on the server's database and settings.

    PostgreSQL from DATABASE_URL, as `make bench` gives it; with `sqlite`, a throwaway
    file in `work` instead (a smoke run's: SQLite's figures are not the reported ones).
    """
    if sqlite:
        os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
    elif not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        sys.exit("bench/server.py runs on PostgreSQL: use `make bench` (scripts/with-postgres)")
    os.environ.update(SERVER_ENV | {"BENCH_STATIC_ROOT": str(work / "static")})
    import django

    django.setup()


def prepare(options):
    """Migrate, store the data set and check that every game of it scores; collect static."""
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection

    from bench import dataset

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    if User.objects.exists():
        sys.exit("bench/server.py wants an empty database: it stores its own data set")
    data = dataset.build(
        users=options.users,
        games=options.games,
        big_hands=options.hands,
        entry_copies=options.clients,
    )
    scored = dataset.check_all_score()
    assert scored == data.games, (scored, data.games)
    call_command("collectstatic", interactive=False, verbosity=0)
    database = database_name(connection)
    connection.close()
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(data.by_kind.items()))
    print(
        f"data set: {data.users} accounts, {data.games} games ({kinds}), {data.hands} hands; "
        f"every game scores; built in {time.perf_counter() - started:.1f}s "
        f"on {database}",
        flush=True,
    )
    return data


def database_name(connection) -> str:
    if connection.vendor != "postgresql":
        import sqlite3

        return f"SQLite {sqlite3.sqlite_version}"
    version = connection.cursor().connection.info.server_version
    return f"PostgreSQL {version // 10000}.{version % 10000}"


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
