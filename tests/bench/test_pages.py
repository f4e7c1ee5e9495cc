"""`make bench-pages` in a short form: bench/pages.py on 2 and 4 evenings, one round.

The figures of so small a run mean nothing; what is tested is that the benchmark still
runs through (its groups are built and score, every page is answered 200, its table is
printed with each page's queries), so that a change which breaks `make bench-pages`
fails the suite.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

from bench.pages import PAGES

ROOT = Path(__file__).resolve().parents[2]


def test_make_bench_pages_runs_bench_pages_py():
    plan = subprocess.run(["make", "-n", "bench-pages"], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    assert "bench/pages.py" in plan.stdout


def test_a_short_run_prints_each_pages_times_ratio_and_queries():
    # The run's own database and cache: whatever the suite runs on is left alone.
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL")}
    done = subprocess.run(
        [sys.executable, "bench/pages.py", "--evenings", "2,4", "--rounds", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "every game scores (24)" in done.stdout
    table = done.stdout.split("CPU ms of this process")[1].splitlines()[2:]
    # A row: the page, each size's median (least), the ratio, then at each size the
    # queries, then the kilobytes.
    number, time = r"[\d.]+", r"[\d.]+ \( *[\d.]+\)"
    row = re.compile(rf"  (.+?) +{time} +{time} +{number}x +(\d+) +(\d+) +{number} +{number}")
    rows = [row.fullmatch(line) for line in table]
    assert all(rows), table
    assert [found[1] for found in rows] == list(PAGES)
