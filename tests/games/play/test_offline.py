"""What a new hand's page carries for a phone with no signal (games/play/offline.py)."""

import pytest

from tests.pages import shown
from tests.tables import make_game

pytestmark = pytest.mark.django_db

CONTRACT = {"contractor": "Ana", "strain": "clubs", "tricks": {"Ana": 6, "Ben": 2, "Cy": 2}}


def page(client, game):
    response = client.get(f"/games/{game.pk}/hands/new/")
    return response.context, response.content.decode()


def test_a_tridge_page_carries_a_round_of_the_next_hands_each_with_its_dealer(owner_client, user):
    context, html = page(owner_client, make_game(user))
    assert [form.number for form in context["ahead"]] == [2, 3, 4, 5]
    assert [form.dealer for form in context["ahead"]] == ["Ben", "Cy", "Dee", "Ana"]
    # With four, the dealer sits out: hand 2's form has no row of tricks for Ben.
    assert html.count('<template class="hand-ahead">') == 4
    second = html.split('<template class="hand-ahead">')[1].split("</template>")[0]
    assert '<span class="sits-out"> and ' in second and "Ben deals and sits out." in shown(second)
    # Ben's row of tricks is an in-comer's alone: drawn, out of sight unless In-comer is chosen.
    assert 'only-incomer" id="tricks_1"' in second and 'only-incomer" id="tricks_0"' not in second


def test_the_forms_carried_hold_no_one_time_key_the_phone_makes_its_own(owner_client, user):
    context, html = page(owner_client, make_game(user))
    for carried in html.split('<template class="hand-ahead">')[1:]:
        assert 'name="submission" value=""' in carried
    assert html.count(f'value="{context["submission"]}"') == 1  # the page's own form only


def test_contractors_next_form_counts_one_more_hand_scored(owner_client, user):
    game = make_game(user, "contractor", ("Ana", "Ben", "Cy"), hands=[{"redeal": True}])
    context, html = page(owner_client, game)
    assert context["form"].dealer == "Ana"  # a redeal: Ana deals again
    assert [form.dealer for form in context["ahead"]] == ["Ben", "Cy", "Ana"]
    assert [form.hands_left() for form in context["ahead"]] == [8, 7, 6]
    assert 'data-redeal="save=redeal"' in html


def test_cardigans_forms_stop_at_its_last_deal(owner_client, user):
    game = make_game(user, "cardigan", ("Ana", "Ben", "Cy", "Dee"))
    context, _ = page(owner_client, game)
    assert [form.dealer for form in context["ahead"]] == ["Ben", "Cy", "Dee"]


def test_bid_fairs_dealer_is_not_known_offline_so_no_forms_are_carried(owner_client, user):
    context, html = page(owner_client, make_game(user, "bid_fair", ("Ana", "Ben")))
    assert context["ahead"] == ()
    assert 'id="queue"' in html and "data-known" not in html and "hand-ahead" not in html


def test_a_correction_carries_nothing_for_offline(owner_client, user):
    game = make_game(user, "contractor", ("Ana", "Ben", "Cy"), hands=[CONTRACT])
    response = owner_client.get(f"/games/{game.pk}/hands/1/")
    assert response.context["ahead"] is None
    assert 'id="queue"' not in response.content.decode()


# --- the game's last hand: no form past it, and the page names it --------------------------
PASSED = {"passed": True}
CARDIGAN = ("Ana", "Ben", "Cy", "Dee")


def cardigan_deals(count):
    deal = {
        "declarer": "Ana",
        "level": 1,
        "bid": "no_trump",
        "tricks": 7,
        "card_points": {"Ana & Cy": 90, "Ben & Dee": 50},
    }
    return [deal] * count


def test_cardigans_page_names_deal_4_the_last_and_carries_no_deal_5(owner_client, user):
    game = make_game(user, "cardigan", CARDIGAN, hands=cardigan_deals(2))
    context, html = page(owner_client, game)
    assert context["last_hand"] == 4
    assert [form.number for form in context["ahead"]] == [4]
    assert 'data-last="4"' in html
    end = html.split('<template class="hand-last"')[1].split("</template>")[0]
    assert 'data-title="No more deals"' in end
    assert "Deal 4 is the last deal of the game: the scores come when the signal returns." in end


