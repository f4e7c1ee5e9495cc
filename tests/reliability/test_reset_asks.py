"""Two workers asked for reset links at the same moment: the limit counts every ask.

Two real processes (tests/reliability/asking.py), each with the project's settings as a
gunicorn worker has them: one database (on SQLite a copy of the test database, one file
for both) and one cache folder. Once both have said they are ready, each round starts them
together, each counting ASKS asks for one address through the reset limit's own counter,
and waits for both to finish: ROUNDS rounds, 600 asks in all as in issue 35. Counted
without loss, the counts given are 1 to 600, each once. Asks one after the other would
pass with any counter, so the test also asks that the two were asking at the same time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.reliability import live

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 30
ASKS = 10  # by each worker in each round
KEY = "reset:asked-together"


def workers(tmp_path, count: int) -> list[subprocess.Popen]:
    environment = os.environ | {
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DATABASE_URL": live.test_database_url("asking", tmp_path),  # one copy, for both
        "CACHE_LOCATION": str(tmp_path / "cache"),
        "DEBUG": "1",
    }
    command = [sys.executable, "-m", "tests.reliability.asking", KEY, str(ASKS)]
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return [
        subprocess.Popen(command, cwd=live.ROOT, env=environment, **pipes) for _ in range(count)
    ]


def together(both: list[subprocess.Popen], line: str) -> None:
    for worker in both:
        worker.stdin.write(f"{line}\n")
        worker.stdin.flush()


def test_two_workers_asking_at_once_have_every_ask_counted(tmp_path):
    both = workers(tmp_path, 2)
    rounds = []
    try:
        for worker in both:  # each set up, its connection open: the rounds start alike
            assert worker.stdout.readline().strip() == "ready"
        for _ in range(ROUNDS):
            together(both, "go")
            rounds.append([json.loads(worker.stdout.readline()) for worker in both])
        together(both, "end")
        for worker in both:
            assert worker.wait(timeout=60) == 0
    finally:
        for worker in both:
            if worker.poll() is None:
                worker.kill()
    given = sorted(count for one, other in rounds for count in one["counts"] + other["counts"])
    counted = max(given)
    # Rounds in which each worker began before the other had ended: asks at the same time.
    at_once = sum(
        one["began"] < other["ended"] and other["began"] < one["ended"] for one, other in rounds
    )
    figures = {"asked": len(given), "counted": counted, "rounds at once": f"{at_once}/{ROUNDS}"}
    live.record_figures("reset asks, two workers", figures)
    assert at_once >= ROUNDS // 2, f"only {at_once} of {ROUNDS} rounds had both asking at once"
    assert given == list(range(1, 2 * ROUNDS * ASKS + 1)), (
        f"{len(given)} asks counted {counted}; counts given twice: {len(given) - len(set(given))}"
    )
