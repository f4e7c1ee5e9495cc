"""The Contractor hand form and calculator: records they build and read back, what they offer."""

import json

import pytest

from games.contractor.forms import BidForm, HandForm
from games.contractor.rules import Bid
from games.contractor.screen import offered
from tests.tables import make_game

pytestmark = pytest.mark.django_db

PLAYERS = ("Ana", "Ben", "Cy")
AUCTION = [
    {"player": "Ben", "call": "bid", "bid": {"strain": "clubs", "exposed": True}, "value": 8},
    {"player": "Cy", "call": "challenge"},
    {"player": "Ana", "call": "pass"},
]
RECORDS = [
    {"redeal": True},
    {"contractor": "Ben", "strain": "clubs", "tricks": {"Ana": 2, "Ben": 6, "Cy": 2}},
    {
        "contractor": "Cy",
        "strain": "nil",
        "kitty_foregone": 1,
        "nil_without_joker": True,
        "challenger": "Ana",
        "tricks": {"Ana": 5, "Ben": 5, "Cy": 0},
    },
    {
        "contractor": "Ana",
        "strain": "spades",
        "extra_tricks": 2,
        "kitty_foregone": 3,
        "sour_trumps": True,
        "exposed": True,
        "absolutely_sure": True,
        "thievery": True,
        "tricks": {"Ana": 7, "Ben": 1, "Cy": 2},
    },
    {
        "contractor": "Ben",
        "strain": "clubs",
        "exposed": True,
        "challenger": "Cy",
        "tricks": {"Ana": 3, "Ben": 4, "Cy": 3},
        "meta": {"auction": AUCTION},
    },
    {
        "redeal": True,
        "meta": {"auction": [{"player": p, "call": "pass"} for p in ("Ben", "Cy", "Ana")]},
    },
    {
        "contractor": "Ben",
        "strain": "hearts",
        "tricks": {"Ana": 1, "Ben": 8, "Cy": 1},
        "meta": {"note": "fast"},
    },
]


@pytest.fixture
def game(user):
    return make_game(user, kind="contractor", players=PLAYERS)


