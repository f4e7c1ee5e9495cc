"""Bid Fair scoring: every rule and reading of docs/RULES.md#bid-fair."""

import pytest

from games.bid_fair.rules import (
    MAX_POINTS,
    MIN_POINTS,
    Contract,
    Deal,
    Settings,
    contract,
    score_deal,
)
from tests.games.bid_fair.bid_fair_sheets import REDEAL, deal, game, refused, score


def only_hand(result):
    (hand,) = result["hands"]
    return hand


def terms(hand):
    """A scored hand's contract: holder, value, doubled, made."""
    return hand["holder"], hand["value"], hand["doubled"], hand["made"]


# --- settings and the pack ----------------------------------------------------


def test_the_defaults_are_the_ones_rules_md_lists():
    settings = Settings()
    assert settings.contract_values == {"9": 30, "10": 40, "J": 50, "Q": 60, "K": 70, "A": 80}
    assert settings.trump_bonus == 40
    assert settings.contract_reward == 40
    assert settings.target == 800


def test_any_fourteen_cards_of_the_pack_are_worth_100_to_140():
    assert (MIN_POINTS, MAX_POINTS) == (100, 140)


def test_card_points_are_one_for_an_ace_ten_for_pictures_and_tens_nine_for_a_nine():
    ana = ["AS", "KS", "QS", "JS", "10S", "9S"]
    ben = ["AH", "KH", "QH", "JH", "10H", "9H", "AD", "KD"]
    hand = only_hand(score(deal(captured=(ana, ben))))
    assert hand["card_points"] == {"Ana": 50, "Ben": 61}
    assert hand["deltas"] == {"Ana": 50, "Ben": 61}


# --- the contract ---------------------------------------------------------------


def test_without_a_face_up_bid_there_is_no_contract_and_each_scores_card_points():
    for bids in (None, {}, {"Ana": None, "Ben": None}):
        hand = only_hand(score(deal(bids, points=(48, 62))))
        assert "holder" not in hand and "made" not in hand
        assert hand["deltas"] == {"Ana": 48, "Ben": 62}


def test_one_face_up_bid_gives_the_contract_to_the_other_player():
    hand = only_hand(score(deal({"Ana": "QH"}, points=(50, 70))))
    assert terms(hand) == ("Ben", 60, False, True)
    # Ben: 70 + the difference 20; Ana: 50 + the reward 40.
    assert hand["deltas"] == {"Ana": 90, "Ben": 90}


def test_a_player_left_out_of_bids_or_null_made_no_bid():
    left_out = only_hand(score(deal({"Ben": "KD"}, points=(80, 40))))
    null = only_hand(score(deal({"Ana": None, "Ben": "KD"}, points=(80, 40))))
    assert left_out == null
    assert (left_out["holder"], left_out["value"]) == ("Ana", 70)


@pytest.mark.parametrize(
    ("card", "value"),
    [("9H", 30), ("10H", 40), ("JH", 50), ("QH", 60), ("KH", 70), ("AH", 80)],
)
def test_the_rank_of_a_lone_bid_card_sets_the_contract_value(card, value):
    hand = only_hand(score(deal({"Ben": card}, points=(70, 50))))
    assert (hand["holder"], hand["value"]) == ("Ana", value)


def test_two_face_up_bids_double_the_contract():
    hand = only_hand(score(deal({"Ana": "10H", "Ben": "QD"}, points=(75, 45))))
    assert terms(hand) == ("Ana", 60, True, True)
    # Ana: 75 + twice the difference of 30; Ben: 45 + the reward, not doubled.
    assert hand["deltas"] == {"Ana": 135, "Ben": 85}


def test_with_two_bids_the_lower_card_holds_and_the_higher_card_sets_the_value():
    hand = only_hand(score(deal({"Ana": "AH", "Ben": "9D"}, points=(30, 90))))
    assert (hand["holder"], hand["value"]) == ("Ben", 80)
    hand = only_hand(score(deal({"Ana": "JH", "Ben": "10D"}, points=(30, 90))))
    assert (hand["holder"], hand["value"]) == ("Ben", 50)


