"""The next game of the same people (games/play/following.py): Play again."""

import pytest

from games.models import Game
from games.play import following
from games.play.boards import colours
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db


def ended(user, players=("Ana", "Ben", "Cy", "Dee")):
    return make_game(user, players=players, rules={"hands": 1}, hands=[BEN_WINS])


def test_play_again_twice_starts_one_game(user):
    last = ended(user)
    assert following.start_next(last) == following.start_next(last)
    assert Game.objects.count() == 2


def test_each_person_keeps_their_colour_in_the_next_game_though_the_seats_turn(user):
    last = ended(user)
    started = following.start_next(last)
    assert started.players == ["Ben", "Cy", "Dee", "Ana"]
    assert colours(started) == colours(last) == {"Ana": 0, "Ben": 1, "Cy": 2, "Dee": 3}
    again = following.start_next(started)
    assert colours(again) == colours(last)
