"""A name or a note is shown as text everywhere, never run as markup."""

import json

import pytest
from django.test import Client

from games.models import Player, Session
from games.play.access import new_token
from games.records.imports import import_sheet
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db

EVIL = "<script>alert(1)</script>"
SHOWN = "&lt;script&gt;alert(1)&lt;/script&gt;"


def test_a_script_tag_as_a_name_place_and_note_shows_as_text_on_every_page(user):
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    sheet = json.dumps(data).replace('"Cy"', json.dumps(EVIL))
    session = Session.objects.create(group=user.owned_groups.first(), place=EVIL, note=EVIL)
    game = import_sheet(session, json.loads(sheet))
    game.share_token = new_token()
    game.save()
    player = Player.objects.get(group__owner=user, name=EVIL)
    client = Client()
    client.force_login(user)
    pages = [
        "/",
        f"/?player={player.pk}",
        f"/sessions/{session.pk}/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/print/",
        f"/games/{game.pk}/tridge/settlement/",
        f"/games/{game.pk}/hands/new/",
        f"/games/{game.pk}/hands/3/",
        f"/games/{game.pk}/hands/3/history/",
        f"/players/{player.pk}/",
        f"/s/{game.share_token}/",
    ]
    for page in pages:
        html = client.get(page).content.decode()
        assert EVIL not in html, page
        assert SHOWN in html, page
