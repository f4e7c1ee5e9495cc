"""How Contractor bids and hands read (games/contractor/words.py)."""

import pytest

from games.contractor.rules import Bid, Settings
from games.contractor.words import describe, describe_record, price_lines
from games.engine.scores import HandScore
from tests.games.contractor.test_forms import RECORDS


def test_the_price_list_shows_every_part_of_a_bid():
    bid = Bid("spades", extra_tricks=2, kitty_foregone=1, sour_trumps=True, thievery=True)
    lines = price_lines(bid, Settings(), by_dealer=True)
    assert lines == [
        ("Spades", 6),
        ("2 extra tricks", 4),
        ("1 kitty card foregone", 1),
        ("Sour trumps", 1),
        ("Thievery", 3),
        ("Dealer's bonus", 1),
    ]
    assert sum(points for _, points in lines) == 16


@pytest.mark.parametrize(
    ("record", "text"),
    [
        (RECORDS[0], "Redeal: all passed"),
        (RECORDS[1], "Ben: \u2663 clubs; tricks Ben 6, Ana 2, Cy 2"),
        (
            RECORDS[2],
            "Cy: nil, 1 kitty foregone, without joker; challenged by Ana; "
            "tricks Cy 0, Ana 5, Ben 5",
        ),
        (
            RECORDS[4],
            "Ben: \u2663 clubs, exposed; challenged by Cy; tricks Ben 4, Ana 3, Cy 3 \u00b7 "
            "Auction: Ben \u2663 clubs, exposed (8); Cy challenges; Ana passes",
        ),
    ],
)
def test_a_hand_reads_as_the_table_would_say_it(record, text):
    assert describe_record(record) == text


def test_the_hand_table_adds_the_value_and_the_result():
    score = HandScore(1, "Ana", {}, {}, {"contractor": "Ben", "value": 8, "made": False})
    text = describe(RECORDS[4], score)
    assert text == "Ben: \u2663 clubs, exposed \u2014 8, failed with 4 tricks; challenged by Cy"
