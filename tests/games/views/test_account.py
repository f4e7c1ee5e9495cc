"""The account page: the account file out, and back into an empty account, or nothing."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Game, Hand, Revision, Session
from games.play.services import edit_hand
from games.records.imports import import_sheet
from tests.sheets import load_example
from tests.tables import account_file, everything

pytestmark = pytest.mark.django_db


def upload(content) -> SimpleUploadedFile:
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    return SimpleUploadedFile("account.json", raw)


@pytest.fixture
def bea_client(make_user):
    client = Client()
    client.force_login(make_user("bea"))
    return client


def test_an_account_file_round_trips_into_an_empty_account(owner_client, user, bea_client):
    data, _ = load_example("tridge-three-people")
    game = import_sheet(
        Session.objects.create(group=user.owned_groups.first(), place="The Crown"), data
    )
    edit_hand(Hand.objects.get(game=game, number=6), {"passed": True}, user, 1)
    exported = json.loads(owner_client.get("/account/export.json").content)
    assert exported["sessions"][0]["games"][0]["sheet"]["hands"][5] == {"passed": True}

    assert bea_client.post("/account/", {"file": upload(exported)}).status_code == 302
    copy = Game.objects.get(session__group__owner__username="bea")
    again = json.loads(bea_client.get("/account/export.json").content)
    assert again["sessions"][0]["games"][0]["sheet"] == exported["sessions"][0]["games"][0]["sheet"]
    assert Revision.objects.filter(game=copy).count() == 1
    assert copy.hands.get(number=6).version == 2


def test_an_account_file_is_refused_into_an_account_with_sessions(owner_client, user):
    exported = account_file(user)
    response = owner_client.post("/account/", {"file": upload(exported)})
    assert response.status_code == 200
    assert Game.objects.count() == 6


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"{nope", "Nothing was imported: the file is not valid JSON line 1 column 2."),
        (b'{"format": NaN}', "Nothing was imported: the file holds NaN, Infinity"),
        (b'["\\u0000"]', "Nothing was imported: the file holds the character \\u0000"),
        ({"format": "other"}, "not a Scorekeeper account file"),
        (
            {"format": "scorekeeper-account/1", "sessions": [{"date": "x"}]},
            "Nothing was imported: session 1, created: is missing.",
        ),
    ],
)
def test_a_bad_account_file_is_refused_and_nothing_stored(owner_client, content, words):
    response = owner_client.post("/account/", {"file": upload(content)})
    assert words in response.content.decode()
    assert not Session.objects.exists()


def test_a_damaged_file_is_named_next_to_the_field_and_summed_up_at_the_top(user, bea_client):
    exported = account_file(user)
    exported["sessions"][1]["games"][0]["sheet"]["players"][3] = "D" * 41
    before = everything()
    response = bea_client.post("/account/", {"file": upload(exported)})
    message = (
        "Nothing was imported: session 2, game 1, sheet: players[3]: "
        "a name has at most 40 characters."
    )
    assert response.context["form"].errors["file"] == [message]
    page = response.content.decode()
    summary = page.index('role="alert"')
    assert summary < page.index(f'<a href="#id_file">{message}</a>') < page.index("<label")
    assert page.index("<label") < page.index(f'<p class="field-error" id="id_file_error">{message}')
    assert everything() == before


def test_a_players_list_holding_a_number_is_refused_not_a_server_error(user, bea_client):
    exported = account_file(user)
    exported["players"].append(7)
    response = bea_client.post("/account/", {"file": upload(exported)})
    assert response.status_code == 200
    assert (
        "Nothing was imported: player 5: a name must be text, not 7." in response.content.decode()
    )
    assert not Session.objects.filter(group__owner__username="bea").exists()


def test_the_account_page_lists_what_is_kept_aside_and_when_it_goes(client, user):
    from games.play import bin
    from tests.tables import make_game

    client.force_login(user)
    game = make_game(user)
    bin.delete(game)
    page = client.get("/account/").content.decode()
    assert f'value="game-{game.pk}"' in page and ">Restore<" in page
    assert "gone for good on" in page


def test_the_account_page_purges_what_was_kept_aside_over_30_days(client, user):
    from datetime import timedelta

    from django.utils import timezone

    from games.play import bin
    from tests.tables import make_game

    client.force_login(user)
    bin.delete(make_game(user).session)
    Session.kept.update(deleted=timezone.now() - timedelta(days=31))
    client.get("/account/")
    assert not Session.kept.exists()


def test_restoring_nothing_kept_aside_answers_404(client, user):
    client.force_login(user)
    assert client.post("/account/restore/", {"restore": "game-999"}).status_code == 404
    assert client.post("/account/restore/", {"restore": "bogus"}).status_code == 404


def test_the_account_file_leaves_out_what_is_kept_aside(client, user):
    from games.play import bin
    from tests.tables import make_game

    client.force_login(user)
    bin.delete(make_game(user).session)
    assert json.loads(client.get("/account/export.json").content)["sessions"] == []


def test_a_player_whose_name_was_taken_meanwhile_is_not_restored_and_says_why(client, user):
    from games.models import Player
    from games.play import bin
    from tests.tables import make_game

    client.force_login(user)
    make_game(user)
    ana = Player.objects.get(name="Ana")
    bin.delete(ana)
    Player.objects.create(group=user.owned_groups.first(), name="Ana")
    response = client.post("/account/restore/", {"restore": f"player-{ana.pk}"}, follow=True)
    assert "Another player is called Ana now" in response.content.decode()
    assert Player.kept.get(pk=ana.pk).deleted


def test_the_account_page_says_its_file_holds_every_group(owner_client):
    page = owner_client.get("/account/").content.decode()
    assert "One JSON file with every group you are in" in page


def test_the_group_made_at_sign_up_says_what_it_is_the_first_time_it_is_seen(client):
    post = {"username": "nina", "password1": "cardtable7", "password2": "cardtable7"}
    first = client.post("/accounts/signup/", post, follow=True).content.decode()
    assert "Your games and evenings go in \u201cnina&#x27;s table\u201d, a group we made" in first
    assert "a group we made" not in client.get("/").content.decode()
