"""Tridge's own screen: settling up (games/tridge/views.py)."""

from decimal import Decimal

import pytest

from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def test_the_settlement_lists_results_and_the_fewest_payments(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    response = owner_client.get(
        f"/games/{game.pk}/tridge/settlement/?split_funds=1&chip_value=0.10"
    )
    result = response.context["result"]
    # 120 chips on the table (20 game + 100 widow) split 30 each.
    assert result.results == {"Ana": -8, "Ben": 24, "Cy": -8, "Dee": -8}
    assert sum(p.chips for p in result.payments) == 24
    assert "pays <strong>Ben</strong>" in response.content.decode()
    assert "0.80" in response.content.decode()


def test_a_bad_chip_value_is_refused_next_to_the_field(owner_client, user):
    game = make_game(user)
    response = owner_client.get(f"/games/{game.pk}/tridge/settlement/?chip_value=lots")
    assert response.context["form"].errors["chip_value"]
    assert response.status_code == 200
    assert "Write an amount such as 0.05 or 0,05" in response.content.decode()


def test_money_per_chip_typed_with_a_decimal_comma_is_a_hundredth_not_five(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    page = owner_client.get(f"/games/{game.pk}/tridge/settlement/?chip_value=0,05")
    assert page.context["result"].chip_value == Decimal("0.05")
    # A text field: a browser's number field would send "0,05" as 5 (a thousands comma).
    assert '<input type="text" name="chip_value" value="0,05"' in page.content.decode()


def test_only_tridge_games_are_settled(owner_client, user):
    game = make_game(user, kind="contractor", players=("Ana", "Ben", "Cy"))
    assert owner_client.get(f"/games/{game.pk}/tridge/settlement/").status_code == 404


def test_a_game_that_ends_with_everyone_down_alike_is_a_tie_not_four_winners(owner_client, user):
    # Each of four put 25 + 5 into the opening funds and 5 more for the pass: 35 down.
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "Game over: a tie, everyone down 35." in page
    assert "win." not in page and ">winner</span>" not in page


def test_the_settlement_is_polled_as_the_board_is_with_the_options_worked_out(
    owner_client, anon_client, user
):
    game = make_game(user, hands=[BEN_WINS])
    game.share_token = "a-long-enough-share-token-for-this-test"
    game.save(update_fields=["share_token"])
    for client, way in (
        (owner_client, f"/games/{game.pk}/"),
        (anon_client, "/s/a-long-enough-share-token-for-this-test/"),
    ):
        settlement = f"{way}tridge/settlement/"
        page = client.get(settlement + "?split_funds=1&chip_value=0,10").content.decode()
        poll = f"{settlement}?split_funds=1&amp;chip_value=0%2C10&amp;live=1"
        assert f'hx-get="{poll}" hx-trigger="every 5s"' in page
        # What is typed in the options stays as it is while the results around it are swapped.
        assert 'id="settle-options" hx-preserve="true"' in page
        url = poll.replace("&amp;", "&")
        first = client.get(url, headers=HTMX)
        assert "<html" not in first.content.decode() and "0.80" in first.content.decode()
        again = HTMX | {"If-None-Match": first["ETag"]}
        assert client.get(url, headers=again).status_code == 304
    owner_client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"})
    changed = anon_client.get(url, headers=again)
    assert changed.status_code == 200 and "Funds on the table: 140" in changed.content.decode()
