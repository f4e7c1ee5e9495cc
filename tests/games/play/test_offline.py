"""What a new hand's page carries for a phone with no signal (games/play/offline.py)."""

import pytest

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
    assert "Ben deals and sits out" in second and 'name="tricks_1"' not in second


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
