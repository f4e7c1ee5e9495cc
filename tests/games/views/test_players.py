"""The player page: their games, figures and chart, head-to-head, and a range of dates;
renaming, merging and deleting a player."""

import datetime

import pytest

from games.models import Game, Player, Session
from games.money import ledger as money_ledger
from games.records.imports import import_sheet
from tests.sheets import load_example
from tests.tables import BEN_WINS, make_game, many_games

pytestmark = pytest.mark.django_db


def imported(user, name, date="2026-11-20"):
    return import_sheet(
        Session.objects.create(group=user.owned_groups.first(), date=date), load_example(name)[0]
    )


def page_of(client, player, query=""):
    return client.get(f"/players/{player.pk}/{query}")


def test_the_games_a_player_played_are_listed_newest_first_with_where_they_finished(
    owner_client, user
):
    older = imported(user, "contractor-three-hands", "2026-11-01")
    newer = imported(user, "tridge-four-people", "2026-11-20")
    ben = Player.objects.get(group__owner=user, name="Ben")
    page = page_of(owner_client, ben).content.decode()
    assert page.index(f'href="/games/{newer.pk}/"') < page.index(f'href="/games/{older.pk}/"')
    assert "2nd of 3 · Final score 0" in page
    assert "2nd of 4 · Chip result \u221257" in page
    assert "against Ana and Cy" in page


def test_a_partnership_game_names_the_partner_and_the_opponents(owner_client, user):
    imported(user, "cardigan-four-deals")
    cy = Player.objects.get(group__owner=user, name="Cy")
    page = page_of(owner_client, cy).content.decode()
    assert "with Ana, against Ben and Dee" in page
    assert "Won · Final score 98013" in page


def test_head_to_head_counts_the_games_together_and_who_finished_ahead(owner_client, user):
    imported(user, "contractor-three-hands")
    imported(user, "tridge-four-people")
    imported(user, "cardigan-four-deals")
    ben = Player.objects.get(group__owner=user, name="Ben")
    rivals = {rival.player.name: rival for rival in page_of(owner_client, ben).context["rivals"]}
    assert [name for name in rivals][:3] == ["Ana", "Cy", "Dee"]
    assert dict(rivals["Ana"].lines) == {
        "Contractor": "1 game together, Ben ahead in 1, Ana in 0",
        "Tridge": "1 game together, Ben ahead in 1, Ana in 0",
        "Cardigan": "1 game together, Ben ahead in 0, Ana in 1",
    }
    assert dict(rivals["Dee"].lines)["Cardigan"] == "1 game together, 1 as partners"


def test_each_kind_draws_the_players_result_in_every_finished_game_over_time(owner_client, user):
    imported(user, "contractor-three-hands", "2026-11-01")
    imported(user, "contractor-three-hands", "2026-11-02")
    imported(user, "tridge-four-people")
    ana = Player.objects.get(group__owner=user, name="Ana")
    page = page_of(owner_client, ana).content.decode()
    assert page.count("<polyline") == 1  # one Tridge game makes no line
    assert "lowest \u221217, highest \u221217, latest \u221217" in page
    assert "<td>2 Nov 2026</td><td>\u221217</td>" in page


def test_the_dates_choose_the_games_counted_and_listed(owner_client, user):
    imported(user, "contractor-three-hands", "2026-11-01")
    imported(user, "tridge-four-people", "2026-11-20")
    ana = Player.objects.get(group__owner=user, name="Ana")
    response = page_of(owner_client, ana, "?from=2026-11-10&to=2026-11-30")
    assert list(response.context["record"]) == ["tridge"]
    page = response.content.decode()
    assert 'value="2026-11-10"' in page and ">Clear</a>" in page
    assert f"?player={ana.pk}&amp;from=2026-11-10&amp;to=2026-11-30" in page


