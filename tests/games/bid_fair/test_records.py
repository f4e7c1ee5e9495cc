"""Reading Bid Fair hands: what docs/SHEET.md#bid-fair accepts and refuses."""

import pytest

from games.bid_fair.rules import Deal, Redeal
from games.engine.registry import read_sheet
from tests.games.bid_fair.bid_fair_sheets import REDEAL, deal, game, refused, score

# Fourteen cards worth 49 and 61, none of them JH, QH, 10H or KH.
ANA = ["AS", "9S", "KD", "10D", "9C", "QC"]
BEN = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]


def hands_of(data):
    return read_sheet(data).hands


def error_of(hand, **rules):
    """The error for a sheet whose second hand is `hand`: a good first hand, then it."""
    return refused(game(deal(points=(60, 60)), hand, rules=rules or None))


def assert_refused(hand, field, message=None):
    err = error_of(hand)
    assert (err.field, err.hand) == (field, 2), str(err)
    if message is not None:
        assert str(err) == f"hand 2: {field}: {message}"
    return err


# --- accepted -------------------------------------------------------------------


def test_a_deal_is_read_with_both_players_bids_in_seating_order():
    (hand,) = hands_of(game(deal({"Ben": "KH", "Ana": None}, captured=(ANA, BEN), cut="QH")))
    assert isinstance(hand, Deal)
    assert list(hand.bids.items()) == [("Ana", None), ("Ben", "KH")]
    assert (hand.cut, hand.trump, hand.points) == ("QH", "H", None)
    assert hand.captured == {"Ana": tuple(ANA), "Ben": tuple(BEN)}


def test_bids_may_be_left_out_or_empty_when_neither_player_bid():
    for bids in (None, {}, {"Ana": None}):
        (hand,) = hands_of(game(deal(bids, points=(60, 60))))
        assert hand.bids == {"Ana": None, "Ben": None}


def test_only_the_trump_suit_may_be_noted():
    (hand,) = hands_of(game(deal(points=(60, 60), trump="D")))
    assert (hand.cut, hand.trump) == (None, "D")


def test_points_may_be_noted_instead_of_cards():
    (hand,) = hands_of(game(deal(points=(100, 0))))
    assert (hand.points, hand.captured) == ({"Ana": 100, "Ben": 0}, None)


def test_a_player_may_capture_no_cards_at_all():
    cards = ANA + BEN
    result = score(deal(captured=(cards, []), cut="QH"))
    assert result["hands"][0]["card_points"] == {"Ana": 110, "Ben": 0}


def test_a_redeal_is_read():
    assert hands_of(game(REDEAL)) == (Redeal(),)


def test_meta_is_allowed_in_a_hand():
    result = score(deal(points=(60, 60), meta={"note": "late"}), {"redeal": True, "meta": {}})
    assert result["standings"] == {"Ana": 60, "Ben": 60}


# --- refused: the hand itself ---------------------------------------------------


def test_a_hand_must_be_an_object():
    assert_refused([], "hand", "must be a JSON object")


def test_an_unknown_field_is_refused():
    assert_refused(deal(points=(60, 60), tricks=3), "tricks", "is not a field here")


def test_a_redeal_must_be_true():
    assert_refused({"redeal": False}, "redeal", "must be true when given")


def test_a_redeal_stands_alone():
    assert_refused({"redeal": True, "cut": "9H"}, "cut", "is not a field here")


def test_the_game_needs_two_players():
    err = refused(game(players=("Ana", "Ben", "Cy")))
    assert (err.field, err.hand) == ("players", None)


# --- refused: bids --------------------------------------------------------------


def test_bids_must_be_an_object():
    assert_refused(deal(["QS"], points=(60, 60)), "bids", "must be a JSON object")
    assert_refused(deal(points=(60, 60)) | {"bids": None}, "bids")


def test_a_bid_by_someone_not_playing_is_refused():
    assert_refused(deal({"Cy": "QS"}, points=(60, 60)), "bids.Cy")


@pytest.mark.parametrize("card", ["8S", "2H", "qs", "Q S", "QX", "10", "1H", 10, True, ["QS"]])
def test_a_bid_must_be_a_card_of_the_24_card_pack(card):
    assert_refused(deal({"Ana": card}, points=(60, 60)), "bids.Ana")


def test_two_bids_must_differ_in_rank():
    assert_refused(
        deal({"Ana": "KS", "Ben": "KH"}, points=(60, 60)),
        "bids",
        "both bid cards are kings; they must differ in rank",
    )
    assert_refused(deal({"Ana": "10S", "Ben": "10H"}, points=(60, 60)), "bids")


# --- refused: cut and trump -----------------------------------------------------


def test_a_hand_needs_a_cut_card_or_a_trump_suit():
    hand = deal(points=(60, 60))
    del hand["trump"]
    assert_refused(hand, "cut")


def test_a_hand_has_cut_or_trump_never_both():
    assert_refused(deal(points=(60, 60), cut="9H") | {"trump": "H"}, "trump")


