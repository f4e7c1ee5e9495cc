"""The two test commands README.md's "Set up" gives: `make test`, the whole suite on every
processor, and `make test-fast`, the same but the browser tests (the e2e marker); and
`make test-postgres`, which CI runs after them: the tests that reach the database."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def planned(target: str) -> str:
    plan = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    return plan.stdout


def on_every_processor(line: str) -> bool:
    """One worker per processor, and one more (the Makefile says why)."""
    workers = re.search(r" -n (\d+) ", line)
    return workers is not None and int(workers[1]) == len(os.sched_getaffinity(0)) + 1


def test_make_test_runs_the_whole_suite_on_every_processor():
    pytest = [line for line in planned("test").splitlines() if "bin/pytest" in line]
    assert len(pytest) == 1 and on_every_processor(pytest[0]) and " -m " not in pytest[0]


def test_make_test_fast_leaves_out_only_the_browser_tests():
    pytest = [line for line in planned("test-fast").splitlines() if "bin/pytest" in line]
    assert len(pytest) == 1 and on_every_processor(pytest[0]) and '-m "not e2e"' in pytest[0]
    assert "make test-fast" in (ROOT / "README.md").read_text()


def test_make_test_checks_the_imports_as_the_readme_tells_a_newcomer():
    assert "lint-imports" in planned("test")
    assert "`.venv/bin/lint-imports`" in (ROOT / "README.md").read_text()


def selected(marker: str) -> set[str]:
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-m", marker, "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert listed.returncode == 0, listed.stdout + listed.stderr
    return {line.split("::")[0] for line in listed.stdout.splitlines() if "::" in line}


def test_make_test_postgres_runs_the_tests_that_reach_the_database():
    pytest = [line for line in planned("test-postgres").splitlines() if "bin/pytest" in line]
    assert len(pytest) == 1 and "-m postgres" in pytest[0]
    modules = selected("postgres")
    # A reliability test, the hand views, and the browser tests of a hand stored once.
    for module in ("reliability/test_concurrency", "e2e/test_two_phones", "e2e/test_queue"):
        assert f"tests/{module}.py" in modules
    assert "tests/games/views/test_hands.py" in modules
    # Neither an engine's test, which cannot reach a database, nor a page's layout.
    assert "tests/games/tridge/test_rules.py" not in modules
    assert "tests/e2e/test_every_page_fits.py" not in modules


def test_make_test_installs_the_three_engines_with_apt():
    """Chromium, WebKit (WebKitGTK's WebDriver, on Xvfb) and Firefox ESR, from Debian."""
    plan = planned("test")
    assert "apt-get install" in plan
    for package in ("chromium-headless-shell", "webkit2gtk-driver", "xvfb", "firefox-esr"):
        assert re.search(rf"\s{package}\b", plan), package
