"""Contractor at the table through the app: hand entry, redeals, the scoreboard, the bid
calculator (games/contractor/views.py), and imported sheets. The auction recorder has its
own module, test_recorder.py."""

import io
import json

import pytest
from django.core.management import call_command

from games.contractor.rules import Settings
from games.models import Game, Hand, Session
from tests.sheets import EXAMPLES
from tests.tables import coscorer_token, make_game

pytestmark = pytest.mark.django_db

PLAYERS = ("Ana", "Ben", "Cy")
HTMX = {"HX-Request": "true"}
# Ana deals hand 1: Ben plays clubs, two kitty cards foregone, exposed (10), Cy challenges.
BEN_CLUBS = {
    "mode": "contract",
    "contractor": "Ben",
    "strain": "clubs",
    "kitty_foregone": "2",
    "exposed": "on",
    "challenger": "Cy",
    "tricks_0": "2",
    "tricks_1": "6",
    "tricks_2": "2",
}
BEN_CLUBS_RECORD = {
    "contractor": "Ben",
    "strain": "clubs",
    "kitty_foregone": 2,
    "exposed": True,
    "challenger": "Cy",
    "tricks": {"Ana": 2, "Ben": 6, "Cy": 2},
}


@pytest.fixture
def game(user):
    return make_game(user, kind="contractor", players=PLAYERS)


def url(game, rest="hands/new/"):
    return f"/games/{game.pk}/{rest}"


def post(number=1, **fields):
    return {"number": number, **fields}


# --- entering a hand ----------------------------------------------------------------


def test_the_hand_form_says_who_deals_and_how_many_hands_are_left(owner_client, game):
    page = owner_client.get(url(game)).content.decode()
    assert "<strong>Ana</strong></span> deals" in page
    assert "<strong>9</strong> of 9 hands to go" in page
    assert "All passed: redeal" in page


def test_a_live_update_answers_the_form_with_the_preview(owner_client, game):
    response = owner_client.post(url(game), post(**BEN_CLUBS), headers=HTMX)
    page = response.content.decode()
    assert "<html" not in page and 'id="entry"' in page
    assert response.context["preview"].deltas == {"Ana": 2, "Ben": 13, "Cy": -1}
    assert "Ben makes the contract worth 10: 6 tricks, 5 needed." in page
    assert "+3 won Cy&#x27;s challenge" in page and "\u22123 challenge lost" in page
    assert not Hand.objects.exists()


def test_the_preview_works_without_javascript_too(owner_client, game):
    response = owner_client.post(url(game), post(**BEN_CLUBS, preview="1"))
    assert "<html" in response.content.decode()
    assert response.context["preview"].deltas["Ben"] == 13


def test_saving_stores_the_sheet_record_and_returns_to_the_scores(owner_client, game):
    response = owner_client.post(url(game), post(**BEN_CLUBS, save="1"))
    assert response["Location"] == f"/games/{game.pk}/"
    assert Hand.objects.get().record == BEN_CLUBS_RECORD


def test_the_last_players_tricks_are_filled_in(owner_client, game):
    response = owner_client.post(url(game), post(**(BEN_CLUBS | {"tricks_2": ""})), headers=HTMX)
    assert response.context["form"].cleaned_data["tricks_2"] == 2
    assert "10 of 10" in response.content.decode()


def test_the_value_is_shown_as_soon_as_a_strain_is_chosen(owner_client, game):
    fields = {"mode": "contract", "contractor": "Ana", "strain": "no_trump", "thievery": "on"}
    page = owner_client.post(url(game), post(**fields), headers=HTMX).content.decode()
    # 7 + 3 for thievery + 1 as Ana deals; no sour trumps without trumps, no nil's condition.
    assert '<span class="number">11</span>' in page and "Dealer&#x27;s bonus" in page
    # Both are drawn for a phone with no signal, the strain's radio hiding them (contractor.css).
    assert 'class="cond-sour_trumps"' in page and 'class="cond-nil_without_joker"' in page


