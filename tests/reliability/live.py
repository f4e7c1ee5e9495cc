"""Real app servers for the reliability tests: gunicorn as the Procfile runs it (talked to
by tests/reliability/browser.py), and a throwaway Redis.

The servers use the test database pytest-django created, so everything a test stores
through the ORM is what they serve, and what they store the test reads back. That needs
committed data: these tests use the transactional database (`transaction=True`).
On SQLite that database lives in the test process's memory, so each server gets a copy
of it taken as it starts: what the test stored before, and nothing back.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import closing, contextmanager, suppress
from functools import partial
from pathlib import Path
from urllib.parse import quote

from django.db import connection

from tests.figures import update
from tests.reliability.browser import Browser

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60  # a ceiling: a busy machine starts gunicorn slowly


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


ONLY_POSTGRES = (
    "needs PostgreSQL (run: scripts/with-postgres .venv/bin/pytest tests/reliability); "
    "CI runs it there with `make test-postgres`"
)


APP_NAME = "scorekeeper-reliability"


def test_database_url(name: str, folder: Path) -> str:
    """DATABASE_URL for another process: the test database this run created and uses.

    On PostgreSQL its connections carry application_name `APP_NAME-<name>`, so the tests
    can tell them from any other in pg_stat_activity. On SQLite it is a copy in `folder`.
    """
    if connection.vendor == "sqlite":
        copy = folder / f"{name}.sqlite3"
        connection.ensure_connection()
        with closing(sqlite3.connect(copy)) as target:
            connection.connection.backup(target)
        return f"sqlite:///{copy}"
    db = connection.settings_dict
    user = quote(db.get("USER") or "", safe="")
    password = quote(db.get("PASSWORD") or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = db.get("HOST") or "localhost"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    database = quote(db["NAME"], safe="")
    return f"postgres://{auth}{host}{port}/{database}?application_name={APP_NAME}-{name}"


def with_server_password(user, password: str):
    """Give `user` a password hashed as the servers hash (the tests' own hasher is quick)."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    hasher = PBKDF2PasswordHasher()
    user.password = hasher.encode(password, hasher.salt())
    user.save(update_fields=["password"])
    return user


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (gunicorn's workers), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: the ppid follows the ")".
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return sorted(found)


def _is_gunicorn(pid: int) -> bool:
    """Is this the `gunicorn` command (not a shell whose command line names it)?"""
    try:
        return Path(f"/proc/{pid}/comm").read_text().startswith("gunicorn")
    except OSError:
        return False


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid)


def _state(pid: int) -> str:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("State:"):
                return line.lower()
    except OSError:
        return "zombie"
    return ""


def wait_for(condition, timeout: float, what: str, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def procfile_web_line() -> str:
    """The command the Procfile's `web:` line runs, read from the file itself."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return line.removeprefix("web:").strip()
    raise AssertionError("the Procfile has no web: line")


class Server:
    """One gunicorn (master and workers), started in its own process group.

    By default gunicorn alone, as the Procfile starts it; with `procfile`, the Procfile's
    web line itself, run by the shell as a platform runs it.
    """

    def __init__(
        self,
        log_dir: Path,
        name: str = "web",
        workers: int = 1,
        env=None,
        procfile=False,
        app: str = "scorekeeper.wsgi",
    ):
        self.name = name
        self.workers = workers
        self.procfile = procfile
        self.log = log_dir / f"gunicorn-{name}.log"
        self.environment = os.environ | {
            "DATABASE_URL": test_database_url(name, log_dir),
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
            "DEBUG": "1",
            # Shared by every server of one deployment: it signs CSRF tokens and the
            # session's auth hash. (Sessions themselves are rows in the database.)
            "SECRET_KEY": "reliability-tests-shared-secret-key-not-for-production",
            "PYTHONUNBUFFERED": "1",
            # One machine's servers share one cache folder, as in production.
            "CACHE_LOCATION": str(log_dir / "cache"),
        }
        self.environment |= env or {}
        # A port found free may be taken by another process (another pytest-xdist worker's
        # server, say) before gunicorn binds it: then gunicorn says so, and another is tried.
        for attempt in range(3):
            self.port = free_port()
            self._start(app)
            try:
                # The Procfile's line collects the static files first.
                timeout = START_TIMEOUT * (3 if procfile else 1)
                wait_for(self._ready, timeout, f"gunicorn {name} to answer /healthz")
                return
            except BaseException:
                self.stop()
                if attempt == 2 or "Connection in use" not in self.log_text():
                    raise

    def _start(self, app: str) -> None:
        environment = dict(self.environment)
        if self.procfile:
            # `python` and `gunicorn` are this environment's; the port and workers are set
            # the way a platform sets them.
            bin_dir = str(Path(sys.executable).parent)
            environment |= {
                "PATH": f"{bin_dir}{os.pathsep}{environment.get('PATH', '')}",
                "PORT": str(self.port),
                "WEB_CONCURRENCY": str(self.workers),
            }
        # The Procfile's web line as written (on 0.0.0.0), or its gunicorn bound to 127.0.0.1.
        command = (
            ["/bin/sh", "-c", procfile_web_line()]
            if self.procfile
            else [
                sys.executable,
                "-m",
                "gunicorn",
                app,
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--access-logfile",
                "-",
                "--graceful-timeout",
                "5",
            ]
        )
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def _ready(self) -> bool:
        if self.process.poll() is not None:
            raise AssertionError(f"gunicorn {self.name} exited:\n{self.log_text()}")
        try:
            status = Browser(self).get("/healthz").status
        except OSError:
            return False
        return status == 200 and len(self.worker_pids()) == self.workers

    def worker_pids(self) -> list[int]:
        master = self.process.pid
        if self.procfile and not _is_gunicorn(master):  # the shell, gunicorn its child
            master = next((pid for pid in children_of(master) if _is_gunicorn(pid)), None)
        return [pid for pid in children_of(master) if alive(pid)] if master else []

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def stop(self) -> None:
        """TERM the group, then KILL it: nothing of this server outlives the test."""
        # The group is gunicorn's own (start_new_session): its master and its workers.
        if self.process.poll() is None:
            with suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        # Whatever of the group is left (a stuck master, a worker it left behind) is killed.
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@contextmanager
def servers(log_dir: Path, count: int = 1, machines: bool = False, env=None, **options):
    """`count` servers of one deployment; with `machines`, each on a machine of its own,
    so they have no cache folder in common (what they share must be in `env`)."""
    started: list[Server] = []
    try:
        for number in range(count):
            name = f"web{number + 1}"
            own = {"CACHE_LOCATION": str(log_dir / f"cache-{name}")} if machines else {}
            started.append(Server(log_dir, name=name, env=(env or {}) | own, **options))
        yield started
    finally:
        for server in started:
            server.stop()
        if on_postgres():
            _wait_until_the_servers_connections_end()


def _wait_until_the_servers_connections_end() -> None:
    """Killed servers' backends end a moment later; the test database is dropped after."""

    def gone():
        with connection.cursor() as cursor:
            cursor.execute(
                # This run's database: under pytest-xdist each worker has its own.
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE application_name LIKE %s AND datname = current_database()",
                [f"{APP_NAME}-%"],
            )
            return cursor.fetchone()[0] == 0

    wait_for(gone, 15, "the servers' database connections to end", step=0.1)


REDIS = shutil.which("redis-server")


@contextmanager
def redis_server(folder: Path):
    """A throwaway Redis on loopback that keeps nothing on disk; yields its CACHE_URL."""
    import redis

    assert REDIS, "redis-server is not on PATH: `make test-postgres` installs it"
    log = folder / "redis.log"

    def start(port):
        command = [REDIS, "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
        command += ["--appendonly", "no", "--dir", str(folder)]
        with open(log, "wb") as out:
            return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)

    def ours(process, port) -> bool:
        """This redis-server answers (not another process's, on a port it took first)."""
        if process.poll() is not None:
            raise AssertionError(f"redis-server exited: {log.read_text()}")
        with suppress(redis.ConnectionError):
            return redis.Redis(port=port).info("server")["process_id"] == process.pid
        return False

    for attempt in range(3):
        port = free_port()
        process = start(port)
        try:
            wait_for(partial(ours, process, port), START_TIMEOUT, "redis-server to answer")
            break
        except AssertionError:
            stop(process)
            if attempt == 2 or "Address already in use" not in log.read_text():
                raise
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop(process)


def stop(process) -> None:
    process.terminate()
    with suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
    process.kill()
    process.wait(timeout=10)


def record_figures(section: str, figures: dict) -> None:
    """Keep this run's figures in artifacts/reliability.json, one section per test."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()" if on_postgres() else "SELECT sqlite_version()")
        database = f"{connection.vendor} {cursor.fetchone()[0].split(' on ')[0]}"
    run = {"run_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "database": database}
    update("reliability.json", {section: run | figures})
