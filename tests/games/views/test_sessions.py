"""Sessions: starting one, listing them, importing a sheet into one."""

import json

import pytest

from games.models import Game, Hand, Player, Session
from tests.sheets import EXAMPLES

pytestmark = pytest.mark.django_db


def test_a_new_session_belongs_to_its_creator(owner_client, user):
    response = owner_client.post("/sessions/new/", {"date": "2026-11-21", "place": "The Crown"})
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert (session.owner, session.place) == (user, "The Crown")


def test_a_bad_date_is_refused_next_to_the_field_and_the_place_kept(owner_client):
    response = owner_client.post("/sessions/new/", {"date": "31/31/2026", "place": "The Crown"})
    assert response.context["form"].errors["date"]
    assert 'value="The Crown"' in response.content.decode()
    assert not Session.objects.exists()


def test_sessions_are_listed_newest_first(owner_client, user):
    Session.objects.create(owner=user, date="2026-11-01", place="Older")
    Session.objects.create(owner=user, date="2026-11-20", place="Newer")
    page = owner_client.get("/").content.decode()
    assert page.index("Newer") < page.index("Older")


def test_another_users_session_does_not_exist_for_you(owner_client, stranger_client, user):
    session = Session.objects.create(owner=user)
    assert stranger_client.get(f"/sessions/{session.pk}/").status_code == 404
    assert stranger_client.post(f"/sessions/{session.pk}/import/").status_code == 404
    assert stranger_client.get(f"/sessions/{session.pk}/games/new/").status_code == 404
    assert "Newer" not in stranger_client.get("/").content.decode()


def test_importing_a_sheet_stores_a_game_that_scores_as_the_cli_does(owner_client, user):
    session = Session.objects.create(owner=user)
    sheet = (EXAMPLES / "tridge-three-people.json").read_text()
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": sheet})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    board = owner_client.get(response["Location"]).context
    expected = json.loads((EXAMPLES / "tridge-three-people.expected.json").read_text())
    assert board["score"].standings == expected["standings"]


def test_importing_an_uploaded_file_works_too(owner_client, user):
    from django.core.files.uploadedfile import SimpleUploadedFile

    session = Session.objects.create(owner=user)
    upload = SimpleUploadedFile("g.json", (EXAMPLES / "cardigan-four-deals.json").read_bytes())
    owner_client.post(f"/sessions/{session.pk}/import/", {"file": upload})
    assert Game.objects.get().kind == "cardigan"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "scoresheet/1", "game": "tridge", "players": ["A"], "hands": []}', "players"),
        ("", "Choose a sheet file or paste one"),
    ],
)
def test_a_bad_sheet_is_refused_with_its_reason_and_nothing_stored(owner_client, user, text, words):
    session = Session.objects.create(owner=user)
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": text})
    assert response.status_code == 200
    assert words in response.content.decode()
    assert not Game.objects.exists() and not Hand.objects.exists()


def test_a_damaged_sheet_file_is_named_next_to_the_file_field_and_nothing_stored(
    owner_client, user
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    session = Session.objects.create(owner=user)
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    data["players"][2] = "C" * 41
    upload = SimpleUploadedFile("g.json", json.dumps(data).encode())
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"file": upload})
    message = "Nothing was imported: players[2]: a name has at most 40 characters."
    assert response.context["form"].errors == {"file": [message]}
    page = response.content.decode()
    assert page.index('role="alert"') < page.index(f'<a href="#id_file">{message}</a>')
    assert not Game.objects.exists() and not Player.objects.exists()


def test_a_pasted_sheet_the_engine_refuses_is_named_next_to_the_text(owner_client, user):
    session = Session.objects.create(owner=user)
    data = json.loads((EXAMPLES / "tridge-three-people.json").read_text())
    data["hands"][3]["honours"] = 4
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": json.dumps(data)})
    assert response.context["form"].errors == {
        "text": [
            "Nothing was imported: hand 4: honours: 4 is too many with spades trumps, at most 3."
        ]
    }
    assert not Game.objects.exists() and not Hand.objects.exists()


def test_a_sheet_holding_nan_is_refused_before_it_reaches_the_database(owner_client, user):
    session = Session.objects.create(owner=user)
    text = (EXAMPLES / "bid-fair-opening.json").read_text().replace("{", '{"meta": NaN, ', 1)
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": text})
    assert response.context["form"].errors["text"] == [
        "Nothing was imported: the sheet holds NaN, Infinity, a number too large "
        "or a broken character."
    ]
    assert not Game.objects.exists()


def test_a_sessions_date_place_and_note_are_changed_on_its_edit_form(owner_client, user):
    session = Session.objects.create(owner=user, place="The Crown")
    url = f"/sessions/{session.pk}/edit/"
    assert 'value="The Crown"' in owner_client.get(url).content.decode()
    owner_client.post(url, {"date": "2026-11-03", "place": "The Swan", "note": "Late"})
    session.refresh_from_db()
    assert (str(session.date), session.place, session.note) == ("2026-11-03", "The Swan", "Late")


def test_a_bad_date_on_the_edit_form_is_said_by_the_field(owner_client, user):
    session = Session.objects.create(owner=user, place="The Crown")
    response = owner_client.post(f"/sessions/{session.pk}/edit/", {"date": "soon"})
    assert response.status_code == 200 and response.context["form"].errors["date"]
    assert 'class="error-summary"' in response.content.decode()


def test_a_deleted_session_and_its_games_are_gone_until_undone(owner_client, user):
    session = Session.objects.create(owner=user, place="The Crown")
    game = Game.objects.create(session=session, kind="tridge", players=["Ana", "Ben", "Cy"])
    page = owner_client.get(f"/sessions/{session.pk}/delete/").content.decode()
    assert "1 game go" in page
    response = owner_client.post(f"/sessions/{session.pk}/delete/", follow=True)
    assert f'value="session-{session.pk}"' in response.content.decode()
    assert "The Crown" not in owner_client.get("/").content.decode().split("</form>")[-1]
    assert owner_client.get(f"/sessions/{session.pk}/").status_code == 404
    assert owner_client.get(f"/games/{game.pk}/").status_code == 404
    owner_client.post("/account/restore/", {"restore": f"session-{session.pk}"})
    assert owner_client.get(f"/games/{game.pk}/").status_code == 200