def test_absolutely_sure_doubles_the_failed_contract_but_not_the_challenge(owner_client, game):
    fields = BEN_CLUBS | {"absolutely_sure": "on", "tricks_0": "4", "tricks_1": "4"}
    response = owner_client.post(url(game), post(**fields), headers=HTMX)
    assert response.context["preview"].deltas == {"Ana": 4, "Ben": -25, "Cy": 5}
    page = response.content.decode()
    assert "\u221222 contract failed, twice over (absolutely sure)" in page
    assert "Ben fails the contract worth 11" in page


def test_in_nil_each_opponent_scores_the_contractors_tricks(owner_client, game):
    fields = {"mode": "contract", "contractor": "Cy", "strain": "nil", "challenger": "none"}
    fields |= {"tricks_0": "5", "tricks_1": "4", "tricks_2": "1"}
    response = owner_client.post(url(game), post(**fields), headers=HTMX)
    assert response.context["preview"].deltas == {"Ana": 1, "Ben": 1, "Cy": -7}
    page = response.content.decode()
    assert "+1 for Cy&#x27;s tricks in nil" in page and "Cy fails nil worth 7" in page
    assert "Cy needs no tricks" in page


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"contractor": ""}, "contractor", "Who is the contractor?"),
        ({"strain": ""}, "strain", "Which strain?"),
        ({"tricks_2": "3"}, "tricks_2", "add up to 11, must be 10"),
        ({"tricks_1": "x", "tricks_2": "2"}, "tricks_1", "A number from 0 to 10."),
        ({"tricks_0": "", "tricks_1": ""}, "tricks_0", "How many tricks did Ana take?"),
        ({"extra_tricks": "9"}, "extra_tricks", "valid choice"),
    ],
)
def test_a_bad_hand_is_refused_next_to_its_field_and_nothing_is_lost(
    owner_client, game, changes, field, words
):
    response = owner_client.post(url(game), post(**(BEN_CLUBS | changes), save="1"))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors and any(words in error for error in errors[field])
    page = response.content.decode()
    assert 'value="Cy" id="id_challenger_3" checked' in page  # the challenge is kept
    assert not Hand.objects.exists()


def test_a_hand_after_the_planned_ones_is_refused_on_the_form(owner_client, user):
    hands = [BEN_CLUBS_RECORD] * 3
    game = make_game(user, kind="contractor", players=PLAYERS, rules={"hands": 3}, hands=hands)
    response = owner_client.post(url(game), post(4, **BEN_CLUBS, save="1"))
    page = response.content.decode()
    assert "Game over" in page and "What you entered here was not saved" in page
    assert game.hands.count() == 3


def test_a_redeal_is_one_tap_and_the_same_dealer_deals_again(owner_client, game):
    owner_client.post(url(game), post(**BEN_CLUBS, save="1"))
    response = owner_client.post(url(game), post(2, mode="contract", save="redeal"))
    assert response.status_code == 302
    assert Hand.objects.get(number=2).record == {"redeal": True}
    board = owner_client.get(url(game, ""))
    assert board.context["score"].next_dealer == "Ben"
    page = owner_client.get(url(game)).content.decode()
    assert "<strong>Ben</strong></span> deals" in page and "<strong>8</strong> of 9" in page