def as_post(form):
    """What the phone posts back for a form as it was shown."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value in (None, False):
            continue
        data[name] = "on" if value is True else str(value)
    return data


@pytest.mark.parametrize("record", RECORDS[1:5] + RECORDS[6:])
def test_a_record_read_into_the_form_comes_back_unchanged(game, record):
    shown = HandForm(game=game, number=1, record=record)
    form = HandForm(as_post(shown) | {"save": "1"}, game=game, number=1)
    assert form.is_valid(), form.errors
    assert form.to_record() == record


def test_a_recorded_redeal_comes_back_with_its_auction(game):
    record = RECORDS[5]
    shown = HandForm(game=game, number=1, record=record)
    assert shown.chosen_mode == "auction" and shown.auction_state.result.redeal
    form = HandForm(as_post(shown) | {"save": "1"}, game=game, number=1)
    assert form.is_valid(), form.errors
    assert form.to_record() == record


def test_a_recorded_auction_opens_in_the_recorder_and_a_typed_contract_does_not(game):
    assert HandForm(game=game, number=1, record=RECORDS[4]).chosen_mode == "auction"
    assert HandForm(game=game, number=1, record=RECORDS[1]).chosen_mode == "contract"
    # A contract edited away from what its auction decided opens as a typed contract.
    changed = RECORDS[4] | {"challenger": "Ana"}
    assert HandForm(game=game, number=1, record=changed).chosen_mode == "contract"


def test_a_stored_redeal_without_an_auction_says_so(game):
    form = HandForm(game=game, number=1, record={"redeal": True})
    assert form.on_record_redeal


def test_the_one_tap_redeal_records_a_redeal_whatever_else_was_chosen(game):
    post = {"mode": "contract", "contractor": "Ben", "save": "redeal"}
    form = HandForm(post, game=game, number=1)
    assert form.is_valid(), form.errors
    assert form.to_record() == {"redeal": True}


def test_the_dealer_stays_after_a_redeal(user):
    game = make_game(user, kind="contractor", players=PLAYERS, hands=[RECORDS[1], {"redeal": True}])
    assert HandForm(game=game, number=3).dealer == "Ben"
    assert HandForm(game=game, number=2).dealer == "Ben"
    assert HandForm(game=game, number=1).dealer == "Ana"


def test_hands_to_go_count_only_scored_hands(user):
    hands = [RECORDS[1], {"redeal": True}, RECORDS[1]]
    game = make_game(user, kind="contractor", players=PLAYERS, rules={"hands": 6}, hands=hands)
    form = HandForm(game=game, number=4)
    assert (form.planned, form.hands_left()) == (6, 4)


@pytest.mark.parametrize(
    ("strain", "shown", "hidden"),
    [
        ("clubs", {"extra_tricks", "sour_trumps", "exposed"}, {"nil_without_joker"}),
        ("crazytrump", {"extra_tricks", "sour_trumps"}, {"nil_without_joker"}),
        ("no_trump", {"extra_tricks", "thievery"}, {"sour_trumps", "nil_without_joker"}),
        ("nil", {"nil_without_joker", "kitty_foregone"}, {"extra_tricks", "sour_trumps"}),
        (None, {"extra_tricks", "sour_trumps"}, {"nil_without_joker"}),
    ],
)
def test_conditions_that_do_not_fit_the_strain_are_not_offered(game, strain, shown, hidden):
    assert all(offered(strain, name) for name in shown)
    assert not any(offered(strain, name) for name in hidden)
    form = BidForm({"strain": strain} if strain else None, game=game)
    flags = {flag["field"].name for flag in form.flag_choices()}
    assert not flags & hidden
    assert form.show_extra_tricks() == ("extra_tricks" in shown)


def test_conditions_left_over_from_another_strain_are_dropped(game):
    post = {"strain": "nil", "extra_tricks": "3", "sour_trumps": "on", "exposed": "on"}
    bid = BidForm(post, game=game).composed_bid()
    assert bid == Bid("nil", exposed=True)
    bid = BidForm({"strain": "clubs", "nil_without_joker": "on"}, game=game).composed_bid()
    assert bid == Bid("clubs")


def test_choosing_a_contractor_drops_their_own_challenge(game):
    post = {"mode": "contract", "contractor": "Cy", "challenger": "Cy", "strain": "clubs"}
    form = HandForm(post, game=game, number=1)
    assert form["challenger"].value() == "none"
    assert [c.data["value"] for c in form.challenger_choices()] == ["none", "Ana", "Ben"]


def test_the_contract_value_includes_the_dealers_bonus_for_the_dealer(game):
    post = {"mode": "contract", "strain": "clubs", "kitty_foregone": "2", "exposed": "on"}
    assert (
        HandForm(post | {"contractor": "Ben"}, game=game, number=1).contract_value()["value"] == 10
    )
    by_dealer = HandForm(post | {"contractor": "Ana"}, game=game, number=1).contract_value()
    assert by_dealer["value"] == 11 and ("Dealer's bonus", 1) in by_dealer["lines"]


def test_the_strains_show_the_games_own_base_values(user):
    game = make_game(
        user,
        kind="contractor",
        players=PLAYERS,
        rules={
            "strain_values": {
                "diamonds": 4,
                "hearts": 5,
                "clubs": 6,
                "spades": 6,
                "crazytrump": 6,
                "no_trump": 8,
                "nil": 9,
            }
        },
    )
    bases = {choice["name"]: choice["base"] for choice in BidForm(game=game).strain_choices()}
    assert bases["Diamonds"] == 4 and bases["No trump"] == 8 and bases["Nil"] == 9


def test_a_tap_is_taken_only_once(game):
    post = {"mode": "auction", "auction": "[]", "call": "pass.0"}
    form = HandForm(post, game=game, number=1)
    assert len(form.auction_state.calls) == 1
    stale = post | {"auction": form["auction"].value()}  # the same tap, posted again
    assert len(HandForm(stale, game=game, number=1).auction_state.calls) == 1


def test_unreadable_calls_start_the_auction_again_with_a_message(game):
    post = {"mode": "auction", "auction": '[{"player": "Cy", "call": "pass"}]'}
    form = HandForm(post, game=game, number=1)
    assert form.auction_state.calls == []
    assert "could not be read" in form.call_error


def test_the_auctions_contract_fills_in_the_hand(game):
    post = {"mode": "auction", "auction": json.dumps(AUCTION[:2]), "call": "pass.2"}
    form = HandForm(post, game=game, number=1)
    assert form.auction_state.ended
    assert form["contractor"].value() == "Ben" and form["strain"].value() == "clubs"
    assert form["challenger"].value() == "Cy" and form["exposed"].value() is True
    # Turning to the typed contract keeps what the auction decided.
    typed = HandForm({"mode": "contract", "auction": form["auction"].value()}, game=game, number=1)
    assert typed["contractor"].value() == "Ben" and typed["challenger"].value() == "Cy"


def test_an_auction_still_going_is_not_a_hand_and_saving_says_why(game):
    post = {"mode": "auction", "auction": json.dumps(AUCTION[:1])}
    assert not HandForm(post, game=game, number=1).is_valid()
    form = HandForm(post | {"save": "1"}, game=game, number=1)
    assert not form.is_valid()
    assert "not over yet: Cy is to call" in form.non_field_errors()[0]
