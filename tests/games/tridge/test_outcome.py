"""A played hand's outcome and its payments (games/tridge/outcome.py), bid by bid.

The hands and the numbers they start from: tests/games/tridge/hands.py.
"""

import pytest

from games.tridge.outcome import fixed_half, outcome_of
from tests.games.tridge.hands import (
    DECLINED,
    FOUR,
    PASSED,
    four,
    funds,
    game,
    last,
    played,
    three,
)

# --- the outcome of a normal game -----------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "outcome"),
    [
        ((5, 4, 0), "win"),
        ((5, 3, 1), "win"),
        ((4, 3, 2), "win"),
        ((9, 0, 0), "win"),
        ((4, 4, 1), "draw"),
        ((3, 3, 3), "draw"),
        ((1, 4, 4), "draw"),
        ((4, 1, 4), "draw"),
        ((3, 4, 2), "lose"),
        ((4, 5, 0), "lose"),
        ((2, 3, 4), "lose"),
        ((0, 9, 0), "lose"),
    ],
)
def test_the_player_wins_with_most_tricks_alone_and_loses_to_a_defender_alone_on_most(
    tricks, outcome
):
    assert last(played("Ana", three(*tricks)))["outcome"] == outcome
    assert outcome_of("Ana", three(*tricks)) == outcome


def test_two_defenders_tied_above_the_player_make_a_draw_not_a_loss():
    hand = last(played("Ana", three(1, 4, 4)))
    assert hand["outcome"] == "draw"
    # No defender is paid the stake.
    assert hand["deltas"] == three(-15, 0, 0)


# --- normal game: win -------------------------------------------------------------------


def test_a_win_takes_the_game_fund_and_the_honours_from_every_other_person():
    hand = last(played("Ana", three(5, 3, 1), honours=3))
    # 15 from the fund and 3 from each, then 5 like everyone into the new fund.
    assert hand["deltas"] == three(15 + 6 - 5, -3 - 5, -3 - 5)
    assert hand["funds"] == funds(15, 75)
    assert (hand["player"], hand["bid"], hand["outcome"]) == ("Ana", "play", "win")


def test_honours_are_worth_double_with_diamonds_trumps():
    hand = last(played("Ana", three(5, 3, 1), trumps="D", honours=2))
    assert hand["deltas"] == three(15 + 8 - 5, -4 - 5, -4 - 5)


@pytest.mark.parametrize(
    ("bid", "trumps", "extra"),
    [
        ("play", "H", 0),
        ("play", "D", 0),
        ("flip", "C", 5),
        ("flip", "D", 5),
        ("no_change", "S", 10),
        ("no_change", "H", 10),
        ("no_change", "C", 10),
    ],
)
def test_a_won_bid_also_takes_its_extra_from_every_other_person(bid, trumps, extra):
    hand = last(played("Ana", three(5, 3, 1), bid=bid, trumps=trumps))
    assert hand["deltas"] == three(15 + 2 * extra - 5, -extra - 5, -extra - 5)
    assert hand["funds"]["widow"] == 75


def test_the_bid_extras_follow_the_settings():
    rules = {"flip": 7, "no_change": 12, "no_change_diamonds": 30}
    hands = game(
        played("Ana", three(5, 3, 1), bid="flip"),
        played("Ana", three(5, 3, 1), bid="no_change", trumps="H"),
        played("Ana", three(5, 3, 1), bid="no_change", trumps="D"),
        rules=rules,
    )["hands"]
    assert [hand["deltas"]["Ben"] for hand in hands] == [-7 - 5, -12 - 5, -30 - 5 - 25]


def test_no_change_in_diamonds_won_also_takes_the_widows_fund():
    hand = last(played("Ana", three(5, 2, 2), bid="no_change", trumps="D", honours=3))
    # Fund 15, widow 75 and 20 + 6 from each; then everyone pays 5 and 25 for new funds.
    assert hand["deltas"] == three(15 + 75 + 52 - 30, -26 - 30, -26 - 30)
    assert hand["funds"] == funds(15, 75)


# --- normal game: draw and loss --------------------------------------------------------


def test_a_draw_pays_the_fund_its_value_the_extra_to_everyone_and_the_honours_to_the_widow():
    hand = last(played("Ana", three(4, 4, 1), bid="flip", trumps="H", honours=1))
    assert hand["deltas"] == three(-15 - 10 - 1, 5, 5)
    assert hand["funds"] == funds(30, 76)


