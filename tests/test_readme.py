"""Every command README.md's "More commands" shows is run by a test, in a short form.

A command nobody runs rots unseen (`make bench` failed at once for a while, and no test
noticed): each one the README lists is named here with the test that runs it and the
program that test must run, and a command added to the list without one fails here.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The README's command (as written, without its comment) -> (the test, what it runs).
RUN_BY = {
    # The whole suite on PostgreSQL: CI itself runs it, after the SQLite run.
    "make test-postgres": (".ci/run", "make test-postgres"),
    "make bench-score": ("tests/bench/test_score.py", "bench/score.py"),
    "make bench": ("tests/bench/test_server.py", "bench/server.py"),
    "make bench-pages": ("tests/bench/test_pages.py", "bench/pages.py"),
    "make bench-club": ("tests/bench/test_club.py", "bench/club.py"),
    "make bench-club-two": ("tests/bench/test_club.py", '"--servers", "2", "--redis"'),
    ".venv/bin/python manage.py score game.json": (
        "tests/games/commands/test_score.py",
        '"manage.py", "score"',
    ),
    ".venv/bin/python manage.py importsheet game.json --owner ana": (
        "tests/games/commands/test_command_line.py",
        '"importsheet"',
    ),
    ".venv/bin/python manage.py exportsheet 7": (
        "tests/games/commands/test_command_line.py",
        '"exportsheet"',
    ),
    ".venv/bin/python manage.py sharelink 7": (
        "tests/games/commands/test_command_line.py",
        '"sharelink"',
    ),
    ".venv/bin/python manage.py purgebin": (
        "tests/games/commands/test_command_line.py",
        '"purgebin"',
    ),
}


def more_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## More commands\n", 1)[1].split("\n## ", 1)[0]
    # The first block; the next one backs up with the databases' own tools (sqlite3, pg_dump).
    block = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_every_command_in_more_commands_is_run_by_a_test():
    assert sorted(more_commands()) == sorted(RUN_BY)


def test_each_named_test_runs_its_command():
    for command, (test, program) in RUN_BY.items():
        assert program in (ROOT / test).read_text(), f"{test} does not run {command}"


def test_every_setting_read_from_the_environment_is_named_in_running_it_for_a_club():
    # A setting nobody can find is one nobody turns off (SECURE_SSL_REDIRECT was missing).
    settings = (ROOT / "scorekeeper" / "settings.py").read_text()
    read = set(re.findall(r'(?:os\.environ\.get|env_bool|env_list)\("([A-Z_]+)"', settings))
    assert {"SECRET_KEY", "SECURE_SSL_REDIRECT", "LOG_LEVEL"} <= read  # the pattern finds them
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Running it for a club\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([A-Z_]+)(?:=[^`]*)?`", section))
    assert sorted(read - named) == []
