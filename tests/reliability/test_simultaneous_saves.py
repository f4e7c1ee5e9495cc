"""A table's worth of phones saving at the same moment: every save is stored, none refused.

gunicorn runs with two workers, as the Procfile runs it, on 127.0.0.1. On SQLite both
workers share ONE database file (live.py's copy of the test database, migrated and
filled by this test): the default install, where simultaneous writers wait for
SQLite's single write lock (scorekeeper/settings.py: WAL, IMMEDIATE transactions, a
busy timeout) instead of answering "database is locked". On PostgreSQL the same saves
meet the game's row lock. Twelve phones, each logged in as the owner of its own game,
load the new-hand form, wait at a barrier, and save hand 1 all at once.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from contextlib import closing
from html.parser import HTMLParser

import pytest

from tests.conftest import PASSWORD
from tests.reliability.browser import Browser
from tests.reliability.live import (
    on_postgres,
    record_figures,
    servers,
    with_server_password,
)
from tests.tables import BEN_WINS, make_game, tridge_post

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 12
WORKERS = 2
# What a refusal says, for the failure message (the servers run with DEBUG: the error named).
TOLD = re.compile(r'<title>\s*(\S+)|<pre class="exception_value">(.*?)</pre>', re.S)
BEN_POST = dict(player="Ben", bid="play", trumps="C", honours=3, tricks_1=5, tricks_2=3, tricks_3=1)


class HiddenFields(HTMLParser):
    """A page's hidden inputs, as the browser posts them with the form (CSRF token included)."""

    def __init__(self):
        super().__init__()
        self.fields = {}

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "input" and found.get("type") == "hidden" and found.get("name"):
            self.fields[found["name"]] = found.get("value") or ""


def hidden_fields(browser: Browser, path: str) -> dict:
    page = browser.get(path)
    assert page.status == 200, f"GET {path}: {page.status}"
    parser = HiddenFields()
    parser.feed(page.text)
    return parser.fields


def test_twelve_phones_saving_at_the_same_moment_are_all_stored(make_user, tmp_path):
    # One hash of the password for every account: hashing it twelve times costs seconds.
    owners = [with_server_password(make_user("phone0"), PASSWORD)]
    for n in range(1, PHONES):
        owners.append(make_user(f"phone{n}"))
        owners[-1].password = owners[0].password
        owners[-1].save(update_fields=["password"])
    games = [make_game(owner) for owner in owners]
    answers: list = [None] * PHONES
    waited: list = [None] * PHONES
    together = threading.Barrier(PHONES)

    def save(phone, number):
        """One phone: log in, open the new-hand form, then save hand 1 with the others."""
        path = f"/games/{games[number].pk}/hands/new/"
        try:
            phone.log_in(owners[number].username, PASSWORD)
            data = hidden_fields(phone, path) | tridge_post(1, **BEN_POST, save="1")
        except BaseException as error:
            answers[number] = error
            raise
        finally:
            together.wait(timeout=60)
        began = time.perf_counter()
        try:
            answers[number] = phone.request("POST", path, data)
        except OSError as error:  # no answer at all: as refused as a 500
            answers[number] = error
        waited[number] = time.perf_counter() - began

    with servers(tmp_path, workers=WORKERS) as (server,):
        phones = [Browser(server) for _ in range(PHONES)]
        threads = [threading.Thread(target=save, args=(phones[n], n)) for n in range(PHONES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=90)
        assert not any(thread.is_alive() for thread in threads), "a save never came back"
        sheets = [
            phone.get(f"/games/{game.pk}/sheet.json").json()
            for phone, game in zip(phones, games, strict=True)
        ]
        log = server.log_text()

    refused = [
        f"game {games[n].pk}: {getattr(a, 'status', a)} "
        + (" ".join("".join(told) for told in TOLD.findall(a.text)) if hasattr(a, "text") else "")
        for n, a in enumerate(answers)
        if getattr(a, "status", None) != 302 or a.location != f"/games/{games[n].pk}/"
    ]
    stored = sum(sheet["hands"] == [BEN_WINS] for sheet in sheets)
    figures = {
        "phones_saving_at_once": PHONES,
        "gunicorn_workers": WORKERS,
        "stored": stored,
        "refused": len(refused),
        "server_errors": sum(getattr(a, "status", 500) >= 500 for a in answers),
        "slowest_save_seconds": round(max(filter(None, waited), default=0), 2),
    }
    print("\nsimultaneous saves:", figures)
    assert not refused, refused
    assert "database is locked" not in log
    # Each game holds its hand once: nothing lost, nothing doubled.
    assert stored == PHONES, [sheet["hands"] for sheet in sheets]
    if not on_postgres():
        # The workers shared one file, and the settings turned it to write-ahead logging.
        with closing(sqlite3.connect(tmp_path / "web1.sqlite3")) as shared:
            assert shared.execute("PRAGMA journal_mode").fetchone() == ("wal",)
            counted = shared.execute("SELECT count(*) FROM games_hand").fetchone()[0]
        assert counted == PHONES
        figures["journal_mode"] = "wal"
    record_figures("simultaneous_saves", figures)
