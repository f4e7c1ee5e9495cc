"""How Cardigan deals read (games/cardigan/words.py)."""

import pytest

from games.cardigan.words import describe, describe_record, in_a_sentence
from tests.games.cardigan.test_forms import RECORDS


@pytest.mark.parametrize(
    ("record", "text"),
    [
        (RECORDS[0], "Ben: 2 \u2665; 9 tricks"),
        (RECORDS[2], "Ana: 5 no trump, dummy, open, stuck; 11 tricks (cards counted)"),
        (dict(RECORDS[0], bid="spades_alone"), "Ben: 2 \u2660 alone; 9 tricks"),
    ],
)
def test_a_deal_reads_as_the_table_would_say_it(record, text):
    assert describe_record(record) == text


def test_the_hand_table_says_made_or_down():
    made = type("HandScore", (), {"details": {"made": True}})()
    down = type("HandScore", (), {"details": {"made": False}})()
    assert describe(RECORDS[0], made).endswith("\u2014 made")
    assert describe(dict(RECORDS[0], tricks=6), down).endswith("\u2014 down 2")


def test_an_engine_message_shows_its_cards_as_the_grid_does():
    shown = in_a_sentence("10H and AS are over the packs")
    assert shown == "10\u2665 and A\u2660 are over the packs."
