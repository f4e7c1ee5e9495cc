"""The live server's requests under way, counted by Django's request signals, so that a test
ends only once none is (tests/e2e/conftest.py `phones_closed`).

Why: the live server's threads share the test's SQLite connection (an in-memory database),
and a page a phone was still fetching as its test closed it kept a read of a table open
while the test's database was emptied: "database table is locked: games_line" at teardown,
and the next test on that worker then found the last one's account (twice in full runs, on a
quiet machine and a busy one). Closing the phones stops new requests; this waits for the
ones already under way, by their answer, never by a guessed time.
"""

from __future__ import annotations

import threading

from django.core.signals import request_finished, request_started


class InFlight:
    def __init__(self):
        self._idle = threading.Condition()
        self.count = 0

    def started(self, **kwargs):
        with self._idle:
            self.count += 1

    def finished(self, **kwargs):
        with self._idle:
            self.count -= 1
            self._idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Whether no request was under way before `timeout` seconds passed. Past it the
        count starts again from none: one request never answered costs one wait, not one
        for every test after it."""
        with self._idle:
            idle = self._idle.wait_for(lambda: self.count <= 0, timeout)
            self.count = 0
            return idle

    def connect(self) -> InFlight:
        request_started.connect(self.started, weak=False, dispatch_uid="e2e-in-flight-start")
        request_finished.connect(self.finished, weak=False, dispatch_uid="e2e-in-flight-end")
        return self


IN_FLIGHT = InFlight().connect()
