"""`manage.py importsheet` and `exportsheet`: sheets in and out from the command line."""

import json
import os

import pytest
from django.core.management import CommandError, call_command

from games.models import Game, Session
from tests.sheets import EXAMPLES, scored

pytestmark = pytest.mark.django_db


def run(capsys, *args):
    """The exit status, what went to stdout, and stderr or the refusal's one line.

    A refusal is a CommandError, which `manage.py` prints as one line on stderr and exits
    with its returncode (tests/games/commands/test_command_line.py runs it so).
    """
    try:
        call_command(*args)
    except CommandError as error:
        return error.returncode, capsys.readouterr().out, str(error)
    out, err = capsys.readouterr()
    return 0, out, err


def test_import_prints_the_game_id_and_page_and_export_gives_it_back(capsys, user):
    path = EXAMPLES / "cardigan-four-deals.json"
    code, out, err = run(capsys, "importsheet", str(path), "--owner", "ana")
    game = Game.objects.get()
    assert (code, err) == (0, "")
    assert out.strip() == f"{game.pk} /games/{game.pk}/"
    assert game.session.group.owner == user
    code, out, _ = run(capsys, "exportsheet", str(game.pk))
    assert scored(json.loads(out)) == scored(json.loads(path.read_text()))


def test_a_bad_sheet_is_refused_in_one_line_and_nothing_is_stored(capsys, user, tmp_path):
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    data["hands"][3]["honours"] = 4
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, err = run(capsys, "importsheet", str(bad), "--owner", "ana")
    assert (code, out) == (2, "")
    assert err == (
        "Nothing was imported: hand 4: honours: 4 is too many with spades trumps, at most 3."
    )
    assert not Game.objects.exists() and not Session.objects.exists()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{nope", "Nothing was imported: sheet: is not valid JSON line 1 column 2."),
        ('{"format": Infinity}', "Nothing was imported: sheet: holds NaN, Infinity"),
        ('{"players": ["\\u0000"]}', "Nothing was imported: sheet: holds the character"),
        ('{"format": "scoresheet/1", "game": "poker"}', "Nothing was imported: game: must be"),
    ],
)
def test_a_damaged_file_is_refused_in_one_line_with_status_2(capsys, user, tmp_path, text, words):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    code, out, err = run(capsys, "importsheet", str(bad), "--owner", "ana")
    assert (code, out) == (2, "")
    assert err.startswith(words) and "\n" not in err
    assert not Session.objects.exists()


def test_a_file_whose_name_is_not_utf8_is_still_imported(capsys, user, tmp_path):
    path = tmp_path / os.fsdecode(b"caf\xe9.json")
    path.write_bytes((EXAMPLES / "bid-fair-opening.json").read_bytes())
    code, _, err = run(capsys, "importsheet", str(path), "--owner", "ana")
    assert (code, err) == (0, "")
    assert Session.objects.get().note.endswith("caf\ufffd.json")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("importsheet", "missing.json", "--owner", "ana"), "cannot be read"),
        (("importsheet", str(EXAMPLES / "bid-fair-opening.json"), "--owner", "nobody"), "no user"),
        (("exportsheet", "999"), "game: there is no game 999"),
        (("sharelink", "999"), "game: there is no game 999"),
    ],
)
def test_bad_arguments_get_one_line_on_stderr(capsys, user, args, words):
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "")
    assert words in err and "\n" not in err
