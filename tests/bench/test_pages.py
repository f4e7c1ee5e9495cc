"""`make bench-pages` in a short form: bench/pages.py on 2 and 4 evenings, one round.

The figures of so small a run mean nothing; what is tested is that the benchmark still
runs through (its groups are built and score, every page is answered 200, its table is
printed with each page's queries), so that a change which breaks `make bench-pages`
fails the suite.
"""

import re
import subprocess
from pathlib import Path

from bench.pages import PAGES
from tests.bench.runs import bench_run

ROOT = Path(__file__).resolve().parents[2]


def test_make_bench_pages_runs_bench_pages_py():
    plan = subprocess.run(["make", "-n", "bench-pages"], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    assert "bench/pages.py" in plan.stdout


def test_a_short_run_prints_each_pages_times_ratio_and_queries():
    shown = bench_run("pages.py", "--evenings", "2,4", "--rounds", "1")
    assert "every game scores (24)" in shown
    table = shown.split("CPU ms of this process")[1].splitlines()[2:]
    # A row: the page, each size's median (least), the ratio, then at each size the
    # queries, then the kilobytes.
    number, time = r"[\d.]+", r"[\d.]+ \( *[\d.]+\)"
    row = re.compile(rf"  (.+?) +{time} +{time} +{number}x +(\d+) +(\d+) +{number} +{number}")
    rows = [row.fullmatch(line) for line in table]
    assert all(rows), table
    assert [found[1] for found in rows] == list(PAGES)
