"""The group page and the member's own page cost the same queries at 1 game as at 200."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Membership, Player
from games.play.groups import first_group
from tests.tables import BEN_WINS, make_game, many_games

pytestmark = pytest.mark.django_db


def counted(client, url) -> int:
    client.get("/rules/")  # the session and the user, read once
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


@pytest.fixture
def members(make_user, user):
    group = first_group(user)
    for name in ("bea", "cy", "dee"):
        Membership.objects.create(group=group, user=make_user(name))
    return group


def test_the_group_page_costs_the_same_queries_at_1_and_200_games(
    owner_client, user, members, django_assert_num_queries
):
    many_games(user, 1)
    ended(user)  # chips on the table: the page lists what lies there
    url = f"/groups/{members.pk}/"
    at_one = counted(owner_client, url)
    many_games(user, 179)
    for _ in range(20):
        ended(user)
    with django_assert_num_queries(at_one):
        page = owner_client.get(url).content.decode()
    assert page.count("Share them out") == 21


def ended(user):
    """A Tridge match over, its funds kept: 120 chips on the table."""
    make_game(user, rules={"hands": 1}, hands=[BEN_WINS])


def test_the_members_own_page_costs_the_same_queries_at_1_and_200_games(
    owner_client, user, django_assert_num_queries
):
    many_games(user, 1)
    Player.objects.filter(name="Ana").update(account=user)
    at_one = counted(owner_client, "/me/")
    many_games(user, 199)
    with django_assert_num_queries(at_one):
        page = owner_client.get("/me/")
    assert page.context["games"].paginator.count == 200
