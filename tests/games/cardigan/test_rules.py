"""Cardigan scoring, rule by rule (docs/RULES.md#cardigan)."""

import pytest

from games.cardigan.rules import Contract, Deal, Settings, contract_value, deal_details
from games.engine.cards import RANKS
from tests.games.cardigan.cardigan_sheets import (
    AC,
    BD,
    PACK,
    PLAYERS,
    TEAMS,
    deal,
    last,
    parts,
    quick,
    score,
)
from tests.sheets import assert_contains, load_example, scored, sheet

NO_SUITS = dict.fromkeys("DCHS", 0)
EVERY_CARD = {"declarer": "Ana", "tricks": 13, "held": PACK}


# --- teams and dealers --------------------------------------------------------


def test_partners_sit_opposite_and_a_team_is_named_by_its_players_in_seating_order():
    cards = deal()["cards"]
    hand = deal(declarer="Amy", cards={"Zed & Bo": cards[AC], "Amy & Cat": cards[BD]})
    result = scored(sheet("cardigan", ["Zed", "Amy", "Bo", "Cat"], [hand]))
    assert list(result["standings"]) == ["Zed & Bo", "Amy & Cat"]
    assert result["hands"][0]["declaring_team"] == "Amy & Cat"


@pytest.mark.parametrize(("declarer", "team"), [("Ana", AC), ("Ben", BD), ("Cy", AC), ("Dee", BD)])
def test_the_declarers_partnership_is_the_declaring_team(declarer, team):
    result = parts(deal(declarer=declarer, tricks=8))
    assert result[team]["contract"] == 200
    assert sum(result[other]["contract"] for other in TEAMS if other != team) == 0


def test_the_deal_passes_to_the_left_and_the_game_ends_after_the_fourth_deal():
    two = score(deal(), deal())
    assert [hand["dealer"] for hand in two["hands"]] == ["Ana", "Ben"]
    assert (two["finished"], two["winners"], two["next_dealer"]) == (False, [], "Cy")
    four = score(deal(), deal(), deal(), deal())
    assert [hand["dealer"] for hand in four["hands"]] == ["Ana", "Ben", "Cy", "Dee"]
    assert (four["finished"], four["next_dealer"]) == (True, None)


def test_a_game_without_deals_waits_for_the_first_player_to_deal():
    result = score()
    assert result["standings"] == {AC: 0, BD: 0}
    assert (result["finished"], result["next_dealer"], result["full_suits"]) == (False, "Ana", None)


def test_a_deals_change_is_the_sum_of_its_breakdown_and_totals_run_on():
    result = score(
        deal(duplicates={"Cy": ["pair"]}), deal(declarer="Cy", tricks=4, discards={AC: 2})
    )
    running = dict.fromkeys(TEAMS, 0)
    for hand in result["hands"]:
        for team in TEAMS:
            assert hand["deltas"][team] == sum(hand["breakdown"][team].values())
            running[team] += hand["deltas"][team]
        assert hand["totals"] == running


# --- duplicates -------------------------------------------------------------


@pytest.mark.parametrize(
    ("sets", "points"), [(["pair"], 1000), (["triplet"], 5000), (["four"], 25000)]
)
def test_a_set_of_duplicates_scores_for_the_team_of_the_player_who_shows_it(sets, points):
    result = parts(deal(duplicates={"Dee": sets}))
    assert result[BD]["duplicates"] == points
    assert result[AC]["duplicates"] == 0


@pytest.mark.parametrize(
    ("sets", "points"),
    [
        (["pair", "triplet"], 12000),
        (["pair", "pair"], 4000),
        (["pair", "triplet", "four"], 93000),
        (["pair"] * 6, 36000),
    ],
)
def test_a_player_with_several_sets_scores_their_sum_times_the_number_of_sets(sets, points):
    assert parts(deal(duplicates={"Ana": sets}))[AC]["duplicates"] == points


def test_partners_sets_are_each_scored_on_their_own_then_added():
    # Ana's pair and Cy's pair: 1000 + 1000, not (1000 + 1000) x 2.
    result = parts(deal(duplicates={"Ana": ["pair"], "Cy": ["pair"], "Ben": ["triplet"]}))
    assert result[AC]["duplicates"] == 2000
    assert result[BD]["duplicates"] == 5000