def test_cardigans_last_deal_carries_no_form_after_it(owner_client, user):
    game = make_game(user, "cardigan", CARDIGAN, hands=cardigan_deals(3))
    context, html = page(owner_client, game)
    assert context["form"].number == 4 and context["ahead"] == ()
    assert 'data-last="4"' in html and "hand-ahead" not in html and "hand-last" in html


def test_a_planned_tridge_match_carries_no_form_past_its_last_hand(owner_client, user):
    game = make_game(user, rules={"hands": 12}, hands=[PASSED] * 9)
    context, html = page(owner_client, game)
    assert context["last_hand"] == 12
    assert [form.number for form in context["ahead"]] == [11, 12]
    assert 'data-last="12"' in html
    assert "Hand 12 is the last hand of the game" in html


def test_a_tridge_match_not_planned_has_no_last_hand_and_goes_round(owner_client, user):
    context, html = page(owner_client, make_game(user, hands=[PASSED] * 30))
    assert context["last_hand"] is None and len(context["ahead"]) == 4
    assert "data-last" not in html


def test_a_tridge_match_ended_by_the_table_is_over_and_carries_no_form(owner_client, user):
    game = make_game(user, hands=[PASSED] * 3)
    game.rules = game.rules | {"hands": 3}
    game.save()
    context, html = page(owner_client, game)
    assert context.get("ahead") is None and 'id="queue"' not in html
    assert "No more hands" in html


def test_contractors_last_hand_is_the_planned_ones_redeals_not_counted(owner_client, user):
    redeal = {"redeal": True}
    game = make_game(user, "contractor", ("Ana", "Ben", "Cy"), hands=[CONTRACT] * 6 + [redeal])
    context, html = page(owner_client, game)
    # Six of the nine planned are scored: hands 8, 9 and 10 are left.
    assert context["form"].number == 8 and context["last_hand"] == 10
    assert [form.number for form in context["ahead"]] == [9, 10]
    assert [form.hands_left() for form in context["ahead"]] == [2, 1]
    # A redeal kept on the phone puts the last one further: the words name no number.
    assert "That was the last hand of the game: the scores come when" in html


def test_contractors_last_planned_hand_carries_no_form_after_it(owner_client, user):
    game = make_game(user, "contractor", ("Ana", "Ben", "Cy"), hands=[CONTRACT] * 8)
    context, html = page(owner_client, game)
    assert context["last_hand"] == 9 and context["ahead"] == ()
    assert 'data-last="9"' in html


def test_bid_fairs_end_is_not_known_before_the_scores_so_no_last_hand_is_named(owner_client, user):
    context, html = page(owner_client, make_game(user, "bid_fair", ("Ana", "Ben")))
    assert context["last_hand"] is None and "data-last" not in html
    # The words for a phone whose kept hands end the game (bid_fair/end.js tells it).
    end = html.split('<template class="hand-last"')[1].split("</template>")[0]
    assert "The hands kept on this phone end the game: the scores come when" in end


def test_a_bid_fair_game_over_carries_no_form_for_a_hand_after_its_end(owner_client, user):
    # Played to 50: hand 1 leaves Ana alone past it.
    ends = {"cut": "10C", "points": {"Ana": 60, "Ben": 50}}
    game = make_game(user, "bid_fair", ("Ana", "Ben"), rules={"target": 50}, hands=[ends])
    context, html = page(owner_client, game)
    assert context.get("ahead") is None
    assert 'id="queue"' not in html and "hand-ahead" not in html and "hand-last" not in html
    assert "No more hands" in html


def test_ahead_stops_at_the_last_hand_the_game_names_whatever_form_after_offers(user):
    from games.play import offline
    from games.tridge.forms import HandForm

    game = make_game(user, rules={"hands": 6}, hands=[PASSED] * 2)
    form = HandForm(game=game, number=3)
    assert offline.last(form) == 6
    assert [later.number for later in offline.ahead(form)] == [4, 5, 6]
