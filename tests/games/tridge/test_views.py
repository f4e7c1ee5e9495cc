"""Tridge's own screen: settling up (games/tridge/views.py)."""

from decimal import Decimal

import pytest

from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


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
