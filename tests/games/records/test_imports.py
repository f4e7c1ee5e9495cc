"""Bringing a sheet in: checked whole by the engine and the models before anything is written."""

import json

import pytest

from games.engine.sheet import SheetError
from games.models import Game, Session
from games.play import services
from games.records import imports
from tests.sheets import EXAMPLES, example_names, load_example, scored

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", example_names())
def test_export_then_import_scores_identically(user, name):
    data, _ = load_example(name)
    session = Session.objects.create(group=user.owned_groups.first())
    game = imports.import_sheet(session, data)
    exported = services.sheet_of(game)
    again = imports.import_sheet(session, json.loads(json.dumps(exported)))
    assert scored(services.sheet_of(again)) == scored(data)
    assert Game.objects.count() == 2


def test_importing_keeps_top_level_extras_such_as_a_note(user):
    data, _ = load_example("tridge-three-people")
    data["meta"] = {"note": "Friday night"}
    game = imports.import_sheet(Session.objects.create(group=user.owned_groups.first()), data)
    assert services.sheet_of(game)["meta"] == {"note": "Friday night"}


def test_a_refused_sheet_stores_nothing(user):
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    data["hands"][2]["tricks"]["Ana"] = 5
    with pytest.raises(SheetError):
        imports.import_sheet(Session.objects.create(group=user.owned_groups.first()), data)
    assert not Game.objects.exists()
