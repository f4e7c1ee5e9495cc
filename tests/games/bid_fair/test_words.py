"""How Bid Fair cards and deals read (games/bid_fair/words.py)."""

import pytest

from games.bid_fair.words import Face, describe, describe_record, outcome_sentence
from games.engine.scores import HandScore
from tests.games.bid_fair.test_forms import RECORDS


def test_a_card_has_a_face_for_the_eye_and_a_name_for_the_ear():
    queen = Face("QH")
    assert (queen.short, queen.name, queen.red, queen.points) == (
        "Q\u2665",
        "queen of hearts",
        True,
        10,
    )
    assert (Face("10S").name, Face("10S").red, Face("AS").points) == ("ten of spades", False, 1)


@pytest.mark.parametrize(
    ("record", "text"),
    [
        (RECORDS[0], "Both passed: redeal"),
        (RECORDS[1], "Ana bid J\u2665 \u00b7 cut Q\u2665 \u00b7 card points 49\u201361"),
        (
            RECORDS[2],
            "Ana bid 9\u2660, Ben bid K\u2663 \u00b7 trumps \u2660 \u00b7 card points 71\u201340",
        ),
        (RECORDS[4], "No bids \u00b7 cut 10\u2663 \u00b7 card points 48\u201362"),
    ],
)
def test_a_deal_reads_as_the_table_would_say_it(record, text):
    assert describe_record(record) == text


def test_the_hand_table_adds_the_contracts_fate():
    made = HandScore(
        1, "Ana", {}, {}, {"holder": "Ana", "value": 70, "doubled": True, "made": True}
    )
    failed = HandScore(
        1, "Ana", {}, {}, {"holder": "Ben", "value": 50, "doubled": False, "made": False}
    )
    assert describe(RECORDS[2], made).endswith("\u2014 Ana\u2019s doubled 70 made")
    assert describe(RECORDS[1], failed).endswith("\u2014 Ben\u2019s 50 failed")
    assert describe(RECORDS[4], HandScore(1, "Ana", {}, {}, {})) == describe_record(RECORDS[4])


def test_the_preview_says_what_became_of_the_contract():
    made = {
        "holder": "Ana",
        "value": 70,
        "doubled": True,
        "made": True,
        "card_points": {"Ana": 75, "Ben": 35},
        "holder_bonus": {"Ana": 70, "Ben": 0},
        "reward": {"Ana": 0, "Ben": 20},
    }
    assert outcome_sentence(made, ["Ana", "Ben"]) == (
        "Ana makes the doubled contract of 70 with 75: a bonus of 70, "
        "and Ben collects the reward of 20."
    )
    failed = made | {"doubled": False, "made": False}
    assert outcome_sentence(failed, ["Ana", "Ben"]) == (
        "Ana fails the contract of 70 with 75: no bonus and no reward, and it costs nothing."
    )
    assert outcome_sentence({}, ["Ana", "Ben"]).startswith("No contract: each player scores")
