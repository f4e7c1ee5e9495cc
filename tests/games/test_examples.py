"""The shared example sheets score exactly as their expected files say."""

import pytest

from tests.sheets import assert_contains, example_names, load_example, scored


def test_every_game_has_an_example():
    games = {load_example(name)[0]["game"] for name in example_names()}
    assert games == {"contractor", "bid_fair", "tridge", "cardigan"}


@pytest.mark.parametrize("name", example_names())
def test_the_example_scores_as_expected(name):
    data, expected = load_example(name)
    assert_contains(scored(data), expected)