def test_duplicates_score_whether_or_not_the_contract_is_made():
    assert parts(deal(tricks=2, duplicates={"Ben": ["triplet"]}))[BD]["duplicates"] == 5000


def test_a_hand_shown_entirely_as_duplicates_scores_with_the_play_the_scorer_records():
    # Five pairs and a triplet are all 13 cards; the app does not make it dummy by itself.
    shown = {"Dee": ["pair"] * 5 + ["triplet"]}
    assert last(deal(duplicates=shown))["value"] == 100
    assert last(deal(duplicates=shown, dummy=True))["value"] == 200
    assert last(deal(duplicates=shown, open=True))["value"] == 300


# --- the contract value V ---------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "base"),
    [
        ("diamonds", 100),
        ("clubs", 150),
        ("hearts", 200),
        ("spades", 250),
        ("diamonds_alone", 300),
        ("clubs_alone", 350),
        ("hearts_alone", 400),
        ("spades_alone", 450),
        ("red", 500),
        ("black", 550),
        ("no_trump", 600),
    ],
)
def test_each_bid_has_its_default_base_value(bid, base):
    assert contract_value(Contract("Ben", 1, bid), Settings()) == base
    assert last(deal(bid=bid))["value"] == base


@pytest.mark.parametrize(
    ("level", "bonus"), [(1, 0), (2, 0), (3, 0), (4, 50), (5, 100), (6, 200), (7, 400)]
)
def test_the_level_adds_its_bonus_to_the_base_value(level, bonus):
    assert last(deal(bid="hearts", level=level, tricks=13))["value"] == 200 + bonus


@pytest.mark.parametrize(
    ("play", "multiplier"),
    [({}, 1), ({"dummy": True}, 2), ({"open": True}, 3), ({"dummy": True, "open": True}, 5)],
)
def test_the_play_multiplies_the_value(play, multiplier):
    assert last(deal(bid="hearts", **play))["value"] == 200 * multiplier


def test_an_open_dummy_contract_multiplies_the_value_by_five_after_the_level_bonus():
    assert last(deal(bid="no_trump", level=5, dummy=True, open=True, tricks=11))["value"] == 3500
    assert last(deal(bid="spades_alone", level=7, open=True, tricks=13))["value"] == 2550


def test_a_game_may_set_its_own_bid_values():
    rules = {"bid_values": {"hearts": 230}}
    assert last(deal(bid="hearts"), rules=rules)["value"] == 230
    assert last(deal(bid="spades"), rules=rules)["value"] == 250


# --- the contract bonus -----------------------------------------------------


def test_the_declaring_team_scores_twice_the_value_as_its_contract_bonus():
    result = parts(deal(declarer="Ben", bid="hearts", tricks=8))
    assert (result[BD]["contract"], result[AC]["contract"]) == (400, 0)


def test_the_contract_bonus_is_scored_even_when_the_contract_fails():
    hand = last(deal(declarer="Cy", bid="hearts", level=3, tricks=4))
    assert hand["made"] is False
    assert hand["breakdown"][AC]["contract"] == 400


def test_a_stuck_dealer_scores_four_times_the_value():
    assert parts(deal(declarer="Ana", bid="hearts", stuck=True))[AC]["contract"] == 800


def test_the_dealer_who_can_be_stuck_is_the_dealer_of_that_deal():
    assert parts(deal(), deal(declarer="Ben", bid="hearts", stuck=True))[BD]["contract"] == 800


def test_the_contract_bonus_is_based_on_the_value_with_its_play_multiplier():
    assert parts(deal(declarer="Ben", bid="hearts", dummy=True, open=True))[BD]["contract"] == 2000
    stuck_open = deal(declarer="Ana", bid="hearts", open=True, stuck=True)
    assert parts(stuck_open)[AC]["contract"] == 4 * 600


# --- tricks -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "tricks", "made", "book_made"),
    [(1, 7, True, True), (1, 6, False, True), (4, 10, True, True), (4, 9, False, True),
     (7, 13, True, True), (7, 12, False, True), (1, 5, False, False), (1, 0, False, False)],
)  # fmt: skip
def test_a_contract_is_made_with_six_tricks_plus_its_level(level, tricks, made, book_made):
    hand = last(deal(bid="hearts", level=level, tricks=tricks))
    assert (hand["made"], hand["book_made"]) == (made, book_made)


