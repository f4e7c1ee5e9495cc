"""Production settings come from the environment and pass Django's deployment checks."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7#q2P!m9Lr@4vT$w8Zk1Nb^6Yc&3Hd*0Fg(5Js)Ua_Ke+Xo=Ei-Rl%Vn~Sp",
    "ALLOWED_HOSTS": "scores.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
}


def manage(*args, env=None):
    # The browser tests allow async-unsafe calls in this process; a real server never does.
    ignored = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {k: v for k, v in os.environ.items() if k not in ignored} | (env or {})
    # The project's settings, not the test run's (tests/settings.py, which pytest exports).
    environment["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_deployment_check_finds_no_issue_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_settings_are_read_from_the_environment():
    code = (
        "from django.conf import settings as s;"
        "print(s.DEBUG, s.ALLOWED_HOSTS, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
        " s.SECURE_HSTS_SECONDS > 0, s.CSRF_TRUSTED_ORIGINS, s.DATABASES['default']['ENGINE'])"
    )
    env = PRODUCTION | {"DATABASE_URL": "postgres://u:p@db.example.org:5432/scores"}
    result = manage("shell", "--verbosity", "0", "-c", code, env=env)
    assert result.stdout.split() == [
        "False",
        "['scores.example.org']",
        "True",
        "True",
        "True",
        "['https://scores.example.org']",
        "django.db.backends.postgresql",
    ]


def test_a_club_on_plain_http_turns_the_redirect_off_and_its_cookies_work_over_http():
    code = (
        "from django.conf import settings as s;"
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)"
    )
    result = manage(
        "shell", "--verbosity", "0", "-c", code, env=PRODUCTION | {"SECURE_SSL_REDIRECT": "0"}
    )
    assert result.stdout.split() == ["False", "False", "False"]


def test_without_a_database_url_the_app_uses_sqlite():
    env = {"DATABASE_URL": ""}
    code = "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'])"
    result = manage("shell", "--verbosity", "0", "-c", code, env=env)
    assert result.stdout.strip() == "django.db.backends.sqlite3"


def test_every_process_of_a_machine_shares_one_cache_folder_for_sessions_and_boards(tmp_path):
    code = (
        "from django.conf import settings as s; c = s.CACHES['default'];"
        "print(c['BACKEND'], c['LOCATION'], s.SESSION_ENGINE)"
    )
    env = PRODUCTION | {"CACHE_LOCATION": str(tmp_path)}
    result = manage("shell", "--verbosity", "0", "-c", code, env=env)
    assert result.stdout.split() == [
        "scorekeeper.cache.FileBasedCache",
        str(tmp_path),
        "django.contrib.sessions.backends.cached_db",
    ]


def test_servers_on_several_machines_share_a_redis_cache_named_by_cache_url():
    code = (
        "from django.conf import settings as s; c = s.CACHES['default'];"
        "print(c['BACKEND'], c['LOCATION'])"
    )
    env = PRODUCTION | {"CACHE_URL": "redis://cache.example.org:6379/0"}
    result = manage("shell", "--verbosity", "0", "-c", code, env=env)
    assert result.stdout.split() == [
        "django.core.cache.backends.redis.RedisCache",
        "redis://cache.example.org:6379/0",
    ]


def test_a_cache_url_that_is_not_redis_stops_the_app_at_start_up():
    result = manage("check", env=PRODUCTION | {"CACHE_URL": "memcached://cache.example.org"})
    assert result.returncode != 0
    assert "CACHE_URL must be a Redis address" in result.stderr


def test_without_a_secret_key_production_refuses_to_start_naming_it():
    production = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    for missing in ({}, {"SECRET_KEY": ""}, {"SECRET_KEY": "  "}):
        result = manage("check", env=production | missing)
        assert result.returncode != 0
        # The traceback ends in one line that says what is wrong and what to do.
        last = result.stderr.strip().splitlines()[-1]
        assert last.startswith("django.core.exceptions.ImproperlyConfigured: SECRET_KEY must")


def test_in_development_a_key_of_its_own_serves_without_one():
    code = "from django.conf import settings as s; print(s.DEBUG, s.SECRET_KEY)"
    result = manage("shell", "--verbosity", "0", "-c", code, env={})
    assert result.returncode == 0, result.stderr
    debug, key = result.stdout.split()
    assert debug == "True" and key.startswith("django-insecure-")


def test_the_sqlite_database_lets_simultaneous_saves_wait_their_turn(tmp_path):
    # What tests/reliability/test_simultaneous_saves.py proves under load, read at the source.
    code = (
        "from django.db import connection as c; c.ensure_connection();"
        "print(c.settings_dict['OPTIONS']['transaction_mode'], c.connection.execute("
        "'PRAGMA journal_mode').fetchone()[0], c.connection.execute("
        "'PRAGMA synchronous').fetchone()[0], c.connection.execute('PRAGMA busy_timeout')"
        ".fetchone()[0])"
    )
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}"}
    result = manage("shell", "--verbosity", "0", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    # IMMEDIATE, write-ahead log, synchronous FULL (2), a busy timeout of 10 s.
    assert result.stdout.split() == ["IMMEDIATE", "wal", "2", "10000"]


def test_postgresql_keeps_its_own_transactions_and_row_locks():
    code = "from django.conf import settings as s; print(s.DATABASES['default']['OPTIONS'])"
    env = {"DATABASE_URL": "postgres://u:p@db.example.org:5432/scores"}
    result = manage("shell", "--verbosity", "0", "-c", code, env=env)
    assert result.stdout.strip() == "{}"


MAIL = (
    "from django.conf import settings as s;"
    "print(s.EMAIL_BACKEND, s.EMAIL_HOST or '-', s.EMAIL_PORT, s.EMAIL_HOST_USER or '-',"
    " s.EMAIL_HOST_PASSWORD or '-', s.EMAIL_USE_TLS, s.DEFAULT_FROM_EMAIL)"
)


def test_mail_goes_through_the_server_the_environment_names():
    env = PRODUCTION | {
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": "2525",
        "EMAIL_HOST_USER": "scores",
        "EMAIL_HOST_PASSWORD": "mail secret",
        "EMAIL_USE_TLS": "1",
        "DEFAULT_FROM_EMAIL": "Scorekeeper <scores@example.org>",
    }
    result = manage("shell", "--verbosity", "0", "-c", MAIL, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.org",
        "2525",
        "scores",
        "mail",
        "secret",
        "True",
        "Scorekeeper",
        "<scores@example.org>",
    ]


def test_with_tls_and_no_port_mail_goes_to_the_submission_port():
    env = {"EMAIL_HOST": "smtp.example.org", "EMAIL_USE_TLS": "yes"}
    result = manage("shell", "--verbosity", "0", "-c", MAIL, env=env)
    assert result.stdout.split()[1:3] == ["smtp.example.org", "587"]


def test_without_a_mail_server_mail_is_printed_on_the_console():
    # What `make run` does: a reset link is read on the console. (Each name set empty, as
    # a blank line of an env file leaves it: the same as unset.)
    unset = dict.fromkeys(["EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "DEFAULT_FROM_EMAIL"], "")
    result = manage("shell", "--verbosity", "0", "-c", MAIL, env=unset)
    assert result.stdout.split() == [
        "django.core.mail.backends.console.EmailBackend",
        "-",
        "25",
        "-",
        "-",
        "False",
        "scorekeeper@localhost",
    ]