def test_honours_paid_to_the_widow_are_doubled_with_diamonds_trumps():
    hand = last(played("Ana", three(3, 3, 3), trumps="D", honours=2))
    assert hand["funds"] == funds(30, 79)
    assert hand["deltas"]["Ana"] == -15 - 4


def test_no_change_in_diamonds_drawn_also_pays_the_widow_what_it_held():
    hand = last(played("Ana", three(4, 1, 4), bid="no_change", trumps="D", honours=1))
    assert hand["deltas"] == three(-15 - 40 - 75 - 2, 20, 20)
    assert hand["funds"] == funds(30, 75 + 75 + 2)


def test_a_loss_also_pays_the_defender_alone_on_most_tricks_the_stake():
    hand = last(played("Ana", three(3, 4, 2), honours=2))
    assert hand["deltas"] == three(-15 - 15 - 2, 15, 0)
    assert hand["funds"] == funds(30, 77)
    assert (hand["outcome"], hand["defender"]) == ("lose", "Ben")


def test_a_loss_pays_the_extra_to_everyone_as_a_draw_does():
    hand = last(played("Ana", three(2, 2, 5), bid="flip", trumps="H"))
    assert hand["deltas"] == three(-15 - 10 - 15, 5, 5 + 15)


def test_no_change_in_diamonds_lost_pays_the_fund_the_widow_the_extras_and_the_defender():
    hand = last(played("Ana", three(2, 5, 2), bid="no_change", trumps="D", honours=1))
    assert hand["deltas"] == three(-15 - 40 - 75 - 2 - 15, 20 + 15, 20)
    assert hand["funds"] == funds(30, 152)


def test_a_defender_is_paid_the_stake_even_when_the_fund_is_full():
    hand = last(PASSED, PASSED, PASSED, played("Ana", three(3, 4, 2), honours=2))
    assert hand["deltas"] == three(-60 - 60 - 2, 60, 0)
    assert hand["funds"] == funds(60, 77, [60])


# --- no tricks and all tricks ---------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks"),
    [("no_tricks", (0, 5, 4)), ("all_tricks", (9, 0, 0))],
)
def test_no_tricks_or_all_tricks_made_wins_both_funds_and_forty_plus_honours(bid, tricks):
    hand = last(played("Ana", three(*tricks), bid=bid, trumps="H", honours=1))
    # 15 + 75 + 41 from each; then everyone pays 5 and 25 for the new funds.
    assert hand["deltas"] == three(15 + 75 + 82 - 30, -41 - 30, -41 - 30)
    assert hand["funds"] == funds(15, 75)
    assert hand["outcome"] == "win"


@pytest.mark.parametrize(
    ("bid", "tricks"),
    [
        ("no_tricks", (1, 4, 4)),
        ("no_tricks", (3, 3, 3)),
        ("no_tricks", (5, 2, 2)),
        ("all_tricks", (8, 1, 0)),
        ("all_tricks", (3, 3, 3)),
    ],
)
def test_no_tricks_or_all_tricks_missed_is_a_loss_never_a_draw(bid, tricks):
    hand = last(played("Ana", three(*tricks), bid=bid, trumps="H", honours=1))
    # The fund its value, the widow its value, the honours to the widow, 40 to each.
    assert hand["deltas"] == three(-15 - 75 - 1 - 80, 40, 40)
    assert hand["funds"] == funds(30, 151)
    assert hand["outcome"] == "lose"


def test_the_forty_follows_the_slam_setting():
    hand = last(played("Ana", three(9, 0, 0), bid="all_tricks"), rules={"slam": 50})
    assert hand["deltas"]["Ben"] == -50 - 30


# --- going for all after the fifth trick ----------------------------------------------


def test_going_for_all_and_taking_all_nine_also_wins_the_widow_and_forty_from_each():
    hand = last(played("Ana", three(9, 0, 0), honours=1, went_for_all=True))
    # A normal win (15 + 1 each, new fund 5), then the widow 75 and 40 each, new widow 25.
    assert hand["deltas"] == three(15 + 2 - 5 + 75 + 80 - 25, -1 - 5 - 40 - 25, -71)
    assert hand["funds"] == funds(15, 75)
    assert (hand["outcome"], hand["went_for_all"]) == ("win", "made")