def test_a_to_date_before_the_from_date_is_said_at_the_top_and_by_the_field(owner_client, user):
    imported(user, "contractor-three-hands", "2026-11-01")
    ana = Player.objects.get(group__owner=user, name="Ana")
    response = page_of(owner_client, ana, "?from=2026-11-10&to=2026-11-01")
    page = response.content.decode()
    assert "There is a problem" in page
    assert page.count("The ‘to’ date must be the same as or after the ‘from’ date") == 2
    assert 'aria-describedby="id_to_error"' in page
    # A reversed range is not applied: every game is shown, never "no games between".
    assert list(response.context["record"]) == ["contractor"]
    assert "no games between these dates" not in page


def test_a_date_that_is_not_one_is_refused_plainly(owner_client, user):
    ana = Player.objects.create(group=user.owned_groups.first(), name="Ana")
    page = page_of(owner_client, ana, "?from=2026-02-31").content.decode()
    assert "Enter a real date, like 2026-11-27" in page


def test_no_games_between_the_dates_says_so_and_how_to_see_them_all(owner_client, user):
    imported(user, "contractor-three-hands", "2026-11-01")
    ana = Player.objects.get(group__owner=user, name="Ana")
    page = page_of(owner_client, ana, "?to=2026-10-01").content.decode()
    assert "Ana played no games between these dates." in page and "Show every date" in page


def test_a_long_history_is_listed_twenty_games_a_page_and_keeps_its_dates(owner_client, user):
    many_games(user, 25)
    ana = Player.objects.get(group__owner=user, name="Ana")
    response = page_of(owner_client, ana, "?from=2026-01-01&page=2")
    assert len(response.context["games"]) == 5
    assert response.context["record"]["contractor"].played == 25
    assert "?page=1&amp;from=2026-01-01" in response.content.decode()


def test_the_player_page_takes_the_same_queries_for_one_game_or_two_hundred(
    owner_client, user, django_assert_num_queries
):
    first = many_games(user, 1)
    ana = Player.objects.get(group__owner=user, name="Ana")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as one:
        assert page_of(owner_client, ana).status_code == 200
    Session.objects.filter(games=first).delete()
    many_games(user, 200)
    with django_assert_num_queries(len(one)):
        response = page_of(owner_client, ana)
    assert response.context["record"]["contractor"].finished == 200
    assert len(response.context["rivals"]) == 2
    assert datetime.date(2026, 7, 19) == response.context["games"][0].date


def player(name):
    return Player.objects.get(name=name)


def test_the_player_page_offers_rename_merge_and_delete(owner_client, user):
    make_game(user)
    page = owner_client.get(f"/players/{player('Ana').pk}/").content.decode()
    for action in ("rename", "merge", "delete"):
        assert f"/players/{player('Ana').pk}/{action}/" in page


