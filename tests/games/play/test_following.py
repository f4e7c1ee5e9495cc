"""The next game of the same people (games/play/following.py): Play again."""

import pytest

from games.models import Game, Leftover
from games.play import following
from games.play.boards import colours
from tests.tables import BEN_WINS, make_game

pytestmark = pytest.mark.django_db

# Hand 1 leaves 20 in the game fund and 100 in the widow's fund (four people).
LEFT = {"carried_game": 20, "carried_widow": 100}


def ended(user, players=("Ana", "Ben", "Cy", "Dee")):
    return make_game(user, players=players, rules={"hands": 1}, hands=[BEN_WINS])


def test_play_again_starts_with_what_the_match_left_on_the_table(user):
    last = ended(user)
    started = following.start_next(last)
    assert {key: started.rules[key] for key in LEFT} == LEFT
    assert Leftover.objects.get(source=last).taken_by == started


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