def test_two_bids_rank_ten_above_nine_and_ace_above_king():
    hand = only_hand(score(deal({"Ana": "10H", "Ben": "9D"}, points=(30, 90))))
    assert (hand["holder"], hand["value"]) == ("Ben", 40)
    hand = only_hand(score(deal({"Ana": "KH", "Ben": "AD"}, points=(90, 30))))
    assert (hand["holder"], hand["value"]) == ("Ana", 80)


def test_a_contract_is_made_when_the_holders_card_points_reach_its_value_exactly():
    hand = only_hand(score(deal({"Ana": "QH"}, points=(50, 60))))
    assert (hand["value"], hand["made"]) == (60, True)
    assert hand["deltas"] == {"Ana": 50 + 40, "Ben": 60 + 10}


def test_only_card_points_count_towards_the_contract_value_not_the_trump_bonus():
    # Ana holds a 70 contract with 60 card points; her 40 trump bonus does not lift her to it.
    hand = only_hand(score(deal({"Ana": "9H", "Ben": "KD"}, points=(60, 60), trump="H")))
    assert terms(hand) == ("Ana", 70, True, False)
    assert hand["deltas"] == {"Ana": 60 + 40, "Ben": 60}


def test_a_failed_contract_costs_nothing_and_earns_no_reward():
    hand = only_hand(score(deal({"Ana": "QH"}, points=(51, 59))))
    assert (hand["value"], hand["made"]) == (60, False)
    assert hand["deltas"] == {"Ana": 51, "Ben": 59}
    assert hand["holder_bonus"] == {"Ana": 0, "Ben": 0}
    assert hand["reward"] == {"Ana": 0, "Ben": 0}


def test_a_failed_doubled_contract_costs_nothing_either():
    hand = only_hand(score(deal({"Ana": "9H", "Ben": "AD"}, points=(79, 41))))
    assert terms(hand) == ("Ana", 80, True, False)
    assert hand["deltas"] == {"Ana": 79, "Ben": 41}


def test_the_difference_is_a_positive_number_when_the_holder_has_fewer_card_points():
    # [reading] "the difference between the two scores" is never negative.
    hand = only_hand(score(deal({"Ana": "9H"}, points=(80, 40))))
    assert (hand["holder"], hand["value"], hand["made"]) == ("Ben", 30, True)
    assert hand["holder_bonus"] == {"Ana": 0, "Ben": 40}
    assert hand["deltas"] == {"Ana": 80 + 40, "Ben": 40 + 40}


def test_the_difference_counts_card_points_only_not_the_other_players_trump_bonus():
    # [reading] Ana's trump bonus would wipe out the difference if it counted.
    hand = only_hand(score(deal({"Ana": "JH"}, points=(40, 80), trump="H")))
    assert hand["holder"] == "Ben"
    assert hand["holder_bonus"] == {"Ana": 0, "Ben": 40}
    assert hand["deltas"] == {"Ana": 40 + 40 + 40, "Ben": 80 + 40}


def test_the_difference_counts_card_points_only_not_the_holders_trump_bonus():
    hand = only_hand(score(deal({"Ana": "9H", "Ben": "KD"}, points=(80, 40), trump="H")))
    assert (hand["holder"], hand["doubled"]) == ("Ana", True)
    assert hand["holder_bonus"] == {"Ana": 80, "Ben": 0}
    assert hand["deltas"] == {"Ana": 80 + 40 + 2 * 40, "Ben": 40 + 40}


def test_the_contract_reward_is_never_doubled():
    hand = only_hand(score(deal({"Ana": "9H", "Ben": "10D"}, points=(70, 70))))
    assert (hand["holder"], hand["doubled"], hand["made"]) == ("Ana", True, True)
    assert hand["reward"] == {"Ana": 0, "Ben": 40}
    # Equal card points: a made contract with nothing to double.
    assert hand["deltas"] == {"Ana": 70, "Ben": 110}


