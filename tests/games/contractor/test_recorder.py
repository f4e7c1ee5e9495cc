"""Contractor's auction recorder on the hand form (games/contractor/forms.py over
games/contractor/auction.py), call by call through the app, with and without JavaScript."""

import json

import pytest

from games.models import Hand
from tests.games.contractor.test_views import HTMX, PLAYERS, post, url
from tests.tables import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(user):
    return make_game(user, kind="contractor", players=PLAYERS)


def call(client, game, state, kind, number=1, **fields):
    """Tap a call button: the form as shown, plus the button."""
    data = post(number, mode="auction", **state, **fields)
    data["call"] = f"{kind}.{len(json.loads(state.get('auction', '[]')))}"
    response = client.post(url(game), data, headers=HTMX)
    form = response.context["form"]
    return response, {"auction": form["auction"].value()}


def test_an_auction_is_recorded_call_by_call_and_fills_in_the_hand(owner_client, game):
    response, state = call(owner_client, game, {"auction": "[]"}, "pass")  # Ben passes
    page = response.content.decode()
    assert "<strong>Cy</strong> to call" in page and "challenges" not in page
    bid = {"strain": "clubs", "kitty_foregone": "2", "exposed": "on"}
    response, state = call(owner_client, game, state, "bid", **bid)  # Cy bids 10
    page = response.content.decode()
    assert "<strong>Ana</strong> to call" in page
    assert "Ana challenges Cy's 10" in page and "Ana passes" in page
    response, state = call(owner_client, game, state, "challenge")  # Ana challenges
    page = response.content.decode()
    # Only the third player, Ben, may answer, and Ben has passed: the auction is over.
    assert (
        "<strong>Cy</strong> is the contractor" in page
        and "<strong>Ana</strong> challenges" in page
    )
    assert 'name="tricks_0"' in page
    fields = post(mode="auction", **state, tricks_0="2", tricks_1="2", tricks_2="6", save="1")
    assert owner_client.post(url(game), fields).status_code == 302
    record = Hand.objects.get().record
    assert {k: v for k, v in record.items() if k != "meta"} == {
        "contractor": "Cy",
        "strain": "clubs",
        "kitty_foregone": 2,
        "exposed": True,
        "challenger": "Ana",
        "tricks": {"Ana": 2, "Ben": 2, "Cy": 6},
    }
    assert [c["call"] for c in record["meta"]["auction"]] == ["pass", "bid", "challenge"]
    history = owner_client.get(url(game, "hands/1/history/")).content.decode()
    assert (
        "Auction: Ben passes; Cy \u2663 clubs, 2 kitty foregone, exposed (10); Ana challenges"
        in history
    )


def test_the_recorder_works_as_plain_form_posts_without_javascript(owner_client, game):
    data = post(mode="auction", auction="[]", call="pass.0")
    response = owner_client.post(url(game), data)
    page = response.content.decode()
    assert "<html" in page and "<strong>Cy</strong> to call" in page
    assert response.context["form"].auction_state.calls[0].player == "Ben"


def test_a_bid_that_does_not_beat_the_highest_is_not_offered(owner_client, game):
    _, state = call(owner_client, game, {"auction": "[]"}, "bid", strain="no_trump")  # Ben 7
    fields = post(mode="auction", **state, strain="clubs")
    page = owner_client.post(url(game), fields, headers=HTMX).content.decode()
    assert "a bid must be worth more than 7" in page
    assert 'value="bid.1' not in page
    fields["exposed"] = "on"
    page = owner_client.post(url(game), fields, headers=HTMX).content.decode()
    assert "Cy bids 8" in page and 'value="bid.1.8"' in page


def test_a_bid_changed_after_its_button_was_shown_is_checked_again(owner_client, game):
    fields = post(mode="auction", auction="[]", strain="no_trump", exposed="on", call="bid.0.7")
    response = owner_client.post(url(game), fields)  # without JavaScript: no live update
    assert (
        "This bid is worth 9, not 7: check it and tap the bid again." in response.content.decode()
    )
    assert response.context["form"].auction_state.calls == []


def test_a_bid_call_that_does_not_beat_the_highest_is_refused_all_the_same(owner_client, game):
    _, state = call(owner_client, game, {"auction": "[]"}, "bid", strain="no_trump")
    response, state = call(owner_client, game, state, "bid", strain="clubs")
    assert "must be worth more than Ben&#x27;s 7" in response.content.decode()
    assert len(json.loads(state["auction"])) == 1


def test_while_a_challenge_stands_the_third_player_may_pass_or_bid_only(owner_client, game):
    _, state = call(owner_client, game, {"auction": "[]"}, "bid", strain="clubs")  # Ben 6
    response, state = call(owner_client, game, state, "challenge")  # Cy challenges
    page = response.content.decode()
    assert "<strong>Ana</strong> to call" in page and "challenged by Cy" in page
    assert 'value="challenge.2"' not in page and 'value="pass.2"' in page
    # Ana, the dealer, bids more: the challenge lapses and Ben may bid or challenge again.
    response, state = call(owner_client, game, state, "bid", strain="clubs")  # 7 with the bonus
    page = response.content.decode()
    assert "<strong>Ben</strong> to call" in page and "Ben challenges Ana's 7" in page


def test_three_passes_are_a_redeal_kept_with_its_auction(owner_client, game):
    state = {"auction": "[]"}
    for _ in range(3):
        response, state = call(owner_client, game, state, "pass")
    page = response.content.decode()
    assert "All three passed: a redeal. Ana deals again" in page
    assert 'name="tricks_0"' not in page
    owner_client.post(url(game), post(mode="auction", **state, save="1"))
    record = Hand.objects.get().record
    assert record["redeal"] is True and len(record["meta"]["auction"]) == 3
    assert owner_client.get(url(game, "")).context["score"].next_dealer == "Ana"


def test_undo_takes_back_the_last_call(owner_client, game):
    _, state = call(owner_client, game, {"auction": "[]"}, "pass")
    response, state = call(owner_client, game, state, "undo")
    assert state["auction"] == "[]"
    assert "<strong>Ben</strong> to call" in response.content.decode()


def test_saving_before_the_auction_ends_says_who_is_to_call(owner_client, game):
    _, state = call(owner_client, game, {"auction": "[]"}, "pass")
    response = owner_client.post(url(game), post(mode="auction", **state, save="1"))
    assert "The auction is not over yet: Cy is to call." in response.content.decode()
    assert not Hand.objects.exists()


def test_editing_a_recorded_hand_opens_the_recorder_with_its_calls(owner_client, game):
    _, state = call(owner_client, game, {"auction": "[]"}, "bid", strain="spades")
    _, state = call(owner_client, game, state, "pass")
    _, state = call(owner_client, game, state, "pass")
    owner_client.post(
        url(game), post(mode="auction", **state, tricks_0="1", tricks_1="7", save="1")
    )
    page = owner_client.get(url(game, "hands/1/")).content.decode()
    assert 'value="auction" id="id_mode_1" checked' in page
    assert "<strong>Ben</strong> is the contractor" in page and 'value="7"' in page
