"""Tridge's own screens: settling up, ending the match (games/tridge/views.py)."""

from decimal import Decimal

import pytest

from tests.pages import shown
from tests.tables import BEN_WINS, make_game, turn_on

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def choose(client, game, split="1", chip_value="0.10"):
    return client.post(
        f"/games/{game.pk}/tridge/settlement/options/",
        {"split_funds": split, "chip_value": chip_value},
    )


def test_the_settlement_lists_each_persons_chips_and_money_as_it_would_settle_now(
    owner_client, user
):
    game = make_game(user, hands=[BEN_WINS])
    assert choose(owner_client, game).status_code == 302
    response = owner_client.get(f"/games/{game.pk}/tridge/settlement/")
    money = response.context["money"]
    # 120 chips on the table (20 game + 100 widow) split 30 each.
    assert money.units == {"Ana": -8, "Ben": 24, "Cy": -8, "Dee": -8}
    assert money.money["Ben"] == Decimal("2.40") and money.shared == 120
    page = response.content.decode()
    assert "−0.80" in page and "this is how it would settle now" in page


def test_funds_shared_out_are_said_as_each_persons_share_and_what_stays_on_the_table(
    owner_client, user
):
    # A draw: Cy doubles the game fund (40) and pays his 3 honours to the widow's (103).
    draw = {"player": "Cy", "bid": "play", "trumps": "C", "honours": 3}
    draw["tricks"] = {"Ben": 3, "Cy": 3, "Dee": 3}
    game = make_game(user, rules={"hands": 1}, hands=[draw])
    choose(owner_client, game)
    page = owner_client.get(f"/games/{game.pk}/tridge/settlement/").content.decode()
    assert (
        "140 of the 143 chips in the funds, worth 14.00, were shared out equally: 35 each; "
        "the 3 that cannot be shared stay on the table for the next match." in page
    )
    assert "The table keeps" not in page  # never that it keeps what it gave away


def test_without_a_money_value_the_settlement_lists_the_fewest_payments_in_chips(
    owner_client, user
):
    game = make_game(user, hands=[BEN_WINS])
    choose(owner_client, game, chip_value="")
    response = owner_client.get(f"/games/{game.pk}/tridge/settlement/")
    assert sum(p.chips for p in response.context["money"].chip_payments) == 24
    assert 'pays <strong>Ben</strong> <span class="amount">8 chips' in response.content.decode()


def test_a_bad_chip_value_is_refused_next_to_the_field_and_nothing_is_kept(owner_client, user):
    game = make_game(user)
    response = choose(owner_client, game, chip_value="lots")
    assert response.context["form"].errors["chip_value"]
    assert response.status_code == 200
    page = response.content.decode()
    assert "Write an amount such as 0.05 or 0,05" in page
    assert 'value="lots"' in page and "There is a problem" in page
    game.refresh_from_db()
    assert "stake" not in game.meta


def test_money_per_chip_typed_with_a_decimal_comma_is_a_hundredth_not_five(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    choose(owner_client, game, split="0", chip_value="0,05")
    page = owner_client.get(f"/games/{game.pk}/tridge/settlement/")
    assert page.context["money"].stake == Decimal("0.05")
    # A text field: a browser's number field would send "0,05" as 5 (a thousands comma).
    assert '<input type="text" name="chip_value" value="0.05"' in page.content.decode()


def test_the_choices_are_kept_for_every_phone_and_only_a_scorer_makes_them(
    owner_client, anon_client, user
):
    game = turn_on(owner_client, make_game(user, hands=[BEN_WINS]))
    choose(owner_client, game, split="1", chip_value="0.10")
    shared = anon_client.get(f"/s/{game.share_token}/tridge/settlement/")
    assert shared.context["split"] and shared.context["money"].stake == Decimal("0.1")
    # Those watching see the choices, never the form that makes them.
    assert 'id="settle-options"' not in shared.content.decode()
    refused = anon_client.post(
        f"/s/{game.share_token}/tridge/settlement/options/", {"split_funds": "0"}
    )
    assert refused.status_code in (403, 404)


def test_money_is_on_the_board_beside_the_chips_once_a_value_is_set(owner_client, user):
    game = make_game(user, hands=[BEN_WINS])
    assert "a chip" not in owner_client.get(f"/games/{game.pk}/").content.decode()
    choose(owner_client, game, split="0", chip_value="0.10")
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "Money at 0.10 a chip" in page
    # Ben won the hand but is 6 down on what he started with (the opening payments).
    assert '<span class="note">−6 chips · −0.60</span>' in page
    # The funds: 20 in the game fund, 100 in the widow's.
    assert '<span class="amount">20</span><span class="note">2.00</span>' in page
    assert '<span class="amount">100</span><span class="note">10.00</span>' in page


def test_only_tridge_games_are_settled(owner_client, user):
    game = make_game(user, kind="contractor", players=("Ana", "Ben", "Cy"))
    assert owner_client.get(f"/games/{game.pk}/tridge/settlement/").status_code == 404


def test_a_game_that_ends_with_everyone_down_alike_is_a_tie_not_four_winners(owner_client, user):
    # Each of four put 25 + 5 into the opening funds and 5 more for the pass: 35 down.
    game = make_game(user, rules={"hands": 1}, hands=[{"passed": True}])
    page = owner_client.get(f"/games/{game.pk}/").content.decode()
    assert "Game over: a tie, everyone down 35." in page
    assert "win." not in shown(page) and ">winner</span>" not in page


def test_the_settlement_is_polled_as_the_board_is_with_the_options_kept(
    owner_client, anon_client, user
):
    game = make_game(user, hands=[BEN_WINS])
    game.share_token = "a-long-enough-share-token-for-this-test"
    game.save(update_fields=["share_token"])
    choose(owner_client, game, split="1", chip_value="0,10")
    for client, way in (
        (owner_client, f"/games/{game.pk}/"),
        (anon_client, "/s/a-long-enough-share-token-for-this-test/"),
    ):
        settlement = f"{way}tridge/settlement/"
        page = client.get(settlement).content.decode()
        url = f"{settlement}?live=1"
        assert f'hx-get="{url}" hx-trigger="every 5s"' in page
        first = client.get(url, headers=HTMX)
        assert "<html" not in first.content.decode() and "0.80" in first.content.decode()
        again = HTMX | {"If-None-Match": first["ETag"]}
        assert client.get(url, headers=again).status_code == 304
    owner_client.post(f"/games/{game.pk}/hands/new/", {"number": 2, "kind": "passed", "save": "1"})
    changed = anon_client.get(url, headers=again)
    assert changed.status_code == 200 and "Funds on the table: 140" in changed.content.decode()
