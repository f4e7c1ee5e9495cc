"""How Tridge hands read (games/tridge/words.py)."""

import pytest

from games.tridge.words import describe_record, into_funds, outcome_sentence
from tests.games.tridge.test_forms import RECORDS
from tests.sheets import scored, sheet

PASSED = {"passed": True}


@pytest.mark.parametrize(
    ("record", "text"),
    [
        (RECORDS[0], "All passed"),
        (RECORDS[3], "Ben: play \u2663 3 hon.; tricks Ben 5, Cy 3, Dee 1"),
        (RECORDS[4], "Cy: fixed 2 \u2665; tricks Cy 3, Ben 4, Dee 2"),  # Cy took 3, not 4
        (RECORDS[5], "Ana (in-comer): all tricks \u2666 4 hon.; tricks Ana 9, Ben 0, Cy 0, Dee 0"),
    ],
)
def test_a_hand_reads_as_the_table_would_say_it(record, text):
    assert describe_record(record) == text


def passing(count):
    """The sentence the preview shows for the last of `count` all-passed hands."""
    hands = scored(sheet("tridge", ["Ana", "Ben", "Cy"], [PASSED] * count))["hands"]
    before = hands[-2]["funds"]
    return outcome_sentence(hands[-1], hands[-1]["deltas"], before, PASSED)


def test_an_all_pass_under_the_cap_is_paid_into_the_game_fund():
    assert passing(2) == "All passed: everyone pays 5 into the game fund."


def test_an_all_pass_over_the_cap_says_the_payment_goes_to_a_reserve_fund():
    # The game fund is at its cap of 60 after three passes: the fourth starts a reserve.
    assert passing(4) == (
        "All passed: everyone pays 5, all of it into a reserve fund: the game fund is full."
    )


def test_a_payment_split_by_the_cap_says_how_much_went_where():
    assert into_funds(15, {"game": 50}, {"game": 60}) == (
        ": 10 fills the game fund and 5 goes into a reserve fund"
    )
