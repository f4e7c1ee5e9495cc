"""The piles of one Cardigan deal as the grid keeps them (games/cardigan/table.py)."""

from collections import Counter

import pytest

from games.cardigan import table
from games.engine.cards import deck


def test_a_pile_is_read_from_its_line_whatever_the_case_or_commas():
    assert table.parse("as, AS 10d") == Counter({"AS": 2, "10D": 1})
    assert table.parse("") == Counter() and table.parse(None) == Counter()


def test_a_word_that_is_not_a_card_is_refused():
    with pytest.raises(table.BadCard):
        table.parse("AS 1S")


def test_a_pile_is_written_spades_first_and_aces_first():
    assert table.written(Counter(["2C", "10H", "AS", "KS", "AS"])) == "AS AS KS 10H 2C"


def test_the_other_deals_leave_each_card_its_last_copies():
    used = table.used_elsewhere([{"A": ["AS", "AS"], "B": ["KH"]}, {"A": ["AS"], "B": []}])
    most = table.most_copies(used)
    assert (most["AS"], most["KH"], most["2C"]) == (1, 3, 4)


def test_taps_stay_within_the_copies_left():
    piles = table.Piles(Counter(), Counter(["AS"]), {"AS": 2})
    assert piles.add(0, "AS") and not piles.add(0, "AS")
    assert piles.remove(1, "AS") and not piles.remove(1, "AS")
    assert piles.copies("AS") == 1


def test_a_whole_suit_adds_or_takes_one_of_each():
    piles = table.Piles(Counter(), Counter(), table.most_copies(Counter()))
    piles.whole_suit(0, "D", adding=True)
    assert sorted(piles.held[0]) == sorted(deck(suits="D"))
    piles.whole_suit(0, "D", adding=False)
    assert piles.total() == 0


def test_the_rest_is_known_only_when_the_three_other_deals_gave_their_cards():
    cards, counts = {"cards": {}}, {"card_counts": {}}
    assert table.rest_is_known([cards, cards, cards])
    assert not table.rest_is_known([cards, counts, cards])
    assert not table.rest_is_known([cards, cards])


def test_counted_ranks_and_their_first_deal_points():
    counts = table.rank_counts(Counter(["AS", "AH", "10D", "5C", "9S"]))
    assert counts == {"A": 2, "K": 0, "Q": 0, "J": 0, "10": 1, "5": 1}
    assert table.plain_points(counts) == 2 * 11 + 10 + 5
