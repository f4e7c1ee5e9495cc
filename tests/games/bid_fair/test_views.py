"""Bid Fair at the table: the deal form's live preview, saving, refusing, redeals. The
scoreboard and a game's later life (corrections, imports) are in test_board.py."""

import re

import pytest

from games.models import Hand
from tests.pages import shown
from tests.tables import make_game

pytestmark = pytest.mark.django_db

# The opening deal of tests/data/examples/bid-fair-opening.json: Ana shows J♥, Q♥ is cut,
# and Ben makes his contract of 50 with 61 card points against Ana's 49.
ANA_TOOK = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN_TOOK = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]
OPENING = {"bids": {"Ana": "JH"}, "cut": "QH", "captured": {"Ana": ANA_TOOK, "Ben": BEN_TOOK}}
# Deal 3 of the example: Ana 9♠, Ben K♣ (a doubled 70 for Ana), spades, points only.
DOUBLED = {"bids": {"Ana": "9S", "Ben": "KC"}, "trump": "S", "points": {"Ana": 71, "Ben": 40}}
HTMX = {"HX-Request": "true"}


def url(game, rest="hands/new/"):
    return f"/games/{game.pk}/{rest}"


def picked(ana=ANA_TOOK, ben=BEN_TOOK):
    post = {f"got_{card}": "0" for card in ana}
    post.update({f"got_{card}": "1" for card in ben})
    return post


def opening_post(number=1, **changes):
    post = {"number": number, "kind": "played", "bid_0": "JH", "cut": "QH", "count": "cards"}
    post.update(picked())
    post.update(changes)
    return {key: value for key, value in post.items() if value is not None}


def doubled_post(number=1, **changes):
    post = {"number": number, "kind": "played", "bid_0": "9S", "bid_1": "KC", "cut": "S"}
    post |= {"count": "points", "points_0": 71, "points_1": 40}
    post.update(changes)
    return {key: value for key, value in post.items() if value is not None}


def radio(page, name, value):
    """The radio of `name` with `value` as drawn: its attributes say if it is checked."""
    found = re.findall(rf'<input type="radio" name="{name}" value="{value}"[^>]*>', page)
    assert len(found) == 1, found
    return found[0]


def text(response):
    """The page as words, as a player reads it (tests/pages.py)."""
    return shown(response.content.decode())


# --- the form and its live preview ---------------------------------------------------------


def test_the_deal_form_says_who_deals_and_who_bids_first(owner_client, game):
    page = text(owner_client.get(url(game)))
    assert "Ana deals, Ben bids first" in page
    assert "No bid" in page and "Cut card" in page and "0 of 14 taken" in page
    # The first bidder's pack comes first.
    assert page.index("Ben\u2019s bid") < page.index("Ana\u2019s bid")


def test_every_card_of_the_pack_can_be_tapped_with_its_name_for_screen_readers(owner_client, game):
    page = owner_client.get(url(game)).content.decode()
    for card in ("AS", "10H", "9D", "QC"):
        radio(page, "bid_0", card), radio(page, "cut", card), radio(page, f"got_{card}", "0")
    assert 'aria-label="queen of hearts"' in page and 'aria-label="ten of clubs"' in page
    assert '<span class="pip">Q\u2665</span>' in page


def test_a_tap_answers_the_form_fragment_with_the_live_preview(owner_client, game):
    response = owner_client.post(url(game), opening_post(), headers=HTMX)
    page = response.content.decode()
    assert "<html" not in page and 'id="entry"' in page
    assert response.context["preview"].deltas == {"Ana": 129, "Ben": 73}
    words = text(response)
    assert "Ben makes the contract of 50 with 61: a bonus of 12" in words
    assert "Ana collects the reward of 40" in words
    assert "Card points 49 61" in words
    assert "Trump bonus +40 0" in words
    assert "Holder\u2019s bonus 0 +12" in words
    assert "Contract reward +40 0" in words
    assert not Hand.objects.exists()