@pytest.mark.parametrize("card", ["8H", "9h", "H", None, 9])
def test_the_cut_card_must_be_a_card_of_the_pack(card):
    hand = deal(points=(60, 60))
    del hand["trump"]
    assert_refused(hand | {"cut": card}, "cut")


def test_the_cut_card_is_never_a_bid_card():
    assert_refused(
        deal({"Ben": "QH"}, points=(60, 60), cut="QH"),
        "cut",
        "QH is a bid card; the cut card comes from the crib",
    )


@pytest.mark.parametrize("suit", ["h", "hearts", "X", "", None, 1])
def test_the_trump_must_be_a_suit(suit):
    assert_refused(deal(points=(60, 60), trump=suit), "trump")


# --- refused: points ------------------------------------------------------------


def test_a_hand_needs_captured_cards_or_points():
    assert_refused(deal(), "captured")


def test_a_hand_has_captured_or_points_never_both():
    assert_refused(deal(points=(49, 61), captured=(ANA, BEN)), "points")


def test_points_must_list_both_players():
    assert_refused(deal() | {"points": {"Ana": 120}}, "points.Ben", "is missing")


def test_points_for_someone_not_playing_are_refused():
    assert_refused(deal() | {"points": {"Ana": 60, "Ben": 50, "Cy": 0}}, "points.Cy")


@pytest.mark.parametrize("value", [60.0, "60", True, None, -1, 141])
def test_points_must_be_whole_numbers_within_the_pack(value):
    assert_refused(deal() | {"points": {"Ana": value, "Ben": 60}}, "points.Ana")


@pytest.mark.parametrize("points", [(49, 50), (0, 99), (71, 70), (140, 1)])
def test_points_must_add_up_to_what_fourteen_cards_are_worth(points):
    added = sum(points)
    assert_refused(
        deal(points=points),
        "points",
        f"add up to {added}; the 14 captured cards are worth 100 to 140",
    )


def test_points_at_either_end_of_the_range_are_accepted():
    assert score(deal(points=(0, 100)), deal(points=(140, 0)))["standings"] == {
        "Ana": 140,
        "Ben": 100,
    }


# --- refused: captured cards ----------------------------------------------------


def test_captured_must_be_an_object():
    assert_refused(deal() | {"captured": ANA + BEN}, "captured", "must be a JSON object")


def test_captured_must_list_both_players():
    assert_refused(deal() | {"captured": {"Ana": ANA + BEN}}, "captured.Ben", "is missing")


def test_captured_cards_of_someone_not_playing_are_refused():
    assert_refused(deal() | {"captured": {"Ana": ANA, "Cy": BEN}}, "captured.Cy")


def test_a_players_captured_cards_must_be_a_list():
    assert_refused(deal() | {"captured": {"Ana": "AS 9S", "Ben": BEN}}, "captured.Ana")


@pytest.mark.parametrize("card", ["8S", "as", "A", 1, None])
def test_captured_cards_must_be_cards_of_the_pack(card):
    assert_refused(deal(captured=(ANA, BEN[:-1] + [card])), "captured.Ben")


def test_a_card_is_captured_once():
    assert_refused(deal(captured=(ANA, BEN[:-1] + ["AS"])), "captured.Ben", "AS is listed twice")
    assert_refused(deal(captured=(ANA[:-1] + ["AS"], BEN)), "captured.Ana", "AS is listed twice")


def test_a_bid_card_is_never_captured():
    assert_refused(
        deal({"Ben": "KD"}, captured=(ANA, BEN)), "captured.Ana", "KD is a bid card, never captured"
    )


def test_the_cut_card_is_never_captured():
    assert_refused(
        deal(captured=(ANA, BEN), cut="9C"), "captured.Ana", "9C is the cut card, never captured"
    )


def test_fourteen_cards_are_captured_in_a_deal():
    assert_refused(
        deal(captured=(ANA, BEN[:-1])), "captured", "13 cards, 14 are captured in a deal"
    )
    assert_refused(
        deal(captured=(ANA + ["JH", "10H"], BEN)), "captured", "16 cards, 14 are captured in a deal"
    )


def test_each_player_captures_an_even_number_of_cards():
    err = assert_refused(deal(captured=(ANA + ["JH"], BEN[:-1])), "captured.Ana")
    assert "7 cards" in str(err)


# --- refused: rules -------------------------------------------------------------


def test_a_contract_value_for_a_rank_outside_the_pack_is_refused():
    err = refused(game(rules={"contract_values": {"8": 20}}))
    assert (err.field, err.hand) == ("rules.contract_values.8", None)


@pytest.mark.parametrize("key", ["trump_bonus", "contract_reward", "target"])
def test_a_setting_is_a_whole_number_of_at_least_zero(key):
    for value in (-1, 1.5, "40"):
        err = refused(game(rules={key: value}))
        assert (err.field, err.hand) == (f"rules.{key}", None)


def test_an_unknown_setting_is_refused():
    err = refused(game(rules={"hands": 9}))
    assert (err.field, err.hand) == ("rules.hands", None)