def test_going_for_all_and_falling_short_pays_the_widow_what_it_holds_and_forty_to_each():
    hand = last(played("Ana", three(7, 1, 1), honours=1, went_for_all=True))
    # Still a normal win first: the fund and the honours are Ana's.
    assert hand["deltas"] == three(15 + 2 - 5 - 75 - 80, -1 - 5 + 40, 34)
    assert hand["funds"] == funds(15, 150)
    assert (hand["outcome"], hand["went_for_all"]) == ("win", "failed")


def test_without_going_for_all_nine_tricks_are_a_plain_win():
    hand = last(played("Ana", three(9, 0, 0), honours=1))
    assert hand["deltas"] == three(15 + 2 - 5, -6, -6)
    assert "went_for_all" not in hand


def test_an_in_comer_may_go_for_all_too():
    incomer = played("Ana", four(8, 1, 0, 0), incomer=True, went_for_all=True)
    hand = last(incomer, players=FOUR)
    # Quarter 5, fund 25 won, new fund 5, then the widow 100 and 40 from each of three.
    assert hand["deltas"] == four(-5 + 25 - 5 - 100 - 120, 35, 35, 35)
    assert hand["funds"] == funds(20, 200)


# --- the fixed-trick bid ----------------------------------------------------------------


@pytest.mark.parametrize(("target", "bonus"), [(1, 20), (2, 10), (3, 5)])
def test_a_fixed_bid_made_exactly_wins_the_fund_with_honours_and_its_bonus(target, bonus):
    tricks = three(target, 9 - target, 0)
    hand = last(played("Ana", tricks, bid="fixed", target=target, trumps="H", honours=1))
    each = 1 + bonus
    assert hand["deltas"] == three(15 + 2 * each - 5, -each - 5, -each - 5)
    assert hand["outcome"] == "win"


@pytest.mark.parametrize("took", [1, 3])
def test_a_fixed_bid_one_off_takes_half_the_fund_and_nothing_else(took):
    hand = last(PASSED, played("Ana", three(took, 9 - took, 0), bid="fixed", target=2, honours=3))
    assert hand["deltas"] == three(15, 0, 0)
    assert hand["funds"] == funds(15, 75)
    assert hand["outcome"] == "one_off"


@pytest.mark.parametrize(
    ("passes", "taken", "kept"),
    [(0, 10, 5), (2, 20, 25)],
    ids=["15 gives 10", "45 gives 20"],
)
def test_half_of_an_odd_fund_is_rounded_to_the_nearest_ten(passes, taken, kept):
    one_off = played("Ana", three(2, 7, 0), bid="fixed", target=1)
    hand = last(*[PASSED] * passes, one_off)
    assert hand["deltas"] == three(taken, 0, 0)
    assert hand["funds"]["game"] == kept


def test_half_of_a_fund_of_31_is_20():
    # Two declined in-comers raise the 20 to 25 and then 31; Cy deals hand 3.
    one_off = played("Ana", {"Ana": 2, "Ben": 7, "Dee": 0}, bid="fixed", target=1)
    hand = last(DECLINED, DECLINED, one_off, players=FOUR)
    assert hand["deltas"] == four(20, 0, 0, 0)
    assert hand["funds"]["game"] == 11


@pytest.mark.parametrize(
    ("fund", "half"),
    [(15, 10), (45, 20), (31, 20), (30, 15), (60, 30), (11, 10), (5, 0), (9, 0), (75, 40)],
)
def test_the_fixed_half_rule(fund, half):
    assert fixed_half(fund) == half


@pytest.mark.parametrize(
    ("target", "took", "penalty"),
    [(1, 3, 5), (1, 9, 5), (2, 0, 4), (2, 4, 4), (3, 1, 3), (3, 5, 3)],
)
def test_a_fixed_bid_two_or_more_off_pays_the_fund_its_value_and_a_penalty_to_each(
    target, took, penalty
):
    bid = played("Ana", three(took, 9 - took, 0), bid="fixed", target=target, honours=2)
    hand = last(bid)
    assert hand["deltas"] == three(-15 - 2 * penalty, penalty, penalty)
    # No honours go to the widow.
    assert hand["funds"] == funds(30, 75)
    assert hand["outcome"] == "lose"