def test_a_renamed_player_is_named_anew_in_their_games(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.post(f"/players/{player('Ben').pk}/rename/", {"name": "Benny"})
    assert response["Location"] == f"/players/{player('Benny').pk}/"
    assert "Benny" in owner_client.get(f"/games/{game.pk}/").content.decode()


def test_a_name_another_player_has_is_refused_by_the_field_and_in_the_summary(owner_client, user):
    make_game(user)
    response = owner_client.post(f"/players/{player('Ana').pk}/rename/", {"name": "BEN"})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'class="error-summary"' in page and 'href="#id_name"' in page
    assert 'id="id_name_error"' in page and "merge the two instead" in page
    assert Player.objects.filter(name="Ana").exists()


def test_a_blank_name_is_refused_without_a_server_error(owner_client, user):
    make_game(user)
    response = owner_client.post(f"/players/{player('Ana').pk}/rename/", {"name": "  "})
    assert response.status_code == 200 and response.context["form"].errors["name"]


def test_a_merge_is_confirmed_before_it_is_made(owner_client, user):
    make_game(user, players=("Ana", "Ben", "Cy"), hands=[])
    make_game(user, players=("Anna", "Dee", "Eve"), hands=[])
    url = f"/players/{player('Anna').pk}/merge/"
    confirm = owner_client.post(url, {"keep": player("Ana").pk}).content.decode()
    assert "Merge Anna into Ana?" in confirm and Player.objects.filter(name="Anna").exists()
    done = owner_client.post(url, {"keep": player("Ana").pk, "confirmed": "1"})
    assert done["Location"] == f"/players/{player('Ana').pk}/"
    assert not Player.objects.filter(name="Anna").exists()
    assert player("Ana").games.count() == 2


def test_two_people_of_one_game_are_refused_in_words_next_to_the_choice(owner_client, user):
    make_game(user)
    url = f"/players/{player('Ana').pk}/merge/"
    response = owner_client.post(url, {"keep": player("Ben").pk, "confirmed": "1"})
    assert "so they are two people" in response.context["form"].errors["keep"][0]
    assert Player.objects.filter(name="Ana").exists()


def test_another_accounts_player_cannot_be_picked_for_a_merge(owner_client, user, make_user):
    make_game(user)
    theirs = make_game(make_user("zed"), players=("Zoe", "Yan", "Xi")).seat_set.first().player
    response = owner_client.post(f"/players/{player('Ana').pk}/merge/", {"keep": theirs.pk})
    assert response.context["form"].errors["keep"]


def test_a_deleted_player_is_gone_from_the_lists_and_undo_brings_them_back(owner_client, user):
    game = make_game(user)
    ana = player("Ana")
    assert owner_client.get(f"/players/{ana.pk}/delete/").status_code == 200  # the confirm
    response = owner_client.post(f"/players/{ana.pk}/delete/", follow=True)
    page = response.content.decode()
    assert f'name="restore" value="player-{ana.pk}"' in page and ">Undo<" in page
    assert f'<option value="{ana.pk}"' not in page  # out of the filter
    assert owner_client.get(f"/players/{ana.pk}/").status_code == 404
    assert "Ana" in owner_client.get(f"/games/{game.pk}/").content.decode()
    undone = owner_client.post("/account/restore/", {"restore": f"player-{ana.pk}"})
    assert undone["Location"] == f"/players/{ana.pk}/"
    assert owner_client.get(f"/players/{ana.pk}/").status_code == 200


def test_only_the_owner_renames_merges_or_deletes(stranger_client, user):
    make_game(user)
    ana = player("Ana")
    for action in ("rename", "merge", "delete"):
        response = stranger_client.post(f"/players/{ana.pk}/{action}/", {"name": "X"})
        assert response.status_code == 404
    assert Game.objects.get().players[0] == "Ana" and not player("Ana").deleted


def test_this_is_me_links_a_member_to_a_player_once_per_group(owner_client, user):
    from games.play.groups import first_group

    ana, ben = (Player.objects.create(group=first_group(user), name=n) for n in ("Ana", "Ben"))
    page = owner_client.get(f"/players/{ana.pk}/").content.decode()
    assert "This is me" in page
    owner_client.post(f"/players/{ana.pk}/account/", {"account": "me"})
    ana.refresh_from_db()
    assert ana.account == user
    assert "This is me" not in owner_client.get(f"/players/{ben.pk}/").content.decode()
    owner_client.post(f"/players/{ben.pk}/account/", {"account": "me"})
    ben.refresh_from_db()
    assert ben.account is None


def test_the_owner_links_and_unlinks_a_member_but_a_member_links_only_themself(
    owner_client, user, make_user
):
    from django.test import Client

    from games.models import Membership
    from games.play.groups import first_group

    group = first_group(user)
    bea = make_user("bea")
    Membership.objects.create(group=group, user=bea)
    ben = Player.objects.create(group=group, name="Ben")
    owner_client.post(f"/players/{ben.pk}/account/", {"account": str(bea.pk)})
    ben.refresh_from_db()
    assert ben.account == bea
    other = Client()
    other.force_login(bea)
    assert other.post(f"/players/{ben.pk}/account/", {"account": str(user.pk)}).status_code == 404
    owner_client.post(f"/players/{ben.pk}/account/", {"account": ""})
    ben.refresh_from_db()
    assert ben.account is None


def test_the_members_own_page_shows_their_record_across_their_groups(owner_client, user):
    from games.play.groups import create_group
    from tests.tables import make_game

    make_game(user)
    club = create_group(user, "The club")
    game = make_game(user)  # in the first group too; moved to the club below
    game.session.group = club
    game.session.save()
    for seat in game.seat_set.all():
        seat.player = Player.objects.create(group=club, name=seat.player.name)
        seat.save()
    for player in Player.objects.filter(name="Ana"):
        player.account = user
        player.save()
    page = owner_client.get("/me/")
    assert len(page.context["games"].object_list) == 2
    assert "The club" in page.content.decode()


def test_the_player_page_and_the_members_own_page_take_the_same_queries_at_1_and_10_games(
    owner_client, user
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def counted(url):
        owner_client.get("/rules/")  # the session and the user, read once
        with CaptureQueriesContext(connection) as queries:
            assert owner_client.get(url).status_code == 200
        return len(queries)

    imported(user, "cardigan-four-deals", "2026-11-01")
    ana = Player.objects.get(group__owner=user, name="Ana")
    Player.objects.filter(pk=ana.pk).update(account=user)
    pages = (f"/players/{ana.pk}/", "/me/")
    at_one = [counted(url) for url in pages]
    for day, name in enumerate(
        ["contractor-three-hands", "tridge-four-people", "bid-fair-opening"] * 3, start=2
    ):
        imported(user, name, f"2026-11-{day:02}")
    assert [counted(url) for url in pages] == at_one
    assert len(owner_client.get("/me/").context["games"].object_list) == 10


def test_a_chart_that_leaves_out_older_games_says_so(owner_client, user, monkeypatch):
    from games.records import stats

    monkeypatch.setattr(stats, "CHART_GAMES", 3)
    many_games(user, 5)
    ana = Player.objects.get(group__owner=user, name="Ana")
    page = page_of(owner_client, ana).content.decode()
    assert "Final score in the last 3 of 5 finished games, oldest first (games 3 to 5)" in page
    assert "<tr><td>3</td><td>3 Jan 2026</td>" in page


# --- money ---------------------------------------------------------------------------------


def money_game(user, stake="0.50"):
    """Contractor's example at 0.50 a point: Ana owes 21.00, Ben is owed 4.50, Cy 16.50."""
    from tests.tables import example_game

    session = Session.objects.create(group=user.owned_groups.first())
    return example_game(session, "contractor-three-hands", stake=stake)


def test_a_player_page_says_what_they_owe_or_are_owed_overall_and_leads_to_settle_up(
    owner_client, user
):
    money_game(user)
    group = user.owned_groups.first()
    page = page_of(owner_client, player("Ben")).content.decode()
    assert 'Ben is owed <strong class="gain">4.50</strong> overall' in page
    assert f'href="/groups/{group.pk}/settle/">Settle up</a>' in page
    assert (
        'Ana owes <strong class="loss">21.00</strong>'
        in page_of(owner_client, player("Ana")).content.decode()
    )


def test_a_members_own_page_shows_their_money_in_each_group_and_in_one_they_left(
    client, user, make_user
):
    from decimal import Decimal

    from games.models import Membership
    from games.play import leaving

    bea = make_user("bea")
    group = user.owned_groups.first()
    Membership.objects.create(group=group, user=bea)
    money_game(user)
    Player.objects.filter(group=group, name="Ana").update(account=bea)
    client.force_login(bea)
    page = client.get("/me/").content.decode()
    assert 'you owe <strong class="loss">21.00</strong> overall' in page
    leaving.remove_member(group, bea, by=user)
    page = client.get("/me/").content.decode()
    assert "you left it on" in page and 'you owe <strong class="loss">21.00</strong>' in page
    assert f"/groups/{group.pk}/settle/" not in page  # the amount alone
    money_ledger.pay(group, "Ana", "Cy", Decimal("16.50"), user)
    money_ledger.pay(group, "Ana", "Ben", Decimal("4.50"), user)
    assert "you left it on" not in client.get("/me/").content.decode()  # settled: gone
