"""`manage.py score`, run as a table host would run it: a separate process."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sheets import EXAMPLES, assert_contains, sheet

ROOT = Path(__file__).resolve().parents[3]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write(tmp_path, data, name="sheet.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


GOOD = sheet(
    "contractor",
    ["Ana", "Ben", "Cy"],
    [{"contractor": "Ben", "strain": "clubs", "tricks": {"Ana": 2, "Ben": 6, "Cy": 2}}],
)
BAD_TRICKS = sheet(
    "contractor",
    ["Ana", "Ben", "Cy"],
    [{"redeal": True}] * 2
    + [{"contractor": "Ben", "strain": "clubs", "tricks": {"Ana": 3, "Ben": 6, "Cy": 2}}],
)


def test_one_file_prints_the_scored_game_as_json():
    result = run(str(EXAMPLES / "contractor-three-hands.json"))
    assert result.returncode == 0, result.stderr
    expected = json.loads((EXAMPLES / "contractor-three-hands.expected.json").read_text())
    assert_contains(json.loads(result.stdout), expected)
    assert result.stderr == ""


def test_several_files_print_one_compact_line_each_in_order(tmp_path):
    names = ["bid-fair-opening", "contractor-three-hands", "tridge-three-people"]
    result = run(*(str(EXAMPLES / f"{name}.json") for name in names))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [json.loads(line)["game"] for line in lines] == ["bid_fair", "contractor", "tridge"]
    assert all(": " not in line for line in lines)


def test_a_dash_reads_standard_input():
    result = run("-", stdin=json.dumps(GOOD))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["standings"] == {"Ana": 2, "Ben": 6, "Cy": 2}


@pytest.mark.parametrize(
    ("content", "line"),
    [
        (BAD_TRICKS, "hand 3: tricks: add up to 11, must be 10"),
        ('{"format": "scoresheet/1", ', "sheet: is not valid JSON line 1 column 28"),
        ({**GOOD, "format": "scoresheet/9"}, "format: must be 'scoresheet/1', not"),
        ({**GOOD, "game": "bridge"}, "game: must be one of"),
        ({**GOOD, "players": ["Ana", "Ben"]}, "players: this game needs 3 players, not 2"),
        ({**GOOD, "players": ["Ana", "ANA", "Cy"]}, "players: names must be unique"),
        ({**GOOD, "extra": 1}, "extra: is not a field here"),
    ],
)
def test_a_bad_sheet_gets_exit_2_one_line_on_stderr_and_nothing_on_stdout(tmp_path, content, line):
    result = run(write(tmp_path, content))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(line)
    assert "Traceback" not in result.stderr


def test_a_missing_file_is_one_line_too():
    result = run("no-such-sheet.json")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.strip() == "sheet: cannot be read (No such file or directory)"


def test_one_bad_file_among_several_prints_nothing_and_names_the_file(tmp_path):
    good, bad = write(tmp_path, GOOD, "good.json"), write(tmp_path, BAD_TRICKS, "bad.json")
    result = run(good, bad)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.strip() == f"{bad}: hand 3: tricks: add up to 11, must be 10"