# --- trumps ---------------------------------------------------------------------


def test_the_cut_card_sets_trumps_and_a_bid_card_of_that_suit_earns_the_trump_bonus():
    hand = only_hand(score(deal({"Ana": "QH"}, points=(50, 70), cut="9H")))
    assert hand["trump"] == "H"
    assert hand["trump_bonus"] == {"Ana": 40, "Ben": 0}
    assert hand["deltas"] == {"Ana": 50 + 40 + 40, "Ben": 70 + 20}


def test_each_trump_bid_card_earns_the_trump_bonus():
    hand = only_hand(score(deal({"Ana": "9H", "Ben": "AH"}, points=(85, 35), cut="QH")))
    assert hand["trump_bonus"] == {"Ana": 40, "Ben": 40}
    assert hand["deltas"] == {"Ana": 85 + 40 + 2 * 50, "Ben": 35 + 40 + 40}


def test_the_trump_bonus_counts_when_only_the_trump_suit_was_noted():
    hand = only_hand(score(deal({"Ana": "9S", "Ben": "KC"}, points=(71, 40), trump="S")))
    assert hand["trump_bonus"] == {"Ana": 40, "Ben": 0}
    assert hand["deltas"] == {"Ana": 173, "Ben": 80}


def test_the_trump_bonus_counts_in_captured_mode():
    ana = ["AS", "9S", "KD", "10D", "9C", "QC"]
    ben = ["KS", "QS", "AD", "JD", "QD", "9D", "KC", "AC"]
    hand = only_hand(score(deal({"Ana": "JH"}, captured=(ana, ben), cut="QH")))
    assert (hand["holder"], hand["value"], hand["made"]) == ("Ben", 50, True)
    assert hand["card_points"] == {"Ana": 49, "Ben": 61}
    assert hand["trump_bonus"] == {"Ana": 40, "Ben": 0}
    assert hand["deltas"] == {"Ana": 129, "Ben": 73}


def test_a_bid_card_of_another_suit_earns_no_trump_bonus():
    hand = only_hand(score(deal({"Ana": "9H", "Ben": "AD"}, points=(85, 35), trump="S")))
    assert hand["trump_bonus"] == {"Ana": 0, "Ben": 0}


def test_the_trump_bonus_does_not_depend_on_the_contract():
    failed = only_hand(score(deal({"Ana": "QH"}, points=(61, 59), trump="H")))
    assert failed["made"] is False
    assert failed["deltas"] == {"Ana": 61 + 40, "Ben": 59}
    holder = only_hand(score(deal({"Ana": "9H", "Ben": "KD"}, points=(60, 60), trump="D")))
    assert (holder["holder"], holder["made"]) == ("Ana", False)
    assert holder["deltas"] == {"Ana": 60, "Ben": 60 + 40}


# --- dealing --------------------------------------------------------------------


def dealers(result):
    return [hand["dealer"] for hand in result["hands"]] + [result["next_dealer"]]


def test_the_first_listed_player_deals_first():
    assert score()["next_dealer"] == "Ana"
    assert dealers(score(deal(points=(60, 60)), players=("Ben", "Ana")))[0] == "Ben"


def test_the_player_ahead_on_total_deals_next():
    result = score(deal(points=(50, 70)), deal(points=(60, 50)), deal(points=(80, 60)))
    # Totals after each deal: 50:70, 110:120, 190:180.
    assert dealers(result) == ["Ana", "Ben", "Ben", "Ana"]


def test_on_equal_totals_the_deal_passes_to_the_other_player():
    result = score(deal(points=(60, 60)), deal(points=(55, 55)), deal(points=(50, 50)))
    assert dealers(result) == ["Ana", "Ben", "Ana", "Ben"]


