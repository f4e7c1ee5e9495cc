"""The two test commands README.md's "Set up" gives: `make test`, the whole suite on every
processor, and `make test-fast`, the same but the browser tests (the e2e marker)."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def planned(target: str) -> str:
    plan = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
    assert plan.returncode == 0, plan.stderr
    return plan.stdout


def test_make_test_runs_the_whole_suite_on_every_processor():
    pytest = [line for line in planned("test").splitlines() if "bin/pytest" in line]
    assert len(pytest) == 1 and "-n auto" in pytest[0] and " -m " not in pytest[0]


def test_make_test_fast_leaves_out_only_the_browser_tests():
    pytest = [line for line in planned("test-fast").splitlines() if "bin/pytest" in line]
    assert len(pytest) == 1 and "-n auto" in pytest[0] and '-m "not e2e"' in pytest[0]
    assert "make test-fast" in (ROOT / "README.md").read_text()