def test_the_preview_works_without_javascript_too(owner_client, game):
    response = owner_client.post(url(game), opening_post(preview="1"))
    assert "<html" in response.content.decode()
    assert response.context["preview"].deltas == {"Ana": 129, "Ben": 73}


def test_the_form_says_at_once_who_holds_the_contract_and_whether_it_is_doubled(owner_client, game):
    one = text(owner_client.post(url(game), {"number": 1, "bid_0": "JH"}, headers=HTMX))
    assert "Ben holds the contract, worth 50" in one and "Not doubled." in one
    both = text(
        owner_client.post(url(game), {"number": 1, "bid_0": "9S", "bid_1": "KC"}, headers=HTMX)
    )
    assert "Ana holds the contract, worth 70" in both and "Doubled" in both
    none = text(owner_client.post(url(game), {"number": 1, "kind": "played"}, headers=HTMX))
    assert "No contract" in none


def test_the_contract_values_and_bonuses_come_from_the_game_settings(owner_client, user):
    rules = {"contract_values": {"9": 30, "10": 40, "J": 55, "Q": 60, "K": 70, "A": 80}}
    game = make_game(
        user, kind="bid_fair", players=("Ana", "Ben"), rules=rules | {"trump_bonus": 25}
    )
    response = owner_client.post(url(game), opening_post(), headers=HTMX)
    words = text(response)
    assert "Ben holds the contract, worth 55" in words
    assert "is a trump: +25" in words
    # Ben's 61 still reaches 55: 61 + 12 for Ben; Ana 49 + 25 + 40.
    assert response.context["preview"].deltas == {"Ana": 114, "Ben": 73}


def test_the_cut_card_sets_trumps_and_a_bid_card_of_that_suit_earns_the_bonus(owner_client, game):
    post = {"number": 1, "kind": "played", "bid_0": "JH", "cut": "QH"}
    words = text(owner_client.post(url(game), post, headers=HTMX))
    assert "Trumps: \u2665 hearts (cut Q\u2665" in words
    assert "Ana \u2019s bid card J\u2665 jack of hearts is a trump: +40" in words
    other = text(owner_client.post(url(game), post | {"cut": "C"}, headers=HTMX))
    assert "Trumps: \u2663 clubs" in other and "No bid card is a trump" in other


def test_the_bid_cards_and_the_cut_card_are_greyed_out_in_the_captured_picker(owner_client, game):
    post = {"number": 1, "kind": "played", "bid_0": "JH", "bid_1": "KS", "cut": "QH"}
    page = owner_client.post(url(game), post, headers=HTMX).content.decode()
    assert 'name="got_JH"' not in page and 'name="got_QH"' not in page
    assert 'name="got_KS"' not in page and 'name="got_AS"' in page
    assert "jack of hearts, the bid card" in page and "queen of hearts, the cut card" in page
    # Nor can the cut be a bid card, or Ben show a second jack.
    assert " disabled" in radio(page, "cut", "JH")
    assert " disabled" in radio(page, "bid_1", "JS")


def test_counts_and_card_points_follow_each_tap(owner_client, game):
    post = {"number": 1, "kind": "played", "got_AS": "0", "got_KS": "0", "got_QS": "1"}
    response = owner_client.post(url(game), post, headers=HTMX)
    tally = response.context["form"].tally()
    assert [(p["cards"], p["points"]) for p in tally["players"]] == [(2, 11), (1, 10)]
    words = text(response)
    assert "3 of 14 taken" in words
    assert "A Ana 2 cards 11 points" in words and "B Ben 1 card 10 points" in words
    page = response.content.decode()
    # Each card has a radio a player and one for nobody; the stylesheet puts the one a
    # tap means on top: give it to the player picked above it, or take it back.
    assert " checked" in radio(page, "got_AS", "0") and " checked" in radio(page, "got_QS", "1")
    assert " checked" in radio(page, "got_JS", "")
    assert " checked" in radio(page, "taker", "0")