def test_equal_totals_pass_the_deal_on_from_whoever_dealt_last():
    # Ana leads and deals the second deal; Ben draws level, so Ben deals next.
    result = score(deal(points=(70, 50)), deal(points=(50, 70)))
    assert dealers(result) == ["Ana", "Ana", "Ben"]
    # Ben leads and deals the second deal; Ana draws level, so Ana deals next.
    result = score(deal(points=(50, 70)), deal(points=(70, 50)))
    assert dealers(result) == ["Ana", "Ben", "Ana"]


def test_a_redeal_keeps_the_same_dealer():
    assert dealers(score(REDEAL, REDEAL)) == ["Ana", "Ana", "Ana"]
    assert dealers(score(deal(points=(50, 70)), REDEAL)) == ["Ana", "Ben", "Ben"]
    # After a draw the deal passed to Ben once; a redeal does not pass it back.
    assert dealers(score(deal(points=(60, 60)), REDEAL, REDEAL)) == ["Ana", "Ben", "Ben", "Ben"]


def test_a_redeal_scores_nothing():
    result = score(deal(points=(50, 70)), REDEAL)
    hand = result["hands"][1]
    assert hand["redeal"] is True
    assert hand["deltas"] == {"Ana": 0, "Ben": 0}
    assert hand["totals"] == {"Ana": 50, "Ben": 70}
    assert "holder" not in hand and "card_points" not in hand


# --- the end --------------------------------------------------------------------


def test_the_game_ends_after_the_first_deal_leaving_one_player_alone_above_800():
    hands = [deal(points=(140, 0))] * 6
    before = score(*hands[:5])
    assert before["standings"] == {"Ana": 700, "Ben": 0}
    assert (before["finished"], before["winners"], before["next_dealer"]) == (False, [], "Ana")
    result = score(*hands)
    assert result["standings"] == {"Ana": 840, "Ben": 0}
    assert (result["finished"], result["winners"], result["next_dealer"]) == (True, ["Ana"], None)


def test_reaching_the_target_exactly_does_not_end_the_game():
    result = score(deal(points=(100, 20)), rules={"target": 100})
    assert result["finished"] is False
    result = score(deal(points=(100, 20)), deal(points=(1, 120)), rules={"target": 100})
    # Ben 140 is alone on top and above 100.
    assert (result["finished"], result["winners"]) == (True, ["Ben"])


def test_both_above_the_target_and_level_play_goes_on():
    hands = [deal(points=(60, 60)), deal(points=(60, 60))]
    result = score(*hands, rules={"target": 100})
    assert result["standings"] == {"Ana": 120, "Ben": 120}
    assert (result["finished"], result["winners"], result["next_dealer"]) == (False, [], "Ana")
    result = score(*hands, deal(points=(50, 70)), rules={"target": 100})
    assert (result["finished"], result["winners"], result["next_dealer"]) == (True, ["Ben"], None)


def test_when_both_pass_the_target_unequally_the_player_on_top_wins():
    result = score(deal(points=(60, 60)), deal(points=(50, 70)), rules={"target": 100})
    assert result["standings"] == {"Ana": 110, "Ben": 130}
    assert (result["finished"], result["winners"]) == (True, ["Ben"])


def test_a_hand_after_the_game_ended_is_refused():
    hands = [deal(points=(110, 10)), deal(points=(60, 60))]
    err = refused(game(*hands, rules={"target": 100}))
    assert (err.field, err.hand) == ("hand", 2)
    assert str(err).startswith("hand 2: hand: comes after the game ended")


def test_a_redeal_after_the_game_ended_is_refused_too():
    err = refused(game(REDEAL, deal(points=(110, 10)), REDEAL, rules={"target": 100}))
    assert (err.field, err.hand) == ("hand", 3)


def test_a_redeal_never_ends_the_game():
    result = score(deal(points=(60, 60)), deal(points=(60, 60)), REDEAL, rules={"target": 100})
    assert result["finished"] is False


