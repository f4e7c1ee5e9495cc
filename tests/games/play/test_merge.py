"""Two corrections of one hand merged field by field, and read in each game's words."""

import pytest

from games.engine.registry import GAMES
from games.play import merge

BASE = {"player": "Ben", "bid": "play", "trumps": "C", "honours": 3}


def test_a_field_only_the_other_phone_changed_takes_its_value():
    merged, clashes = merge.merge(BASE, BASE | {"trumps": "D"}, BASE | {"honours": 1})
    assert merged == BASE | {"trumps": "D", "honours": 1} and clashes == []


def test_a_field_both_changed_the_same_way_is_no_clash():
    merged, clashes = merge.merge(BASE, BASE | {"honours": 1}, BASE | {"honours": 1})
    assert merged == BASE | {"honours": 1} and clashes == []


def test_a_field_both_changed_differently_is_a_clash_and_keeps_what_was_entered():
    merged, clashes = merge.merge(BASE, BASE | {"honours": 2}, BASE | {"honours": 1})
    assert merged["honours"] == 2 and clashes == ["honours"]


def test_a_flag_set_or_a_field_dropped_on_the_other_phone_is_a_change_too():
    theirs = {key: value for key, value in BASE.items() if key != "honours"} | {"incomer": True}
    merged, clashes = merge.merge(BASE, BASE | {"trumps": "S"}, theirs)
    assert merged == {"player": "Ben", "bid": "play", "trumps": "S", "incomer": True}
    assert clashes == []


def test_keeping_theirs_keeps_my_other_changes():
    mine = BASE | {"honours": 2, "trumps": "D"}
    assert merge.settle(mine, BASE | {"honours": 1}, ["honours"]) == mine | {"honours": 1}


def test_once_refilled_a_field_set_back_over_the_others_change_is_a_clash():
    assert merge.clashes(BASE, BASE, BASE | {"honours": 1}) == ["honours"]
    assert merge.clashes(BASE, BASE | {"honours": 1, "bid": "flip"}, BASE | {"honours": 1}) == []


def test_the_rows_name_each_field_in_the_games_words():
    rows = merge.rows(GAMES["tridge"], BASE, BASE | {"trumps": "D"}, BASE | {"honours": 2}, [])
    assert [(r.label, r.was, r.now, r.mine) for r in rows] == [
        ("Trumps", "\u2663 clubs", "\u2666 diamonds", "\u2663 clubs"),
        ("Honours", "3", "3", "2"),
    ]


@pytest.mark.parametrize(
    ("kind", "key", "value", "words"),
    [
        ("contractor", "strain", "no_trump", ("Strain", "no trump")),
        ("contractor", "exposed", None, ("Exposed", "no")),
        ("contractor", "tricks", {"Ana": 6, "Ben": 2}, ("Tricks", "Ana 6, Ben 2")),
        ("bid_fair", "cut", "QS", ("Cut card", "Q\u2660")),
        ("bid_fair", "bids", {"Ana": "JH"}, ("Bid cards", "Ana J\u2665")),
        ("tridge", "bid", "no_change", ("Bid", "No change")),
        ("tridge", "went_for_all", True, ("Went for all", "yes")),
        ("cardigan", "bid", "hearts_alone", ("Bid", "\u2665 alone")),
        ("cardigan", "discards", {"Ana & Cy": 2}, ("Discards received", "Ana & Cy 2")),
    ],
)
def test_every_game_names_its_fields_as_a_player_would(kind, key, value, words):
    assert GAMES[kind].field_words(key, value) == words