def test_points_only_takes_the_two_card_point_totals(owner_client, game):
    response = owner_client.post(url(game), doubled_post(), headers=HTMX)
    assert response.context["preview"].deltas == {"Ana": 173, "Ben": 80}
    words = text(response)
    assert "Ana makes the doubled contract of 70 with 71: a bonus of 62" in words
    assert "Holder\u2019s bonus (doubled) +62 0" in words
    assert 'inputmode="numeric"' in response.content.decode()
    assert "Together 111." in words


def test_switching_to_points_only_and_back_keeps_the_cards_picked(owner_client, game):
    post = opening_post(count="points")
    page = owner_client.post(url(game), post, headers=HTMX).content.decode()
    # The pack stays in the form, out of sight (bid_fair.css), with the cards as picked.
    assert " checked" in radio(page, "got_AS", "0") and 'id="id_points_0"' in page
    back = owner_client.post(url(game), opening_post(), headers=HTMX)
    assert "14 of 14 taken" in text(back)


@pytest.mark.parametrize("count", ["cards", "points"])
def test_both_ways_of_counting_are_drawn_whichever_is_chosen_for_a_phone_with_no_signal(
    owner_client, game, count
):
    # Offline no answer draws the other way at a tap: the form must hold it already.
    page = owner_client.post(url(game), opening_post(count=count), headers=HTMX).content.decode()
    assert 'id="captured"' in page and 'id="deck"' in page and 'id="points"' in page
    assert 'id="id_points_0"' in page and 'id="id_points_1"' in page
    assert " checked" in radio(page, "count", count)
    blank = owner_client.get(url(game)).content.decode()
    assert 'id="deck"' in blank and 'id="id_points_0"' in blank
    assert " checked" in radio(blank, "count", "cards")


# --- saving, and what is refused -------------------------------------------------------------


def test_saving_a_deal_picked_card_by_card_stores_the_sheet_record(owner_client, game):
    response = owner_client.post(url(game), opening_post(save="1"))
    assert response["Location"] == f"/games/{game.pk}/"
    assert Hand.objects.get().record == {
        "bids": {"Ana": "JH"},
        "cut": "QH",
        "captured": {
            "Ana": ["9S", "AS", "10D", "KD", "9C", "QC"],
            "Ben": ["QS", "KS", "9D", "JD", "QD", "AD", "KC", "AC"],
        },
    }


def test_saving_a_deal_with_both_bids_face_up_and_points_only(owner_client, game):
    owner_client.post(url(game), doubled_post(save="1"))
    assert Hand.objects.get().record == DOUBLED


def test_a_deal_without_bids_leaves_them_out_of_the_record(owner_client, game):
    owner_client.post(url(game), doubled_post(bid_0="", bid_1="", cut="10C", save="1"))
    assert Hand.objects.get().record == {"cut": "10C", "points": {"Ana": 71, "Ben": 40}}


