"""Looking back: the sessions list with results and filters, players' records."""

import pytest

from games.models import Player, Session
from games.records.imports import import_sheet
from tests.sheets import EXAMPLES, load_example
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def imported(user, name, place=""):
    data, _ = load_example(name)
    return import_sheet(Session.objects.create(group=user.owned_groups.first(), place=place), data)


def test_the_sessions_list_shows_each_games_result(owner_client, user):
    imported(user, "contractor-three-hands", "Finished place")
    imported(user, "tridge-three-people", "Open place")
    page = owner_client.get("/").content.decode()
    assert "Cy won" in page
    assert "8 hands, not finished: resume" in page


def test_sessions_can_be_filtered_by_player_and_by_game(owner_client, user):
    imported(user, "contractor-three-hands", "Contractor night")
    imported(user, "bid-fair-opening", "Bid Fair night")
    make_game(user, players=("Dee", "Eve", "Fay"), kind="contractor")
    dee = Player.objects.get(group__owner=user, name="Dee")
    page = owner_client.get(f"/?player={dee.pk}").content.decode()
    assert "Dee, Eve, Fay" in page and "Contractor night" not in page
    page = owner_client.get("/?kind=bid_fair").content.decode()
    assert "Bid Fair night" in page and "Contractor night" not in page


def test_the_history_list_takes_the_same_queries_for_one_game_or_many(
    owner_client, user, django_assert_max_num_queries
):
    imported(user, "tridge-four-people")
    with django_assert_max_num_queries(8) as one:
        owner_client.get("/")
    for name in ("contractor-three-hands", "bid-fair-opening", "cardigan-four-deals") * 3:
        imported(user, name)
    with django_assert_max_num_queries(len(one.captured_queries)):
        owner_client.get("/")


def test_a_session_page_lists_its_games_with_their_results(owner_client, user):
    game = imported(user, "cardigan-four-deals")
    page = owner_client.get(f"/sessions/{game.session.pk}/").content.decode()
    assert "Ana &amp; Cy won" in page


def test_a_players_record_counts_games_wins_and_each_games_figures(owner_client, user):
    imported(user, "contractor-three-hands")
    imported(user, "tridge-four-people")
    ben = Player.objects.get(group__owner=user, name="Ben")
    response = owner_client.get(f"/players/{ben.pk}/")
    record = response.context["record"]
    assert record["contractor"].played == 1 and record["contractor"].won == 0
    assert record["contractor"].figures["Contracts bid"] == 2
    assert record["contractor"].figures["Contracts made"] == 1
    assert record["tridge"].figures["Hands played as the player"] == 1
    assert record["tridge"].figures["Net chips"] == 343 - 400
    assert record["tridge"].average == -57


def test_another_users_player_does_not_exist_for_you(stranger_client, user):
    player = Player.objects.create(group=user.owned_groups.first(), name="Ana")
    assert stranger_client.get(f"/players/{player.pk}/").status_code == 404


def test_the_game_page_draws_a_chart_with_the_hands_table_beside_it(owner_client, user):
    game = make_game(user, hands=[BEN_WINS, {"passed": True}])
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert 'role="img"' in page and "<polyline" in page
    assert 'class="hands"' in page and "the table of hands gives the same numbers" in page
    assert EXAMPLES.exists()
