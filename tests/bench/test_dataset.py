"""The data set `make bench` serves, built small in the test database."""

import pytest

from bench import dataset
from games.models import Game, Hand

pytestmark = pytest.mark.django_db


def test_a_small_data_set_is_stored_and_every_game_of_it_scores():
    data = dataset.build(users=2, games=8, big_hands=14, entry_copies=2)
    assert (data.users, data.games, Game.objects.count()) == (2, 8, 8)
    assert data.hands == Hand.objects.count()
    assert dataset.check_all_score() == 8
    big = Game.objects.get(pk=data.big_game)
    assert (big.kind, big.share_token, big.hands.count()) == ("tridge", data.share_token, 14)
    assert dataset.hand_counts(data.entry_games) == dict.fromkeys(data.entry_games, 14)


def test_trimming_puts_the_entry_games_back_to_their_length_under_a_new_version():
    data = dataset.build(users=1, games=3, big_hands=6, entry_copies=1)
    (copy,) = data.entry_games
    Hand.objects.create(game_id=copy, number=7, record={"passed": True})
    version = Game.objects.get(pk=copy).version
    assert dataset.trim(data.entry_games, 6) == 1
    assert Game.objects.get(pk=copy).version == version + 1
    assert dataset.hand_counts([copy]) == {copy: 6}