def test_the_score_names_the_target_and_what_each_player_still_needs():
    result = score(deal(points=(50, 70)))
    assert result["target"] == 800
    assert result["to_pass_target"] == {"Ana": 751, "Ben": 731}
    result = score(deal(points=(110, 10)), rules={"target": 100})
    assert result["to_pass_target"] == {"Ana": 0, "Ben": 91}


# --- house rules ----------------------------------------------------------------


def test_a_custom_contract_value_changes_only_its_rank():
    rules = {"contract_values": {"Q": 65}}
    queen = only_hand(score(deal({"Ana": "QH"}, points=(50, 70)), rules=rules))
    assert (queen["value"], queen["made"]) == (65, True)
    jack = only_hand(score(deal({"Ana": "JH"}, points=(50, 70)), rules=rules))
    assert jack["value"] == 50


def test_a_custom_contract_value_decides_made_or_failed():
    rules = {"contract_values": {"Q": 71}}
    hand = only_hand(score(deal({"Ana": "QH"}, points=(50, 70)), rules=rules))
    assert hand["made"] is False
    assert hand["deltas"] == {"Ana": 50, "Ben": 70}


def test_custom_trump_bonus_and_contract_reward():
    rules = {"trump_bonus": 25, "contract_reward": 15}
    hands = [deal({"Ana": "9H", "Ben": "AH"}, points=(85, 35), trump="H")]
    hand = only_hand(score(*hands, rules=rules))
    assert hand["deltas"] == {"Ana": 85 + 25 + 2 * 50, "Ben": 35 + 25 + 15}


def test_a_custom_target():
    result = score(deal(points=(110, 10)), rules={"target": 109})
    assert (result["finished"], result["winners"], result["target"]) == (True, ["Ana"], 109)
    assert score(deal(points=(110, 10)), rules={"target": 110})["finished"] is False


def test_rules_given_at_their_defaults_score_as_the_defaults():
    hands = [deal({"Ana": "9H", "Ben": "AH"}, points=(85, 35), trump="H")]
    rules = {"contract_values": {"9": 30, "A": 80}, "trump_bonus": 40, "contract_reward": 40}
    assert score(*hands, rules=rules) == score(*hands)


# --- the pure helpers the live preview uses -------------------------------------


def test_contract_names_holder_value_and_doubling():
    settings = Settings()
    assert contract({"Ana": None, "Ben": None}, settings) is None
    assert contract({"Ana": "KS", "Ben": None}, settings) == Contract("Ben", 70, False)
    assert contract({"Ana": "KS", "Ben": "10D"}, settings) == Contract("Ben", 70, True)
    assert contract({"Ana": "9S", "Ben": "10D"}, settings) == Contract("Ana", 40, True)


def test_contract_needs_both_players():
    with pytest.raises(ValueError):
        contract({"Ana": "KS"}, Settings())


def test_score_deal_breaks_a_deal_into_its_parts():
    result = score_deal(
        Deal(bids={"Ana": "9S", "Ben": "KC"}, trump="S", points={"Ana": 71, "Ben": 40}),
        Settings(),
    )
    assert (result.contract, result.made) == (Contract("Ana", 70, True), True)
    assert result.card_points == {"Ana": 71, "Ben": 40}
    assert result.trump_bonus == {"Ana": 40, "Ben": 0}
    assert result.holder_bonus == {"Ana": 62, "Ben": 0}
    assert result.reward == {"Ana": 0, "Ben": 40}
    assert result.deltas == {"Ana": 173, "Ben": 80}


def test_a_deal_has_exactly_one_of_captured_and_points_and_a_cut_card_of_the_trump_suit():
    bids = {"Ana": None, "Ben": None}
    with pytest.raises(ValueError):
        Deal(bids=bids, trump="S")
    with pytest.raises(ValueError):
        Deal(bids=bids, trump="S", points={"Ana": 60, "Ben": 60}, captured={"Ana": (), "Ben": ()})
    with pytest.raises(ValueError):
        Deal(bids=bids, trump="S", cut="9H", points={"Ana": 60, "Ben": 60})