def test_the_fixed_bonus_and_penalty_tables_follow_the_settings():
    rules = {"fixed_bonus": {"2": 12}, "fixed_penalty": {"3": 9}}
    hands = game(
        played("Ana", three(2, 7, 0), bid="fixed", target=2),
        played("Ana", three(0, 9, 0), bid="fixed", target=3),
        played("Ana", three(1, 8, 0), bid="fixed", target=1),
        rules=rules,
    )["hands"]
    assert [hand["deltas"]["Ben"] for hand in hands] == [-12 - 5, 9, -20 - 5]


# --- the in-comer ------------------------------------------------------------------------


def test_an_in_comer_pays_a_quarter_of_the_fund_and_plays_against_all_three():
    incomer = played("Ana", four(4, 2, 2, 1), honours=2, incomer=True)
    hand = last(incomer, players=FOUR)
    # Quarter 5 makes the fund 25, which Ana wins with 2 honours from each of three.
    assert hand["deltas"] == four(-5 + 25 + 6 - 5, -7, -7, -7)
    assert hand["funds"] == funds(20, 100)
    assert (hand["incomer"], hand["incomer_paid"], hand["stake"]) == (True, 5, 25)


def test_an_in_comers_draw_pays_the_fund_as_it_stood_after_the_quarter():
    hand = last(played("Ana", four(3, 3, 2, 1), honours=2, incomer=True), players=FOUR)
    assert hand["deltas"] == four(-5 - 25 - 2, 0, 0, 0)
    assert hand["funds"] == funds(50, 102)
    assert hand["outcome"] == "draw"


def test_an_in_comers_loss_pays_the_one_alone_on_most_tricks_the_stake():
    hand = last(played("Ana", four(2, 1, 4, 2), incomer=True), players=FOUR)
    assert hand["deltas"] == four(-5 - 25 - 25, 0, 25, 0)
    assert (hand["outcome"], hand["defender"]) == ("lose", "Cy")


@pytest.mark.parametrize(
    ("tricks", "outcome"),
    [
        ((3, 2, 2, 2), "win"),
        ((3, 3, 2, 1), "draw"),
        ((1, 3, 3, 2), "draw"),
        ((2, 4, 2, 1), "lose"),
    ],
)
def test_an_in_comer_is_compared_with_each_of_the_three_others(tricks, outcome):
    hand = last(played("Ana", four(*tricks), incomer=True), players=FOUR)
    assert hand["outcome"] == outcome


def test_an_in_comer_may_bid_no_tricks():
    incomer = played("Ana", four(0, 3, 3, 3), bid="no_tricks", incomer=True)
    hand = last(incomer, players=FOUR)
    assert hand["deltas"] == four(-5 + 25 + 100 + 120 - 30, -70, -70, -70)


def test_an_in_comers_missed_all_tricks_pays_the_fund_as_it_stood_after_the_quarter():
    incomer = played("Ana", four(8, 1, 0, 0), bid="all_tricks", incomer=True)
    hand = last(incomer, players=FOUR)
    assert hand["deltas"] == four(-5 - 25 - 100 - 120, 40, 40, 40)
    assert hand["funds"] == funds(50, 200)


# --- four people: the dealer sits out but pays and receives ----------------------------


def test_the_sitting_out_dealer_pays_honours_and_into_the_new_fund_on_a_win():
    hand = last(played("Ben", {"Ben": 5, "Cy": 3, "Dee": 1}, trumps="C", honours=3), players=FOUR)
    assert hand["deltas"] == four(-8, 20 + 9 - 5, -8, -8)


def test_the_sitting_out_dealer_receives_the_extra_on_a_draw():
    tricks = {"Ben": 4, "Cy": 4, "Dee": 1}
    hand = last(played("Ben", tricks, bid="flip", trumps="H"), players=FOUR)
    assert hand["deltas"] == four(5, -20 - 15, 5, 5)


def test_the_sitting_out_dealer_receives_the_forty_of_a_missed_slam():
    tricks = {"Ben": 8, "Cy": 1, "Dee": 0}
    hand = last(played("Ben", tricks, bid="all_tricks", trumps="H"), players=FOUR)
    assert hand["deltas"] == four(40, -20 - 100 - 120, 40, 40)


def test_the_sitting_out_dealer_pays_into_the_new_widows_fund():
    tricks = {"Ben": 0, "Cy": 4, "Dee": 5}
    hand = last(played("Ben", tricks, bid="no_tricks", trumps="H"), players=FOUR)
    assert hand["deltas"] == four(-40 - 30, 20 + 100 + 120 - 30, -70, -70)
