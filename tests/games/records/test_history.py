"""Looking back (games/records/history.py): which sessions a page of the list holds."""

import datetime

import pytest

from games.models import Player, Session
from games.play.groups import create_group, first_group
from games.records.history import players_of, sessions_page
from tests.tables import many_games

pytestmark = pytest.mark.django_db


def places(page):
    return [session.place for session in page]


def test_the_dates_and_the_search_choose_among_the_sessions_with_the_player_and_kind(user):
    many_games(user, 12)
    Session.objects.filter(place="Day 4").update(note="Ana's BIRTHDAY")
    ana = Player.objects.get(group__owner=user, name="Ana")
    page = sessions_page(user, 1, ana.pk, "contractor", datetime.date(2026, 1, 3), None, "day 1")
    assert places(page) == ["Day 12", "Day 11", "Day 10"]
    page = sessions_page(user, until=datetime.date(2026, 1, 4), search="birthday")
    assert places(page) == ["Day 4"]
    assert places(sessions_page(user, kind="tridge")) == []


def test_a_session_with_two_of_the_players_games_is_listed_once_with_both(user):
    from games.records.imports import import_sheet
    from tests.sheets import load_example

    game = many_games(user, 1)
    import_sheet(game.session, load_example("contractor-three-hands")[0])
    ana = Player.objects.get(group__owner=user, name="Ana")
    page = sessions_page(user, player_id=ana.pk, search="DAY")
    assert places(page) == ["Day 1"] and len(page[0].results) == 2


def test_a_name_in_two_groups_is_told_apart_by_its_group_and_a_name_found_once_is_not(user):
    Player.objects.create(group=first_group(user), name="Ben")
    Player.objects.create(group=first_group(user), name="Cy")
    Player.objects.create(group=create_group(user, "The Crown"), name="ben")
    labels = [player.label for player in players_of(user)]
    assert labels == ["Ben (ana's table)", "ben (The Crown)", "Cy"]
