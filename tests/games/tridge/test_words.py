"""How Tridge hands read (games/tridge/words.py)."""

import pytest

from games.tridge.words import describe_record
from tests.games.tridge.test_forms import RECORDS


@pytest.mark.parametrize(
    ("record", "text"),
    [
        (RECORDS[0], "All passed"),
        (RECORDS[3], "Ben: play \u2663 3 hon.; tricks 5\u20133\u20131"),
        (RECORDS[4], "Cy: fixed 2 \u2665; tricks 4\u20133\u20132"),
        (RECORDS[5], "Ana (in-comer): all tricks \u2666 4 hon.; tricks 9\u20130\u20130\u20130"),
    ],
)
def test_a_hand_reads_as_the_table_would_say_it(record, text):
    assert describe_record(record) == text