# In units of V: declaring = book + contract tricks (2V made, V not) + overtricks (V/2);
# defending = each trick V/2 if made, V if only the book was, 2V if not even the book.
@pytest.mark.parametrize(
    ("level", "tricks", "declaring", "defending"),
    [
        (3, 9, 6 + 3 * 2, 4 * 0.5),
        (3, 11, 6 + 3 * 2 + 2 * 0.5, 2 * 0.5),
        (1, 13, 6 + 1 * 2 + 6 * 0.5, 0),
        (7, 13, 6 + 7 * 2, 0),
        (3, 8, 6 + 2 * 1, 5 * 1),
        (7, 12, 6 + 6 * 1, 1 * 1),
        (3, 6, 6, 7 * 1),
        (3, 5, 5, 8 * 2),
        (1, 0, 0, 13 * 2),
    ],
)
def test_tricks_score_by_book_contract_tricks_overtricks_and_defence(
    level, tricks, declaring, defending
):
    hand = last(deal(declarer="Dee", bid="hearts", level=level, tricks=tricks))
    value = hand["value"]
    assert hand["breakdown"][BD]["tricks"] == declaring * value
    assert hand["breakdown"][AC]["tricks"] == defending * value


def test_an_odd_value_halves_rounding_down_trick_by_trick():
    hand = last(deal(bid="diamonds", level=1, tricks=10), rules={"bid_values": {"diamonds": 101}})
    assert hand["value"] == 101
    # Three overtricks and three defence tricks at 50 each: 150, not half of 303.
    assert hand["breakdown"][BD]["tricks"] == 6 * 101 + 2 * 101 + 3 * 50
    assert hand["breakdown"][AC]["tricks"] == 150


def test_an_odd_value_after_the_play_multiplier_also_halves_trick_by_trick():
    rules = {"bid_values": {"diamonds": 101}}
    hand = last(deal(bid="diamonds", open=True, tricks=8), rules=rules)
    assert hand["value"] == 303
    assert hand["breakdown"][BD]["tricks"] == 6 * 303 + 2 * 303 + 151
    assert hand["breakdown"][AC]["tricks"] == 5 * 151


# --- cards ------------------------------------------------------------------


def holding(*cards, **fields):
    """A deal in which Ana & Cy take no trick and hold only the discards they received."""
    return deal(tricks=13, discards={AC: len(cards)}, held=list(cards), **fields)


@pytest.mark.parametrize(
    ("card", "points"),
    [("AS", 11), ("KH", 4), ("QD", 3), ("JC", 2), ("10S", 10), ("5H", 5),
     ("9D", 0), ("8C", 0), ("7S", 0), ("6H", 0), ("4D", 0), ("3C", 0), ("2S", 0)],
)  # fmt: skip
def test_each_card_scores_its_points_in_the_first_deal(card, points):
    assert parts(holding(card))[AC]["cards"] == points


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_card_points_are_multiplied_by_the_deal_number(number):
    hands = [deal() for _ in range(number - 1)] + [holding("AS", "KH", "5D")]
    assert parts(*hands)[AC]["cards"] == 20 * number


def test_a_whole_pack_is_worth_140_card_points_times_the_deal_number():
    result = score(deal(), deal(), deal(), deal())
    for number, hand in enumerate(result["hands"], start=1):
        assert sum(hand["breakdown"][team]["cards"] for team in TEAMS) == 140 * number


def test_each_card_received_as_a_discard_adds_five_besides_its_own_value():
    result = parts(holding("AS", "2C"))
    assert (result[AC]["cards"], result[AC]["discards"]) == (11, 10)
    assert result[BD]["discards"] == 0


def test_card_counts_score_exactly_as_the_cards_they_count():
    hand = deal(declarer="Cy", tricks=9, discards={AC: 1, BD: 3})
    assert parts(quick(hand)) == parts(hand)


# --- full suits and the end -------------------------------------------------


def test_a_full_suit_counts_as_often_as_its_scarcest_card_was_collected():
    everything = deal(**EVERY_CARD)
    all_but_7d = deal(
        declarer="Ana", tricks=13, discards={BD: 1}, held=[card for card in PACK if card != "7D"]
    )
    result = score(everything, everything, everything, all_but_7d)
    assert result["full_suit_counts"] == {AC: {"D": 3, "C": 4, "H": 4, "S": 4}, BD: NO_SUITS}
    assert result["full_suits"] == {AC: 6000 + 20000 + 30000 + 40000, BD: 0}


