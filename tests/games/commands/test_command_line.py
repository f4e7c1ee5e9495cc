"""The game commands README.md shows, typed as a host types them: each in its own
`manage.py` process, on a throwaway SQLite database migrated once for this module.

A refusal is raised as CommandError: one bare line on stderr, exit status 2, no traceback.
(`manage.py score` needs no database: tests/games/commands/test_score.py.)
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sheets import EXAMPLES, scored

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = EXAMPLES / "tridge-three-people.json"
# A ceiling, never the mechanism: a busy machine once took over a minute to migrate.
CEILING = 600


@pytest.fixture(scope="module")
def manage(tmp_path_factory):
    """`manage.py` with the arguments given, on a database of its own with one user, ana."""
    folder = tmp_path_factory.mktemp("commands")
    env = {key: value for key, value in os.environ.items() if key not in ("CACHE_URL", "DEBUG")}
    env |= {
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "CACHE_LOCATION": str(folder / "cache"),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }

    def run(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=CEILING,
        )

    for args in (
        ("migrate", "-v0"),
        ("createsuperuser", "--noinput", "--username", "ana", "--email", "ana@example.org"),
    ):
        done = run(*args)
        assert done.returncode == 0, done.stderr
    return run


def refused(result, line):
    """Exit status 2, nothing on stdout, and `line` alone on stderr."""
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert result.stderr == f"{line}\n"


def test_a_sheet_goes_in_comes_out_gets_a_share_link_and_the_bin_is_purged(manage):
    done = manage("importsheet", str(EXAMPLE), "--owner", "ana")
    assert (done.returncode, done.stderr) == (0, "")
    pk, page = done.stdout.split()
    assert page == f"/games/{pk}/"

    done = manage("exportsheet", pk)
    assert done.returncode == 0, done.stderr
    assert scored(json.loads(done.stdout)) == scored(json.loads(EXAMPLE.read_text()))

    done = manage("sharelink", pk)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("/s/") and manage("sharelink", pk).stdout == done.stdout

    done = manage("purgebin")
    assert (done.returncode, done.stdout) == (0, "0 rows deleted for good\n"), done.stderr


def test_a_game_that_is_not_there_is_refused_by_export_and_share_link(manage):
    refused(manage("exportsheet", "999"), "game: there is no game 999")
    refused(manage("sharelink", "999"), "game: there is no game 999")


def test_an_import_for_nobody_or_of_a_bad_sheet_is_refused_in_one_line(manage, tmp_path):
    refused(
        manage("importsheet", str(EXAMPLE), "--owner", "nobody"), "owner: there is no user 'nobody'"
    )
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "scoresheet/1", ')
    refused(
        manage("importsheet", str(bad), "--owner", "ana"),
        "Nothing was imported: sheet: is not valid JSON line 1 column 28.",
    )