def test_a_game_plans_a_multiple_of_three_hands(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    seats = {"kind": "contractor", "seat_0": "Ana", "seat_1": "Ben", "seat_2": "Cy"}
    seats |= {f"rule_strain_values__{s}": v for s, v in Settings().strain_values.items()}
    new = f"/sessions/{session.pk}/games/new/"
    response = owner_client.post(new, seats | {"rule_hands": "4"})
    assert "Must be a multiple of 3, not 4" in response.content.decode()
    assert not Game.objects.exists()
    owner_client.post(new, seats | {"rule_hands": "6"})
    assert Game.objects.get().rules["hands"] == 6


# --- the scoreboard ---------------------------------------------------------------------


def test_the_scoreboard_shows_the_planned_hands_and_how_many_are_left(owner_client, user):
    hands = [BEN_CLUBS_RECORD, {"redeal": True}]
    game = make_game(user, kind="contractor", players=PLAYERS, rules={"hands": 6}, hands=hands)
    page = owner_client.get(url(game, "")).content.decode()
    assert "1 of 6 hands played · <strong>5</strong> to go" in page
    assert "Next to deal: <strong" in page and "Ben</strong>" in page
    assert "Ben: \u2663 clubs, 2 kitty foregone, exposed \u2014 10, made with 6 tricks" in page
    assert "Redeal: all passed" in page


def test_a_finished_game_ends_with_its_winner(owner_client, user):
    hands = [BEN_CLUBS_RECORD] * 3
    game = make_game(user, kind="contractor", players=PLAYERS, rules={"hands": 3}, hands=hands)
    page = owner_client.get(url(game, "")).content.decode()
    assert "Game over: Ben wins." in page and "3 of 3 hands played" in page
    assert "Add hand" not in page and "Next to deal" not in page and "Bid calculator" not in page


def test_the_last_hands_preview_names_the_winner(owner_client, user):
    game = make_game(
        user, kind="contractor", players=PLAYERS, rules={"hands": 3}, hands=[BEN_CLUBS_RECORD] * 2
    )
    page = owner_client.post(url(game), post(3, **BEN_CLUBS), headers=HTMX).content.decode()
    assert "The last hand of the game: Ben wins." in page


# --- the bid calculator -------------------------------------------------------------------


def test_the_scoreboard_offers_the_bid_calculator(owner_client, game):
    page = owner_client.get(url(game, "")).content.decode()
    assert "Bid calculator" in page and f"/games/{game.pk}/contractor/calculator/" in page


def test_the_calculator_prices_a_bid_with_the_dealers_bonus(owner_client, game):
    query = "?strain=clubs&kitty_foregone=2&exposed=on"
    response = owner_client.get(url(game, "contractor/calculator/" + query))
    page = response.content.decode()
    assert "<html" in page and '<span class="number">10</span>' in page
    assert 'bid by Ana it is worth <strong class="number">11</strong>' in page
    assert response.context["worth"]["lines"] == [
        ("Clubs", 6),
        ("2 kitty cards foregone", 2),
        ("Exposed", 2),
    ]


def test_the_calculator_answers_htmx_with_its_fragment(owner_client, game):
    response = owner_client.get(url(game, "contractor/calculator/?strain=nil"), headers=HTMX)
    page = response.content.decode()
    assert "<html" not in page and 'id="calculator-body"' in page
    # Every condition is drawn, nil's radio alone hiding those that do not go with it.
    assert 'name="nil_without_joker"' in page
    assert 'id="extra_tricks"' in page and 'class="cond-sour_trumps"' in page


def test_the_calculator_uses_the_games_strain_values(owner_client, user):
    values = {"diamonds": 5, "hearts": 5, "clubs": 6, "spades": 6, "crazytrump": 6}
    values |= {"no_trump": 9, "nil": 7}
    game = make_game(user, kind="contractor", players=PLAYERS, rules={"strain_values": values})
    response = owner_client.get(url(game, "contractor/calculator/?strain=no_trump"))
    assert response.context["worth"]["value"] == 9


def test_the_calculator_before_a_strain_asks_for_one(owner_client, game):
    page = owner_client.get(url(game, "contractor/calculator/")).content.decode()
    assert "Choose a strain to see what a bid is worth." in page


def test_another_users_contractor_game_does_not_exist_for_you(stranger_client, game):
    for rest in ("", "hands/new/", "contractor/calculator/"):
        assert stranger_client.get(url(game, rest)).status_code == 404
    assert stranger_client.post(url(game), post(**BEN_CLUBS, save="1")).status_code == 404
    assert not Hand.objects.exists()


def test_the_share_view_shows_the_progress_but_not_the_owners_calculator(client, game):
    from games.play.access import new_token

    game.share_token = new_token()
    game.save()
    page = client.get(f"/s/{game.share_token}/").content.decode()
    assert "0 of 9 hands played" in page and "Next to deal" in page
    assert "Bid calculator" not in page


def test_a_co_scorer_records_an_auction_through_their_link(client, game):
    new = f"/c/{coscorer_token(game)}/hands/new/"
    state = {"auction": "[]"}
    for number, kind in enumerate(["pass", "pass", "pass"]):
        response = client.post(new, post(mode="auction", **state, call=f"{kind}.{number}"))
        state = {"auction": response.context["form"]["auction"].value()}
    response = client.post(new, post(mode="auction", **state, save="1"))
    assert response["Location"] == f"/c/{coscorer_token(game)}/"
    assert Hand.objects.get().record["redeal"] is True


def test_only_contractor_games_have_a_bid_calculator(owner_client, user):
    tridge = make_game(user)
    assert owner_client.get(url(tridge, "contractor/calculator/")).status_code == 404


# --- imported sheets ------------------------------------------------------------------------


def test_an_imported_sheet_shows_the_same_standings_as_the_score_command(owner_client, user):
    session = Session.objects.create(group=user.owned_groups.first())
    path = EXAMPLES / "contractor-three-hands.json"
    response = owner_client.post(f"/sessions/{session.pk}/import/", {"text": path.read_text()})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    printed = json.loads(out.getvalue())
    expected = json.loads((EXAMPLES / "contractor-three-hands.expected.json").read_text())
    board = owner_client.get(response["Location"])
    score = board.context["score"]
    assert score.standings == printed["standings"] == expected["standings"]
    assert [h.totals for h in score.hands] == [h["totals"] for h in expected["hands"]]
    assert score.winners == expected["winners"] and score.finished
    page = board.content.decode()
    for name, total in expected["standings"].items():
        shown = f"{total}" if total >= 0 else f"\u2212{-total}"
        assert f'<span class="who">{name}' in page and f">{shown}</span>" in page
    assert "Game over: Cy wins." in page


# --- a one-tap redeal over a scored hand asks first -----------------------------------


def test_a_redeal_over_a_scored_hand_asks_first_and_changes_nothing(owner_client, user):
    game = make_game(user, kind="contractor", players=PLAYERS, hands=[BEN_CLUBS_RECORD])
    edit = post(**BEN_CLUBS, version=1, save="redeal")
    response = owner_client.post(url(game, "hands/1/"), edit)
    page = response.content.decode()
    assert response.status_code == 200
    assert "This replaces hand 1 (Ben" in page and "with “Redeal: all passed”. Replace it?" in page
    assert '<input type="hidden" name="replace" value="1">' in page
    assert 'name="save" value="redeal">Replace it</button>' in page
    assert f'href="/games/{game.pk}/hands/1/">Keep it</a>' in page
    assert Hand.objects.get().record == BEN_CLUBS_RECORD


def test_replace_it_stores_the_redeal_over_the_scored_hand(owner_client, user):
    game = make_game(user, kind="contractor", players=PLAYERS, hands=[BEN_CLUBS_RECORD])
    edit = post(**BEN_CLUBS, version=1, save="redeal", replace="1")
    assert owner_client.post(url(game, "hands/1/"), edit).status_code == 302
    assert Hand.objects.get().record == {"redeal": True}


def test_the_forms_own_save_button_on_a_scored_hand_does_not_ask(owner_client, user):
    game = make_game(user, kind="contractor", players=PLAYERS, hands=[BEN_CLUBS_RECORD])
    edit = post(**(BEN_CLUBS | {"challenger": "none"}), version=1, save="1")
    assert owner_client.post(url(game, "hands/1/"), edit).status_code == 302
    assert "challenger" not in Hand.objects.get().record