def test_a_full_suit_may_be_collected_over_several_deals():
    diamonds = [rank + "D" for rank in RANKS]
    first = deal(declarer="Ben", tricks=11, held=diamonds[:8])
    second = deal(declarer="Ben", tricks=11, held=diamonds[8:] + ["2C", "3C", "4C"])
    nothing = deal(declarer="Ben", tricks=13, held=[])
    result = score(first, second, nothing, nothing)
    assert result["full_suit_counts"][AC] == {"D": 1, "C": 0, "H": 0, "S": 0}
    assert result["full_suits"][AC] == 1000


@pytest.mark.parametrize(
    ("suit", "count", "bonus"),
    [
        ("D", 1, 1000), ("D", 2, 3000), ("D", 3, 6000), ("D", 4, 10000),
        ("C", 1, 2000), ("C", 2, 6000), ("C", 3, 12000), ("C", 4, 20000),
        ("H", 1, 3000), ("H", 2, 9000), ("H", 3, 18000), ("H", 4, 30000),
        ("S", 1, 4000), ("S", 2, 12000), ("S", 3, 24000), ("S", 4, 40000),
    ],
)  # fmt: skip
def test_full_suits_score_by_the_bonus_table(suit, count, bonus):
    everything = quick(deal(**EVERY_CARD))
    entered = {AC: {**NO_SUITS, suit: count}, BD: NO_SUITS}
    result = score(*[everything] * 4, full_suits=entered)
    assert result["full_suits"] == {AC: bonus, BD: 0}
    assert result["full_suit_counts"] == entered


def test_full_suits_of_different_suits_add_up():
    everything = quick(deal(**EVERY_CARD))
    entered = {AC: {"D": 1, "C": 2, "H": 0, "S": 1}, BD: NO_SUITS}
    assert score(*[everything] * 4, full_suits=entered)["full_suits"][AC] == 1000 + 6000 + 4000


def test_the_full_suit_bonus_joins_the_standings_only_once_the_game_is_over():
    everything = deal(**EVERY_CARD)
    three = score(everything, everything, everything)
    assert three["finished"] is False
    assert three["full_suits"] is None and three["full_suit_counts"] is None
    assert three["standings"] == three["hands"][-1]["totals"]
    four = score(everything, everything, everything, everything)
    totals = four["hands"][-1]["totals"]
    assert four["full_suits"] == {AC: 100000, BD: 0}
    assert four["standings"] == {AC: totals[AC] + 100000, BD: totals[BD]}


def test_the_team_with_more_points_wins():
    result = score(*[deal(**EVERY_CARD)] * 4)
    assert result["winners"] == [AC]


def test_equal_totals_share_the_win():
    # With bids worth nothing only cards, discards and full suits count. Each deal splits
    # the pack in halves of 70 card points; swapping the halves over the game gives both
    # teams two full suits of every suit.
    major = [card for card in PACK if card[-1] in "SH"]
    minor = [card for card in PACK if card[-1] in "DC"]
    even = {"tricks": 7, "discards": {AC: 2, BD: 2}}
    hands = [deal(held=major, **even), deal(held=minor, **even)]
    result = score(*hands, *reversed(hands), rules={"bid_values": {"diamonds": 0}})
    assert result["standings"][AC] == result["standings"][BD]
    assert result["winners"] == [AC, BD]


def test_the_shared_example_scores_every_number_it_expects():
    data, expected = load_example("cardigan-four-deals")
    assert_contains(scored(data), expected)


def test_a_deal_can_be_priced_without_a_sheet_for_the_live_preview():
    contract = Contract(declarer="Cy", level=4, bid="no_trump", dummy=True)
    counts = {team: dict.fromkeys(("A", "K", "Q", "J", "10", "5"), 2) for team in TEAMS}
    record = Deal(contract=contract, tricks=8, discards={AC: 1, BD: 1}, card_counts=counts)
    details = deal_details(record, 2, PLAYERS, Settings())
    assert (details["value"], details["made"], details["declaring_team"]) == (1300, False, AC)
    assert details["breakdown"][AC] == {
        "duplicates": 0,
        "contract": 2600,
        "tricks": 10400,
        "cards": 2 * 70,
        "discards": 5,
    }
