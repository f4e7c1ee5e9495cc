"""Sessions: starting one, listing them, importing a sheet into one."""

import json
import re
from dataclasses import dataclass, field

import pytest

from games.bid_fair import rules as bid_fair_rules
from games.cardigan import rules as cardigan_rules
from games.contractor import rules as contractor_rules
from games.engine.registry import GAMES
from games.models import Game, Hand, Player, Session
from games.play.groups import create_group, first_group
from games.records.imports import import_sheet
from games.tridge import rules as tridge_rules
from games.tridge.game import Tridge
from tests.sheets import EXAMPLES
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def test_a_new_session_belongs_to_its_creator(owner_client, user):
    response = owner_client.post("/sessions/new/", {"date": "2026-11-21", "place": "The Crown"})
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert (session.group.owner, session.place) == (user, "The Crown")


def test_a_bad_date_is_refused_next_to_the_field_and_the_place_kept(owner_client):
    response = owner_client.post("/sessions/new/", {"date": "31/31/2026", "place": "The Crown"})
    assert response.context["form"].errors["date"]
    assert 'value="The Crown"' in response.content.decode()
    assert not Session.objects.exists()


def test_sessions_are_listed_newest_first(owner_client, user):
    Session.objects.create(group=user.owned_groups.first(), date="2026-11-01", place="Older")
    Session.objects.create(group=user.owned_groups.first(), date="2026-11-20", place="Newer")
    page = owner_client.get("/").content.decode()
    assert page.index("Newer") < page.index("Older")