@pytest.mark.parametrize(
    ("post", "field", "words"),
    [
        (opening_post(bid_1="JS"), "bid_1", "Both bid cards are jacks"),
        (opening_post(bid_1="JH"), "bid_1", "Ana already shows J\u2665"),
        (opening_post(cut="JH"), "cut", "J\u2665 is Ana\u2019s bid card"),
        (opening_post(cut=""), "cut", "Which card was cut?"),
        (opening_post(got_AS=""), "captured", "13 cards given"),
        (opening_post(got_10S="1"), "captured", "15 cards taken"),
        (opening_post(got_AS="", got_JS="1"), "captured", "Ana has 5 cards"),
        (opening_post(got_QH="1", got_AS=""), "captured", "Q\u2665 is the cut card"),
        (opening_post(got_AS="7"), "captured", "Tap each card"),
        (doubled_post(points_1=20), "points", "Together 91"),
        (doubled_post(points_1=""), "points_1", "How many card points did Ben take?"),
        (doubled_post(points_0=150), "points", "Ana cannot have 150"),
        (doubled_post(points_0="lots"), "points_0", "whole number"),
        (doubled_post(kind=""), "kind", "Was the deal played"),
    ],
)
def test_a_bad_deal_is_refused_next_to_its_field_and_nothing_is_lost(
    owner_client, game, post, field, words
):
    response = owner_client.post(url(game), post | {"save": "1"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors, errors
    assert any(words in error for error in errors[field]), errors[field]
    assert words in text(response)
    page = response.content.decode()
    if post.get("got_AS") == "0" and post.get("count") == "cards":
        assert " checked" in radio(page, "got_AS", "0")
    if post.get("count") == "points" and post.get("points_0") == 71:
        assert 'value="71"' in page
    assert not Hand.objects.exists()


def test_while_cards_are_still_being_picked_the_count_is_not_called_an_error(owner_client, game):
    post = {"number": 1, "kind": "played", "cut": "QH", "got_AS": "0"}
    response = owner_client.post(url(game), post, headers=HTMX)
    assert "captured" not in response.context["form"].errors
    assert "sum off" in response.content.decode()


def test_a_captured_card_that_becomes_the_cut_card_is_pointed_out_at_once(owner_client, game):
    post = {"number": 1, "kind": "played", "cut": "AS", "got_AS": "0"}
    words = text(owner_client.post(url(game), post, headers=HTMX))
    assert "A\u2660 is the cut card, so nobody captured it" in words


# --- redeals -------------------------------------------------------------------------------------


def test_a_redeal_is_one_tap_on_the_scoreboard(owner_client, game):
    board = owner_client.get(url(game, "")).content.decode()
    assert "Both passed: save a redeal" in board
    assert f'action="/games/{game.pk}/hands/new/"' in board
    response = owner_client.post(url(game), {"number": 1, "kind": "redeal", "save": "1"})
    assert response.status_code == 302
    assert Hand.objects.get().record == {"redeal": True}


def test_a_redeal_keeps_the_same_dealer(owner_client, game):
    owner_client.post(url(game), opening_post(save="1"))
    # Ana leads 129 to 73 and deals deal 2, which puts Ben ahead, 173 to 169.
    no_bids = doubled_post(number=2, bid_0="", bid_1="", cut="10C", points_0=40, points_1=100)
    owner_client.post(url(game), no_bids | {"save": "1"})
    board = text(owner_client.get(url(game, "")))
    assert "Next: Ben deals as the leader" in board
    owner_client.post(url(game), {"number": 3, "kind": "redeal", "save": "1"})
    board = text(owner_client.get(url(game, "")))
    assert "Next: Ben deals again after the redeal" in board
    preview = owner_client.post(url(game), {"number": 4, "kind": "redeal"}, headers=HTMX)
    assert "Both passed: nobody scores, and Ben deals again." in text(preview)


def test_a_redeal_chosen_in_the_form_keeps_what_was_entered_for_a_change_of_mind(
    owner_client, game
):
    response = owner_client.post(url(game), opening_post(kind="redeal"), headers=HTMX)
    page = response.content.decode()
    # The deal's fields stay in the form, out of sight (bid_fair.css), as they were entered.
    assert " checked" in radio(page, "bid_0", "JH")
    assert " checked" in radio(page, "got_AS", "0")
    assert response.context["preview"].deltas == {"Ana": 0, "Ben": 0}


def test_a_new_hands_page_carries_what_tells_the_games_end_offline(owner_client, game):
    page = owner_client.get(url(game)).content.decode()
    assert '<script id="bf-end" type="application/json">{"from": 1, "totals": [0, 0]' in page
    assert "bid_fair/end." in page
    # A live update carries neither: the page's own are read once.
    assert (
        "bf-end" not in owner_client.post(url(game), opening_post(), headers=HTMX).content.decode()
    )
