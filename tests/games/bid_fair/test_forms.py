"""The Bid Fair deal form: records it builds, deals it reads back, what its pickers show."""

import pytest

from games.bid_fair.forms import HandForm, initial_from
from games.bid_fair.rules import PACK
from games.bid_fair.screen import SHOWN_PACK, tags
from games.engine.sheet import SheetError
from tests.tables import make_game

pytestmark = pytest.mark.django_db

RECORDS = [
    {"redeal": True},
    {
        "bids": {"Ana": "JH"},
        "cut": "QH",
        "captured": {
            "Ana": ["9S", "AS", "10D", "KD", "9C", "QC"],
            "Ben": ["QS", "KS", "9D", "JD", "QD", "AD", "KC", "AC"],
        },
    },
    {"bids": {"Ana": "9S", "Ben": "KC"}, "trump": "S", "points": {"Ana": 71, "Ben": 40}},
    {"bids": {"Ben": "AD"}, "cut": "9H", "points": {"Ana": 0, "Ben": 140}},
    {"cut": "10C", "points": {"Ana": 48, "Ben": 62}},
]


def as_post(initial):
    return {key: "" if value is None else str(value) for key, value in initial.items()}


@pytest.mark.parametrize("record", RECORDS)
def test_a_record_read_into_the_form_comes_back_unchanged(game, record):
    form = HandForm(as_post(initial_from(record, ["Ana", "Ben"])), game=game, number=1)
    assert form.is_valid(), form.errors
    assert form.to_record() == record


@pytest.mark.parametrize("record", RECORDS[1:])
def test_the_form_for_an_edit_shows_the_recorded_deal(game, record):
    form = HandForm(game=game, number=1, record=record)
    bids = record.get("bids", {})
    assert form.entered_bids() == {"Ana": bids.get("Ana"), "Ben": bids.get("Ben")}
    assert form.entered_cut() == record.get("cut", record.get("trump"))
    assert form.chosen_count == ("points" if "points" in record else "cards")


def test_the_pack_on_screen_is_the_engines_pack_in_rows_of_a_suit():
    assert sorted(SHOWN_PACK) == sorted(PACK)
    assert SHOWN_PACK[:6] == ("AS", "KS", "QS", "JS", "10S", "9S")
    assert [card[-1] for card in SHOWN_PACK[6::6]] == ["H", "C", "D"]


@pytest.mark.parametrize(
    ("people", "expected"),
    [
        (["Ana", "Ben"], ["A", "B"]),
        (["Ana", "Al"], ["AN", "AL"]),
        (["ana", "Ann"], ["ANA", "ANN"]),
        (["Anna", "Anne"], ["1", "2"]),
    ],
)
def test_each_player_gets_a_short_tag_that_tells_them_apart(people, expected):
    assert tags(people) == expected


def test_the_dealer_of_each_deal_follows_the_scores(user):
    level = {"cut": "10C", "points": {"Ana": 60, "Ben": 60}}
    ben_ahead = {"cut": "10C", "points": {"Ana": 40, "Ben": 70}}
    game = make_game(
        user, kind="bid_fair", players=("Ana", "Ben"), hands=[level, {"redeal": True}, ben_ahead]
    )
    dealers = [HandForm(game=game, number=number).dealer for number in (1, 2, 3, 4)]
    # Level after deal 1: the deal passes to Ben; a redeal keeps him; then Ben leads.
    assert dealers == ["Ana", "Ben", "Ben", "Ben"]
    assert HandForm(game=game, number=1).first_bidder == "Ben"


@pytest.mark.parametrize(
    ("error", "field"),
    [
        (SheetError("bids", "both bid cards are jacks", 1), "bid_1"),
        (SheetError("bids.Ana", "must be a card", 1), "bid_0"),
        (SheetError("cut", "is a bid card", 1), "cut"),
        (SheetError("trump", "must be one of", 1), "cut"),
        (SheetError("captured.Ben", "5 cards", 1), "captured"),
        (SheetError("points", "add up to 90", 1), "points_1"),
        (SheetError("points.Ana", "must be at most 140", 1), "points_0"),
        (SheetError("hand", "comes after the game ended", 1), None),
    ],
)
def test_the_engines_refusal_is_shown_next_to_its_field(game, error, field):
    form = HandForm({"kind": "played"}, game=game, number=1)
    form.is_valid()
    form.errors.clear()
    form.show_error(error, 1)
    key = field or "__all__"
    assert key in form.errors
    assert form.errors[key][0].startswith(error.message[0].upper())


def test_a_refusal_about_a_later_hand_says_which_hand(game):
    form = HandForm({"kind": "redeal"}, game=game, number=1)
    assert form.is_valid()
    form.show_error(SheetError("hand", "comes after the game ended", 4), 1)
    assert "This would make hand 4 wrong" in form.non_field_errors()[0]


def test_the_form_carries_the_totals_before_it_and_the_rules_for_a_phone_with_no_signal(user):
    # bid_fair/end.js scores the hands kept offline from these, to tell the game's end.
    played = {"cut": "10C", "points": {"Ana": 48, "Ben": 62}}
    game = make_game(user, kind="bid_fair", players=("Ana", "Ben"), hands=[played, played])
    assert HandForm(game=game, number=3).end_data() == {
        "from": 3,
        "totals": [96, 124],
        "target": 800,
        "values": {"9": 30, "10": 40, "J": 50, "Q": 60, "K": 70, "A": 80},
        "trump_bonus": 40,
        "reward": 40,
    }
    assert HandForm(game=game, number=2).end_data()["totals"] == [48, 62]