def test_another_users_session_does_not_exist_for_you(owner_client, stranger_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    assert stranger_client.get(f"/sessions/{session.pk}/").status_code == 404
    assert stranger_client.post(f"/sessions/{session.pk}/import/").status_code == 404
    assert stranger_client.get(f"/sessions/{session.pk}/games/new/").status_code == 404
    assert "Newer" not in stranger_client.get("/").content.decode()


def test_importing_a_sheet_stores_a_game_that_scores_as_the_cli_does(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    sheet = (EXAMPLES / "tridge-three-people.json").read_text()
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": sheet})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    board = owner_client.get(response["Location"]).context
    expected = json.loads((EXAMPLES / "tridge-three-people.expected.json").read_text())
    assert board["score"].standings == expected["standings"]


def test_importing_an_uploaded_file_works_too(owner_client, user):
    from django.core.files.uploadedfile import SimpleUploadedFile

    session = Session.objects.create(group=user.owned_groups.first())
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
    session = Session.objects.create(group=user.owned_groups.first())
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": text})
    assert response.status_code == 200
    assert words in response.content.decode()
    assert not Game.objects.exists() and not Hand.objects.exists()


def test_a_damaged_sheet_file_is_named_next_to_the_file_field_and_nothing_stored(
    owner_client, user
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    session = Session.objects.create(group=user.owned_groups.first())
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
    session = Session.objects.create(group=user.owned_groups.first())
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
    session = Session.objects.create(group=user.owned_groups.first())
    text = (EXAMPLES / "bid-fair-opening.json").read_text().replace("{", '{"meta": NaN, ', 1)
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": text})
    assert response.context["form"].errors["text"] == [
        "Nothing was imported: the sheet holds NaN, Infinity, a number too large "
        "or a broken character."
    ]
    assert not Game.objects.exists()


def test_sessions_are_found_by_words_in_their_place_or_note_whatever_the_case(owner_client, user):
    Session.objects.create(group=user.owned_groups.first(), place="The Crown", note="")
    Session.objects.create(
        group=user.owned_groups.first(), place="Zoë's", note="Birthday at the CROWN's bar"
    )
    Session.objects.create(group=user.owned_groups.first(), place="The Anchor")
    page = owner_client.get("/?q=crown").content.decode()
    assert "The Crown" in page and "Zoë&#x27;s" in page and "The Anchor" not in page
    assert 'value="crown"' in page and ">Clear</a>" in page


def test_sessions_are_chosen_by_a_range_of_dates_each_end_included(owner_client, user):
    for day, place in [(1, "First"), (10, "Tenth"), (20, "Twentieth")]:
        Session.objects.create(
            group=user.owned_groups.first(), date=f"2026-11-{day:02}", place=place
        )
    page = owner_client.get("/?from=2026-11-10&to=2026-11-20").content.decode()
    assert "Tenth" in page and "Twentieth" in page and "First" not in page
    assert 'value="2026-11-10"' in page and 'value="2026-11-20"' in page


def test_a_to_date_before_the_from_date_is_refused_and_the_other_filters_still_apply(
    owner_client, user
):
    Session.objects.create(group=user.owned_groups.first(), date="2026-11-01", place="The Crown")
    Session.objects.create(group=user.owned_groups.first(), date="2026-11-20", place="The Anchor")
    page = owner_client.get("/?q=crown&from=2026-11-10&to=2026-11-01").content.decode()
    assert "There is a problem" in page
    assert '<a href="#id_to">The ‘to’ date must be the same as or after the ‘from’ date' in page
    # The reversed range is not applied; the search still is: the Crown alone.
    listed = page.split("</form>")[-1]
    assert "The Crown" in listed and "The Anchor" not in listed


def test_no_session_matching_says_how_to_widen_the_search(owner_client, user):
    Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    page = owner_client.get("/?q=anchor").content.decode()
    assert "No session matches these filters. Choose fewer of them, or a wider range" in page
    assert "No sessions yet" not in page


def test_the_pages_of_a_filtered_list_keep_every_filter(owner_client, user):
    from tests.tables import many_games

    many_games(user, 25)
    ana = Player.objects.get(group__owner=user, name="Ana")
    page = owner_client.get(f"/?player={ana.pk}&kind=contractor&q=day&from=2026-01-01")
    assert f"?page=2&amp;from=2026-01-01&amp;q=day&amp;player={ana.pk}&amp;kind=contractor" in (
        page.content.decode()
    )


def test_the_session_list_takes_the_same_queries_for_one_game_or_two_hundred(
    owner_client, user, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.tables import many_games

    first = many_games(user, 1)
    ana = Player.objects.get(group__owner=user, name="Ana")
    filters = f"/?player={ana.pk}&kind=contractor&q=day&from=2026-01-01&to=2026-12-31"
    counts = {}
    for path in ("/", filters):
        with CaptureQueriesContext(connection) as one:
            owner_client.get(path)
        counts[path] = len(one)
    Session.objects.filter(games=first).delete()
    many_games(user, 200)
    for path, count in counts.items():
        with django_assert_num_queries(count):
            response = owner_client.get(path)
        assert response.context["page"].paginator.count == 200


def test_the_session_page_leads_to_settling_up_the_evening(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    page = owner_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "No game here is played for money yet" in page
    assert "give a game a money value (per point, or per chip in Tridge)" in page
    assert f'href="/sessions/{session.pk}/settle/"' in page
    sheet = json.loads((EXAMPLES / "contractor-three-hands.json").read_text())
    game = import_sheet(session, sheet)
    game.meta = {"stake": "0.10"}
    game.save()
    page = owner_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "1 game played for money" in page


def rules_table(page: str, heading: str) -> str:
    """The rules page from a table's heading to the end of that table."""
    start = page.index(f'id="{heading}"')
    return page[start : page.index("</table>", start)]


@pytest.mark.parametrize(
    ("engine", "name", "key", "heading"),
    [
        (contractor_rules, "THIEVERY", None, "contractor-conditions"),
        (bid_fair_rules, "CARD_POINTS", "A", "bid_fair-cards"),
        (tridge_rules, "HONOUR_WORTH", "D", "tridge-honours"),
        (cardigan_rules, "DUPLICATE_VALUES", "four", "cardigan-duplicates"),
        (cardigan_rules, "LEVEL_BONUS", 7, "cardigan-level"),
    ],
)
def test_the_rules_page_takes_each_games_numbers_from_its_engine(
    client, monkeypatch, engine, name, key, heading
):
    # Changed in the engine, the number changes on the page: it is never typed twice.
    if key is None:
        monkeypatch.setattr(engine, name, 9797)
    else:
        monkeypatch.setitem(getattr(engine, name), key, 9797)
    page = client.get("/rules/").content.decode()
    assert re.search(r"<td>\+?9797</td>", rules_table(page, heading))


def test_the_rules_page_shows_a_games_defaults_in_its_tables(client, monkeypatch):
    @dataclass(frozen=True)
    class Dearer(tridge_rules.Settings):
        slam: int = 4321
        fixed_penalty: dict = field(default_factory=lambda: {"1": 7, "2": 6, "3": 4567})

    monkeypatch.setattr(Tridge, "Settings", Dearer)
    page = client.get("/rules/").content.decode()
    assert "<td>4321</td>" in rules_table(page, "tridge-extras")
    assert "<td>4567</td>" in rules_table(page, "tridge-fixed")


def test_the_rules_page_opens_with_a_link_to_each_game(client):
    page = client.get("/rules/").content.decode()
    start = page.index('aria-label="The games"')
    contents = page[start : page.index("</nav>", start)]
    for key, game in GAMES.items():
        assert f'<a href="#{key}">{game.NAME}</a>' in contents
        assert f'<section class="card rules-game" id="{key}"' in page


def test_a_sessions_date_place_and_note_are_changed_on_its_edit_form(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    url = f"/sessions/{session.pk}/edit/"
    assert 'value="The Crown"' in owner_client.get(url).content.decode()
    owner_client.post(url, {"date": "2026-11-03", "place": "The Swan", "note": "Late"})
    session.refresh_from_db()
    assert (str(session.date), session.place, session.note) == ("2026-11-03", "The Swan", "Late")


def test_a_bad_date_on_the_edit_form_is_said_by_the_field(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
    response = owner_client.post(f"/sessions/{session.pk}/edit/", {"date": "soon"})
    assert response.status_code == 200 and response.context["form"].errors["date"]
    assert 'class="error-summary"' in response.content.decode()


def test_a_deleted_session_and_its_games_are_gone_until_undone(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first(), place="The Crown")
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


def test_the_session_page_says_which_money_games_wait_for_their_end(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    game.meta = {"stake": "0.05"}
    game.save()
    page = owner_client.get(f"/sessions/{game.session.pk}/").content.decode()
    assert "1 game played for money" in page
    assert "1 of them is not finished yet and counts once it is." in page


def test_the_player_filter_tells_a_ben_of_one_group_from_a_ben_of_another(owner_client, user):
    Player.objects.create(group=first_group(user), name="Ben")
    crown = Player.objects.create(group=create_group(user, "The Crown"), name="Ben")
    page = owner_client.get("/").content.decode()
    assert f'<option value="{crown.pk}">Ben (The Crown)</option>' in page
    assert ">Ben</option>" not in page and "Ben (ana&#x27;s table)" in page


def test_the_pages_people_land_on_say_what_they_are_in_a_meta_description(owner_client, user):
    game = make_game(user)
    for path, said in (
        ("/", "keeps the score of Contractor, Bid Fair, Tridge and Cardigan"),
        ("/rules/", "keeps the score of Contractor, Bid Fair, Tridge and Cardigan"),
        (f"/games/{game.pk}/", "The scores of a game of Tridge played at the table"),
    ):
        page = owner_client.get(path).content.decode()
        meta = re.search(r'<meta name="description" content="([^"]+)">', page)
        assert meta and said in meta.group(1), path
